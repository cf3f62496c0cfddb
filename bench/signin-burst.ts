/**
 * Step 10: other requests during a burst of sign-ins. 200 sign-ins sent at once to a server that hashes
 * at the production cost (scrypt N=2^17, about 0.45 s a hash here), each from its own X-Forwarded-For
 * address and for an unknown account, so neither sign-in throttle refuses one and every one wants a hash.
 * Meanwhile a few clients read the sheet one request after another; their p99 is set beside the same
 * reads without a burst. The hashing queue (HASH_CONCURRENCY, HASH_QUEUE) is what keeps the two close:
 * the hashes it admits run a few at a time, the rest are answered 429 at once.
 */
import { detail, drain, quantile, record, sleep, type ServerInfo } from './lib';
import type { BenchData } from './seed';

const BURST = 200;
const READERS = 4;

interface Reads {
  p50: number;
  p99: number;
  n: number;
  /** Reads not answered 200. */
  failed: number;
}

/** READERS clients reading `url` back to back until `done()` says stop. */
async function readUntil(url: string, headers: Record<string, string>, done: () => boolean): Promise<Reads> {
  const times: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!done()) {
        const t = performance.now();
        try {
          const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
          await res.arrayBuffer();
          if (res.status === 200) times.push(performance.now() - t);
          else failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), n: times.length, failed };
}

export async function measureSigninBurst(server: ServerInfo, data: BenchData, quick: boolean) {
  const url = `${server.url}/question-tracker/v2/sheet/get-sheet-data-by-slug/${data.sheet.slug}`;
  const headers = { authorization: `Bearer ${data.big.token}` };
  const baseMs = quick ? 2_000 : 5_000;
  detail(`server pid ${server.pid} with SCRYPT_N=2^17; ${READERS} clients reading the sheet back to back; ${BURST} sign-ins at once, each from its own forwarded address`);

  // Warm the route, then the reads alone.
  const warmEnd = performance.now() + 1_000;
  await readUntil(url, headers, () => performance.now() > warmEnd);
  const baseEnd = performance.now() + baseMs;
  const base = await readUntil(url, headers, () => performance.now() > baseEnd);

  // The same reads while the burst is answered: from just before it is sent until its last answer.
  let burstDone = false;
  const during = readUntil(url, headers, () => burstDone);
  await sleep(100);
  const statuses: Record<string, number> = {};
  const sent = performance.now();
  await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      let key = 'error';
      try {
        const res = await fetch(`${server.url}/auth/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` },
          body: JSON.stringify({ email: `burst-${i}@bench.example.com`, password: 'not the password' }),
          signal: AbortSignal.timeout(120_000),
        });
        await res.arrayBuffer();
        key = String(res.status);
      } finally {
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }),
  ).catch(() => {});
  const burstMs = performance.now() - sent;
  burstDone = true;
  const loaded = await during;
  await drain(server);

  const burst = Object.entries(statuses)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
  const failed = (r: Reads) => (r.failed ? `, ${r.failed} not answered 200` : '');
  record('10', 'PostgreSQL: sheet GET p99, no burst', base.n ? base.p99 : null, 'ms', undefined, `p50 ${base.p50.toFixed(0)} ms, ${base.n} reads by ${READERS} clients${failed(base)}`);
  record(
    '10',
    `PostgreSQL: sheet GET p99 during ${BURST} concurrent sign-ins`,
    loaded.n && !loaded.failed ? loaded.p99 : null,
    'ms',
    { op: '<', limit: 250, label: '< 250 ms' },
    `p50 ${loaded.p50.toFixed(0)} ms, ${loaded.n} reads${failed(loaded)}; ${base.p99 ? (loaded.p99 / base.p99).toFixed(1) : '?'}× the p99 without the burst; sign-ins ${burst}, the last answered after ${(burstMs / 1000).toFixed(1)} s`,
  );
  return { base, loaded, statuses, burstMs };
}
