import { describe, expect, it } from 'vitest';
import { handleMessage } from './dispatch';
import { page, problem, setup, signIn } from './test-support';
import { addLinkToWorkspace } from './workspace';

describe('popup actions on the workspace', () => {
  it('adds to the workspace, then stars and marks solved by setting fields of the same record', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    const add = await handleMessage({ type: 'record:set', problemUrl: 'https://leetcode.com/problems/two-sum/description/' }, page, deps);
    expect(add).toMatchObject({ ok: true, data: { status: 'sent', message: 'Added to workspace', result: { created: true, record: { checked: false, starred: false } } } });
    const star = await handleMessage({ type: 'record:set', problemUrl: problem.url, starred: true }, page, deps);
    expect(star).toMatchObject({ ok: true, data: { status: 'sent', message: 'Starred', result: { created: false, record: { starred: true, checked: false } } } });
    const solve = await handleMessage({ type: 'record:set', problemUrl: problem.url, checked: true }, page, deps);
    expect(solve).toMatchObject({ ok: true, data: { message: 'Marked as solved', result: { record: { starred: true, checked: true } } } });
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question')).toHaveLength(1);
    expect(api.callsTo(/update-question/).map((c) => c.body)).toEqual([{ starred: true }, { checked: true }]);
    // Every call carries the token; the token is never in a reply.
    expect(api.calls.every((c) => c.auth === `Bearer tok_${'x'.repeat(40)}`)).toBe(true);
  });

  it('starring a problem not yet in the workspace adds it starred; an unknown one becomes a custom question with the page details', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    expect(await handleMessage({ type: 'record:set', problemUrl: problem.url, starred: true }, page, deps)).toMatchObject({ ok: true, data: { message: 'Added to workspace and starred' } });
    await handleMessage(
      { type: 'record:set', problemUrl: 'https://leetcode.com/problems/not-in-catalogue/', details: { name: 'Not In Catalogue', difficulty: 'Hard', topics: ['Graph'] } },
      page,
      deps,
    );
    const custom = api.callsTo('/question-tracker/v1/user/question/solve-question').at(-1)?.body;
    expect(custom).toMatchObject({ custom: { name: 'Not In Catalogue', difficulty: 'Hard', topics: ['Graph'], problemUrl: 'https://leetcode.com/problems/not-in-catalogue/' } });
  });

  it("today's solved count comes from the activity of the person's time zone", async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    expect(await handleMessage({ type: 'activity:today', timeZone: 'Asia/Kolkata' }, page, deps)).toEqual({ ok: true, data: { date: '2024-06-01', solved: 3 } });
    expect(api.callsTo('/question-tracker/v1/user/analytics/activity')[0]?.query.get('tz')).toBe('Asia/Kolkata');
  });

  it('the context menu adds a problem link to the workspace, and ignores other links', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    expect(await addLinkToWorkspace(deps, 'https://codeforces.com/contest/4/problem/A')).toMatchObject({ ok: true, data: { status: 'sent', message: 'Added to workspace' } });
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question')[0]?.body).toMatchObject({ questionId: 'q-4a', checked: false });
    expect(await addLinkToWorkspace(deps, 'https://example.com/')).toMatchObject({ ok: false });
  });
});
