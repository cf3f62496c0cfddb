/**
 * Step 5: a 1 MB CSV imported into a sheet and as progress, end to end over HTTP (multipart upload,
 * parse, database, answer), for a fresh user so the big user's data stays as seeded.
 */
import { readSeed } from '../api/db/seed/index';
import { parseProblemUrl } from '../shared/platforms/index';
import { MAX_UPLOAD_BYTES } from '../shared/rules/upload';
import { SYNC_CHUNK } from '../shared/schemas/sync';
import { errorText, record, type ServerInfo } from './lib';

/** Just under the upload limit (strictly less than 1 MiB). */
const CSV_BYTES = MAX_UPLOAD_BYTES - 8 * 1024;

const TOPICS = ['Arrays', 'Strings', 'Graphs', 'Trees', 'Dynamic Programming', 'Greedy', 'Math', 'Heaps', 'Tries', 'Bits'];

/** Problem URLs: the whole catalogue, then custom ones (LeetCode and Codeforces problems it does not know). */
function* problemUrls(): Generator<string> {
  for (const q of readSeed().catalogue) yield q.sourceUrl;
  for (let n = 0; ; n++) {
    yield n % 2 === 0 ? `https://leetcode.com/problems/bench-import-${n}/` : `https://codeforces.com/problemset/problem/${7000 + Math.floor(n / 6)}/${'ABCDEF'[n % 6]}`;
  }
}

function buildCsv(header: string, row: (url: string, i: number) => string, maxRows = Infinity): { text: string; rows: number } {
  const lines = [`${header}\n`];
  let bytes = Buffer.byteLength(lines[0] as string);
  for (const url of problemUrls()) {
    const line = `${row(url, lines.length - 1)}\n`;
    const size = Buffer.byteLength(line);
    if (lines.length - 1 >= maxRows || bytes + size > CSV_BYTES) break;
    lines.push(line);
    bytes += size;
  }
  return { text: lines.join(''), rows: lines.length - 1 };
}

const progressCsv = () => buildCsv('problemUrl,solved', (url, i) => `${url},${i % 3 === 0 ? 'no' : 'yes'}`);
const sheetCsv = (maxRows?: number) =>
  buildCsv(
    'problemUrl,topic,subTopic',
    (url, i) => {
      const topic = TOPICS[i % TOPICS.length] as string;
      return `${url},${topic},${i % 4 === 0 ? '' : `${topic} ${['Basics', 'Patterns', 'Advanced'][i % 3]}`}`;
    },
    maxRows,
  );

async function json(res: Response) {
  return (await res.json()) as { status: { message: string }; data: Record<string, unknown> };
}

