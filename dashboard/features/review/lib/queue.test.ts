import { describe, expect, it } from 'vitest';
import type { DueAnswer, DueQuestion } from '@shared/schemas/review';
import { neighbourOf, splitQueue, withoutQuestion, withQuestionBack } from './queue';

const question = (id: string, overdue: boolean): DueQuestion => ({
  _id: id,
  name: `Q ${id}`,
  platform: 'leetcode',
  difficulty: 'Easy',
  problemUrl: `https://leetcode.com/problems/${id}/`,
  topics: [],
  sheets: [],
  solvedAt: null,
  reviews: 0,
  attempts: null,
  timeSpentSec: null,
  overdue,
  card: { due: '2026-03-10T00:00:00.000Z', state: 'review', reps: 1, lapses: 0, lastReview: null, scheduledDays: 3, suspended: false },
  next: { again: 'a', hard: 'b', good: 'c', easy: 'd' },
});

const answer: DueAnswer = {
  questions: [question('o1', true), question('t1', false), question('t2', false)],
  counts: { due: 2, overdue: 1, upcoming: 4 },
  upcoming: [],
  now: '2026-03-10T12:00:00.000Z',
};

describe('the queue as the tab shows it', () => {
  it('takes a rated question out of its list and its count', () => {
    const a = withoutQuestion(answer, 't1');
    expect(a.questions.map((q) => q._id)).toEqual(['o1', 't2']);
    expect(a.counts).toEqual({ due: 1, overdue: 1, upcoming: 4 });
    expect(withoutQuestion(answer, 'o1').counts).toEqual({ due: 2, overdue: 0, upcoming: 4 });
    // Not there (rated twice, another page): unchanged, same object.
    expect(withoutQuestion(answer, 'zz')).toBe(answer);
  });

  it('puts back a refused one where it was, leaving out those rated since', () => {
    const afterBoth = withoutQuestion(withoutQuestion(answer, 't1'), 't2');
    const back = withQuestionBack(afterBoth, answer, 't1');
    expect(back.questions.map((q) => q._id)).toEqual(['o1', 't1']);
    expect(back.counts).toEqual({ due: 1, overdue: 1, upcoming: 4 });
    // First in the list, with the one before it gone too.
    const first = withQuestionBack(withoutQuestion(withoutQuestion(answer, 'o1'), 't1'), answer, 't1');
    expect(first.questions.map((q) => q._id)).toEqual(['t1', 't2']);
    // Already back (a refetch came first): unchanged.
    expect(withQuestionBack(answer, answer, 't1')).toBe(answer);
  });

  it('splits due today from overdue, keeping the order', () => {
    const { today, overdue } = splitQueue(answer.questions);
    expect(today.map((q) => q._id)).toEqual(['t1', 't2']);
    expect(overdue.map((q) => q._id)).toEqual(['o1']);
  });

  it('moves the focus to the next question, else the one before', () => {
    const list = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
    expect(neighbourOf(list, 'a')).toBe('b');
    expect(neighbourOf(list, 'c')).toBe('b');
    expect(neighbourOf([{ _id: 'a' }], 'a')).toBeNull();
    expect(neighbourOf(list, 'x')).toBeNull();
  });
});
