import type { Clock } from '../lib/clock';
import type { JudgeAdapter, JudgeAnswer, JudgeRequest } from '../judges/types';

/** Sends one request; the app's default is fetch, tests hand in the fake judge. */
export type JudgeFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The judge did not answer, answered 429 or 5xx: keep the old figures and try later. */
export class JudgeDownError extends Error {
  constructor(
    readonly judge: string,
    readonly retryAfterMs: number | null,
    detail: string,
  ) {
    super(detail);
  }
}

export interface JudgeClient {
  /** Sends a plan's requests in order, spaced by the judge's interval; answers by key. */
  run(adapter: JudgeAdapter, requests: readonly JudgeRequest[]): Promise<Record<string, JudgeAnswer>>;
  origin(adapter: JudgeAdapter): string;
}

const MAX_BODY_CHARS = 4 * 1024 * 1024;

/** Seconds or an HTTP date, as Retry-After allows; at most an hour. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now.getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 3600_000) : null;
}

/**
 * The one place that talks to judges. Each judge has its own spacing (its rate limit): requests to one
 * judge from this process wait their turn; a Retry-After pushes that judge's next turn back.
 */
export function createJudgeClient(options: {
  origins: Record<string, string>;
  intervalsMs: Record<string, number>;
  timeoutMs: number;
  clock: Clock;
  fetch?: JudgeFetch;
}): JudgeClient {
  const send = options.fetch ?? ((url, init) => fetch(url, init));
  const nextTurn = new Map<string, number>();

  async function turn(judge: string): Promise<void> {
    const interval = options.intervalsMs[judge] ?? 1000;
    const now = Date.now();
    const at = Math.max(now, nextTurn.get(judge) ?? 0);
    nextTurn.set(judge, at + interval);
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }

  return {
    origin: (adapter) => options.origins[adapter.id] ?? adapter.defaultOrigin,
    async run(adapter, requests) {
      const answers: Record<string, JudgeAnswer> = {};
      for (const r of requests) {
        await turn(adapter.id);
        let res: Response;
        try {
          res = await send(r.url, {
            method: r.method,
            headers: { accept: 'application/json, text/html;q=0.9', 'user-agent': 'practice-tracker (judge accounts)', ...r.headers },
            body: r.body,
            redirect: 'manual',
            signal: AbortSignal.timeout(options.timeoutMs),
          });
        } catch (err) {
          throw new JudgeDownError(adapter.id, null, `no answer: ${(err as Error).message}`);
        }
        const body = (await res.text()).slice(0, MAX_BODY_CHARS);
        if (res.status === 429 || res.status >= 500) {
          const wait = retryAfterMs(res.headers.get('retry-after'), options.clock.now());
          if (wait) nextTurn.set(adapter.id, Math.max(nextTurn.get(adapter.id) ?? 0, Date.now() + wait));
          // Codeforces says "Call limit exceeded" with a 503; the adapter would only call it unreadable.
          throw new JudgeDownError(adapter.id, wait, `HTTP ${res.status}`);
        }
        answers[r.key] = { status: res.status, body, ...(res.headers.get('location') && { location: res.headers.get('location')! }) };
      }
      return answers;
    },
  };
}
