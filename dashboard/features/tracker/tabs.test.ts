import { describe, expect, it } from 'vitest';
import { resolveTab } from './tabs';

const q = (s: string) => new URLSearchParams(s);

describe('resolveTab', () => {
  it('defaults to workspace when logged in and explore when logged out', () => {
    expect(resolveTab('/question-tracker', q(''), true).tab).toBe('workspace');
    expect(resolveTab('/question-tracker', q(''), false).tab).toBe('explore');
  });
  it('honours a valid tab parameter and ignores an unknown one', () => {
    expect(resolveTab('/question-tracker', q('tab=notes'), true).tab).toBe('notes');
    expect(resolveTab('/question-tracker', q('tab=review'), true).tab).toBe('review');
    expect(resolveTab('/question-tracker', q('tab=bogus'), true).tab).toBe('workspace');
    expect(resolveTab('/question-tracker', q('tab=bogus'), false).tab).toBe('explore');
  });
  it('forces mySheets on any path containing /sheet', () => {
    expect(resolveTab('/question-tracker/sheet/blind-75', q('tab=explore'), true)).toEqual({ tab: 'mySheets', needsLogin: false, sheetPath: true });
    expect(resolveTab('/question-tracker/sheet/premium/google', q(''), false).tab).toBe('mySheets');
  });
  it('asks a logged-out visitor to log in for every tab but explore and workspace', () => {
    for (const tab of ['mySheets', 'review', 'analysis', 'notes', 'sheet']) {
      expect(resolveTab('/question-tracker', q(`tab=${tab}`), false).needsLogin).toBe(true);
      expect(resolveTab('/question-tracker', q(`tab=${tab}`), true).needsLogin).toBe(false);
    }
    expect(resolveTab('/question-tracker', q('tab=explore'), false).needsLogin).toBe(false);
    expect(resolveTab('/question-tracker', q('tab=workspace'), false).needsLogin).toBe(false);
  });
  it('shows the leaderboard and the contests to everyone', () => {
    for (const tab of ['leaderboard', 'contests']) {
      expect(resolveTab('/question-tracker', q(`tab=${tab}`), false)).toEqual({ tab, needsLogin: false, sheetPath: false });
    }
  });
});
