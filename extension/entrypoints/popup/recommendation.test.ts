import { describe, expect, it, vi } from 'vitest';
import type { PageMessage } from '@shared/schemas/messages';
import type { PracticePick } from '@shared/schemas/message-replies';
import { createRecommendation } from './recommendation';

const pick: PracticePick = {
  platform: 'codeforces',
  judge: 'Codeforces',
  note: 'estimated from 57 solved problems',
  item: { platform: 'codeforces', key: '1791E', url: 'https://codeforces.com/problemset/problem/1791/E', name: 'Negatives and Positives', difficulty: 1100, estimated: false, solveProbability: 0.64, band: 'moderate', topics: [], questionId: null },
};

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the popup’s Try next card', () => {
  it('asks once per judge, and shows the problem with its link, difficulty and chance', async () => {
    const send = vi.fn<(m: PageMessage) => Promise<PracticePick>>(() => Promise.resolve(pick));
    const card = createRecommendation(send as never);
    expect(card.element.hidden).toBe(true);
    card.update('codeforces');
    card.update('codeforces');
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'practice:recommend', platform: 'codeforces' });
    expect(card.element.hidden).toBe(false);
    const link = card.element.querySelector('a');
    expect(link?.textContent).toBe('Negatives and Positives');
    expect(link?.getAttribute('href')).toBe(pick.item?.url);
    expect(card.element.textContent).toContain('1100 · 64% to solve');
    expect(card.element.textContent).toContain('Try next on Codeforces');
  });

  it('off a judge asks for the main judge; says why when there is nothing; hides when signed out or on failure', async () => {
    const send = vi.fn<(m: PageMessage) => Promise<PracticePick>>(() => Promise.resolve({ ...pick, item: null, note: 'Solve at least 10 rated problems' }));
    const card = createRecommendation(send as never);
    card.update(null);
    await flush();
    expect(send).toHaveBeenCalledWith({ type: 'practice:recommend' });
    expect(card.element.querySelector('[data-testid="try-next-note"]')?.textContent).toBe('Solve at least 10 rated problems');
    card.update(undefined);
    expect(card.element.hidden).toBe(true);
    send.mockImplementationOnce(() => Promise.reject(new Error('away')));
    card.update('atcoder');
    await flush();
    expect(card.element.hidden).toBe(true);
  });
});
