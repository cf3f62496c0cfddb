import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNoteBody, Note, NotesPage, NoteTagCount, QuestionNotes, UpdateNoteBody } from '@shared/schemas/note';
import type { Question } from '@shared/schemas/question';
import { api, ApiError, unwrap } from '../../../lib/api';

const notesApi = api['question-tracker'].v1.user.notes;

export interface NotesFilter {
  type: 'question' | 'general';
  search: string;
  tag: string;
}

const noteKeys = {
  all: ['notes'] as const,
  lists: () => ['notes', 'list'] as const,
  list: (f: NotesFilter) => ['notes', 'list', f.type, f.search, f.tag] as const,
  note: (id: string) => ['notes', 'note', id] as const,
  question: (id: string) => ['notes', 'question', id] as const,
  tags: () => ['notes', 'tags'] as const,
};

/** A 4xx answer is final: do not retry a missing note or a question that is not one. */
const retryUnlessClientError = (count: number, err: unknown) => count < 2 && !(err instanceof ApiError && err.code >= 400 && err.code < 500);

/** One section of the list (question notes or general notes), newest first, page by page. */
export const notesListQuery = (f: NotesFilter) =>
  infiniteQueryOptions({
    queryKey: noteKeys.list(f),
    queryFn: ({ pageParam }): Promise<NotesPage> =>
      unwrap(
        notesApi['get-notes'].$get({
          query: { type: f.type, page: String(pageParam), ...(f.search ? { search: f.search } : {}), ...(f.tag ? { tag: f.tag } : {}) },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export const noteQuery = (id: string) =>
  queryOptions({
    queryKey: noteKeys.note(id),
    queryFn: async (): Promise<Note> => (await unwrap(notesApi['get-note'][':id'].$get({ param: { id } }))).note,
    retry: retryUnlessClientError,
  });

export const questionNotesQuery = (questionId: string) =>
  queryOptions({
    queryKey: noteKeys.question(questionId),
    queryFn: (): Promise<QuestionNotes> => unwrap(notesApi['get-question-notes'][':questionId'].$get({ param: { questionId } })),
    retry: retryUnlessClientError,
  });

export const noteTagsQuery = () =>
  queryOptions({
    queryKey: noteKeys.tags(),
    queryFn: async (): Promise<NoteTagCount[]> => (await unwrap(notesApi['get-tags'].$get())).tags,
  });

/** The catalogue's name search (spec §7), for linking questions to a note. */
export const questionSearchQuery = (name: string) =>
  queryOptions({
    queryKey: ['question-search', name] as const,
    queryFn: async (): Promise<Question[]> => (await unwrap(api['question-tracker'].v1.question.search.$get({ query: { name } }))).questions,
    enabled: name.length > 1,
    staleTime: 5 * 60_000,
  });

function useRefreshNotes() {
  const qc = useQueryClient();
  return (note?: Note) => {
    if (note) qc.setQueryData(noteKeys.note(note._id), note);
    void qc.invalidateQueries({ queryKey: noteKeys.lists() });
    void qc.invalidateQueries({ queryKey: noteKeys.tags() });
    if (note?.questionId) void qc.invalidateQueries({ queryKey: noteKeys.question(note.questionId._id) });
  };
}

export function useCreateNote() {
  const refresh = useRefreshNotes();
  return useMutation({
    mutationFn: async (body: CreateNoteBody): Promise<Note> => (await unwrap(notesApi['create-note'].$post({ json: body }))).note,
    onSuccess: (note) => refresh(note),
  });
}

export function useUpdateNote() {
  const refresh = useRefreshNotes();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateNoteBody }): Promise<Note> =>
      (await unwrap(notesApi['update-note'][':id'].$patch({ param: { id }, json: body }))).note,
    onSuccess: (note) => refresh(note),
  });
}

export function useDeleteNote() {
  const qc = useQueryClient();
  const refresh = useRefreshNotes();
  return useMutation({
    mutationFn: async (note: Note) => unwrap(notesApi['delete-note'][':id'].$delete({ param: { id: note._id } })),
    onSuccess: (_data, note) => {
      qc.removeQueries({ queryKey: noteKeys.note(note._id) });
      refresh();
      if (note.questionId) void qc.invalidateQueries({ queryKey: noteKeys.question(note.questionId._id) });
    },
  });
}
