import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOLUTION_MAX_BYTES, SOLUTION_MESSAGES } from '@shared/rules/solutions';
import { codeforcesSubmissionUrl, parseCodeforcesSubmission } from './codeforces';

const page = (file: string) => readFileSync(resolve(import.meta.dirname, '../../tests/fixtures/solutions/codeforces', file), 'utf8');

describe("Codeforces' submission page", () => {
  it('reads the escaped source exactly, and the language of its own row', () => {
    const read = parseCodeforcesSubmission(page('submission-250000011.html'), '250000011');
    expect(read).toEqual({
      ok: true,
      language: 'GNU C++17',
      code: [
        '#include <bits/stdc++.h>',
        'using namespace std;',
        '',
        'int main() {',
        '    int w;',
        '    cin >> w;',
        '    // "YES" when both halves are even & positive',
        `    cout << (w > 2 && w % 2 == 0 ? "YES" : "NO") << '\\n';`,
        '}',
        '',
      ].join('\n'),
    });
  });

  it('reads the saved 2015 page, whose copy left the angle brackets unescaped', () => {
    const read = parseCodeforcesSubmission(page('submission-2015.html'), '10201524');
    expect(read.ok && read.language).toBe('GNU C++');
    expect(read.ok && read.code).toMatch(/^#include <iostream>\n\nusing namespace std;/);
    expect(read.ok && read.code).toContain("if (s[i] >= 'a' && s[i] <= 'z')");
  });

  it('keeps markup in the code as text, ignores decoys, and falls back to the block’s language', () => {
    const read = parseCodeforcesSubmission(page('submission-hostile.html'), '250000012');
    expect(read).toEqual({ ok: true, language: 'py', code: 'print("</pre><script>alert(1)</script>")\n' });
  });

  it('drops the line markup of a copy saved after the page highlighted it', () => {
    const html = '<pre id="program-source-text" class="prettyprint lang-cpp linenums program-source"><ol class="linenums"><li class="L0"><span class="kwd">int</span><span class="pln"> main</span><span class="pun">()</span></li><li class="L1"><span class="pun">{}</span></li></ol></pre>';
    expect(parseCodeforcesSubmission(html, '1')).toEqual({ ok: true, language: 'cpp', code: 'int main()\n{}\n' });
  });

  it("refuses a source over the solutions' limit with the tracker's own words", () => {
    const pre = (code: string) => `<pre id="program-source-text" class="prettyprint lang-cpp program-source">${code}</pre>`;
    expect(parseCodeforcesSubmission(pre('x'.repeat(SOLUTION_MAX_BYTES)), '1')).toMatchObject({ ok: true, language: 'cpp' });
    // Counted in UTF-8 bytes, after the page's escapes are decoded.
    expect(parseCodeforcesSubmission(pre('&lt;'.repeat(SOLUTION_MAX_BYTES)), '1')).toMatchObject({ ok: true });
    expect(parseCodeforcesSubmission(pre('é'.repeat(SOLUTION_MAX_BYTES / 2 + 1)), '1')).toEqual({ ok: false, error: SOLUTION_MESSAGES.tooLarge });
  });

  it('says why there is no code: signed out, a browser check, a changed page, an empty source', () => {
    expect(parseCodeforcesSubmission(page('enter.html'), '1')).toMatchObject({ ok: false, signedOut: true });
    expect(parseCodeforcesSubmission('<html><title>Just a moment...</title></html>', '1')).toMatchObject({ ok: false, error: 'Codeforces asked for a browser check.' });
    expect(parseCodeforcesSubmission('<div class="source">int main(){}</div>', '1')).toMatchObject({ ok: false, error: expect.stringMatching(/no source/) as unknown });
    expect(parseCodeforcesSubmission('<pre id="program-source-text" class="lang-cpp">  \n</pre>', '1')).toMatchObject({ ok: false });
    expect(parseCodeforcesSubmission('<pre id="program-source-text">x</pre>', '1')).toMatchObject({ ok: false, error: 'The submission page names no language.' });
  });

  it('finds the submission page from the problem key: contests and gyms', () => {
    const origin = 'https://codeforces.com';
    expect(codeforcesSubmissionUrl(origin, '4A', '250000011')).toBe('https://codeforces.com/contest/4/submission/250000011');
    expect(codeforcesSubmissionUrl(origin, '1776F2', '1')).toBe('https://codeforces.com/contest/1776/submission/1');
    expect(codeforcesSubmissionUrl(origin, 'gym104114C', '2')).toBe('https://codeforces.com/gym/104114/submission/2');
    expect(codeforcesSubmissionUrl(origin, '../4A', '2')).toBeNull();
    expect(codeforcesSubmissionUrl(origin, '4A', '2/../../x')).toBeNull();
  });
});
