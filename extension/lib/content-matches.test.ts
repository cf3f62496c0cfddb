import { describe, expect, it } from 'vitest';
import { matchPatterns } from '@shared/platforms/index';
import { contentScriptMatches, leetcodeMatches } from './content-matches';
import { CONTENT_SCRIPT_MATCHES, LEETCODE_MATCHES } from './content-matches.generated';

/** The generated file's source for the current registry. */
function generatedSource(): string {
  const list = (values: readonly string[]) => values.map((v) => `  '${v}',`).join('\n');
  return [
    '// Generated from the platform registry by content-matches.test.ts; do not edit by hand.',
    '// After changing shared/platforms, run: npx vitest run --project extension -u',
    '// (The content scripts use these for their manifest entries only, so the registry stays out of their bundles.)',
    '',
    '/** Every problem page of the registry, and Codeforces status pages. */',
    'export const CONTENT_SCRIPT_MATCHES: readonly string[] = [',
    list(contentScriptMatches()),
    '];',
    '',
    "/** LeetCode's pages, where the page-world verdict tap runs. */",
    'export const LEETCODE_MATCHES: readonly string[] = [',
    list(leetcodeMatches()),
    '];',
    '',
  ].join('\n');
}

describe('content script match patterns', () => {
  it('are generated from the registry and up to date', async () => {
    await expect(generatedSource()).toMatchFileSnapshot('./content-matches.generated.ts');
    expect(CONTENT_SCRIPT_MATCHES).toEqual(contentScriptMatches());
    expect(LEETCODE_MATCHES).toEqual(leetcodeMatches());
  });

  it('cover every problem page of the registry plus Codeforces status pages, nothing broader', () => {
    for (const p of matchPatterns()) expect(CONTENT_SCRIPT_MATCHES).toContain(p);
    const extra = CONTENT_SCRIPT_MATCHES.filter((p) => !matchPatterns().includes(p));
    expect(extra.length).toBeGreaterThan(0);
    for (const p of extra) expect(p).toMatch(/^\*:\/\/([a-z0-9]+\.)*codeforces\.(com|ru)\/(contest|gym|problemset|submissions)\//);
    expect(LEETCODE_MATCHES.every((p) => /^\*:\/\/(www\.)?leetcode\.(com|cn)\//.test(p))).toBe(true);
  });
});
