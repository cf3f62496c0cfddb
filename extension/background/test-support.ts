/**
 * Test support (used by *.test.ts only): in-memory storage and a small fake of the tracker API that
 * answers the calls the background makes, records them, and can be switched off like a lost network.
 */
import { vi } from 'vitest';
import type { KeyValue } from '../lib/api';
import type { QuestionSummary } from '@shared/schemas/message-replies';
import type { HandlerDeps } from './types';

export function memory(): KeyValue & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(k: string) => Promise.resolve(structuredClone(data.get(k)) as T | undefined),
    set: (k, v) => {
      data.set(k, structuredClone(v));
      return Promise.resolve();
    },
    remove: (k) => {
      data.delete(k);
      return Promise.resolve();
    },
  };
}

/** The same storage as chrome.storage's one-read-for-several-keys (what pages use to read it). */
export function reader(kv: KeyValue) {
  return {
    get: async (keys: string[]) =>
      Object.fromEntries((await Promise.all(keys.map(async (k) => [k, await kv.get(k)] as const))).filter(([, v]) => v !== undefined)),
  };
}

/** A catalogue question of the fake API, as the messages carry it. */
type FakeQuestion = QuestionSummary;

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | null;
}

const envelope = (code: number, data: unknown, message = 'OK', error: string | null = null) =>
  new Response(JSON.stringify({ status: { code, success: code < 400, error, message }, data }), { status: code, headers: { 'content-type': 'application/json' } });

interface FakeRecord {
  _id: string;
  checked: boolean;
  starred: boolean;
  customTags: string[];
}

