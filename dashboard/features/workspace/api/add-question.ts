import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { unknownQuestionSchema, type UnknownQuestion } from '@shared/schemas/question';
import type { SolveQuestionBody } from '@shared/schemas/workspace';
import { api, ApiError, unwrap } from '../../../lib/api';
import { useInvalidateWorkspace } from './workspace-queries';

const V1 = () => api['question-tracker'].v1;

const lookupCall = (problemUrl: string) => V1().question['search-question2'].$get({ query: { problemUrl } });
type LookupRoute = ReturnType<typeof V1>['question']['search-question2'];
export type LookupResult = InferResponseType<LookupRoute['$get'], 200>['data'];

/** The four outcomes of a lookup (spec §4), plus the failures the popup reports. */
export type LookupOutcome =
  | { kind: 'found'; data: LookupResult }
  | { kind: 'custom'; question: UnknownQuestion }
  | { kind: 'invalidPlatform' }
  | { kind: 'invalidUrl'; message: string }
  | { kind: 'failed'; error: unknown };

interface Envelope {
  status?: { success?: boolean; error?: string | null; message?: string };
  data?: { question?: unknown } | null;
}

/** Looks a URL up; a 404 still carries what the URL says about the problem, enough for a custom question. */
export async function lookupQuestion(problemUrl: string): Promise<LookupOutcome> {
  let res: Awaited<ReturnType<typeof lookupCall>>;
  let body: Envelope;
  try {
    res = await lookupCall(problemUrl);
    // Read as what any answer may be: the typed client knows only the success.
    const json: unknown = await res.json();
    body = json as Envelope;
  } catch {
    return { kind: 'failed', error: new ApiError(0, 'NetworkError', 'Network error. Please try again.') };
  }
  // The typed client only knows the success status; the failures are read from the envelope.
  const status: number = res.status;
  if (body.status?.success) return { kind: 'found', data: body.data as LookupResult };
  if (body.status?.error === 'InvalidPlatform') return { kind: 'invalidPlatform' };
  if (status === 400) return { kind: 'invalidUrl', message: body.status?.message ?? 'Please enter a valid URL' };
  if (status === 404) {
    const question = unknownQuestionSchema.safeParse(body.data?.question);
    if (question.success) return { kind: 'custom', question: question.data };
  }
  return { kind: 'failed', error: new ApiError(status, body.status?.error ?? null, body.status?.message ?? 'Failed to fetch question data') };
}

export const searchQuestions = (name: string) => unwrap(V1().question.search.$get({ query: { name } }));
export type SearchResult = Awaited<ReturnType<typeof searchQuestions>>['questions'][number];

export function useSolveQuestion() {
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: (json: SolveQuestionBody) => unwrap(V1().user.question['solve-question'].$post({ json })),
    onSuccess: () => invalidate(),
  });
}
