import { describe, expect, it } from 'vitest';
import type { NoteSummary } from '@shared/schemas/note';
import { groupByQuestion, navigationOrder, neighbours, noteHref, notesHomeHref, questionNotesHref, readNotesFilters, readNotesLocation } from './notes-order';

const q = (id: string) => ({ _id: id, name: `Q ${id}`, problemUrl: `https://x.dev/${id}`, platform: 'leetcode', difficulty: 'Easy' });
const note = (id: string, createdAt: string, question: string | null): NoteSummary => ({
  _id: id,
  title: id,
  excerpt: '',
  tags: [],
  questionsLinked: [],
  questionId: question ? q(question) : null,
  createdAt,
  updatedAt: createdAt,
});

describe('notes order and deep links', () => {
  it('builds deep links: questionId + noteId for a question note, noteId alone for a general note', () => {
    expect(noteHref(note('n1', '2024-01-01', 'q1'))).toBe('/question-tracker?tab=notes&questionId=q1&noteId=n1');
    expect(noteHref(note('n2', '2024-01-01', null))).toBe('/question-tracker?tab=notes&noteId=n2');
    expect(questionNotesHref('q1')).toBe('/question-tracker?tab=notes&questionId=q1');
  });

  it('carries the list filters in every link, and only when set', () => {
    const filters = { q: 'two pointers', tag: 't1' };
    expect(noteHref(note('n1', '2024-01-01', 'q1'), filters)).toBe('/question-tracker?tab=notes&questionId=q1&noteId=n1&q=two%20pointers&tag=t1');
    expect(questionNotesHref('q1', { q: '', tag: 't1' })).toBe('/question-tracker?tab=notes&questionId=q1&tag=t1');
    expect(notesHomeHref({ q: ' dp ', tag: '' })).toBe('/question-tracker?tab=notes&q=dp');
    expect(notesHomeHref({ q: '', tag: '' })).toBe('/question-tracker?tab=notes');
    expect(notesHomeHref()).toBe('/question-tracker?tab=notes');
    expect(readNotesFilters(new URLSearchParams('tab=notes&noteId=n1&q=two+pointers&tag=t1'))).toEqual(filters);
    expect(readNotesFilters(new URLSearchParams('tab=notes&q=%20'))).toEqual({ q: '', tag: '' });
  });

  it('reads the URL: subNote wins over noteId', () => {
    expect(readNotesLocation(new URLSearchParams('tab=notes&questionId=q&noteId=a&subNote=b'))).toEqual({ questionId: 'q', noteId: 'b' });
    expect(readNotesLocation(new URLSearchParams('tab=notes&noteId=a'))).toEqual({ questionId: null, noteId: 'a' });
    expect(readNotesLocation(new URLSearchParams('tab=notes&questionId=&noteId='))).toEqual({ questionId: null, noteId: null });
  });

  it('groups question notes by question (newest group first, notes oldest first) and walks groups then general notes', () => {
    // As the API lists them: newest first.
    const listed = [note('c', '2024-01-03', 'q2'), note('b', '2024-01-02', 'q1'), note('a', '2024-01-01', 'q2')];
    const groups = groupByQuestion(listed);
    expect(groups.map((g) => [g.question._id, g.notes.map((n) => n._id)])).toEqual([
      ['q2', ['a', 'c']],
      ['q1', ['b']],
    ]);
    const order = navigationOrder(groups, [note('g2', '2024-01-05', null), note('g1', '2024-01-04', null)]);
    expect(order.map((n) => n._id)).toEqual(['a', 'c', 'b', 'g2', 'g1']);
    expect(neighbours(order, 'b')).toMatchObject({ index: 2, prev: { _id: 'c' }, next: { _id: 'g2' } });
    expect(neighbours(order, 'a')).toMatchObject({ index: 0, prev: null });
    expect(neighbours(order, 'g1')).toMatchObject({ index: 4, next: null });
    // A note outside the (filtered) list: next starts at the top.
    expect(neighbours(order, 'zz')).toMatchObject({ index: -1, prev: null, next: { _id: 'a' } });
  });
});
