import { describe, expect, it, vi } from 'vitest';
import { badgeText, refreshBadge } from './badge';
import { handleMessage } from './dispatch';
import { REVIEW_AREA_MESSAGES } from './review';
import { content, page, problem, setup, signIn } from './test-support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOW = 1_700_000_000_000;

/** A signed-in background whose badge is watched. */
async function ready() {
  const s = setup();
  const badge = vi.fn();
  s.deps.badge = badge;
  await signIn(s.local);
  return { ...s, badge };
}

const verdict = (submissionId = '101') => ({ type: 'verdict:accepted', verdict: { source: 'leetcode', problemUrl: problem.url, submissionId } });

describe('review: rating from the popup', () => {
  it('rates with a client id, answers the card and the next dues, and says when it comes back', async () => {
    const { deps, api } = await ready();
    const reply = await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'good' }, page, deps);
    expect(reply).toMatchObject({
      ok: true,
      data: { status: 'sent', message: REVIEW_AREA_MESSAGES.rated(new Date(NOW + 3 * 86_400_000).toISOString(), NOW), result: { card: { state: 'review' }, next: { good: expect.any(String) as unknown } } },
    });
    expect(reply.ok && (reply.data as { message: string }).message).toBe('Review saved: next review in 3 days.');
    const [call] = api.callsTo('/question-tracker/v1/user/review/rate/q-two-sum', 'POST');
    expect(call?.body).toEqual({ rating: 'good', id: expect.stringMatching(UUID) as unknown });
    expect(api.ratings).toEqual([{ questionId: 'q-two-sum', rating: 'good', id: (call?.body as { id: string }).id }]);
  });

  it('refuses a rating that is not one of the four, and needs a signed-in user', async () => {
    const { deps, api, local } = await ready();
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'perfect' }, page, deps)).toEqual({ ok: false, error: 'Invalid message' });
    await local.remove('token');
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'good' }, page, deps)).toMatchObject({ ok: false, code: 401 });
    expect(api.ratings).toEqual([]);
  });

  it('offline, the rating waits in the queue and is sent once when back, with the same client id', async () => {
    const { deps, api } = await ready();
    api.state.offline = true;
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-4a', rating: 'hard' }, page, deps)).toMatchObject({ ok: true, data: { status: 'queued' } });
    // A second try while still offline sends the same rating again, not a new one.
    await handleMessage({ type: 'queue:flush' }, page, deps);
    api.state.offline = false;
    await handleMessage({ type: 'queue:flush' }, page, deps);
    await handleMessage({ type: 'queue:flush' }, page, deps);
    const ids = api.callsTo('/question-tracker/v1/user/review/rate/q-4a').map((c) => (c.body as { id: string }).id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(1);
    expect(api.ratings).toEqual([{ questionId: 'q-4a', rating: 'hard', id: ids[0] }]);
    expect(await handleMessage({ type: 'queue:status' }, page, deps)).toEqual({ ok: true, data: { pending: 0, lastError: null } });
  });

  it('a rating sent but not answered (the connection dropped) rates once when sent again', async () => {
    const { deps, api } = await ready();
    // The API records the rating, then the answer is lost on the way back.
    const real = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementationOnce(async (...args: Parameters<typeof fetch>) => {
      await real(...args);
      throw new TypeError('Failed to fetch');
    });
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'easy' }, page, deps)).toMatchObject({ ok: true, data: { status: 'queued' } });
    await handleMessage({ type: 'queue:flush' }, page, deps);
    expect(api.callsTo(/\/review\/rate\//)).toHaveLength(2);
    expect(api.ratings).toHaveLength(1);
  });
});

