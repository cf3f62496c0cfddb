import { describe, expect, it } from 'vitest';
import { createTestClock, TEST_CLOCK_PATH } from './test-clock';

describe('test clock', () => {
  it('exists only when TEST_CLOCK=1, and never in production', () => {
    expect(createTestClock({})).toBeNull();
    expect(() => createTestClock({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/production/);
  });

  it('moves by whole days on request and resets; other paths are not its own', async () => {
    const clock = createTestClock({ TEST_CLOCK: '1' })!;
    const post = (body: unknown, path = TEST_CLOCK_PATH) => clock.handle(new Request(`http://localhost${path}`, { method: 'POST', body: JSON.stringify(body) }));
    expect(await post({ days: 3 }, '/healthz')).toBeNull();
    const before = Date.now();
    const moved = await post({ days: 3 });
    expect(moved?.status).toBe(200);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect((await post({ days: 'soon' }))?.status).toBe(400);
    await post({ reset: true });
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
