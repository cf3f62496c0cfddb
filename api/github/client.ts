import { rateLimitWait, parseErrorMessage } from './answers';

/** How requests reach GitHub: fetch unless given (tests hand in the fake). */
export type GithubFetch = (url: string, init: RequestInit) => Promise<Response>;

/** GitHub answered something the caller cannot go on from: a refusal, a missing thing, an unknown shape. */
export class GithubError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body = '',
  ) {
    super(message);
  }
}

/** GitHub asked to wait this many seconds before the next request. */
export class GithubRateLimited extends Error {
  constructor(readonly waitSeconds: number) {
    super(`GitHub rate limit: wait ${waitSeconds} s`);
  }
}

export interface GithubAnswer {
  status: number;
  text: string;
}

export interface GithubClient {
  /** One request; a rate limit throws GithubRateLimited, a network failure or timeout GithubError (status 0). */
  request(method: string, path: string, body?: unknown): Promise<GithubAnswer>;
}

/**
 * Requests to one repository's API as its token: the documented headers (a pinned API version, the JSON
 * media type) and a time limit. The token goes in the Authorization header only, never in a URL or a log.
 */
export function githubClient(options: { origin: string; token: string; fetch?: GithubFetch; timeoutMs?: number; now?: () => number }): GithubClient {
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const now = options.now ?? Date.now;
  return {
    async request(method, path, body) {
      let res: Response;
      try {
        res = await doFetch(`${options.origin}${path}`, {
          method,
          headers: {
            accept: 'application/vnd.github+json',
            authorization: `Bearer ${options.token}`,
            'x-github-api-version': '2022-11-28',
            'user-agent': 'practice-tracker-export',
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (err) {
        throw new GithubError(0, `GitHub could not be reached: ${err instanceof Error ? err.name : 'error'}`);
      }
      const text = await res.text();
      const wait = rateLimitWait(res.status, res.headers, text, now());
      if (wait !== null) throw new GithubRateLimited(wait);
      return { status: res.status, text };
    },
  };
}

/** The error for an answer the export did not expect, with GitHub's own message when it gave one. */
export function unexpected(what: string, answer: GithubAnswer): GithubError {
  const message = parseErrorMessage(answer.text);
  return new GithubError(answer.status, `${what}: GitHub answered ${answer.status}${message ? ` (${message.slice(0, 200)})` : ''}`, answer.text);
}
