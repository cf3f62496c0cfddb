import { leetcodeFacts } from '@shared/platforms/leetcode';
import type { ContentFeature } from './types';

/** The host the history sync sends LeetCode's requests to: the token is that host's. */
const SYNC_HOST = new URL(leetcodeFacts.origins.site).hostname;

/** LeetCode's csrftoken from the page's own cookie string (it is readable by the page: LeetCode's scripts send it back). */
export function csrfFromCookieString(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === 'csrftoken' && /^[A-Za-z0-9]{16,128}$/.test(value)) return value;
  }
  return null;
}

/**
 * Gives the history sync LeetCode's csrftoken, read where the page itself reads it, so the extension
 * needs no `cookies` permission (which would let it read every cookie of every judge). Only that one
 * value leaves the page; the session cookie is HttpOnly and never visible here.
 */
export const leetcodeCsrfFeature: ContentFeature = {
  id: 'leetcode-csrf',
  runsOn: (url) => url.hostname.replace(/^www\./, '') === SYNC_HOST,
  start({ window, send }) {
    const token = csrfFromCookieString(window.document.cookie);
    if (token) void send({ type: 'leetcode:csrf', token }).catch(() => undefined);
  },
};
