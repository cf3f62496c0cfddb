import { describe, expect, it } from 'vitest';
import { HEALTH_MESSAGES, type JudgeHealth, type PageDiagnosis } from '@shared/schemas/health';
import type { Reply } from '@shared/schemas/messages';
import type { SyncOverview } from '@shared/schemas/sync';
import { handleMessage } from './dispatch';
import { noteSync } from './health';
import { content, page, problem, setup } from './test-support';

const AT = new Date(1_700_000_000_000).toISOString();
const data = (reply: Reply<unknown>): unknown => {
  if (!reply.ok) throw new Error(reply.error);
  return reply.data;
};

async function tabHealth(deps: ReturnType<typeof setup>['deps'], tabId: number) {
  return data(await handleMessage({ type: 'health:tab', tabId }, page, deps)) as PageDiagnosis | null;
}
async function judgeHealth(deps: ReturnType<typeof setup>['deps'], platform: string) {
  const list = data(await handleMessage({ type: 'health:status' }, page, deps)) as JudgeHealth[];
  return list.find((j) => j.platform === platform);
}

describe('the extension health on each judge', () => {
  it('keeps the last page a reader understood, and says nothing on its tab', async () => {
    const { deps } = setup();
    const layout = ['nextData', 'titleLink', 'statement'];
    expect(await handleMessage({ type: 'problem:detected', problem, layout }, content(3, 'https://leetcode.com/problems/two-sum/description/?envType=x#top'), deps)).toEqual({ ok: true, data: null });
    expect(await tabHealth(deps, 3)).toBeNull();
    expect(await judgeHealth(deps, 'leetcode')).toEqual({
      platform: 'leetcode',
      name: 'LeetCode',
      // The address without its query or fragment.
      page: { at: AT, url: 'https://leetcode.com/problems/two-sum/description/' },
      verdict: null,
      sync: null,
      failure: null,
    });
  });

  it('a report before the page settled (no layout) changes nothing', async () => {
    const { deps, local } = setup();
    await handleMessage({ type: 'problem:detected', problem: { ...problem, name: null } }, content(3), deps);
    expect(await tabHealth(deps, 3)).toBeNull();
    expect(local.data.get('health:judges')).toBeUndefined();
  });

  it('a page without its statement is a failure: the tab gets its diagnosis, the judge its last failure', async () => {
    const { deps } = setup();
    // A name of no selector of the table (a content script is untrusted) is not repeated.
    const layout = ['titleLink', 'level', 'madeUp'];
    await handleMessage({ type: 'problem:detected', problem, layout }, content(3, 'https://leetcode.com/problems/two-sum/?token=secret'), deps);
    expect(await tabHealth(deps, 3)).toEqual({
      part: 'page',
      platform: 'leetcode',
      judge: 'LeetCode',
      url: 'https://leetcode.com/problems/two-sum/',
      at: AT,
      matched: ['titleLink', 'level'],
      unmatched: ['nextData', 'topicTags', 'pageData', 'statement'],
    });
    expect((await judgeHealth(deps, 'leetcode'))?.failure).toEqual({ part: 'page', at: AT, message: HEALTH_MESSAGES.page, url: 'https://leetcode.com/problems/two-sum/' });
    // Another tab is not told about it.
    expect(await tabHealth(deps, 4)).toBeNull();
  });

  it('no name read is a failure, even with the statement found; a tab without a statement by design needs the name only', async () => {
    const { deps } = setup();
    await handleMessage({ type: 'problem:detected', problem: { ...problem, name: null }, layout: ['statement'] }, content(3), deps);
    expect(await tabHealth(deps, 3)).toMatchObject({ part: 'page', matched: ['statement'] });
    await handleMessage({ type: 'problem:detected', problem, layout: ['titleLink'] }, content(5, 'https://leetcode.com/problems/two-sum/solutions/'), deps);
    expect(await tabHealth(deps, 5)).toBeNull();
    expect((await judgeHealth(deps, 'leetcode'))?.page?.url).toBe('https://leetcode.com/problems/two-sum/solutions/');
  });

  it("forgets a tab's diagnosis when the page is understood after all, or the tab moves elsewhere", async () => {
    const { deps } = setup();
    await handleMessage({ type: 'problem:detected', problem, layout: ['titleLink'] }, content(3), deps);
    // The same address identified again (a reload) keeps it.
    await handleMessage({ type: 'page:identify', url: 'https://leetcode.com/problems/two-sum/' }, content(3), deps);
    expect(await tabHealth(deps, 3)).not.toBeNull();
    await handleMessage({ type: 'problem:detected', problem, layout: ['titleLink', 'statement'] }, content(3), deps);
    expect(await tabHealth(deps, 3)).toBeNull();
    // The last failure stays listed for the judge.
    expect((await judgeHealth(deps, 'leetcode'))?.failure?.part).toBe('page');

    await handleMessage({ type: 'problem:detected', problem, layout: ['titleLink'] }, content(3), deps);
    await handleMessage({ type: 'page:identify', url: 'https://leetcode.com/problemset/' }, content(3, 'https://leetcode.com/problemset/'), deps);
    expect(await tabHealth(deps, 3)).toBeNull();
  });

  it("a status page's verdict panel that changed is its judge's failure, said on its tab", async () => {
    const { deps } = setup();
    const status = content(8, 'https://codeforces.com/problemset/status?my=on');
    expect(await handleMessage({ type: 'verdict:layout', layout: ['header', 'logout'] }, status, deps)).toEqual({ ok: true, data: null });
    expect(await tabHealth(deps, 8)).toMatchObject({ part: 'verdict', platform: 'codeforces', judge: 'Codeforces', url: 'https://codeforces.com/problemset/status', matched: ['header', 'logout'] });
    expect((await judgeHealth(deps, 'codeforces'))?.failure).toMatchObject({ part: 'verdict', message: HEALTH_MESSAGES.verdict });
    // Not from a page of a judge's reader.
    expect(await handleMessage({ type: 'verdict:layout', layout: [] }, content(9, 'https://example.com/'), deps)).toMatchObject({ ok: false });
    expect(await handleMessage({ type: 'verdict:layout', layout: ['Not a name!'] }, status, deps)).toEqual({ ok: false, error: 'Invalid message' });
  });

  it("LeetCode's verdict answer with a shape new to the tap: its field names, said on the tab, listed for the judge", async () => {
    const { deps } = setup();
    const tab = content(12, 'https://leetcode.com/problems/two-sum/');
    expect(await handleMessage({ type: 'verdict:layout', layout: ['submissionId', 'questionId'], answer: true }, tab, deps)).toEqual({ ok: true, data: null });
    expect(await tabHealth(deps, 12)).toMatchObject({
      part: 'verdict',
      answer: true,
      judge: 'LeetCode',
      matched: ['submissionId', 'questionId'],
      unmatched: ['state', 'statusMsg', 'language'],
    });
    expect((await judgeHealth(deps, 'leetcode'))?.failure).toMatchObject({ part: 'verdict', message: HEALTH_MESSAGES.answer, url: 'https://leetcode.com/problems/two-sum/' });
    // A judge whose verdicts are not read from an answer cannot claim one.
    expect(await handleMessage({ type: 'verdict:layout', layout: [], answer: true }, content(13, 'https://codeforces.com/problemset/status'), deps)).toMatchObject({ ok: false });
  });

  it('keeps the last verdict detected, and each sync as it ended; a failed sync is shown with the sync too', async () => {
    const { deps } = setup();
    await handleMessage({ type: 'problem:detected', problem }, content(7), deps);
    await handleMessage({ type: 'verdict:accepted', verdict: { source: 'leetcode', problemUrl: problem.url, submissionId: '1' } }, content(7), deps);
    expect((await judgeHealth(deps, 'leetcode'))?.verdict).toEqual({ at: AT, url: problem.url });

    await noteSync(deps, 'codeforces', false, 'Codeforces did not answer after 5 tries: try again later.');
    await noteSync(deps, 'codeforces', true, '3 new.');
    const codeforces = await judgeHealth(deps, 'codeforces');
    expect(codeforces?.sync).toEqual({ at: AT, ok: true, result: '3 new.' });
    expect(codeforces?.failure).toEqual({ part: 'sync', at: AT, message: 'Codeforces did not answer after 5 tries: try again later.', url: null });
    const overview = data(await handleMessage({ type: 'sync:status' }, page, deps)) as SyncOverview;
    expect(overview.judges.find((j) => j.platform === 'codeforces')?.lastFailure).toEqual({ at: AT, message: 'Codeforces did not answer after 5 tries: try again later.' });
    expect(overview.judges.find((j) => j.platform === 'atcoder')?.lastFailure).toBeNull();
  });

  it('lists every judge with a reader, in the registry order', async () => {
    const { deps } = setup();
    const list = data(await handleMessage({ type: 'health:status' }, page, deps)) as JudgeHealth[];
    expect(list.map((j) => j.platform)).toContain('leetcode');
    expect(list.map((j) => j.platform)).not.toContain('github');
    expect(list.every((j) => !j.page && !j.verdict && !j.sync && !j.failure)).toBe(true);
  });
});
