/**
 * Load with a different request each time (autocannon's setupRequest), spread over one or more servers,
 * counting the API processes', PostgreSQL's and the load generator's CPU time per request (steps 11-14).
 */
import autocannon from 'autocannon';
import { cpuTimes, postgresCpuMs } from './cpu';
import { drain, quantile, type ServerInfo } from './lib';

export interface Call {
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

export interface Varied {
  rps: number;
  /** Latency quantiles of the requests after each connection's first (see varied). */
  p50: number;
  p99: number;
  /** The slowest of the connections' first requests, sent together as the connections open. */
  firstMs: number;
  statuses: Record<string, number>;
  errors: number;
  requests: number;
  /** The API processes' CPU time per request (JavaScript, the driver, the HTTP stack). */
  cpuMs: number;
  /** This machine's PostgreSQL processes' CPU time per request, null when they cannot be seen (PGlite runs inside the API). */
  dbCpuMs: number | null;
  /** The load generator's own CPU time per request (this process). */
  loadCpuMs: number;
  /**
   * The whole machine while the load ran (first request to last answer): its busy share of the CPU time
   * and its busy CPU time per request, everyone's (every API process, PostgreSQL, the load generator);
   * null where Linux's accounts cannot be read.
   */
  machine: { busy: number; cpuMs: number } | null;
}

interface LoadOptions {
  /** Called with every answer, by request index. */
  onAnswer?: (i: number, status: number, body: string) => void;
  /** Whether the servers use this machine's PostgreSQL, whose CPU time is then counted. */
  postgres?: boolean;
}

/**
 * `amount` requests from `connections` connections, split evenly over `servers`; request i is
 * `make(i)`, each i once, so no two requests share a viewer unless `make` says so.
 *
 * The latency quantiles leave out each connection's first request: those are sent at one instant as the
 * connections open and wait for each other and for the connections, so they would be a load's p99 by
 * themselves; the slowest of them is reported apart.
 */
export async function varied(
  servers: ServerInfo[],
  connections: number,
  amount: number,
  make: (i: number) => Call,
  options: LoadOptions = {},
): Promise<Varied> {
  const { onAnswer } = options;
  let next = 0;
  // autocannon ends a run with amount at its next one-second tick: the run's time ends at its last answer.
  let last = 0;
  const cpuBefore = await Promise.all(servers.map((s) => memoryOf(s)));
  const dbBefore = options.postgres ? postgresCpuMs() : null;
  const loadBefore = process.cpuUsage();
  const t = performance.now();
  const machineBefore = cpuTimes();
  let machineAfter = null as ReturnType<typeof cpuTimes>;
  let answered = 0;
  const each = Math.round(amount / servers.length);
  const latencies: number[] = [];
  const firsts: number[] = [];
  const results = await Promise.all(
    servers.map(
      (server) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: server.url,
              connections: Math.max(1, Math.round(connections / servers.length)),
              amount: each,
              timeout: 60,
              requests: [
                {
                  setupRequest: (req, context) => {
                    const i = next++;
                    (context as { i?: number }).i = i;
                    const call = make(i);
                    return {
                      ...req,
                      method: call.method,
                      path: call.path,
                      headers: { ...(call.token && { authorization: `Bearer ${call.token}` }), ...(call.body !== undefined && { 'content-type': 'application/json' }) },
                      ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
                    };
                  },
                  ...(onAnswer && {
                    onResponse: (status: number, body: string, context: object) => onAnswer((context as { i: number }).i, status, body),
                  }),
                },
              ],
            },
            (err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result)),
          );
          const opened = new WeakSet<object>();
          instance.on('response', (client: object, _status: number, _bytes: number, ms: number) => {
            last = performance.now();
            // Read at the last answer: autocannon itself ends the run only at its next one-second tick.
            if (++answered === each * servers.length) machineAfter = cpuTimes();
            if (opened.has(client)) latencies.push(ms);
            else {
              opened.add(client);
              firsts.push(ms);
            }
          });
        }),
    ),
  );
  const seconds = ((last || performance.now()) - t) / 1000;
  // A load of no more requests than connections has only first requests.
  const steady = (latencies.length ? latencies : firsts).sort((x, y) => x - y);
  for (const s of servers) await drain(s);
  const cpuAfter = await Promise.all(servers.map((s) => memoryOf(s)));
  const load = process.cpuUsage(loadBefore);
  const dbAfter = options.postgres ? postgresCpuMs() : null;
  const cpuMs = cpuAfter.reduce((sum, m, i) => sum + m.cpuMs - (cpuBefore[i]?.cpuMs ?? 0), 0);
  const statuses: Record<string, number> = {};
  let requests = 0;
  for (const r of results) {
    requests += r.requests.total;
    for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = (statuses[code] ?? 0) + (stat as { count: number }).count;
  }
  return {
    rps: requests / seconds,
    p50: Math.round(quantile(steady, 0.5)),
    p99: Math.round(quantile(steady, 0.99)),
    firstMs: Math.round(Math.max(0, ...firsts)),
    statuses,
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    requests,
    cpuMs: requests ? cpuMs / requests : 0,
    dbCpuMs: requests && dbBefore !== null && dbAfter !== null ? (dbAfter - dbBefore) / requests : null,
    loadCpuMs: requests ? (load.user + load.system) / 1000 / requests : 0,
    machine: machineOver(machineBefore, machineAfter ?? cpuTimes(), requests),
  };
}

function machineOver(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>, requests: number): Varied['machine'] {
  if (!before || !after || !requests) return null;
  const busy = after.busy - before.busy;
  const all = busy + after.idle - before.idle;
  return all > 0 ? { busy: busy / all, cpuMs: busy / requests } : null;
}

export const describe = (r: Varied) =>
  `${r.requests.toLocaleString('en-US')} requests, server CPU ${r.cpuMs.toFixed(2)} ms each${r.dbCpuMs !== null ? ` (PostgreSQL ${r.dbCpuMs.toFixed(2)} ms, load generator ${r.loadCpuMs.toFixed(2)} ms)` : ''}${r.machine ? `, the machine ${Math.round(100 * r.machine.busy)} % busy (${r.machine.cpuMs.toFixed(2)} ms of CPU a request, everyone's)` : ''}, p50 ${r.p50} ms, p99 ${r.p99} ms (each connection's first request apart: up to ${r.firstMs} ms), status ${Object.entries(r.statuses)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ')}${r.errors ? `, ${r.errors} errors/timeouts` : ''}`;
export const only = (r: Varied, code: string) => r.requests > 0 && Object.keys(r.statuses).every((k) => k === code) && !r.errors;

export async function memoryOf(server: ServerInfo): Promise<{ rss: number; heapUsed: number; arrayBuffers: number; cpuMs: number }> {
  const res = await fetch(`${server.url}/__bench/memory`);
  return (await res.json()) as { rss: number; heapUsed: number; arrayBuffers: number; cpuMs: number };
}