function fakeApi() {
  const questions: FakeQuestion[] = [
    { _id: 'q-two-sum', name: 'Two Sum', platform: 'leetcode', difficulty: 'Easy', problemUrl: 'https://leetcode.com/problems/two-sum/', topics: ['Array'], verified: true },
    { _id: 'q-4a', name: 'Watermelon', platform: 'codeforces', difficulty: '800', problemUrl: 'https://codeforces.com/problemset/problem/4/A', topics: ['math'], verified: true },
    { _id: 'q-custom', name: 'some guess', platform: 'leetcode', difficulty: 'N/A', problemUrl: 'https://leetcode.com/problems/brand-new/', topics: [], verified: false },
  ];
  const records = new Map<string, FakeRecord>();
  const calls: Call[] = [];
  /** Ratings the fake review queue recorded (a repeated client id is answered without a new one). */
  const ratings: { questionId: string; rating: string; id?: string }[] = [];
  const review = { due: 4, streak: { goal: { reviews: 5, newProblems: 1 }, today: { day: '2024-06-01', reviews: 2, newProblems: 1, met: false }, current: 3, best: 7 } };
  /** The tracker's contest list, soonest first, as GET /contests answers it. */
  const contests: { id: string; platform: string; name: string; url: string; startsAt: string; durationSeconds: number }[] = [];
  const state = {
    offline: false,
    status: null as null | number,
    failPaths: new Map<string, { code: number; error: string; message: string }>(),
    /** Judges' pages and answers by full URL (a submission page, LeetCode's GraphQL): answered before any API route. */
    judge: new Map<string, { status: number; body: string }>(),
  };
  /** Solutions the fake API keeps (POST /user/solutions), identical code adding no version. */
  const solutions: { id: string; questionId: string; version: number; code: string; language: string; acceptedAt: string; attempts: number | null; timeSpentSec: number | null; source: string; published: boolean; createdAt: string }[] = [];
  let n = 0;

  const workspaceQuestion = (q: FakeQuestion, r: FakeRecord) => ({ ...r, solvedAt: null, createdAt: '', updatedAt: '', editable: !q.verified, question: { ...q, slug: '', companies: [] } });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const rawBody = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
    const body = typeof rawBody === 'string' && rawBody ? (JSON.parse(rawBody) as unknown) : undefined;
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    calls.push({ method, path: url.pathname, query: url.searchParams, body, auth: headers.get('authorization') });
    if (state.offline) throw new TypeError('Failed to fetch');
    const judged = state.judge.get(url.href);
    if (judged) return new Response(judged.body, { status: judged.status });
    if (state.status) return envelope(state.status, null, 'Server trouble', 'InternalError');
    const failure = state.failPaths.get(url.pathname);
    if (failure) return envelope(failure.code, null, failure.message, failure.error);
    const p = url.pathname;
    const find = (u: string) => questions.find((q) => q.problemUrl === u);

    if (p === '/auth/v1/login') return envelope(200, { token: 'tok_' + 'x'.repeat(40), user: { email: 'a@b.co', firstName: 'A', secondName: '' } }, 'Signed in');
    if (p === '/auth/v1/logout') return envelope(200, null);
    if (p === '/question-tracker/v1/question/search-question2') {
      const u = url.searchParams.get('problemUrl') ?? '';
      if (u.includes('example.com')) return envelope(400, null, 'Invalid platform. Please check the URL.', 'InvalidPlatform');
      const q = find(u);
      if (!q) {
        const key = u.split('/').filter(Boolean).pop() ?? 'x';
        return envelope(404, { question: { name: key, slug: key, platform: 'leetcode', problemUrl: u, difficulty: 'N/A', topics: [], verified: false } }, 'Question not found.', 'NotFoundError');
      }
      const r = records.get(q._id);
      return envelope(200, { question: { ...q, slug: '', companies: [] }, popularSheets: [], solved: r?.checked ?? false, document: r ? { ...r, updatedAt: '' } : null, notes: [] });
    }
    if (p === '/question-tracker/v1/user/question/solve-question' && method === 'POST') {
      const b = body as { questionId?: string; custom?: { name: string; problemUrl: string; difficulty: string; topics: string[] }; checked: boolean; starred: boolean; customTags: string[] };
      let q = b.questionId ? questions.find((x) => x._id === b.questionId) : b.custom ? find(b.custom.problemUrl) : undefined;
      if (!q && b.custom) {
        q = { _id: `q-${++n}`, name: b.custom.name, platform: 'leetcode', difficulty: b.custom.difficulty, problemUrl: b.custom.problemUrl, topics: b.custom.topics, verified: false };
        questions.push(q);
      }
      if (!q) return envelope(404, null, 'Question not found', 'NotFoundError');
      const created = !records.has(q._id);
      const record = { _id: records.get(q._id)?._id ?? `r-${++n}`, checked: b.checked, starred: b.starred, customTags: b.customTags };
      records.set(q._id, record);
      return envelope(created ? 201 : 200, { question: workspaceQuestion(q, record), notes: [], created }, 'Added to workspace');
    }
    const update = /^\/question-tracker\/v1\/user\/question\/update-question\/(.+)$/.exec(p);
    if (update && method === 'PATCH') {
      const entry = [...records.entries()].find(([, r]) => r._id === update[1]);
      if (!entry) return envelope(404, null, 'Question not found in your workspace', 'NotFoundError');
      const q = questions.find((x) => x._id === entry[0]);
      if (!q) return envelope(404, null, 'Question not found', 'NotFoundError');
      Object.assign(entry[1], body);
      return envelope(200, { question: workspaceQuestion(q, entry[1]) });
    }
    if (p === '/question-tracker/v1/question/enrich') return envelope(200, { question: null, updated: ['name'] }, 'Question details updated');
    if (/^\/question-tracker\/v2\/sheet\/add-questions\//.test(p)) return envelope(201, { mappings: [{ _id: 'm1' }] }, 'Question added successfully');
    if (/^\/question-tracker\/v1\/user\/notes\//.test(p)) return envelope(200, { notes: [], note: { _id: 'n1' }, tags: [] });
    const rate = /^\/question-tracker\/v1\/user\/review\/rate\/(.+)$/.exec(p);
    if (rate && method === 'POST') {
      const b = body as { rating: string; id?: string };
      const q = questions.find((x) => x._id === rate[1]);
      if (!q) return envelope(404, null, 'Question not found', 'NotFoundError');
      if (!b.id || !ratings.some((r) => r.id === b.id)) {
        ratings.push({ questionId: q._id, rating: b.rating, ...(b.id && { id: b.id }) });
        if (!records.has(q._id)) records.set(q._id, { _id: `r-${++n}`, checked: true, starred: false, customTags: [] });
        review.due = Math.max(0, review.due - 1);
      }
      const day = (d: number) => new Date(1_700_000_000_000 + d * 86_400_000).toISOString();
      const card = { due: day(3), state: 'review', reps: 2, lapses: 0, lastReview: day(0), scheduledDays: 3, suspended: false };
      return envelope(200, { card, next: { again: day(1), hard: day(4), good: day(9), easy: day(20) } }, 'Review saved');
    }
    if (p === '/question-tracker/v1/user/review/count') return envelope(200, { due: review.due });
    if (p === '/question-tracker/v1/user/review/streak') return envelope(200, review.streak);
    if (p === '/question-tracker/v1/contests') return envelope(200, { contests });
    if (p === '/question-tracker/v1/user/analytics/activity') return envelope(200, { activity: { from: '2024-01-01', to: '2024-06-01', days: { '2024-06-01': 3 }, total: 3 } });
    if (p === '/question-tracker/v1/user/solutions' && method === 'POST') {
      const b = body as { url: string; code: string; language: string; acceptedAt: string; attempts?: number; timeSpentSec?: number; source: string };
      const q = questions.find((x) => x.problemUrl === b.url);
      if (!q) return envelope(404, null, 'That question is not in your workspace or the catalogue.', 'NotFoundError');
      const same = solutions.find((x) => x.questionId === q._id && x.code === b.code);
      if (same) return envelope(200, { ...same, created: false }, 'This code is kept already');
      const kept = {
        id: `s-${solutions.length + 1}`,
        questionId: q._id,
        version: solutions.filter((x) => x.questionId === q._id).length + 1,
        code: b.code,
        language: b.language,
        acceptedAt: b.acceptedAt,
        attempts: b.attempts ?? null,
        timeSpentSec: b.timeSpentSec ?? null,
        source: b.source,
        published: false,
        createdAt: b.acceptedAt,
      };
      solutions.push(kept);
      return envelope(201, { ...kept, created: true }, 'Solution kept');
    }
    if (p === '/question-tracker/v1/user/solutions') {
      return envelope(200, { items: solutions.filter((x) => x.questionId === url.searchParams.get('questionId')).reverse() });
    }
    return envelope(404, null, 'Route not found', 'NotFoundError');
  });

  const callsTo = (path: string | RegExp, method?: string) =>
    calls.filter((c) => (typeof path === 'string' ? c.path === path : path.test(c.path)) && (!method || c.method === method));

  return { fetch, calls, callsTo, questions, records, state, ratings, review, contests, solutions };
}

