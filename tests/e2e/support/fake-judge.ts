/**
 * A local stand-in for Codeforces and LeetCode for the browser tests: the API server's CODEFORCES_ORIGIN
 * and LEETCODE_ORIGIN point here (playwright.config.ts). It answers with the saved answers of
 * tests/fixtures/judges, with contest times moved to the coming days so the contest list has upcoming and
 * running contests whatever the date. Known handles: FAKE_HANDLES; any other is "not found".
 *
 *   FAKE_JUDGE_PORT=18806 npx tsx tests/e2e/support/fake-judge.ts
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';

export const FAKE_HANDLES = { codeforces: 'tourist', leetcode: 'lee215' } as const;

const fixture = (judge: string, name: string) => readFileSync(resolve('tests/fixtures/judges', judge, name), 'utf8');
const HOUR = 3600;

interface CfContest { id: number; name: string; phase: string; durationSeconds: number; startTimeSeconds: number; relativeTimeSeconds: number }

/** Codeforces' contest list: the first contest running since 30 minutes, the next ones one a day from in 2 hours. */
function codeforcesContests(now: number): string {
  const list = JSON.parse(fixture('codeforces', 'contest-list.json')) as { status: string; result: CfContest[] };
  const upcoming = list.result.filter((c) => c.phase === 'BEFORE').slice(0, 4);
  const result = upcoming.map((c, i) => {
    const start = i === 0 ? now - 30 * 60 : now + 2 * HOUR + (i - 1) * 24 * HOUR;
    return { ...c, phase: i === 0 ? 'CODING' : 'BEFORE', startTimeSeconds: start, relativeTimeSeconds: now - start };
  });
  return JSON.stringify({ status: 'OK', result });
}

function leetcodeContests(now: number): string {
  const saved = JSON.parse(fixture('leetcode', 'top-two-contests.json')) as { data: { topTwoContests: { startTime: number }[] } };
  const topTwoContests = saved.data.topTwoContests.map((c, i) => ({ ...c, startTime: now + (5 + i * 48) * HOUR }));
  return JSON.stringify({ data: { topTwoContests } });
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type }).end(body);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function fakeJudge() {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake.judge');
      const now = Math.floor(Date.now() / 1000);
      if (url.pathname === '/healthz') return send(res, 200, '{"ok":true}');
      // Codeforces
      if (url.pathname === '/api/user.info') {
        const known = url.searchParams.get('handles')?.toLowerCase() === FAKE_HANDLES.codeforces;
        return known ? send(res, 200, fixture('codeforces', 'user-info.json')) : send(res, 400, fixture('codeforces', 'not-found.json'));
      }
      if (url.pathname === '/api/user.rating') {
        const known = url.searchParams.get('handle')?.toLowerCase() === FAKE_HANDLES.codeforces;
        return known ? send(res, 200, fixture('codeforces', 'user-rating.json')) : send(res, 400, fixture('codeforces', 'not-found.json'));
      }
      if (url.pathname === '/api/contest.list') return send(res, 200, codeforcesContests(now));
      // LeetCode's GraphQL: told apart by what is asked.
      if (url.pathname === '/graphql/' && req.method === 'POST') {
        const body = JSON.parse((await bodyOf(req)) || '{}') as { query?: string; variables?: { username?: string } };
        if (body.query?.includes('topTwoContests')) return send(res, 200, leetcodeContests(now));
        const known = body.variables?.username?.toLowerCase() === FAKE_HANDLES.leetcode;
        return send(res, 200, fixture('leetcode', known ? 'profile.json' : 'not-found.json'));
      }
      send(res, 404, '<h1>Not found</h1>', 'text/html');
    })().catch(() => send(res, 500, 'fake judge failed', 'text/plain'));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('tests/e2e/support/fake-judge.ts')) {
  const port = Number(process.env.FAKE_JUDGE_PORT ?? 18788);
  fakeJudge().listen(port, '127.0.0.1');
}
