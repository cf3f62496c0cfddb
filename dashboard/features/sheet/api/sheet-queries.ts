import { MutationObserver, queryOptions, useQueryClient, type MutateOptions, type MutationObserverOptions } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Mapping, Sheet, SheetConfig, SheetProgress } from '@shared/schemas/sheet';
import { api, ApiError, unwrap } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export interface SheetData {
  sheet: Sheet;
  mappings: Mapping[];
  progress: SheetProgress;
}

export const sheetKeys = {
  all: ['sheet'] as const,
  bySlug: (slug: string) => ['sheet', slug] as const,
  collaborators: (id: string) => ['sheet-collaborators', id] as const,
};

const getSheet = (slug: string) => api['question-tracker'].v2.sheet['get-sheet-data-by-slug'][':slug'].$get({ param: { slug } });

/**
 * The request index.html's early script made for this sheet and viewer before the app loaded
 * (app/early-sheet.ts), taken once; later reads make their own.
 */
function takeEarlyResponse(slug: string, token: string | null): ReturnType<typeof getSheet> | null {
  const early = window.earlySheet;
  if (!early || early.slug !== slug || early.token !== token) return null;
  window.earlySheet = undefined;
  return early.response as ReturnType<typeof getSheet>;
}

export const sheetQuery = (slug: string, token: string | null) =>
  queryOptions({
    queryKey: [...sheetKeys.bySlug(slug), token] as const,
    queryFn: async (): Promise<SheetData> => unwrap(takeEarlyResponse(slug, token) ?? getSheet(slug)),
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.code > 0 && err.code < 500),
  });

export const collaboratorsQuery = (sheetId: string) =>
  queryOptions({
    queryKey: sheetKeys.collaborators(sheetId),
    queryFn: () => unwrap(api['question-tracker'].v2.sheet.collaborators['get-collaborators'][':id'].$get({ param: { id: sheetId } })),
  });

/** What a sheet mutation gives its caller: `mutate` alone, as the page shows no mutation state. */
export interface SheetMutation<V> {
  mutate(vars: V, options?: MutateOptions<unknown, Error, V, { previous: SheetData | undefined }>): void;
}

/**
 * A sheet mutation that applies its change to the cached sheet at once, rolls it back with the
 * spec's toast if the server refuses, and refetches afterwards so every view agrees.
 *
 * useMutation would re-render the whole sheet page at each state change of each call (pending,
 * success, settled), three renders more per tick or drop than the data changes need; this keeps the
 * same observer and callbacks without subscribing the page to its state.
 */
export function useSheetMutation<V>(
  slug: string,
  token: string | null,
  opts: {
    call: (vars: V, data: SheetData) => Promise<unknown>;
    apply?: (data: SheetData, vars: V) => SheetData;
    failure: string | ((err: unknown) => string);
    success?: string;
  },
): SheetMutation<V> {
  const qc = useQueryClient();
  const key = sheetQuery(slug, token).queryKey;
  const options: MutationObserverOptions<unknown, Error, V, { previous: SheetData | undefined }> = {
    mutationFn: async (vars: V) => {
      const data = qc.getQueryData<SheetData>(key);
      if (!data) throw new Error('Sheet configuration not loaded.');
      return opts.call(vars, data);
    },
    onMutate: async (vars) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<SheetData>(key);
      if (previous && opts.apply) qc.setQueryData(key, opts.apply(previous, vars));
      return { previous };
    },
    onError: (err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      toast.failure(typeof opts.failure === 'function' ? opts.failure(err) : opts.failure, err);
    },
    onSuccess: () => {
      if (opts.success) toast.success(opts.success);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: sheetKeys.all }),
  };
  const [observer] = useState(() => new MutationObserver(qc, options));
  useEffect(() => {
    observer.setOptions(options);
  });
  // A call's own callbacks (mutate(vars, { onSuccess })) reach only an observer with a listener.
  useEffect(() => observer.subscribe(() => undefined), [observer]);
  return useMemo(() => ({ mutate: (vars, callOptions) => void observer.mutate(vars, callOptions).catch(() => undefined) }), [observer]);
}

const S = () => api['question-tracker'].v2.sheet;

export const sheetCalls = {
  follow: (id: string) => unwrap(S().public['follow-sheet'][':id'].$patch({ param: { id } })),
  unfollow: (id: string) => unwrap(S().public['unfollow-sheet'][':id'].$patch({ param: { id } })),
  mark: (id: string, mappingId: string, json: { checked?: boolean; starred?: boolean }) =>
    unwrap(S()['mark-question'][':id'][':mappingId'].$patch({ param: { id, mappingId }, json })),
  updateDetails: (id: string, json: { name?: string; description?: string; tag?: string[] }) => unwrap(S()['update-sheet'][':id'].$patch({ param: { id }, json })),
  updateConfig: (id: string, config: SheetConfig, version: number) => unwrap(S()['update-sheet'][':id'].$patch({ param: { id }, json: { config, version } })),
  move: (id: string, mappingId: string, json: { topic: string; subTopic: string; questionOrder: string[]; version: number }) =>
    unwrap(S()['update-mapping'][':id'][':mappingId'].$patch({ param: { id, mappingId }, json })),
  addQuestions: (id: string, data: { topic: string; subTopic: string; title?: string; problemUrl: string }[]) =>
    unwrap(S()['add-questions'][':id'].$post({ param: { id }, json: { data } })),
  removeQuestion: (id: string, mappingId: string) => unwrap(S()['remove-question'][':id'][':mappingId'].$delete({ param: { id, mappingId } })),
  addTopic: (id: string, topic: string) => unwrap(S()['add-topic'][':id'].$post({ param: { id }, json: { topic } })),
  renameTopic: (id: string, oldTopic: string, newTopic: string) => unwrap(S()['update-topic'][':id'].$patch({ param: { id }, json: { oldTopic, newTopic } })),
  deleteTopic: (id: string, topic: string) => unwrap(S()['delete-topic'][':id'].$delete({ param: { id }, query: { topic } })),
  addSubTopic: (id: string, topic: string, subTopic: string) => unwrap(S()['add-subTopic'][':id'].$post({ param: { id }, json: { topic, subTopic } })),
  renameSubTopic: (id: string, topic: string, oldSubTopic: string, newSubTopic: string) =>
    unwrap(S()['update-subTopic'][':id'].$patch({ param: { id }, json: { topic, oldSubTopic, newSubTopic } })),
  deleteSubTopic: (id: string, topic: string, subTopic: string) => unwrap(S()['delete-Subtopic'][':id'].$delete({ param: { id }, query: { topic, subTopic } })),
  lookup: (problemUrl: string) => unwrap(api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl } })),
};

/** The message to show for a failed call: the server's own for a refusal (4xx), else the fallback. */
export const serverMessage = (fallback: string) => (err: unknown) => (err instanceof ApiError && err.code >= 400 && err.code < 500 ? err.message : fallback);
