import type { ReviewRating } from '@shared/rules/review';
import type { AuthStatus, Reply } from '@shared/schemas/messages';
import type { ActionResult } from '@shared/schemas/message-replies';
import { ACTION_MESSAGES, executeAction } from '../lib/actions';
import { ApiError, apiClient, isRetryable, TOKEN_KEY, USER_KEY, type KeyValue } from '../lib/api';
import { refreshBadge } from './badge';
import { forgetLookups } from './kept-lookups';
import { defineArea, done, fail, type HandlerDeps } from './types';
import { oneAtATime } from '../lib/one-at-a-time';

// The offline queue: the storage of actions waiting for the API (OfflineQueue), the one queue of a
// background (queueFor), and its messages (queue:status, queue:flush).

/**
 * Actions that change something on the API and may wait while it is unreachable. Each one sets a
 * state rather than toggling it, or carries its own id (a rating), so sending it again changes nothing.
 */
export type QueuedAction =
  | {
      kind: 'record:set';
      problemUrl: string;
      checked?: boolean;
      starred?: boolean;
      customTags?: string[];
      details?: { name?: string | null; difficulty?: string | null; topics?: string[] };
    }
  | { kind: 'sheet:add'; sheetId: string; problemUrl: string; topic: string; subTopic: string; title?: string }
  | { kind: 'note:update'; noteId: string; title?: string; note?: string; tags?: string[] }
  /** `id` is the API's client id of the rating (a UUID): however often it is sent, it rates once. */
  | { kind: 'review:rate'; questionId: string; rating: ReviewRating; id: string }
  /**
   * Accepted code to keep (the API adds no version for identical code, so sending it twice is harmless).
   * `submission`: the judge and its submission id ("leetcode:123"), which names this action.
   */
  | {
      kind: 'solution:save';
      submission: string;
      problemUrl: string;
      code: string;
      language: string;
      acceptedAt: string;
      attempts?: number;
      timeSpentSec?: number;
    };

export interface QueueEntry {
  /** The idempotency key of this action: it is sent until it succeeds or is refused, then never again. */
  id: string;
  /** Actions with the same key are merged: the later one's fields win. */
  key: string;
  /** The account the action was taken as; another account never sends it. */
  owner: string;
  action: QueuedAction;
  createdAt: number;
  attempts: number;
}

interface QueueState {
  entries: QueueEntry[];
  /** Idempotency keys recently sent or dropped, so a leftover copy is never sent again. */
  done: string[];
  lastError: string | null;
}

export type Outcome = { status: 'sent'; result: unknown; message: string } | { status: 'queued' } | { status: 'dropped'; error: ApiError };

export interface QueueDeps {
  store: KeyValue;
  /** Performs one action against the API; throws ApiError / NetworkError. */
  execute(action: QueuedAction): Promise<{ result: unknown; message: string }>;
  /** The signed-in account, or null when signed out (nothing is sent then). */
  owner(): Promise<string | null>;
  now(): number;
  newId(): string;
  onChange?(pending: number): void;
}

const STATE_KEY = 'queue';
const DONE_LIMIT = 500;

/** The key that makes two actions the same thing: one record, one sheet placement, one note. */
export function dedupeKey(a: QueuedAction): string {
  switch (a.kind) {
    case 'record:set':
      return `record:${a.problemUrl}`;
    case 'sheet:add':
      return `sheet:${a.sheetId}:${a.problemUrl}`;
    case 'note:update':
      return `note:${a.noteId}`;
    case 'review:rate':
      // Each rating is a review of its own (as it would be online): never merged with another.
      return `review:${a.id}`;
    case 'solution:save':
      return `solution:${a.submission}`;
  }
}

/** A later action on the same thing: its fields replace the earlier ones, unset fields are kept. */
export function mergeActions(earlier: QueuedAction, later: QueuedAction): QueuedAction {
  if (earlier.kind !== later.kind) return later;
  const defined = Object.fromEntries(Object.entries<unknown>(later).filter(([, v]) => v !== undefined));
  return { ...earlier, ...defined };
}

const queueTurns = oneAtATime();

/**
 * The offline queue, kept in storage.local. Every operation runs one at a time (a flush holds the
 * lock while it sends), so an action is never merged into one that is on its way, and two flushes
 * never send the same entry.
 */