async function upload(url: string, token: string, csv: string, fields: Record<string, string>, timeoutMs: number) {
  const form = new FormData();
  form.set('file', new File([csv], 'bench.csv', { type: 'text/csv' }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const t = performance.now();
  const res = await fetch(url, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  const body = JSON.parse(text) as Awaited<ReturnType<typeof json>>;
  return { ms: performance.now() - t, status: res.status, body, bytes: Buffer.byteLength(text) };
}

const UNDER_2S = { op: '<', limit: 2000, label: '< 2 s' } as const;

const failure = (err: unknown, timeoutMs: number) =>
  (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : `failed: ${errorText(err)}`;

export async function measureImports(dbLabel: string, server: ServerInfo, timeoutMs: number) {
  const progress = progressCsv();
  const small = sheetCsv(1000);
  const large = sheetCsv();
  const email = `importer-${Date.now()}@bench.example.com`;
  const signup = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', firstName: 'Importer' }),
  });
  const token = ((await json(signup)).data as { token?: string }).token ?? '';

  const kb = (n: string) => (Buffer.byteLength(n) / 1000).toFixed(0);
  try {
    const r = await upload(`${server.url}/question-tracker/v1/user/uploader/progress`, token, progress.text, {}, timeoutMs);
    const d = r.body.data as { new?: number; total?: number } | null;
    record('5', `${dbLabel}: progress import, ${kb(progress.text)} kB CSV, ${progress.rows} rows`, r.status === 200 ? r.ms : null, 'ms', UNDER_2S, r.status === 200 ? `${d?.new ?? '?'} records added; the answer is ${(r.bytes / 1e6).toFixed(1)} MB of JSON` : `answered ${r.status}: ${r.body.status.message}`);
  } catch (err) {
    record('5', `${dbLabel}: progress import, ${kb(progress.text)} kB CSV, ${progress.rows} rows`, null, 'ms', UNDER_2S, failure(err, timeoutMs));
  }

  let rowsPerSecond = NaN;
  const sheetImport = async (csv: { text: string; rows: number }, target?: typeof UNDER_2S) => {
    const name = `${dbLabel}: sheet import, ${kb(csv.text)} kB CSV, ${csv.rows} rows`;
    try {
      const created = await fetch(`${server.url}/question-tracker/v2/sheet/create-sheet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Imported ${csv.rows}`, description: '', slug: `bench-import-${csv.rows}-${Date.now()}`, visibility: 'private' }),
      });
      const sheetId = ((await json(created)).data as { sheet?: { _id: string } }).sheet?._id ?? '';
      const r = await upload(`${server.url}/question-tracker/v1/user/uploader/sheet`, token, csv.text, { sheetId }, timeoutMs);
      const d = r.body.data as { added?: number } | null;
      if (r.status === 200) rowsPerSecond = csv.rows / (r.ms / 1000);
      record('5', name, r.status === 200 ? r.ms : null, 'ms', target, r.status === 200 ? `${d?.added ?? '?'} questions added, ${Math.round(csv.rows / (r.ms / 1000))} rows/s` : `answered ${r.status}: ${r.body.status.message}`);
    } catch (err) {
      const projected = Number.isFinite(rowsPerSecond) ? `; at the 1,000-row file's ${Math.round(rowsPerSecond)} rows/s it would take about ${Math.round(csv.rows / rowsPerSecond)} s` : '';
      record('5', name, null, 'ms', target, `${failure(err, timeoutMs)}${projected}`);
    }
  };
  // A small file first: its rate tells how long the 1 MB file would take if it does not finish in time.
  await sheetImport(small);
  await sheetImport(large, UNDER_2S);
  await historySync(dbLabel, server, token, timeoutMs);
}

const UNDER_1_5S = { op: '<', limit: 1500, label: '< 1.5 s' } as const;

/**
 * A history sync's largest call: 5,000 Accepted submissions across judges (the catalogue's problems, then
 * ones it does not know, with names, ratings and topics as a judge gives them), over HTTP.
 */
async function historySync(dbLabel: string, server: ServerInfo, token: string, timeoutMs: number) {
  const name = `${dbLabel}: history sync, ${SYNC_CHUNK.toLocaleString('en')} submissions across judges`;
  const urls = problemUrls();
  const byPlatform = new Map<string, { problemUrl: string; solvedAt: string; name: string; difficulty: string; topics: string[] }[]>();
  const now = Date.now();
  for (let i = 0; i < SYNC_CHUNK; i++) {
    const problemUrl = urls.next().value as string;
    const platform = parseProblemUrl(problemUrl)?.platform ?? 'leetcode';
    const list = byPlatform.get(platform) ?? [];
    list.push({ problemUrl, solvedAt: new Date(now - (i % 900) * 86_400_000).toISOString(), name: `Bench problem ${i}`, difficulty: String(800 + (i % 27) * 100), topics: [TOPICS[i % TOPICS.length] as string] });
    byPlatform.set(platform, list);
  }
  const post = (platform: string, submissions: unknown[]) =>
    fetch(`${server.url}/question-tracker/v1/user/sync/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ platform, submissions }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  try {
    // One call per judge, as the extension sends them; the figure is all of them together.
    const t = performance.now();
    let added = 0;
    for (const [platform, list] of byPlatform) {
      const res = await post(platform, list);
      const body = (await res.json()) as { status: { message: string }; data: Record<string, number> };
      if (res.status !== 200) throw new Error(`${platform} answered ${res.status}: ${body.status.message}`);
      added += body.data.new ?? 0;
    }
    const ms = performance.now() - t;
    record('5', name, ms, 'ms', UNDER_1_5S, `${byPlatform.size} judges, one call each; ${added} problems newly solved`);
  } catch (err) {
    record('5', name, null, 'ms', UNDER_1_5S, failure(err, timeoutMs));
  }
}
