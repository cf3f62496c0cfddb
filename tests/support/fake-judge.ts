/**
 * A local stand-in for the judges, serving the saved answers of tests/fixtures/judges at each judge's own
 * paths under /<judge>/ (so CODEFORCES_ORIGIN=http://127.0.0.1:<port>/codeforces, and so on). Used by the
 * API tests (in process, through `fetch`), and by the benchmark and browser tests as a server:
 *
 *   npx tsx tests/support/fake-judge.ts --port 18900     # prints the *_ORIGIN lines to export
 *
 * Handles choose the answer: `missing…` is an unknown user, `broken…` a changed shape, `down…` a 503;
 * any other handle gets the saved profile; handles user1, user2… get figures varied by their number.
 * Contest times are moved so that the saved lists are current at `now()`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { judgeById, originEnvVar } from '../../api/judges/index';
import { problemOrigins } from '../../api/judges/problem-sources';
import { platforms } from '../../shared/platforms/index';

const FIXTURES = fileURLToPath(new URL('../fixtures/judges/', import.meta.url));
const savedFixture = (judge: string, name: string) => readFileSync(`${FIXTURES}${judge}/${name}`, 'utf8');
/** Saved answers a test has swapped for others (a changed shape, a list cut short): `judge/name` to name. */
const swapped = new Map<string, string>();
const fixture = (judge: string, name: string) => savedFixture(judge, swapped.get(`${judge}/${name}`) ?? name);

/** The instant each saved contest list was current at (a running contest and some upcoming ones). */
const ANCHORS: Record<string, number> = {
  codeforces: 1764084600_000,
  leetcode: 1764400000_000,
  atcoder: Date.parse('2025-11-20T12:00:00Z'),
  codechef: Date.parse('2026-11-25T15:00:00Z'),
};

/** The parts of the saved answers the stand-in rewrites; the rest passes through as saved. */
interface CodeforcesUsers {
  result: { handle: string; rating: number; maxRating: number }[];
}
interface CodeforcesContests {
  result: { startTimeSeconds: number }[];
}
interface LeetcodeContests {
  data: { topTwoContests: { startTime: number }[] };
}
interface LeetcodeProfile {
  data: {
    userContestRanking: { rating: number };
    matchedUser: { username: string; submitStatsGlobal: { acSubmissionNum: { difficulty: string; count: number }[] } };
  };
}
type CodechefContests = Record<'present_contests' | 'future_contests' | 'past_contests', { contest_start_date_iso: string }[]>;
interface HackerrankProfile {
  model: { username: string };
}

/** The handle a request asks about, read once by the middleware for the handlers. */
interface FakeJudgeEnv {
  Variables: { handle: string };
}

export interface FakeJudgeRequest {
  judge: string;
  path: string;
  handle: string | null;
  at: number;
}

type Kind = 'ok' | 'missing' | 'broken' | 'down';
const kindOf = (handle: string): Kind =>
  handle.startsWith('missing') ? 'missing' : handle.startsWith('broken') ? 'broken' : handle.startsWith('down') ? 'down' : 'ok';
/** Varies the saved figures per handle, deterministically. */
const seedOf = (handle: string) => Number(/^user(\d+)$/.exec(handle)?.[1] ?? 0);

