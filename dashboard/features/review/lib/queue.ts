import type { DueAnswer, DueQuestion } from '@shared/schemas/review';

/**
 * The queue without one question (rated or set aside): it leaves its list and its count at once; the
 * refetch afterwards brings the server's own counts, the Upcoming strip included.
 */
export function withoutQuestion(answer: DueAnswer, questionId: string): DueAnswer {
  const gone = answer.questions.find((q) => q._id === questionId);
  if (!gone) return answer;
  const key = gone.overdue ? 'overdue' : 'due';
  return {
    ...answer,
    questions: answer.questions.filter((q) => q._id !== questionId),
    counts: { ...answer.counts, [key]: Math.max(0, answer.counts[key] - 1) },
  };
}

/**
 * Undoes withoutQuestion for one question only: it goes back where it was (after the question that was
 * before it, if still there) and into its count, and the rest of the list stays as it is now, so a refused
 * rating does not bring back the rows rated since.
 */
export function withQuestionBack(current: DueAnswer, before: DueAnswer, questionId: string): DueAnswer {
  const back = before.questions.find((q) => q._id === questionId);
  if (!back || current.questions.some((q) => q._id === questionId)) return current;
  const shown = new Set(current.questions.map((q) => q._id));
  const i = before.questions.findIndex((q) => q._id === questionId);
  const prev = before.questions.slice(0, i).reverse().find((q) => shown.has(q._id));
  const at = prev ? current.questions.findIndex((q) => q._id === prev._id) + 1 : 0;
  const key = back.overdue ? 'overdue' : 'due';
  return {
    ...current,
    questions: [...current.questions.slice(0, at), back, ...current.questions.slice(at)],
    counts: { ...current.counts, [key]: current.counts[key] + 1 },
  };
}

/** The list split the way the tab shows it: due today, then overdue (each oldest first, as the API orders them). */
export function splitQueue(questions: readonly DueQuestion[]): { today: DueQuestion[]; overdue: DueQuestion[] } {
  const today: DueQuestion[] = [];
  const overdue: DueQuestion[] = [];
  for (const q of questions) (q.overdue ? overdue : today).push(q);
  return { today, overdue };
}

/**
 * The question to move the keyboard focus to when one leaves the list: the next one in the same list,
 * else the one before it, else none.
 */
export function neighbourOf(list: readonly { _id: string }[], questionId: string): string | null {
  const i = list.findIndex((q) => q._id === questionId);
  if (i < 0) return null;
  return list[i + 1]?._id ?? list[i - 1]?._id ?? null;
}
