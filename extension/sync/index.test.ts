// Saved pages reference their judges' stylesheets and scripts: never fetch them, and count a skipped load as done.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it } from 'vitest';
import { parseProblemUrl, platformById, platforms } from '@shared/platforms/index';
import type { PlatformId } from '@shared/platforms/types';
import { syncSubmissionSchema } from '@shared/schemas/sync';
import { historyReaderFor, historyReaders, syncHostPatterns, unsupportedJudges } from './index';
import { answer, context } from './testing';
import { SYNC_ORIGINS, type SyncOriginName, type SyncOrigins, type SyncState } from './types';

/** For every reader, a saved answer with solved problems in it and the state that asked for it. */
const SAMPLES: Record<string, { file: string; state: SyncState<unknown>; now?: Date }> = {
  leetcode: { file: 'leetcode/submissions-valid-palindrome-iii.json', state: { cursor: { stage: 'dates', queue: [{ slug: 'valid-palindrome-iii', lastAt: '2025-03-20T02:36:49.000Z', name: 'Valid Palindrome III', difficulty: 'Hard' }], offset: 0, lastKey: null, earliest: null } } },
  codeforces: { file: 'codeforces/page-1.json', state: { handle: 'Rutika_212', cursor: { from: 1, count: 5 } } },
  atcoder: { file: 'atcoder/page-1.json', state: { handle: 'sample_user', cursor: null } },
  codechef: { file: 'codechef/page-0.json', state: { handle: 'sample_user', cursor: null } },
  cses: { file: 'cses/problemset-signed-in.html', state: { cursor: null } },
  geeksforgeeks: { file: 'geeksforgeeks/solved.json', state: { handle: 'sample_user', cursor: null }, now: new Date('2025-08-01T00:00:00.000Z') },
  hackerrank: { file: 'hackerrank/page-1.json', state: { handle: 'sample_user', cursor: null } },
  spoj: { file: 'spoj/status-page-1.html', state: { handle: 'sample_user', cursor: null } },
};

describe('history reader registry', () => {
  it('lists every judge of the registry exactly once: as a reader or as not available, with a reason', () => {
    const listed = [...historyReaders.map((r) => r.platform), ...unsupportedJudges.map((u) => u.platform)];
    expect([...listed].sort()).toEqual(platforms.map((p) => p.id).sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const judge of unsupportedJudges) expect(judge.reason).toMatch(/^Not available: .{20,}/);
  });

  it('has readers only for known judges that have problems, each found by its id', () => {
    for (const reader of historyReaders) {
      expect(platformById(reader.platform)?.problemSource, reader.platform).toBe(true);
      expect(historyReaderFor(reader.platform)).toBe(reader);
      expect(reader.delayMs).toBe(platformById(reader.platform)?.politeIntervalMs);
      expect(reader.origins.length).toBeGreaterThan(0);
    }
    expect(historyReaderFor('github')).toBeUndefined();
  });

  it.each(historyReaders.map((r) => [r.platform, r] as const))('%s: output URLs are canonical for its judge and pass the import schema unchanged', (platform, reader) => {
    const sample = SAMPLES[platform];
    expect(sample, `add a sample answer for ${platform}`).toBeDefined();
    if (!sample) return;
    const page = reader.parse(answer(sample.file), sample.state, context(sample.now));
    expect(page.error).toBeUndefined();
    expect(page.submissions.length).toBeGreaterThan(0);
    for (const item of page.submissions) {
      const parsed = parseProblemUrl(item.problemUrl);
      expect(parsed?.platform).toBe(platform);
      expect(parsed?.url).toBe(item.problemUrl);
      expect(syncSubmissionSchema.parse(item)).toEqual({ difficulty: undefined, ...item });
    }
  });

  it.each(historyReaders.map((r) => [r.platform, r] as const))('%s: asks only its own origins, as given', (_platform, reader) => {
    const fake = Object.fromEntries(Object.keys(SYNC_ORIGINS).map((name) => [name, `http://127.0.0.1:9/${name}`])) as SyncOrigins;
    const request = reader.plan({ handle: 'sample_user', cursor: null }, fake);
    expect(reader.origins.some((name: SyncOriginName) => request.url.startsWith(`${fake[name]}/`))).toBe(true);
    expect(request.credentials).toBe(reader.needs === 'session' ? 'include' : request.credentials);
    if (reader.needs === 'handle') expect(() => reader.plan({ cursor: null }, SYNC_ORIGINS)).toThrow(/handle/);
  });

  it('asks for host access to every origin the readers use, including the non-problem hosts', () => {
    expect(syncHostPatterns().sort()).toEqual(
      [
        'https://codeforces.com/*',
        'https://cses.fi/*',
        'https://kenkoooo.com/*',
        'https://leetcode.com/*',
        'https://practiceapi.geeksforgeeks.org/*',
        'https://www.codechef.com/*',
        'https://www.hackerrank.com/*',
        'https://www.spoj.com/*',
      ].sort(),
    );
    expect(syncHostPatterns({ ...SYNC_ORIGINS, codeforces: 'http://localhost:4100' })).toContain('http://localhost:4100/*');
  });

  it('names the session judges and the handle judges as the brief and the data say', () => {
    const needs = Object.fromEntries(historyReaders.map((r) => [r.platform, r.needs])) as Partial<Record<PlatformId, string>>;
    expect(needs).toEqual({
      leetcode: 'session',
      cses: 'session',
      // GfG's solved list is public by handle (its profile page reads it without cookies).
      geeksforgeeks: 'handle',
      codeforces: 'handle',
      atcoder: 'handle',
      codechef: 'handle',
      hackerrank: 'handle',
      spoj: 'handle',
    });
  });
});
