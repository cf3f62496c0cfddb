// Saved pages reference their judges' stylesheets and scripts: never fetch them, and count a skipped load as done.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it } from 'vitest';
import { spojReader as reader } from './spoj';
import { answer, context } from './testing';
import { SYNC_ORIGINS } from './types';

const handle = 'sample_user';

describe('spoj history reader', () => {
  it('reads the public status pages by handle, 20 rows a page', () => {
    expect(reader.plan({ handle, cursor: null }, SYNC_ORIGINS)).toEqual({
      url: 'https://www.spoj.com/status/sample_user/all/start=0',
      method: 'GET',
      credentials: 'include',
    });
    expect(reader.plan({ handle, cursor: { start: 20 } }, { ...SYNC_ORIGINS, spoj: 'http://127.0.0.1:4700' }).url).toBe(
      'http://127.0.0.1:4700/status/sample_user/all/start=20',
    );
  });

  it('reads accepted rows (status 15), site times (summer time) as UTC, and pages on after a full page', () => {
    expect(reader.parse(answer('spoj/status-page-1.html'), { handle, cursor: null }, context())).toEqual({
      submissions: [
        { problemUrl: 'https://www.spoj.com/problems/PRIME1/', solvedAt: '2019-09-22T16:22:02.000Z', name: 'Prime Generator' },
        { problemUrl: 'https://www.spoj.com/problems/ONP/', solvedAt: '2019-09-20T12:08:02.000Z', name: 'Transform the Expression' },
        { problemUrl: 'https://www.spoj.com/problems/FCTRL2/', solvedAt: '2019-09-18T07:54:02.000Z', name: 'Small factorials' },
        { problemUrl: 'https://www.spoj.com/problems/TEST/', solvedAt: '2019-09-15T01:33:02.000Z', name: 'Life, the Universe, and Everything' },
      ],
      next: { start: 20 },
    });
  });

  it('ends on a short page; winter times are an hour off UTC', () => {
    expect(reader.parse(answer('spoj/status-page-2.html'), { handle, cursor: { start: 20 } }, context())).toEqual({
      submissions: [
        { problemUrl: 'https://www.spoj.com/problems/TEST/', solvedAt: '2019-01-15T09:00:00.000Z', name: 'Life, the Universe, and Everything' },
        { problemUrl: 'https://www.spoj.com/problems/FCTRL/', solvedAt: '2019-01-14T22:30:00.000Z', name: 'Factorial' },
      ],
      next: null,
    });
  });

  it('stops at `since` (newest first)', () => {
    const page = reader.parse(answer('spoj/status-page-1.html'), { handle, since: '2019-09-19T00:00:00.000Z', cursor: null }, context());
    expect(page.submissions.map((s) => s.problemUrl)).toEqual(['https://www.spoj.com/problems/PRIME1/', 'https://www.spoj.com/problems/ONP/']);
    expect(page.next).toBeNull();
  });

  it('reads an empty status table as done', () => {
    expect(reader.parse(answer('spoj/empty.html'), { handle, cursor: null }, context())).toEqual({ submissions: [], next: null });
  });

  it('explains a Cloudflare check, slows down on 429, and reports an unknown page', () => {
    expect(reader.parse(answer('spoj/browser-check.html', 403), { handle, cursor: null }, context()).error).toBe(
      'SPOJ asked for a browser check. Open SPOJ in a tab, let it load, then sync again.',
    );
    expect(reader.parse({ status: 429, body: '' }, { handle, cursor: null }, context()).rateLimited).toBe(true);
    expect(reader.parse(answer('spoj/changed-shape.html'), { handle, cursor: null }, context()).error).toMatch(
      /^SPOJ answered in a shape this version does not know \(no status table\)/,
    );
  });
});
