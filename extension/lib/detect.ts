import { parseProblemUrl } from '@shared/platforms/index';
import type { DetectedProblem } from '@shared/schemas/messages';
import { readPageDetails } from '../platforms/index';
import { emptyDetails } from '../platforms/types';

/**
 * Detects the problem on a page: the URL decides; the platform's DOM reader adds what the page shows.
 * The content script does the same in two steps (the background resolves the URL, so the content
 * script does not carry the registry).
 */
export function detectProblem(url: string, doc: Document): DetectedProblem | null {
  const parsed = parseProblemUrl(url);
  if (!parsed) return null;
  return { ...parsed, ...(readPageDetails(parsed.platform, doc) ?? emptyDetails()) };
}
