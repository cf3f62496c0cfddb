import { parseProblemUrl } from '@shared/platforms/index';
import type { DetectedProblem } from '@shared/schemas/messages';
import { domReaders } from '../platforms/index';

/** Detects the problem on a page: the URL decides; the platform's DOM reader adds what the page shows. */
export function detectProblem(url: string, doc: Document): DetectedProblem | null {
  const parsed = parseProblemUrl(url);
  if (!parsed) return null;
  const reader = domReaders[parsed.platform];
  let details = { name: null as string | null, difficulty: null as string | null, topics: [] as string[] };
  if (reader) {
    try {
      details = reader(doc);
    } catch {
      // A page we cannot read still yields the problem from its URL.
    }
  }
  return { ...parsed, ...details };
}
