import { describe, expect, it } from 'vitest';
import type { PageDiagnosis } from '@shared/schemas/health';
import { browserVersion, diagnosticText } from './diagnostic';

const diagnosis: PageDiagnosis = {
  part: 'page',
  platform: 'leetcode',
  judge: 'LeetCode',
  url: 'https://leetcode.com/problems/two-sum/',
  at: '2026-01-02T03:04:05.000Z',
  matched: ['titleLink', 'level'],
  unmatched: ['nextData', 'statement'],
};

describe('the diagnostic of a page the extension did not understand', () => {
  it('holds the address, the versions and the selectors by name, nothing else', () => {
    expect(diagnosticText(diagnosis, { extension: '0.1.0', browser: 'Chrome 131.0.0.0' })).toBe(
      [
        'Practice Tracker: a LeetCode problem page the extension did not understand',
        'Page: https://leetcode.com/problems/two-sum/',
        'Seen: 2026-01-02T03:04:05.000Z',
        'Extension: 0.1.0',
        'Browser: Chrome 131.0.0.0',
        'Selectors matched: titleLink, level',
        'Selectors not matched: nextData, statement',
        'Selector table: extension/platforms/leetcode.dom.ts',
      ].join('\n'),
    );
  });

  it('names a verdict panel, and says none when no selector matched', () => {
    const text = diagnosticText({ ...diagnosis, part: 'verdict', platform: 'codeforces', judge: 'Codeforces', matched: [] }, { extension: '1', browser: 'Firefox 133.0' });
    expect(text).toContain('a Codeforces verdict panel');
    expect(text).toContain('Selectors matched: none');
  });

  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36', 'Chrome 131.0.6778.85'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36', 'Chrome 131.0.6778.85'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70', 'Edge 131.0.2903.70'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0', 'Opera 116.0.0.0'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133.0'],
    ['Something else', 'another browser'],
  ])('reads the browser from %j as %s, and only that', (ua, expected) => {
    expect(browserVersion(ua)).toBe(expected);
  });
});
