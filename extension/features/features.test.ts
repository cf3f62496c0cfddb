import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFeatures } from './index';
import { csrfFromCookieString } from './leetcode-csrf';

const DIR = import.meta.dirname;
const featureFiles = readdirSync(DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'types.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('the content feature list', () => {
  it('registers every feature file exactly once, under its file name', () => {
    expect(contentFeatures.map((f) => f.id).sort()).toEqual(featureFiles);
    expect(new Set(contentFeatures.map((f) => f.id)).size).toBe(contentFeatures.length);
  });

  it('holds one feature per file, exporting only it (and its constants)', () => {
    for (const id of featureFiles) {
      const source = readFileSync(resolve(DIR, `${id}.ts`), 'utf8');
      expect(source.match(/: ContentFeature = \{/g), id).toHaveLength(1);
    }
  });

  it('runs each feature only where it has something to do', () => {
    const on = (url: string) => contentFeatures.filter((f) => f.runsOn(new URL(url))).map((f) => f.id);
    expect(on('https://leetcode.com/problems/two-sum/')).toEqual(['detect-problem', 'leetcode-verdict', 'leetcode-csrf']);
    expect(on('https://leetcode.cn/problems/two-sum/')).toEqual(['detect-problem', 'leetcode-verdict']);
    expect(on('https://codeforces.com/problemset/problem/4/A')).toEqual(['detect-problem']);
    expect(on('https://codeforces.com/contest/4/my')).toEqual(['detect-problem', 'codeforces-verdict']);
    expect(on('https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1')).toEqual(['detect-problem']);
  });

  it('keeps the content script free of zod, React and the platform registry', () => {
    const sources = [...featureFiles.map((f) => resolve(DIR, `${f}.ts`)), resolve(DIR, '../lib/judge-script.ts'), resolve(DIR, '../entrypoints/leetcode.content.ts')];
    for (const file of sources) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/from 'zod'|from 'react'|@shared\/platforms\/index|\/background\//);
    }
  });
});

describe("LeetCode's request token from the page's cookie string", () => {
  it('takes csrftoken alone, in its shape', () => {
    expect(csrfFromCookieString('a=1; csrftoken=Ab12Cd34Ef56Gh78Ij90; _ga=GA1.2')).toBe('Ab12Cd34Ef56Gh78Ij90');
    expect(csrfFromCookieString('xcsrftoken=Ab12Cd34Ef56Gh78Ij90')).toBeNull();
    expect(csrfFromCookieString('csrftoken=<script>alert(1)</script>')).toBeNull();
    expect(csrfFromCookieString('')).toBeNull();
  });
});