export function createFakeJudge(options: { now?: () => Date; delayMs?: number } = {}) {
  const now = options.now ?? (() => new Date());
  const requests: FakeJudgeRequest[] = [];
  const down = new Set<string>();
  const app = new Hono<FakeJudgeEnv>();
  const shift = (judge: string) => now().getTime() - ANCHORS[judge]!;
  const shiftSeconds = (judge: string, s: number) => Math.round(s + shift(judge) / 1000);

  app.use('/:judge/*', async (c, next) => {
    const judge = c.req.param('judge');
    const url = new URL(c.req.url);
    let handle = url.searchParams.get('handles') ?? url.searchParams.get('handle') ?? url.searchParams.get('user') ?? url.searchParams.get('user_handle') ?? /\/(?:users|hackers)\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
    if (c.req.method === 'POST') {
      const body = (await c.req.raw.clone().json().catch(() => ({}))) as { handle?: string; variables?: { username?: string } };
      handle = body.handle ?? body.variables?.username ?? null;
    }
    requests.push({ judge, path: url.pathname, handle, at: Date.now() });
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (down.has(judge) || (handle && kindOf(handle) === 'down')) return c.text('Service Unavailable', 503);
    c.set('handle', handle ?? '');
    await next();
  });
  const handleOf = (c: Context<FakeJudgeEnv>) => c.get('handle');
  const json = (c: Context, text: string, status: 200 | 400 | 404 = 200) => c.body(text, status, { 'content-type': 'application/json' });

  // Codeforces
  app.get('/codeforces/api/user.info', (c) => {
    const h = handleOf(c);
    const kind = kindOf(h);
    if (kind === 'missing') return json(c, fixture('codeforces', 'not-found.json').replace('no_such_handle_42', h), 400);
    if (kind === 'broken') return json(c, fixture('codeforces', 'changed-shape.json'));
    const info = JSON.parse(fixture('codeforces', 'user-info.json')) as CodeforcesUsers;
    const saved = info.result[0]!;
    const n = seedOf(h);
    info.result[0] = { ...saved, handle: h, rating: n ? 800 + ((n * 37) % 2800) : saved.rating, maxRating: n ? 800 + ((n * 37) % 2800) + 50 : saved.maxRating };
    return json(c, JSON.stringify(info));
  });
  app.get('/codeforces/api/user.rating', (c) => json(c, fixture('codeforces', 'user-rating.json').replaceAll('"tourist"', JSON.stringify(handleOf(c)))));
  app.get('/codeforces/api/contest.list', (c) => {
    const list = JSON.parse(fixture('codeforces', 'contest-list.json')) as CodeforcesContests;
    for (const x of list.result) x.startTimeSeconds = shiftSeconds('codeforces', x.startTimeSeconds);
    return json(c, JSON.stringify(list));
  });

  // LeetCode (one GraphQL endpoint: the query says which answer)
  app.post('/leetcode/graphql/', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { query?: string };
    if (body.query?.includes('topTwoContests')) {
      const list = JSON.parse(fixture('leetcode', 'top-two-contests.json')) as LeetcodeContests;
      for (const x of list.data.topTwoContests) x.startTime = shiftSeconds('leetcode', x.startTime);
      return json(c, JSON.stringify(list));
    }
    const h = handleOf(c);
    const kind = kindOf(h);
    if (kind === 'missing') return json(c, fixture('leetcode', 'not-found.json'));
    if (kind === 'broken') return json(c, fixture('leetcode', 'changed-shape.json'));
    if (body.query?.includes('recentAcSubmissionList')) return json(c, fixture('leetcode', 'upsolve.json'));
    const profile = JSON.parse(fixture('leetcode', 'profile.json')) as LeetcodeProfile;
    const n = seedOf(h);
    if (n) {
      profile.data.userContestRanking.rating = 1300 + ((n * 53) % 1700);
      profile.data.matchedUser.submitStatsGlobal.acSubmissionNum = [
        { difficulty: 'All', count: (n % 300) + 30 },
        { difficulty: 'Easy', count: (n % 100) + 10 },
        { difficulty: 'Medium', count: (n % 150) + 15 },
        { difficulty: 'Hard', count: (n % 50) + 5 },
      ];
    }
    profile.data.matchedUser.username = h;
    return json(c, JSON.stringify(profile));
  });

  // AtCoder
  app.get('/atcoder/users/:handle/history/json', (c) => {
    const kind = kindOf(c.req.param('handle'));
    if (kind === 'missing') return c.html(fixture('atcoder', 'not-found.html'), 404);
    return json(c, fixture('atcoder', kind === 'broken' ? 'changed-shape.json' : 'history.json'));
  });
  app.get('/atcoder/contests/', (c) =>
    c.html(
      fixture('atcoder', 'contests.html').replace(/(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})\+0900/g, (_, d: string, t: string) => {
        const at = new Date(Date.parse(`${d}T${t}+09:00`) + shift('atcoder'));
        const jst = new Date(at.getTime() + 9 * 3600_000).toISOString();
        return `${jst.slice(0, 10)} ${jst.slice(11, 19)}+0900`;
      }),
    ),
  );

  // CodeChef
  app.get('/codechef/users/:handle', (c) => {
    const kind = kindOf(c.req.param('handle'));
    if (kind === 'missing') return c.redirect('/', 302);
    return c.html(fixture('codechef', kind === 'broken' ? 'browser-check.html' : 'profile.html'));
  });
  app.get('/codechef/api/list/contests/all', (c) => {
    const list = JSON.parse(fixture('codechef', 'contests.json')) as CodechefContests;
    for (const group of ['present_contests', 'future_contests', 'past_contests'] as const) {
      for (const x of list[group]) {
        const at = new Date(Date.parse(x.contest_start_date_iso) + shift('codechef') + 5.5 * 3600_000).toISOString();
        x.contest_start_date_iso = `${at.slice(0, 19)}+05:30`;
      }
    }
    return json(c, JSON.stringify(list));
  });

  // GeeksforGeeks
  app.post('/geeksforgeeks/api/v1/user/problems/submissions/', (c) => {
    const kind = kindOf(handleOf(c));
    return json(c, fixture('geeksforgeeks', kind === 'missing' ? 'not-found.json' : kind === 'broken' ? 'changed-shape.json' : 'solved.json'));
  });

  // HackerRank (three answers per account: a missing handle is 404 on each)
  const hackerrank = (name: string) => (c: Context) => {
    const h = c.req.param('handle') ?? '';
    const kind = kindOf(h);
    if (kind === 'missing') return json(c, fixture('hackerrank', 'not-found.json'), 404);
    if (kind === 'broken') return json(c, fixture('hackerrank', 'changed-shape.json'));
    if (name === 'profile.json') {
      const profile = JSON.parse(fixture('hackerrank', name)) as HackerrankProfile;
      profile.model.username = h;
      return json(c, JSON.stringify(profile));
    }
    return json(c, fixture('hackerrank', name));
  };
  app.get('/hackerrank/rest/contests/master/hackers/:handle/profile', hackerrank('profile.json'));
  app.get('/hackerrank/rest/hackers/:handle/badges', hackerrank('badges.json'));
  app.get('/hackerrank/rest/hackers/:handle/rating_histories_elo', hackerrank('rating-histories.json'));

  // Problem lists (api/judges/*-problems.ts) and the accepted lists (api/judges/*-solves.ts).
  app.get('/codeforces/api/problemset.problems', (c) => json(c, fixture('codeforces', 'problemset.json')));
  app.get('/codeforces/api/user.status', (c) => {
    const h = handleOf(c);
    if (kindOf(h) === 'missing') return json(c, fixture('codeforces', 'not-found.json').replace('no_such_handle_42', h), 400);
    const status = JSON.parse(fixture('codeforces', 'user-status.json')) as { result: { creationTimeSeconds: number }[] };
    for (const x of status.result) x.creationTimeSeconds = shiftSeconds('codeforces', x.creationTimeSeconds);
    return json(c, JSON.stringify(status));
  });
  // AtCoder Problems answers at most 500 submissions from from_second on, oldest first; an unknown user has none.
  app.get('/atcoder-problems/atcoder-api/v3/user/submissions', (c) => {
    const kind = kindOf(handleOf(c));
    if (kind === 'broken') return json(c, fixture('atcoder', 'changed-shape.json'));
    const from = Number(c.req.query('from_second') ?? 0);
    const all = kind === 'missing' ? [] : (JSON.parse(fixture('atcoder', 'submissions.json')) as { epoch_second: number }[]);
    return json(c, JSON.stringify(all.filter((s) => s.epoch_second >= from).slice(0, 500)));
  });
  app.get('/codechef/recent/user', (c) => {
    const page = Number(c.req.query('page') ?? 0);
    return json(c, fixture('codechef', page === 0 ? 'recent-0.json' : page === 1 ? 'recent-1.json' : 'recent-empty.json'));
  });
  app.get('/atcoder-problems/resources/problems.json', (c) => json(c, fixture('atcoder', 'problems.json')));
  app.get('/atcoder-problems/resources/problem-models.json', (c) => json(c, fixture('atcoder', 'problem-models.json')));
  app.get('/leetcode/api/problems/all/', (c) => json(c, fixture('leetcode', 'problems-all.json')));
  app.get('/leetcode-ratings/data.json', (c) => json(c, fixture('leetcode', 'ratings.json')));
  app.get('/codechef/api/list/problems', (c) => json(c, fixture('codechef', c.req.query('page') === '0' ? 'problems.json' : 'problems-page-empty.json')));

  app.notFound((c) => c.text('Not Found', 404));

  return {
    app,
    requests,
    /** Makes every request to a judge answer 503 (or answer again). */
    setDown(judge: string, isDown: boolean) {
      if (isDown) down.add(judge);
      else down.delete(judge);
    },
    /** A fetch for the API's judge client: any origin, answered by path. */
    fetch: (url: string, init: RequestInit) => {
      const u = new URL(url);
      return Promise.resolve(app.fetch(new Request(`http://fake-judge${u.pathname}${u.search}`, init)));
    },
    /** Origins by judge id, for config.judgeOrigins, pointing at `base`. */
    origins: (base = 'http://fake-judge') => Object.fromEntries(JUDGE_PATHS.map((j) => [j, `${base}/${j}`])),
    /** Origins of the third-party problem lists, for config.problemOrigins. */
    problemOrigins: (base = 'http://fake-judge') => Object.fromEntries(PROBLEM_PATHS.map((o) => [o.name, `${base}/${o.name}`])),
    /** Serves another saved answer in place of one (null: the saved one again). */
    swapFixture(judge: string, name: string, replacement: string | null) {
      if (replacement) swapped.set(`${judge}/${name}`, replacement);
      else swapped.delete(`${judge}/${name}`);
    },
  };
}
export type FakeJudge = ReturnType<typeof createFakeJudge>;

