import { describe, expect, it } from 'vitest';
import { handleMessage } from './dispatch';
import { page, problem, setup, signIn } from './test-support';

describe('popup actions on sheets', () => {
  it('answers the API refusals with the spec messages', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    api.state.failPaths.set('/question-tracker/v2/sheet/add-questions/s1', { code: 403, error: 'Forbidden', message: 'Follow the sheet to perform any action' });
    expect(await handleMessage({ type: 'sheet:add', sheetId: 's1', problemUrl: problem.url, topic: '', subTopic: '' }, page, deps)).toEqual({
      ok: false,
      error: 'Follow the sheet to perform any action',
      code: 403,
    });
    expect(await handleMessage({ type: 'sheet:add', sheetId: 's2', problemUrl: problem.url, topic: 'Arrays', subTopic: '' }, page, deps)).toMatchObject({
      ok: true,
      data: { status: 'sent', message: 'Question added successfully' },
    });
    expect(api.callsTo('/question-tracker/v2/sheet/add-questions/s2')[0]?.body).toEqual({ data: [{ topic: 'Arrays', subTopic: '', problemUrl: problem.url }] });
    expect(await handleMessage({ type: 'record:set', problemUrl: 'https://example.com/problems/x' }, page, deps)).toEqual({ ok: false, error: 'Invalid Platform', code: 400 });
  });

});