describe('review: rating from the page after an Accepted verdict', () => {
  async function ticked(askRating = true) {
    const s = await ready();
    if (!askRating) await handleMessage({ type: 'settings:set', askRating: false }, page, s.deps);
    await handleMessage({ type: 'problem:detected', problem }, content(7), s.deps);
    return { ...s, reply: await handleMessage(verdict(), content(7), s.deps) };
  }

  it('the verdict that ticks a question asks how it went; that tab may rate that question once', async () => {
    const { deps, api, reply } = await ticked();
    expect(reply).toMatchObject({ ok: true, data: { status: 'ticked', ask: { questionId: 'q-two-sum' } } });
    // Another tab, or another question, may not.
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'good' }, content(8), deps)).toEqual({ ok: false, error: REVIEW_AREA_MESSAGES.refused });
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-4a', rating: 'good' }, content(7), deps)).toEqual({ ok: false, error: REVIEW_AREA_MESSAGES.refused });
    const rated = await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'good' }, content(7), deps);
    expect(rated).toMatchObject({ ok: true, data: { status: 'sent', message: 'Review saved: next review in 3 days.' } });
    // Once: a second rating from the page (a forged repeat) is refused.
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'easy' }, content(7), deps)).toEqual({ ok: false, error: REVIEW_AREA_MESSAGES.refused });
    expect(api.ratings.map((r) => r.rating)).toEqual(['good']);
  });

  it('two ratings sent at the same moment from the page: one is sent', async () => {
    const { deps, api } = await ticked();
    const replies = await Promise.all(['good', 'easy'].map((rating) => handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating }, content(7), deps)));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(api.ratings).toHaveLength(1);
  });

  it('does not ask when the option is off, nor for a duplicate verdict', async () => {
    const off = await ticked(false);
    expect(off.reply).toEqual({ ok: true, data: { status: 'ticked', message: expect.any(String) as unknown } });
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'good' }, content(7), off.deps)).toEqual({ ok: false, error: REVIEW_AREA_MESSAGES.refused });
    const on = await ticked();
    expect(await handleMessage(verdict(), content(7), on.deps)).toEqual({ ok: true, data: { status: 'duplicate', message: '' } });
  });

  it('signed out meanwhile: the page is told, nothing is rated', async () => {
    const { deps, api, local } = await ticked();
    await local.remove('token');
    expect(await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'good' }, content(7), deps)).toMatchObject({ ok: false, code: 401 });
    expect(api.ratings).toEqual([]);
  });
});

describe('review: the popup facts and the badge', () => {
  it("answers the number due, the streak and today's progress in the person's time zone, and shows the number on the badge", async () => {
    const { deps, api, badge } = await ready();
    expect(await handleMessage({ type: 'review:status', timeZone: 'Asia/Kolkata' }, page, deps)).toEqual({
      ok: true,
      data: { due: 4, streak: 3, today: { reviews: 2, newProblems: 1, goal: { reviews: 5, newProblems: 1 }, met: false } },
    });
    expect(api.callsTo('/question-tracker/v1/user/review/streak')[0]?.query.get('tz')).toBe('Asia/Kolkata');
    expect(badge).toHaveBeenLastCalledWith('4');
  });

  it('the badge follows ticks, stars and ratings made through the extension', async () => {
    const { deps, api, badge } = await ready();
    await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'good' }, page, deps);
    await vi.waitFor(() => expect(badge).toHaveBeenLastCalledWith('3'));
    api.review.due = 7;
    await handleMessage({ type: 'record:set', problemUrl: problem.url, starred: true }, page, deps);
    await vi.waitFor(() => expect(badge).toHaveBeenLastCalledWith('7'));
    // A note saved through the queue changes nothing due: no count is asked for.
    const counts = api.callsTo('/question-tracker/v1/user/review/count').length;
    await handleMessage({ type: 'note:update', noteId: 'n1', note: '<p>x</p>' }, page, deps);
    await new Promise((r) => setTimeout(r, 10));
    expect(api.callsTo('/question-tracker/v1/user/review/count')).toHaveLength(counts);
  });

  it('is set on signing in, cleared on signing out, and cleared when nothing is due', async () => {
    const { deps, api, badge } = await ready();
    await handleMessage({ type: 'auth:login', email: 'a@b.co', password: 'whatever1' }, page, deps);
    await vi.waitFor(() => expect(badge).toHaveBeenLastCalledWith('4'));
    await handleMessage({ type: 'auth:logout' }, page, deps);
    expect(badge).toHaveBeenLastCalledWith('');
    await signIn(deps.local);
    api.review.due = 0;
    await refreshBadge(deps);
    expect(badge).toHaveBeenLastCalledWith('');
  });

  it('a refused token clears it; an unreachable API leaves it as it was', async () => {
    const { deps, api, badge } = await ready();
    await refreshBadge(deps);
    expect(badge).toHaveBeenLastCalledWith('4');
    api.state.offline = true;
    await refreshBadge(deps);
    expect(badge).toHaveBeenCalledTimes(1);
    api.state.offline = false;
    api.state.failPaths.set('/question-tracker/v1/user/review/count', { code: 401, error: 'Unauthorized', message: 'Please sign in' });
    await refreshBadge(deps);
    expect(badge).toHaveBeenLastCalledWith('');
  });

  it('refreshes asked for while one runs are done once after it, not each', async () => {
    const { deps, api } = await ready();
    await Promise.all([refreshBadge(deps), refreshBadge(deps), refreshBadge(deps), refreshBadge(deps)]);
    expect(api.callsTo('/question-tracker/v1/user/review/count')).toHaveLength(2);
  });

  it('badge text: hidden at 0, short above 999', () => {
    expect([0, 1, 42, 999, 1000].map(badgeText)).toEqual(['', '1', '42', '999', '999+']);
  });
});
