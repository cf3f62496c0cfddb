import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { NOTE_MESSAGES } from '@shared/rules/notes';
import type { Note } from '@shared/schemas/note';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { notesListQuery, noteQuery, noteTagsQuery, questionNotesQuery } from './api/notes-queries';
import { groupByQuestion, navigationOrder, neighbours, type NotesFilters, type NotesLocation } from './lib/notes-order';

export const isClientError = (err: unknown) => err instanceof ApiError && err.code >= 400 && err.code < 500;
/** The toast for a question that cannot be opened is shown once per question, not on every remount. */
let toastedQuestion: string | null = null;

/** The lists, the tags, the note or question the URL opens, and the neighbours previous / next go to. */
export function useNotesData({ questionId, noteId }: NotesLocation, { q, tag }: NotesFilters) {
  // The lists (two sections, each paged) and the tags for the filter.
  const questionList = useInfiniteQuery(notesListQuery({ type: 'question', search: q, tag }));
  const generalList = useInfiniteQuery(notesListQuery({ type: 'general', search: q, tag }));
  const tags = useQuery(noteTagsQuery());
  const groups = useMemo(() => groupByQuestion(questionList.data?.pages.flatMap((p) => p.notes) ?? []), [questionList.data]);
  const general = useMemo(() => generalList.data?.pages.flatMap((p) => p.notes) ?? [], [generalList.data]);
  const order = useMemo(() => navigationOrder(groups, general), [groups, general]);

  // What the URL opens: a note, a question's notes, or nothing yet.
  const noteResult = useQuery({ ...noteQuery(noteId ?? ''), enabled: !!noteId });
  const contextQuestionId = questionId ?? noteResult.data?.questionId?._id ?? null;
  const questionResult = useQuery({ ...questionNotesQuery(contextQuestionId ?? ''), enabled: !!contextQuestionId });
  const badQuestion = !!questionId && questionResult.isError && isClientError(questionResult.error);
  const selected: Note | null = noteId ? (noteResult.data ?? null) : (questionResult.data?.notes[0] ?? null);
  const { index, prev, next } = neighbours(order, selected?._id ?? null);

  // The neighbours are fetched ahead, so previous / next show the note at once.
  const queryClient = useQueryClient();
  const prevId = prev?._id;
  const nextId = next?._id;
  useEffect(() => {
    for (const id of [prevId, nextId]) if (id) queryClient.query(noteQuery(id)).catch(() => undefined);
  }, [prevId, nextId, queryClient]);

  // Previous / next never stop at a page boundary: near the end of what is loaded, load the next page.
  const loadedQuestionNotes = order.length - general.length;
  useEffect(() => {
    if (index < 0) return;
    if (index >= loadedQuestionNotes - 3 && questionList.hasNextPage && !questionList.isFetchingNextPage) void questionList.fetchNextPage();
    else if (index >= order.length - 3 && !questionList.hasNextPage && generalList.hasNextPage && !generalList.isFetchingNextPage) void generalList.fetchNextPage();
  }, [index, loadedQuestionNotes, order.length, questionList, generalList]);

  useEffect(() => {
    if (badQuestion && toastedQuestion !== questionId) {
      toastedQuestion = questionId;
      toast.error(NOTE_MESSAGES.cannotOpen);
    }
  }, [badQuestion, questionId]);

  return { questionList, generalList, tags, groups, general, order, noteResult, questionResult, contextQuestionId, badQuestion, selected, index, prev, next };
}