export function setup() {
  const api = fakeApi();
  let ids = 0;
  const deps: HandlerDeps = {
    extensionId: 'ext-id',
    extensionOrigin: 'chrome-extension://ext-id/',
    local: memory(),
    session: memory(),
    fetch: api.fetch,
    broadcast: vi.fn(),
    now: () => 1_700_000_000_000,
    newId: () => `id-${++ids}`,
  };
  return { deps, api, local: deps.local as ReturnType<typeof memory>, session: deps.session as ReturnType<typeof memory> };
}

/** Signs the fake user in, as the popup would. */
export async function signIn(local: KeyValue) {
  await local.set('token', 'tok_' + 'x'.repeat(40));
  await local.set('user', { email: 'a@b.co', firstName: 'A', secondName: '' });
}

/** The sender of a message from the popup (an extension page). */
export const page = { id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' };
/** The sender of a message from the content script of a tab. */
export const content = (tabId: number, url = 'https://leetcode.com/problems/two-sum/') => ({ id: 'ext-id', url, tab: { id: tabId } });
/** What the content script detects on Two Sum's page. */
export const problem = { platform: 'leetcode', key: 'two-sum', url: 'https://leetcode.com/problems/two-sum/', name: 'Two Sum', difficulty: 'Easy', topics: ['Array'] };
