// Saved pages reference their judges' stylesheets and scripts: never fetch them, and count a skipped load as done.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it } from 'vitest';
import { csesReader as reader } from './cses';
import { answer, context, NOW } from './testing';
import { SYNC_ORIGINS } from './types';

const state = { cursor: null };

describe('cses history reader', () => {
  it('reads the problem set list with the user’s own session, in one request', () => {
    expect(reader.plan(state, SYNC_ORIGINS)).toEqual({ url: 'https://cses.fi/problemset/', method: 'GET', credentials: 'include' });
    expect(reader.plan(state, { ...SYNC_ORIGINS, cses: 'http://127.0.0.1:4600' }).url).toBe('http://127.0.0.1:4600/problemset/');
    expect(reader.needs).toBe('session');
    expect(reader.dates).toBe('sync-time');
  });

  it('reads the fully solved tasks (not the tried ones) with their section, dated by the sync', () => {
    expect(reader.parse(answer('cses/problemset-signed-in.html'), state, context())).toEqual({
      submissions: [
        { problemUrl: 'https://cses.fi/problemset/task/1068', solvedAt: NOW.toISOString(), name: 'Weird Algorithm', topics: ['Introductory Problems'] },
        { problemUrl: 'https://cses.fi/problemset/task/1094', solvedAt: NOW.toISOString(), name: 'Increasing Array', topics: ['Introductory Problems'] },
        { problemUrl: 'https://cses.fi/problemset/task/1084', solvedAt: NOW.toISOString(), name: 'Apartments', topics: ['Sorting and Searching'] },
      ],
      next: null,
    });
  });

  it('reads a list with nothing solved as an empty history', () => {
    expect(reader.parse(answer('cses/problemset-none-solved.html'), state, context())).toEqual({ submissions: [], next: null });
  });

  it('tells a signed-out browser apart', () => {
    expect(reader.parse(answer('cses/problemset-signed-out.html'), state, context())).toEqual({ submissions: [], next: null, signedOut: true });
  });

  it('slows down on 429, and reports an unknown page without throwing', () => {
    expect(reader.parse({ status: 429, body: '' }, state, context())).toEqual({ submissions: [], next: null, rateLimited: true });
    expect(reader.parse(answer('cses/changed-shape.html'), state, context()).error).toMatch(
      /^CSES answered in a shape this version does not know \(no account link or no task list\)/,
    );
    expect(reader.parse({ status: 404, body: 'Not found' }, state, context()).error).toBe('CSES answered 404: try again later.');
    expect(reader.parse(answer('cses/problemset-signed-in.html'), state, { now: NOW }).error).toMatch(/needs an HTML parser/);
  });
});