/** The judges with a server reader (their facts files say which), each under /<id>/. */
const JUDGE_PATHS = platforms.filter((p) => p.readers.server === true).map((p) => p.id);
/** The problem lists read from third parties (not a judge's own origin), each under /<name>/. */
const PROBLEM_PATHS = problemOrigins.filter((o) => !judgeById(o.name));

/** The API's *_ORIGIN settings that send every judge's and problem list's requests to a fake judge at `base`. */
export function fakeJudgeEnv(base: string): Record<string, string> {
  const entries: [string, string][] = [...JUDGE_PATHS.map((id) => [originEnvVar(id), `${base}/${id}`] as [string, string]), ...PROBLEM_PATHS.map((o) => [o.envVar, `${base}/${o.name}`] as [string, string])];
  return Object.fromEntries(entries);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[process.argv.indexOf('--port') + 1]) || 18900;
  const { serve } = await import('@hono/node-server');
  const { createFakeGithub } = await import('./fake-github');
  const judge = createFakeJudge();
  // GitHub's API for solution exports under /github (GITHUB_API_ORIGIN), any github_pat_ token opening any repository.
  const github = createFakeGithub({ anyToken: true, origin: `http://127.0.0.1:${port}/github` });
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/github/')) return judge.app.fetch(request);
    url.pathname = url.pathname.slice('/github'.length);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return github.app.fetch(new Request(url, { method: request.method, headers: request.headers, body }));
  };
  serve({ fetch, port, hostname: '127.0.0.1' }, () => {
    for (const [name, origin] of Object.entries(fakeJudgeEnv(`http://127.0.0.1:${port}`))) console.log(`${name}=${origin}`);
    console.log(`GITHUB_API_ORIGIN=http://127.0.0.1:${port}/github`);
  });
}