export class OfflineQueue {
  constructor(private readonly deps: QueueDeps) {}

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    return queueTurns(this, work);
  }

  private async load(): Promise<QueueState> {
    const state = await this.deps.store.get<QueueState>(STATE_KEY);
    return { entries: state?.entries ?? [], done: state?.done ?? [], lastError: state?.lastError ?? null };
  }

  private async save(state: QueueState): Promise<void> {
    await this.deps.store.set(STATE_KEY, state);
    this.deps.onChange?.(state.entries.length);
  }

  async status(): Promise<{ pending: number; lastError: string | null }> {
    const state = await this.load();
    return { pending: state.entries.length, lastError: state.lastError };
  }

  async entries(): Promise<QueueEntry[]> {
    return (await this.load()).entries;
  }

  /** Forgets everything waiting (signing out, another API): those actions belonged to that account. */
  clear(): Promise<void> {
    return this.exclusive(() => this.save({ entries: [], done: [], lastError: null }));
  }

  /** Queues an action (merged with a waiting one on the same thing) and returns its entry id. */
  enqueue(action: QueuedAction, owner: string): Promise<string> {
    return this.exclusive(async () => {
      const state = await this.load();
      const key = dedupeKey(action);
      const same = state.entries.find((e) => e.key === key && e.owner === owner);
      if (same) {
        same.action = mergeActions(same.action, action);
        await this.save(state);
        return same.id;
      }
      const entry: QueueEntry = { id: this.deps.newId(), key, owner, action, createdAt: this.deps.now(), attempts: 0 };
      state.entries.push(entry);
      await this.save(state);
      return entry.id;
    });
  }

  /**
   * Sends what is waiting, oldest first. Stops at the first failure that means "unreachable" and
   * keeps it and everything after it; drops an action the API refused with a definite 4xx.
   */
  flush(): Promise<Map<string, Outcome>> {
    return this.exclusive(() => this.flushNow());
  }

  private async flushNow(): Promise<Map<string, Outcome>> {
    const outcomes = new Map<string, Outcome>();
    const owner = await this.deps.owner();
    let state = await this.load();
    // Actions of another account (or of nobody now signed in) are not ours to send.
    const foreign = state.entries.filter((e) => owner === null || e.owner !== owner);
    if (owner !== null && foreign.length) {
      state.entries = state.entries.filter((e) => e.owner === owner);
      await this.save(state);
    }
    if (owner === null) return outcomes;
    for (const entry of [...state.entries]) {
      state = await this.load();
      if (!state.entries.some((e) => e.id === entry.id)) continue;
      if (state.done.includes(entry.id)) {
        state.entries = state.entries.filter((e) => e.id !== entry.id);
        await this.save(state);
        continue;
      }
      try {
        const { result, message } = await this.deps.execute(entry.action);
        outcomes.set(entry.id, { status: 'sent', result, message });
        await this.finish(entry.id, null);
      } catch (err) {
        if (isRetryable(err) || (err instanceof ApiError && err.code === 401)) {
          // Unreachable, failing, or signed out: keep this and everything after it, in order.
          const now = await this.load();
          const kept = now.entries.find((e) => e.id === entry.id);
          if (kept) kept.attempts += 1;
          now.lastError = (err as Error).message;
          await this.save(now);
          for (const e of now.entries) if (!outcomes.has(e.id)) outcomes.set(e.id, { status: 'queued' });
          return outcomes;
        }
        const error = err instanceof ApiError ? err : new ApiError(400, 'ClientError', (err as Error).message);
        outcomes.set(entry.id, { status: 'dropped', error });
        await this.finish(entry.id, error.message);
      }
    }
    return outcomes;
  }

  private async finish(id: string, error: string | null): Promise<void> {
    const state = await this.load();
    state.entries = state.entries.filter((e) => e.id !== id);
    state.done = [...state.done, id].slice(-DONE_LIMIT);
    state.lastError = error;
    await this.save(state);
  }

  /** Queues an action and tries to send everything at once: the outcome of this action. */
  async submit(action: QueuedAction): Promise<Outcome> {
    const owner = await this.deps.owner();
    if (owner === null) throw new ApiError(401, 'Unauthorized', 'Please sign in to continue');
    const id = await this.enqueue(action, owner);
    const outcomes = await this.flush();
    return outcomes.get(id) ?? { status: 'queued' };
  }
}

// One queue per background, kept with its dependencies.
const queues = new WeakMap<HandlerDeps, OfflineQueue>();

/** The offline queue of this background. */
export function queueFor(deps: HandlerDeps): OfflineQueue {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new OfflineQueue({
      store: deps.local,
      execute: async (action) => {
        const outcome = await executeAction(await apiClient(deps.local, deps.fetch), action);
        await forgetLookups(deps);
        // A tick, a star, a rating or a kept solution (which ticks too) changes what is due.
        if (action.kind !== 'sheet:add' && action.kind !== 'note:update') void refreshBadge(deps);
        return outcome;
      },
      owner: async () => ((await deps.local.get<string>(TOKEN_KEY)) ? ((await deps.local.get<AuthStatus['user']>(USER_KEY))?.email ?? 'me') : null),
      now: deps.now ?? (() => Date.now()),
      newId: deps.newId ?? (() => crypto.randomUUID()),
      onChange: (pending) => deps.broadcast?.({ type: 'queue:changed', pending }),
    });
    queues.set(deps, queue);
  }
  return queue;
}

/** Sends what waits in the queue (alarms, start-up, and after any call that reached the API). */
export async function flushQueue(deps: HandlerDeps): Promise<void> {
  const queue = queueFor(deps);
  if ((await queue.status()).pending > 0) await queue.flush();
}

/** After a call that reached the API: what waits in the queue is sent now too. */
export function afterSuccess(deps: HandlerDeps) {
  void flushQueue(deps).catch(() => undefined);
}

/** The reply of a call that reached the API. */
export function reached<T>(deps: HandlerDeps, value: T): Reply<T> {
  afterSuccess(deps);
  return done(value);
}

/** A queued action's outcome as the pages see it; a refused one is an error with the API's message. */
export function actionReply<T>(outcome: Outcome): Reply<ActionResult<T>> {
  if (outcome.status === 'sent') return done({ status: 'sent', result: outcome.result as T, message: outcome.message });
  if (outcome.status === 'queued') return done({ status: 'queued', message: ACTION_MESSAGES.queued });
  return fail(outcome.error.error === 'InvalidPlatform' ? 'Invalid Platform' : outcome.error.message, outcome.error.code);
}

export const queueArea = defineArea('queue', {
  'queue:status': async (_m, { deps }) => done(await queueFor(deps).status()),
  'queue:flush': async (_m, { deps }) => {
    await queueFor(deps).flush();
    return done(await queueFor(deps).status());
  },
});
