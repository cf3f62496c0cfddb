import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { retryAfterMs } from '../../shared/retry';
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
  run(adapter: Pick<JudgeAdapter, 'id'>, requests: readonly JudgeRequest[]): Promise<Record<string, JudgeAnswer>>;
  origin(adapter: JudgeAdapter): string;
}

const MAX_BODY_CHARS = 4 * 1024 * 1024;

/** The longest pause a judge's Retry-After can impose on everyone's requests to it. */
const MAX_PUSH_BACK_MS = 3600_000;

/**
 * Who may call a judge when. Every API process takes its turns from the same store, so a judge's rate
 * limit holds for the whole deployment, not per process.
 */
export interface JudgeTurns {
  /** Books the next request to `judge` (spaced `intervalMs` after the last booking); ms to wait for it. */
  take(judge: string, intervalMs: number): Promise<number>;
  /** The judge asked for a pause (Retry-After): no booking starts before `ms` from now. */
  pushBack(judge: string, ms: number): Promise<void>;
}

/** Turns kept in this process: right for one process (tests, PGlite, which is one process anyway). */
function memoryTurns(): JudgeTurns {
  const next = new Map<string, number>();
  return {
    take(judge, intervalMs) {
      const now = Date.now();
      const at = Math.max(now, next.get(judge) ?? 0);
      next.set(judge, at + intervalMs);
      return Promise.resolve(at - now);
    },
    pushBack(judge, ms) {
      next.set(judge, Math.max(next.get(judge) ?? 0, Date.now() + ms));
      return Promise.resolve();
    },
  };
}

/**
 * Turns booked in the database (table judge_turns, one row per judge): one atomic upsert per request,
 * timed by the database's clock, so processes on several machines book from the same clock too.
 */
export function databaseTurns(db: Db): JudgeTurns {
  const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
  return {
    async take(judge, intervalMs) {
      const [row] = await queryRows<{ wait_ms: number | string }>(
        db,
        sql`insert into judge_turns as t (judge, next_at) values (${judge}, clock_timestamp() + ${seconds(intervalMs)})
            on conflict (judge) do update set next_at = greatest(t.next_at, clock_timestamp()) + ${seconds(intervalMs)}
            returning greatest(0, extract(epoch from (t.next_at - ${seconds(intervalMs)} - clock_timestamp())) * 1000) as wait_ms`,
      );
      return Number(row?.wait_ms ?? 0);
    },
    async pushBack(judge, ms) {
      await db.execute(
        sql`insert into judge_turns as t (judge, next_at) values (${judge}, clock_timestamp() + ${seconds(ms)})
            on conflict (judge) do update set next_at = greatest(t.next_at, clock_timestamp() + ${seconds(ms)})`,
      );
    },
  };
}

/**
 * The one place that talks to judges. Each judge has its own spacing (its rate limit): requests to one
 * judge wait their turn (booked in `turns`, shared by every process); a Retry-After pushes that judge's
 * next turn back.
 */
export function createJudgeClient(options: {
  origins: Record<string, string>;
  intervalsMs: Record<string, number>;
  timeoutMs: number;
  clock: Clock;
  turns?: JudgeTurns;
  fetch?: JudgeFetch;
}): JudgeClient {
  const send = options.fetch ?? ((url, init) => fetch(url, init));
  const turns = options.turns ?? memoryTurns();

  async function turn(judge: string): Promise<void> {
    const wait = await turns.take(judge, options.intervalsMs[judge] ?? 1000);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
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
        const body = (await res.text()).slice(0, r.maxChars ?? MAX_BODY_CHARS);
        if (res.status === 429 || res.status >= 500) {
          const asked = retryAfterMs(res.headers.get('retry-after'), options.clock.now());
          const wait = asked === null ? null : Math.min(asked, MAX_PUSH_BACK_MS);
          if (wait) await turns.pushBack(adapter.id, wait);
          // Codeforces says "Call limit exceeded" with a 503; the adapter would only call it unreadable.
          throw new JudgeDownError(adapter.id, wait, `HTTP ${res.status}`);
        }
        const location = res.headers.get('location');
        answers[r.key] = { status: res.status, body, ...(location && { location }) };
      }
      return answers;
    },
  };
}
