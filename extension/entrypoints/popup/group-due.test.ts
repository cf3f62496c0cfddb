import { describe, expect, it } from 'vitest';
import type { PageMessage } from '@shared/schemas/messages';
import { createGroupDue } from './group-due';

describe('the popup’s group due line', () => {
  it('says "due Friday" with the group and the sheet, and hides off an assignment', async () => {
    const sent: PageMessage[] = [];
    const answers: Record<string, unknown> = {
      'https://leetcode.com/problems/two-sum/': [{ groupName: 'Evening class', sheetName: 'Week one', dueAt: '2030-03-08T17:00:00.000Z' }],
      'https://leetcode.com/problems/other/': [],
    };
    const send = (m: PageMessage) => {
      sent.push(m);
      return Promise.resolve(answers[(m as { url: string }).url]);
    };
    const due = createGroupDue(send as never, () => new Date('2030-03-06T12:00:00Z'));
    due.update('https://leetcode.com/problems/two-sum/');
    await new Promise((r) => setTimeout(r, 0));
    expect(due.element.hidden).toBe(false);
    expect(due.element.textContent).toContain('due Friday');
    expect(due.element.textContent).toContain('Evening class · Week one');
    due.update('https://leetcode.com/problems/two-sum/');
    expect(sent).toHaveLength(1);
    due.update('https://leetcode.com/problems/other/');
    await new Promise((r) => setTimeout(r, 0));
    expect(due.element.hidden).toBe(true);
    due.update(undefined);
    expect(due.element.hidden).toBe(true);
  });
});
