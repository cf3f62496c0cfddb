import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPORT_MESSAGES as M } from '@shared/rules/exports';
import type { GithubConnectBody, GithubExportState } from '@shared/schemas/export';
import { api, ApiError, unwrap } from '../../../lib/api';
import { downloadBlob } from '../../../lib/download';
import { useSessionStore } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';

const X = () => api['question-tracker'].v1.user.exports;

const exportKeys = {
  all: ['exports'] as const,
  github: (token: string | null) => ['exports', 'github', token] as const,
};

/** How often the state is read again while a run goes on; a run parked on a rate limit is looked at less often. */
const POLL_RUNNING_MS = 1_500;
const POLL_WAITING_MS = 15_000;

export const githubExportQuery = (token: string | null) =>
  queryOptions({
    queryKey: exportKeys.github(token),
    queryFn: (): Promise<GithubExportState> => unwrap(X().github.$get()),
    enabled: !!token,
    refetchInterval: (q) => {
      const state = q.state.data?.run?.state;
      return state === 'queued' || state === 'running' ? POLL_RUNNING_MS : state === 'waiting' ? POLL_WAITING_MS : false;
    },
  });

const failureText = (err: unknown, fallback: string) => (err instanceof ApiError && err.code !== 0 ? err.message : fallback);

/** PUT: GitHub checks the token first, so this is not optimistic; its error shows beside the form. */
export function useConnectRepo(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GithubConnectBody) => unwrap(X().github.$put({ json: body })),
    onSuccess: (state) => qc.setQueryData(exportKeys.github(token), state),
  });
}

/**
 * Optimistic edits of the cached state: `change` rewrites it at once, a failure puts the old state back
 * with a toast, and every path reads the server's state afterwards.
 */
function useStateEdit<V, R>(token: string | null, mutationFn: (v: V) => Promise<R>, change: (s: GithubExportState, v: V) => GithubExportState, failure: string) {
  const qc = useQueryClient();
  const key = exportKeys.github(token);
  return useMutation({
    mutationFn,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<GithubExportState>(key);
      if (before) qc.setQueryData<GithubExportState>(key, change(before, v));
      return { before };
    },
    onError: (err, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      toast.failure(failureText(err, failure), err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/** Settings of the connected repository (the saved token stays: none is sent). */
export function useExportSettings(token: string | null) {
  return useStateEdit(
    token,
    (body: GithubConnectBody) => unwrap(X().github.$put({ json: { ...body, token: undefined } })),
    (s, body) => (s.connection ? { ...s, connection: { ...s.connection, auto: body.auto ?? s.connection.auto, includeNotes: body.includeNotes ?? s.connection.includeNotes } } : s),
    M.settingsFailed,
  );
}

export function useRunExport(token: string | null) {
  return useStateEdit(
    token,
    () => unwrap(X().github.run.$post()),
    (s) => ({
      ...s,
      run: { id: s.run?.id ?? 'pending', state: 'queued', trigger: 'manual', queuedAt: new Date().toISOString(), startedAt: null, finishedAt: null, done: 0, total: 0, files: null, commitSha: null, commitUrl: null, waitUntil: null, error: null },
    }),
    M.runFailed,
  );
}

export function useDisconnectRepo(token: string | null) {
  return useStateEdit(token, () => unwrap(X().github.$delete()), () => ({ connection: null, run: null }), M.disconnectFailed);
}

/** Downloads one of the export files with the session's token, saved under the server's file name. */
export async function downloadExport(kind: 'zip' | 'anki', includeNotes: boolean): Promise<void> {
  const url = kind === 'zip' ? X()['solutions.zip'].$url({ query: { notes: String(includeNotes) as 'true' | 'false' } }) : X()['anki.apkg'].$url({ query: { notes: String(includeNotes) as 'true' | 'false' } });
  const token = useSessionStore.getState().token;
  const res = await fetch(url.pathname + url.search, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError(res.status, null, M.downloadRefused(res.status));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? (kind === 'zip' ? 'solutions.zip' : 'solved.apkg');
  downloadBlob(await res.blob(), name);
}
