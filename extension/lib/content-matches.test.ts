import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPatterns, platforms } from '@shared/platforms/index';
import { contentScriptMatches, judgeMatches, leetcodeMatches } from './content-matches';
import { JUDGE_MATCHES, LEETCODE_MATCHES } from './content-matches.generated';

/** The generated file's source for the current registry. */
function generatedSource(): string {
  const list = (values: readonly string[], indent: string) => values.map((v) => `${indent}'${v}',`).join('\n');
  const judges = Object.entries(judgeMatches()).map(([id, patterns]) => `  ${id}: [\n${list(patterns, '    ')}\n  ],`);
  return [
    '// Generated from the platform registry by content-matches.test.ts; do not edit by hand.',
    '// After changing shared/platforms, run: npx vitest run --project extension -u',
    '// (The content scripts use these for their manifest entries only, so the registry stays out of their bundles.)',
    '',
    "/** Each judge's problem pages (and Codeforces' status pages), where that judge's own content script runs. */",
    'export const JUDGE_MATCHES = {',
    ...judges,
    '} as const satisfies Record<string, readonly string[]>;',
    '',
    "/** LeetCode's pages, where the page-world verdict tap runs. */",
    'export const LEETCODE_MATCHES: readonly string[] = [',
    list(leetcodeMatches(), '  '),
    '];',
    '',
  ].join('\n');
}

describe('content script match patterns', () => {
  it('are generated from the registry and up to date', async () => {
    await expect(generatedSource()).toMatchFileSnapshot('./content-matches.generated.ts');
    expect(JUDGE_MATCHES).toEqual(judgeMatches());
    expect(LEETCODE_MATCHES).toEqual(leetcodeMatches());
  });

  it('cover every problem page of the registry plus Codeforces status pages, nothing broader', () => {
    const all = contentScriptMatches();
    for (const p of matchPatterns()) expect(all).toContain(p);
    const extra = all.filter((p) => !matchPatterns().includes(p));
    expect(extra.length).toBeGreaterThan(0);
    for (const p of extra) expect(p).toMatch(/^\*:\/\/([a-z0-9]+\.)*codeforces\.(com|ru)\/(contest|gym|problemset|submissions)\//);
    expect(LEETCODE_MATCHES.every((p) => /^\*:\/\/(www\.)?leetcode\.(com|cn)\//.test(p))).toBe(true);
  });

  it('gives every judge of the registry a content script of its own, and nothing else one', () => {
    // Besides LeetCode's own: the verdict tap in its page world (Chrome), and its loader (Firefox).
    const LEETCODE_TAP_SCRIPTS = ['leetcode-verdict.content.ts', 'leetcode-tap.content.ts'];
    const entries = readdirSync(resolve(import.meta.dirname, '../entrypoints'))
      .filter((f) => f.endsWith('.content.ts') && !LEETCODE_TAP_SCRIPTS.includes(f))
      .map((f) => f.replace(/\.content\.ts$/, ''))
      .sort();
    expect(entries).toEqual(platforms.filter((p) => p.problemSource).map((p) => p.id).sort());
    expect(Object.keys(JUDGE_MATCHES).sort()).toEqual(entries);
  });
});
