// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it, vi } from 'vitest';
import { EXTERNAL_MESSAGE_TYPES, PAGE_MESSAGE_TYPES } from '@shared/schemas/messages';
import { handleExternalMessage, handleMessage } from './dispatch';
import { drive, LEETCODE_TOKEN_MESSAGE } from './sync-engine';
import { getRun, JUDGES_KEY, type JudgeRecord } from './sync-state';
import { autoSync, setSyncIo } from './sync';
import { signIn } from './test-support';
import type { HandlerDeps } from './types';
import { ok, START, world } from './sync-world';

const HR = 'https://www.hackerrank.com/rest/hackers/sample_user/recent_challenges';
const HR_PAGE_2 = 'MTcxMDcxMTYwMA==';
/** The five problems of the two saved HackerRank pages. */
const HR_URLS = ['java-singleton', 'euler001', 'solve-me-first', 'simple-array-sum', 'sherlock-and-anagrams'].map(
  (s) => `https://www.hackerrank.com/challenges/${s}/problem`,
);

const hrPage = (cursor: string) => (url: string) => url.startsWith(HR) && new URL(url).searchParams.get('cursor') === cursor;

async function ready(w: ReturnType<typeof world>) {
  await signIn(w.local);
  await w.send({ type: 'sync:handle', platform: 'hackerrank', handle: 'sample_user' });
}

