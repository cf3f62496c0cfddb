import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSecurity } from './report';
import { createTestApp, type Reply } from '../../api/testing';
import { POLICIES, routeKey, type Expectation } from './matrix-policy';
import { ACTORS, World, type Actor, type Resource, type Target, type TestApp } from './matrix-world';

/** Method and path of every handler the app registers: middleware (ALL, wildcards) is not a route. */
function registeredRoutes(app: TestApp['app']): string[] {
  const keys = app.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => routeKey(r.method, r.path));
  return [...new Set(keys)].sort();
}

const sharedFor = (world: World, target: Target): Resource | null =>
  target === 'self' || target === 'open' ? null : world.shared[target];

describe('access matrix: every route × actor × resource state', () => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await createTestApp();
    world = new World(t);
    await world.build();
  });
  afterAll(() => t.close());

  it('has a policy for every registered route', () => {
    const policies = new Set(POLICIES.map((p) => routeKey(p.method, p.path)));
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !policies.has(r))).toEqual([]);
  });

  it('answers each cell with the status its policy gives, and leaks nothing', async () => {
    const registered = new Set(registeredRoutes(t.app));
    const wrong: string[] = [];
    const leakList: string[] = [];
    let cases = 0;

    for (const policy of POLICIES) {
      // A policy may be written before its route exists; only registered routes are called.
      if (!registered.has(routeKey(policy.method, policy.path))) continue;
      const write = policy.method !== 'GET';
      for (const rule of policy.cases) {
        for (const target of rule.targets) {
          for (const actor of ACTORS) {
            const expected: Expectation = rule.expect(actor, target);
            // A successful write would change what later cells see: it gets its own copy of the resource.
            const fresh = write && expected.status < 300 && rule.spoils !== false;
            const mark = world.secrets.length;
            const resource = fresh ? await world.fresh(target) : sharedFor(world, target);
            const request = await rule.request({ world, actor, target, resource });
            // A refused write, or one that may touch only the caller's own data, must leave the resource as its owner sees it.
            const guarded = write && (expected.status >= 400 || rule.harmless?.(actor) === true);
            const before = guarded ? await world.snapshot(resource) : '';
            const token = 'token' in request ? (request.token ?? null) : world.token(actor);
            const reply = await t.call(policy.method, request.path, { token, body: request.body });
            cases++;

            const cell = `${policy.method} ${policy.path} [${rule.label}] ${actor} on ${target}`;
            // An empty answer has a null body, and a cell may answer something that is not an envelope.
            const body = reply.body as Partial<Reply['body']> | null;
            const message = body?.status?.message;
            if (reply.status !== expected.status || (expected.message !== undefined && message !== expected.message)) {
              wrong.push(`${cell}: expected ${expected.status}${expected.message ? ` '${expected.message}'` : ''}, got ${reply.status} '${message}'`);
            }
            leakList.push(...leaksIn(world, actor, reply.status, JSON.stringify(reply.body)).map((l) => `${cell}: ${l}`));
            if (guarded) {
              const after = await world.snapshot(resource);
              if (after !== before) leakList.push(`${cell}: the ${expected.status >= 400 ? 'refused ' : ''}request changed the ${target}`);
            }
            // A fresh resource may have been renamed or made public by this cell: its secrets end with it.
            if (fresh) world.secrets.splice(mark);
          }
        }
      }
    }

    const leaks = leakList.length;
    console.log(`access matrix: ${cases} cases, ${leaks} leaks`);
    reportSecurity({ check: 'access matrix', cases, leaks });
    expect(leakList).toEqual([]);
    expect(wrong).toEqual([]);
    expect(leaks).toBe(0);
  }, 180_000);
});

/** Secrets in an answer that its reader may not see; a refused request may show none at all. */
function leaksIn(world: World, actor: Actor, status: number, text: string): string[] {
  return world.secrets
    .filter((s) => text.includes(s.text) && (status >= 400 || !s.visibleTo.includes(actor)))
    .map((s) => `shows ${s.what}`);
}
