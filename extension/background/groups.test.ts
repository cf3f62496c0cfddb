import { describe, expect, it } from 'vitest';
import { handleMessage } from './dispatch';
import { page, setup, signIn } from './test-support';

describe('groups: the popup’s due date on a problem page', () => {
  it('asks the tracker for the assignments holding the page’s problem and answers when each is due', async () => {
    const t = setup();
    await signIn(t.local);
    const asked: string[] = [];
    const fallback = t.deps.fetch;
    t.deps.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname !== '/question-tracker/v1/groups') return fallback(input, init);
      asked.push(url.searchParams.get('problem') ?? '');
      const assignments = [{ id: 'a1', groupId: 'g1', groupName: 'Evening class', sheetId: 's1', sheetName: 'Week one', sheetSlug: 'week-one', dueAt: '2030-03-08T17:00:00.000Z', questionCount: 3, createdAt: '2030-03-01T00:00:00.000Z', solved: 1, late: 0 }];
      return new Response(JSON.stringify({ status: { code: 200, success: true, error: null, message: 'OK' }, data: { groups: [], invites: [], assignments } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const url = 'https://leetcode.com/problems/two-sum/';
    expect(await handleMessage({ type: 'groups:due', url }, page, t.deps)).toEqual({ ok: true, data: [{ groupName: 'Evening class', sheetName: 'Week one', dueAt: '2030-03-08T17:00:00.000Z' }] });
    expect(asked).toEqual([url]);
  });

  it('refuses a message whose URL is not a web page’s', async () => {
    const t = setup();
    await signIn(t.local);
    const reply = await handleMessage({ type: 'groups:due', url: 'javascript:alert(1)' }, page, t.deps);
    expect(reply.ok).toBe(false);
  });
});
