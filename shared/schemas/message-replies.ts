import type { Recommendation } from './practice';
import type { Goal } from './review';

// Reply shapes of the extension's page messages (see ReplyMap in messages.ts), kept as plain types so
// the popup and side panel need no zod at all.

export interface PlatformInfo {
  id: string;
  name: string;
  /** The registry's self-contained SVG icon. */
  icon: string;
}

export interface RecordState {
  _id: string;
  checked: boolean;
  starred: boolean;
  customTags: string[];
}

export interface QuestionSummary {
  _id: string;
  name: string;
  platform: string;
  difficulty: string;
  problemUrl: string;
  topics: string[];
  verified: boolean;
}

/** What the catalogue and the user's workspace say about the problem in a tab. */
export type LookupState =
  | {
      status: 'found';
      question: QuestionSummary;
      solved: boolean;
      document: RecordState | null;
      notesCount: number;
      popularSheets: { _id: string; name: string; slug: string }[];
    }
  | { status: 'notFound'; question: { name: string; difficulty: string; problemUrl: string } }
  | { status: 'invalidPlatform'; message: string }
  | { status: 'error'; message: string };

/** The outcome of an action that may wait in the offline queue. */
export type ActionResult<T> = { status: 'sent'; result: T; message: string } | { status: 'queued'; message: string };

export interface RecordSetResult {
  record: RecordState;
  created: boolean;
  questionId: string;
}

export interface EditableSheet {
  _id: string;
  name: string;
  slug: string;
  role: 'author' | 'collaborator';
  /** Whether the question asked about is already in it (unknown when no question was given). */
  contains: boolean | null;
}

export interface SheetOutline {
  _id: string;
  name: string;
  topicOrder: string[];
  subTopicOrder: Record<string, string[]>;
}

export interface VerdictResult {
  status: 'ticked' | 'queued' | 'duplicate' | 'disabled' | 'signed-out';
  message: string;
  /** Set when the page should ask "How was it?" about the question this verdict ticked (review:rate). */
  ask?: { questionId: string };
}

export interface QueueStatus {
  pending: number;
  lastError: string | null;
}

/** The solved count of the person's own day. */
export interface TodayActivity {
  date: string;
  solved: number;
}

/** A group assignment that holds the page's problem: when it is due, and where it comes from. */
export interface GroupDue {
  groupName: string;
  sheetName: string;
  dueAt: string;
}

/** The popup's pick: a problem of the moderate band on a judge, or the reason there is none. */
export interface PracticePick {
  platform: string;
  judge: string;
  item: Recommendation | null;
  note: string | null;
}

/** The popup's review facts: questions due now, the streak of days meeting the goal, and today's progress. */
export interface ReviewStatus {
  due: number;
  streak: number;
  today: { reviews: number; newProblems: number; goal: Goal; met: boolean };
}
