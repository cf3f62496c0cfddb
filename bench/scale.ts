/**
 * Step 9: past one process. Two API servers on one PostgreSQL database, loaded at once (half the
 * connections each), and proof that they share every piece of state: a star written through A is in
 * B's next answer (and B's old ETag no longer revalidates), a session made on A works on B, and login
 * failures counted through A lock the account on B.
 */
import { check, detail, drain, errorText, record, type ServerInfo } from './lib';
import { runLoad } from './load';
import type { BenchData } from './seed';

interface SheetAnswer {
  status: number;
  etag: string | null;
  starred: string[];
}

async function getSheet(server: ServerInfo, data: BenchData, token: string, etag?: string): Promise<SheetAnswer> {
  const res = await fetch(`${server.url}/question-tracker/v2/sheet/get-sheet-data-by-slug/${data.sheet.slug}`, {
    headers: { authorization: `Bearer ${token}`, ...(etag && { 'if-none-match': etag }) },
  });
  const body = res.status === 200 ? ((await res.json()) as { data: { progress: { starred: string[] } } }) : null;
  return { status: res.status, etag: res.headers.get('etag'), starred: body?.data.progress.starred ?? [] };
}

async function star(server: ServerInfo, data: BenchData, token: string, starred: boolean) {
  const res = await fetch(`${server.url}/question-tracker/v2/sheet/mark-question/${data.sheet.id}/${data.sheet.mappingIds[0]}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ starred }),
  });
  if (res.status !== 200) throw new Error(`mark-question answered ${res.status}`);
}

export async function measureScale(a: ServerInfo, b: ServerInfo, data: BenchData, single: number | null, opts: { connections: number; duration: number }) {
  const token = data.big.token;
  const path = `/question-tracker/v2/sheet/get-sheet-data-by-slug/${data.sheet.slug}`;
  const headers = { authorization: `Bearer ${token}` };
  const half = Math.max(1, Math.round(opts.connections / 2));
  detail(`servers pid ${a.pid} (${a.url}) and pid ${b.pid} (${b.url}) on one PostgreSQL database; ${half} connections each for ${opts.duration} s`);
  await runLoad(`${b.url}${path}`, { connections: 10, duration: 1, headers }, b); // warm B
  await drain(a);
  const [ra, rb] = await Promise.all([
    runLoad(`${a.url}${path}`, { connections: half, duration: opts.duration, headers }, a),
    runLoad(`${b.url}${path}`, { connections: half, duration: opts.duration, headers }, b),
  ]);
  const combined = ra.rps + rb.rps;
  record(
    '9',
    'two servers on one PostgreSQL: combined sheet GET throughput',
    combined,
    'req/s',
    undefined,
    `A ${ra.rps.toFixed(1)} + B ${rb.rps.toFixed(1)} req/s; p99 ${ra.p99}/${rb.p99} ms` + (single ? `; ${(combined / single).toFixed(2)}× one server at ${opts.connections} connections (2 cores: both servers, PostgreSQL and the load generator share them)` : ''),
  );

  // Shared state: a write through A is what B answers next.
  try {
    const before = await getSheet(b, data, token);
    const question = data.sheet.questionIds[0] as string;
    const was = before.starred.includes(question);
    const t = performance.now();
    await star(a, data, token, !was);
    const after = await getSheet(b, data, token, before.etag ?? undefined);
    const ms = performance.now() - t;
    const seen = after.status === 200 && after.starred.includes(question) === !was;
    check('9', 'a star written through A is in the next answer of B', seen, `B answered ${after.status} to its old ETag${seen ? '' : ' (stale)'}; write + read ${ms.toFixed(0)} ms`);
    await star(b, data, token, was);
    const back = await getSheet(a, data, token);
    check('9', 'the undo written through B is in the next answer of A', back.starred.includes(question) === was);
  } catch (err) {
    check('9', 'writes through one server are seen through the other', false, errorText(err));
  }

  // Sessions and login throttling live in PostgreSQL too.
  try {
    const email = `session-${Date.now()}@bench.example.com`;
    const signup = await fetch(`${a.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-1', firstName: 'Roaming' }),
    });
    const newToken = ((await signup.json()) as { data?: { token?: string } }).data?.token ?? '';
    const me = await fetch(`${b.url}/auth/v1/me`, { headers: { authorization: `Bearer ${newToken}` } });
    check('9', 'a session created on A is valid on B', me.status === 200, `B answered ${me.status}`);

    const ghost = { email: `locked-${Date.now()}@bench.example.com`, password: 'wrong-password-1' };
    const post = (s: ServerInfo) => fetch(`${s.url}/auth/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ghost) });
    for (let i = 0; i < 5; i++) await post(a);
    const locked = await post(b);
    check('9', 'five failed logins through A lock the account on B', locked.status === 429, `B answered ${locked.status}`);
  } catch (err) {
    check('9', 'sessions and throttling shared', false, errorText(err));
  }
}