describe('sync solved problems: the background loop', () => {
  it('reads a judge page by page, sends what it found, and keeps its status and the start of the sync', async () => {
    const w = world();
    await ready(w);
    w.judge(hrPage(''), ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    const status = await w.sync(['hackerrank']);
    const hr = w.judgeOf(status, 'hackerrank');
    expect(hr).toMatchObject({ state: 'done', account: 'ready', handle: 'sample_user', lastCount: 5, progress: { pages: 2, found: 5, imported: 5 } });
    expect(hr.summary).toEqual({ new: 5, alreadySolved: 0, custom: 0, skipped: [] });
    expect(Date.parse(hr.lastSyncAt ?? '')).toBeGreaterThan(START);
    expect([...w.imported].sort()).toEqual([...HR_URLS].sort());
    // The reader's pause between two requests.
    expect(w.sleeps).toContain(1000);
    expect(await getRun(w.deps)).toBeUndefined();
    // The next sync is incremental: from the start of this one.
    expect(((await w.local.get<Record<string, JudgeRecord>>(JUDGES_KEY)) ?? {}).hackerrank?.since).toBe(new Date(START).toISOString());
  });

  it('resumes after the service worker stops midway: nothing read twice, nothing sent twice, nothing lost', async () => {
    const first = world();
    await ready(first);
    first.judge(hrPage(''), ok('hackerrank/page-1.json'));
    first.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    // The worker is stopped during the pause after the first page was read and sent.
    first.io.sleep.mockImplementation(() => new Promise<void>(() => undefined));
    await first.send({ type: 'sync:start', platforms: ['hackerrank'] });
    await vi.waitFor(async () => expect((await getRun(first.deps))?.current?.pages).toBe(1));
    await vi.waitFor(() => expect(first.imported).toHaveLength(3));

    // A new worker: the same storage, nothing in memory.
    const second = world({ local: first.local });
    second.judge(hrPage(''), ok('hackerrank/page-1.json'));
    second.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    await drive(second.deps, second.io);
    expect(second.judgeCalls.map((u) => new URL(u).searchParams.get('cursor'))).toEqual([HR_PAGE_2]);
    expect([...first.imported, ...second.imported].sort()).toEqual([...HR_URLS].sort());
    expect(second.judgeOf(await second.send({ type: 'sync:status' }), 'hackerrank')).toMatchObject({ state: 'done', lastCount: 5 });
  });

  it('waits and asks again after a 429, for at least its Retry-After', async () => {
    const w = world();
    await ready(w);
    w.judge(hrPage(''), { status: 429, body: 'slow down', headers: { 'retry-after': '7' } }, ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), { status: 503, body: '<h1>busy</h1>' }, ok('hackerrank/page-2.json'));
    const hr = w.judgeOf(await w.sync(['hackerrank']), 'hackerrank');
    expect(hr).toMatchObject({ state: 'done', lastCount: 5 });
    expect(w.judgeCalls).toHaveLength(4);
    // 429 with Retry-After 7 s; then a 503: twice the pause (2 s) on a first failure.
    expect(w.sleeps.some((ms) => ms >= 7000)).toBe(true);
    expect(w.sleeps).toContain(2000);
    expect(w.imported).toHaveLength(5);
  });

  it('gives up after five failures and says so, leaving since where it was', async () => {
    const w = world();
    await ready(w);
    w.judge(hrPage(''), { status: 502, body: 'bad gateway' });
    const hr = w.judgeOf(await w.sync(['hackerrank']), 'hackerrank');
    expect(w.judgeCalls).toHaveLength(5);
    expect(hr.state).toBe('error');
    expect(hr.message).toMatch(/HackerRank answered 502/);
    expect(hr.lastSyncAt).toBeNull();
  });

  it('signed out of the judge midway: says to sign in there, keeps what was read, goes on with the next judge', async () => {
    const w = world();
    await ready(w);
    w.judge(`https://leetcode.com/graphql/`, ok('leetcode/progress-page-1.json'), ok('leetcode/signed-out.json'));
    w.judge(hrPage(''), ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    const status = await w.sync(['leetcode', 'hackerrank']);
    expect(w.judgeOf(status, 'leetcode')).toMatchObject({ state: 'signedOut', message: 'Sign in on LeetCode in this browser, then sync again.', lastSyncAt: null });
    expect(w.judgeOf(status, 'hackerrank')).toMatchObject({ state: 'done', lastCount: 5 });
  });

  it('the tracker down midway: the sync pauses with what it read kept, and the next Sync sends it once and goes on', async () => {
    const w = world();
    await ready(w);
    w.judge(hrPage(''), ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    w.tracker.down = true;
    const paused = w.judgeOf(await w.sync(['hackerrank']), 'hackerrank');
    expect(paused.state).toBe('paused');
    expect(paused.message).toMatch(/tracker could not be reached: 3 solved problem\(s\) wait/);
    expect(w.imported).toEqual([]);
    expect((await getRun(w.deps))?.current?.pending).toHaveLength(3);

    w.tracker.down = false;
    const hr = w.judgeOf(await w.sync(['hackerrank']), 'hackerrank');
    expect(hr).toMatchObject({ state: 'done', lastCount: 5, summary: { new: 5 } });
    expect([...w.imported].sort()).toEqual([...HR_URLS].sort());
    // The first page was read once: what it found waited in storage.
    expect(w.judgeCalls.filter((u) => new URL(u).searchParams.get('cursor') === '')).toHaveLength(1);
  });

  it('cancels: stops reading, keeps what was imported, and does not move since', async () => {
    const w = world();
    await ready(w);
    w.judge(hrPage(''), ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    // Cancelled during the pause after the first page.
    w.io.sleep.mockImplementation(async () => {
      await w.send({ type: 'sync:cancel' });
    });
    const hr = w.judgeOf(await w.sync(['hackerrank']), 'hackerrank');
    expect(hr.state).toBe('cancelled');
    expect(w.judgeCalls).toHaveLength(1);
    expect(w.imported).toHaveLength(3);
    expect(((await w.local.get<Record<string, JudgeRecord>>(JUDGES_KEY)) ?? {}).hackerrank?.since).toBeNull();
    expect(await getRun(w.deps)).toBeUndefined();
  });

  it('a sync started just after a cancel runs', async () => {
    const w = world();
    await ready(w);
    w.judge(hrPage(''), ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    let cancelled = false;
    const base = w.io.sleep.getMockImplementation()!;
    w.io.sleep.mockImplementation(async (ms: number) => {
      if (!cancelled) {
        cancelled = true;
        await w.send({ type: 'sync:cancel' });
        // The user presses Sync again at once, while the loop is still stopping: the loop goes on only
        // once the new run is in storage (or after a moment, if the start rightly waits for the loop).
        void w.send({ type: 'sync:start', platforms: ['hackerrank'] });
        await vi
          .waitFor(async () => expect((await getRun(w.deps))?.cancelled).toBe(false), { timeout: 300, interval: 5 })
          .catch(() => undefined);
      }
      await base(ms);
    });
    await w.send({ type: 'sync:start', platforms: ['hackerrank'] });
    await vi.waitFor(async () => expect(w.judgeOf(await w.send({ type: 'sync:status' }), 'hackerrank').state).toBe('done'));
    expect(w.judgeOf(await w.send({ type: 'sync:status' }), 'hackerrank')).toMatchObject({ lastCount: 5 });
  });

    it('CSES gives no dates: only tasks not in the workspace are sent, the rest counted as skipped', async () => {
    const w = world();
    await signIn(w.local);
    w.workspace.push({ platform: 'cses', problemUrl: 'https://cses.fi/problemset/task/1068' });
    w.judge('https://cses.fi/problemset/', ok('cses/problemset-signed-in.html'));
    const cses = w.judgeOf(await w.sync(['cses']), 'cses');
    expect(cses.state).toBe('done');
    expect(w.imported).not.toContain('https://cses.fi/problemset/task/1068');
    expect(w.imported.length).toBeGreaterThan(0);
    expect(cses.summary?.skipped).toEqual([{ count: 1, reason: 'already in your workspace (CSES gives no solve dates)' }]);
  });

  it('needs the tracker sign-in, a handle for a handle judge, and lists the judges without a reader with the reason', async () => {
    const w = world();
    await expect(w.sync(['cses'])).rejects.toThrow('Sign in to the tracker in the extension first.');
    await signIn(w.local);
    const status = await w.sync(['codeforces']);
    expect(w.judgeOf(status, 'codeforces')).toMatchObject({ account: 'handleNeeded', state: 'error', message: 'Enter your Codeforces handle first.' });
    expect(w.judgeCalls).toEqual([]);
    expect(w.judgeOf(status, 'interviewbit')).toMatchObject({ account: 'unavailable', message: expect.stringMatching(/^Not available: /) as unknown });
    await expect(w.send({ type: 'sync:handle', platform: 'leetcode', handle: 'x' })).rejects.toThrow(/No handle is needed/);
    // The same rule for a handle as the tracker's judge accounts.
    await expect(w.send({ type: 'sync:handle', platform: 'codeforces', handle: 'no spaces/please' })).rejects.toThrow(/letters, digits/);
    expect(w.judgeOf(await w.send({ type: 'sync:handle', platform: 'codeforces', handle: 'tourist' }), 'codeforces')).toMatchObject({ account: 'ready', handle: 'tourist' });
  });

  it('a later sync is incremental: from the start of the last complete one', async () => {
    const w = world();
    await signIn(w.local);
    await w.send({ type: 'sync:handle', platform: 'atcoder', handle: 'sample_user' });
    w.judge('https://kenkoooo.com/atcoder/atcoder-api/v3/user/submissions', ok('atcoder/page-1.json'));
    await w.sync(['atcoder']);
    const first = w.judgeOf(await w.send({ type: 'sync:status' }), 'atcoder');
    expect(first).toMatchObject({ state: 'done', lastCount: 3 });
    await w.sync(['atcoder']);
    const asked = w.judgeCalls.map((u) => new URL(u).searchParams.get('from_second'));
    expect(asked).toEqual(['0', String(START / 1000)]);
  });

  it("uses the handle linked to the tracker account when none was entered in the extension; an entered one wins", async () => {
    const w = world();
    await signIn(w.local);
    w.linked.push(['hackerrank', 'sample_user'], ['codeforces', 'linked_cf']);
    await w.send({ type: 'sync:handle', platform: 'codeforces', handle: 'entered_cf' });
    const status = await w.send({ type: 'sync:status', probe: true });
    expect(w.judgeOf(status, 'hackerrank')).toMatchObject({ account: 'ready', handle: 'sample_user' });
    expect(w.judgeOf(status, 'codeforces')).toMatchObject({ account: 'ready', handle: 'entered_cf' });
    w.judge(hrPage(''), ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    expect(w.judgeOf(await w.sync(['hackerrank']), 'hackerrank')).toMatchObject({ state: 'done', lastCount: 5 });
    expect(w.judgeCalls[0]).toContain('/rest/hackers/sample_user/');
  });

  it('the daily sync runs only the judges synced before, and only when switched on', async () => {
    const w = world();
    await ready(w);
    await w.send({ type: 'sync:handle', platform: 'atcoder', handle: 'sample_user' });
    w.judge(hrPage(''), ok('hackerrank/page-1.json'));
    w.judge(hrPage(HR_PAGE_2), ok('hackerrank/page-2.json'));
    w.judge('https://kenkoooo.com/', ok('atcoder/page-1.json'));
    await w.sync(['hackerrank']);
    const before = w.judgeCalls.length;
    await autoSync(w.deps);
    await drive(w.deps, w.io);
    expect(w.judgeCalls).toHaveLength(before);
    await w.send({ type: 'sync:auto', autoSync: 'daily' });
    await autoSync(w.deps);
    await drive(w.deps, w.io);
    // HackerRank again (incremental); AtCoder, never synced, is left alone.
    expect(w.judgeCalls.slice(before).every((u) => u.startsWith(HR))).toBe(true);
    expect(w.judgeCalls.length).toBeGreaterThan(before);
  });

  it('turns the daily sync on and off through the background', async () => {
    const w = world();
    const onAutoSync = vi.fn();
    setSyncIo(w.deps, { ...w.io, onAutoSync });
    expect((await w.send({ type: 'sync:status' })).autoSync).toBe('off');
    expect((await w.send({ type: 'sync:auto', autoSync: 'daily' })).autoSync).toBe('daily');
    expect(onAutoSync).toHaveBeenCalledWith('daily');
  });
});

describe('sync messages from the dashboard (externally_connectable)', () => {
  const dashboard = (url: string) => ({ url, origin: new URL(url).origin });
  it('lets a web page send only some of the page messages: the sync\'s status, start, cancel and code opt-in', () => {
    expect([...EXTERNAL_MESSAGE_TYPES].sort()).toEqual(['sync:cancel', 'sync:code', 'sync:start', 'sync:status']);
    for (const type of EXTERNAL_MESSAGE_TYPES) expect(PAGE_MESSAGE_TYPES).toContain(type);
  });

  it('answers the sync messages from the tracker origin only, and nothing else from a web page', async () => {
    const { deps } = world() as { deps: HandlerDeps };
    await signIn(deps.local);
    expect(await handleExternalMessage({ type: 'sync:status' }, dashboard('http://localhost:8787/question-tracker'), deps)).toMatchObject({
      ok: true,
      data: { account: 'a@b.co', running: false },
    });
    expect(await handleExternalMessage({ type: 'sync:status' }, dashboard('https://evil.example/'), deps)).toEqual({ ok: false, error: 'Unknown sender' });
    expect(await handleExternalMessage({ type: 'auth:logout' }, dashboard('http://localhost:8787/'), deps)).toEqual({ ok: false, error: 'Invalid message' });
    expect(await handleExternalMessage({ type: 'sync:handle', platform: 'codeforces', handle: 'x' }, dashboard('http://localhost:8787/'), deps)).toEqual({
      ok: false,
      error: 'Invalid message',
    });
  });
});

describe("sync solved problems: LeetCode's request token without the cookies permission", () => {
  const lcPage = { id: 'ext-id', url: 'https://leetcode.com/problems/two-sum/', tab: { id: 3 } };
  const TOKEN = 'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56';

  it("keeps the token a LeetCode page's script read and sends it back on LeetCode's requests", async () => {
    const w = world();
    await signIn(w.local);
    expect(await handleMessage({ type: 'leetcode:csrf', token: TOKEN }, lcPage, w.deps)).toEqual({ ok: true, data: null });
    const headers: (string | null)[] = [];
    w.judge('https://leetcode.com/graphql/', ok('leetcode/progress-page-1.json'), ok('leetcode/signed-out.json'));
    const fetchMock = w.deps.fetch as ReturnType<typeof vi.fn>;
    await w.sync(['leetcode']);
    for (const [input, init] of fetchMock.mock.calls as [string, RequestInit | undefined][]) {
      if (input.startsWith('https://leetcode.com/graphql/')) headers.push(new Headers(init?.headers).get('x-csrftoken'));
    }
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.every((h) => h === TOKEN)).toBe(true);
  });

  it('takes the token only from a LeetCode page, and only in its shape', async () => {
    const w = world();
    const elsewhere = { ...lcPage, url: 'https://codeforces.com/problemset/problem/4/A' };
    expect(await handleMessage({ type: 'leetcode:csrf', token: TOKEN }, elsewhere, w.deps)).toMatchObject({ ok: false });
    expect(await handleMessage({ type: 'leetcode:csrf', token: 'a;b=c' }, lcPage, w.deps)).toMatchObject({ ok: false });
    expect(await w.local.get('sync:leetcode-csrf')).toBeUndefined();
  });

  it('refused for want of the token, a sync says where the extension reads it', async () => {
    const w = world();
    await signIn(w.local);
    w.judge('https://leetcode.com/graphql/', { status: 403, body: '<h1>CSRF verification failed</h1>' });
    const lc = w.judgeOf(await w.sync(['leetcode']), 'leetcode');
    expect(lc).toMatchObject({ state: 'signedOut', message: LEETCODE_TOKEN_MESSAGE });
  });
});
