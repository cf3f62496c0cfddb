import { z } from 'zod';
import { MAX_TAGS } from '../rules/tags';
import type { Contest } from './contest';
import { selectorNamesSchema, type JudgeHealth, type PageDiagnosis } from './health';
import type { Note, NotesPage, NoteTagCount, QuestionNotes } from './note';
import type { ActionResult, EditableSheet, GroupDue, LookupState, PlatformInfo, PracticePick, QueueStatus, RecordSetResult, ReviewStatus, SheetOutline, TodayActivity, VerdictResult } from './message-replies';
import { reviewRatingSchema, type RateAnswer } from './review';
import { solutionCodeSchema, type Solution } from './solution';
import { AUTO_SYNC_CHOICES, type SyncOverview } from './sync';

/** What a content script read from a problem page. */
export const detectedProblemSchema = z.object({
  platform: z.string().min(1).max(40),
  key: z.string().min(1).max(200),
  url: z.url({ protocol: /^https?$/ }).max(2000),
  name: z.string().max(300).nullable(),
  difficulty: z.string().max(40).nullable(),
  topics: z.array(z.string().max(80)).max(50),
});
export type DetectedProblem = z.infer<typeof detectedProblemSchema>;

/** The judge a problem URL belongs to, as the background resolves it from the registry. */
export interface ParsedPageProblem {
  platform: string;
  key: string;
  url: string;
}

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
const id = z.string().min(1).max(64);

/** Judges whose verdicts the extension reads. */
export const VERDICT_SOURCES = ['leetcode', 'codeforces'] as const;
export type VerdictSource = (typeof VERDICT_SOURCES)[number];

/**
 * A judge reported an Accepted verdict for the signed-in judge user's own submission. The content
 * script has checked the verdict's problem against the page; the background checks it again against
 * the tab that sent it.
 */
export const verdictSchema = z.object({
  source: z.enum(VERDICT_SOURCES),
  problemUrl: httpUrl,
  /** The judge's own submission id (digits only: LeetCode's "Run" ids are not submissions). */
  submissionId: z.string().regex(/^\d{1,20}$/),
});
export type Verdict = z.infer<typeof verdictSchema>;

/** Code the page itself sent with a submission (LeetCode's submit request), as the judge's answer named its language. */
export const submittedCodeSchema = z.object({
  code: solutionCodeSchema,
  language: z.string().trim().min(1).max(40),
});
export type SubmittedCode = z.infer<typeof submittedCodeSchema>;

/**
 * "How was it?": a rating of a question for the review queue. Both the extension's pages and a content
 * script send it; a content script only for the question its own tab's verdict has just ticked, once.
 */
const reviewRateSchema = z.object({ type: z.literal('review:rate'), questionId: id, rating: reviewRatingSchema });

/** Messages a content script may send: it is untrusted, so it can only report what it saw on its own tab. */
export const contentMessageSchema = z.discriminatedUnion('type', [
  /** Which problem a URL is (a pure lookup in the registry, so the content script need not carry it). */
  z.object({ type: z.literal('page:identify'), url: httpUrl }),
  /** `layout`: the reader's selectors that matched, once the page has settled (none on a wall). */
  z.object({ type: z.literal('problem:detected'), problem: detectedProblemSchema, layout: selectorNamesSchema.optional() }),
  z.object({ type: z.literal('problem:none') }),
  /** `code`: what the page sent with the submission, when the judge's script saw it (LeetCode). */
  z.object({ type: z.literal('verdict:accepted'), verdict: verdictSchema, code: submittedCodeSchema.optional() }),
  /** A finished verdict other than Accepted on the user's own submission: an attempt before the Accepted. */
  z.object({ type: z.literal('verdict:rejected'), verdict: verdictSchema }),
  /**
   * The page's verdict panel is not where its reader looks (the selectors that matched), or, with
   * `answer`, the judge's verdict answer has fields its reader does not know (the fields that matched).
   */
  z.object({ type: z.literal('verdict:layout'), layout: selectorNamesSchema, answer: z.literal(true).optional() }),
  /** LeetCode's csrftoken as its own page reads it (document.cookie), for the history sync's requests. */
  z.object({ type: z.literal('leetcode:csrf'), token: z.string().regex(/^[A-Za-z0-9]{16,128}$/) }),
  reviewRateSchema,
]);
export type ContentMessage = z.infer<typeof contentMessageSchema>;

const tagList = z.array(z.string().max(50)).max(MAX_TAGS);

/** Fields of a workspace record to set (not toggle): sending the same action twice changes nothing. */
export const recordChangeSchema = z.object({
  checked: z.boolean().optional(),
  starred: z.boolean().optional(),
  customTags: tagList.optional(),
});

/** What the page showed, used when the problem is new to the catalogue (a custom question). */
export const pageDetailsSchema = z.object({
  name: z.string().trim().max(300).nullable().optional(),
  difficulty: z.string().max(40).nullable().optional(),
  topics: z.array(z.string().max(80)).max(30).optional(),
});

export const recordSetSchema = recordChangeSchema.extend({
  type: z.literal('record:set'),
  problemUrl: httpUrl,
  details: pageDetailsSchema.optional(),
});

export const sheetAddSchema = z.object({
  type: z.literal('sheet:add'),
  sheetId: id,
  problemUrl: httpUrl,
  topic: z.string().trim().max(120),
  subTopic: z.string().trim().max(120),
  title: z.string().trim().max(300).optional(),
});

const noteFields = {
  title: z.string().max(200),
  note: z.string().max(200_000),
  tags: z.array(z.string().max(100)).max(MAX_TAGS),
};

const platformId = z.string().min(1).max(40);

/**
 * "Sync solved problems": the extension's pages send these, and the dashboard sends them too through
 * externally_connectable (externalMessageSchema). `platforms` absent: every judge that is ready.
 */
const syncStatusSchema = z.object({ type: z.literal('sync:status'), probe: z.boolean().optional() });
const syncStartSchema = z.object({ type: z.literal('sync:start'), platforms: z.array(platformId).max(20).optional() });
const syncCancelSchema = z.object({ type: z.literal('sync:cancel') });
/** Whether the sync brings a judge's Accepted code too (opt-in per judge). */
const syncCodeSchema = z.object({ type: z.literal('sync:code'), platform: platformId, keep: z.boolean() });

/** What a web page (the dashboard, on the tracker's own origin) may ask the extension: the sync, nothing else. */
export const externalMessageSchema = z.discriminatedUnion('type', [syncStatusSchema, syncStartSchema, syncCancelSchema, syncCodeSchema]);
export type ExternalMessage = z.input<typeof externalMessageSchema>;

/** Messages from the extension's own pages (popup, side panel, options). */
export const pageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth:status') }),
  z.object({ type: z.literal('auth:login'), email: z.string().max(254), password: z.string().max(128) }),
  z.object({ type: z.literal('auth:logout') }),
  z.object({ type: z.literal('problem:get'), tabId: z.number().int() }),
  z.object({ type: z.literal('problem:state'), tabId: z.number().int() }),
  recordSetSchema,
  z.object({ type: z.literal('sheets:list'), questionId: id.optional() }),
  z.object({ type: z.literal('sheet:get'), sheetId: id }),
  sheetAddSchema,
  z.object({ type: z.literal('notes:question'), questionId: id }),
  z.object({ type: z.literal('notes:general'), search: z.string().max(200).optional() }),
  z.object({ type: z.literal('note:get'), noteId: id }),
  z.object({ type: z.literal('note:create'), questionId: id.nullable(), ...noteFields }),
  z.object({ type: z.literal('note:update'), noteId: id, ...z.object(noteFields).partial().shape }),
  z.object({ type: z.literal('note:delete'), noteId: id }),
  z.object({ type: z.literal('notes:tags') }),
  z.object({ type: z.literal('activity:today'), timeZone: z.string().max(64).optional() }),
  reviewRateSchema,
  z.object({ type: z.literal('review:status'), timeZone: z.string().max(64).optional() }),
  z.object({ type: z.literal('contests:next') }),
  z.object({ type: z.literal('practice:recommend'), platform: platformId.optional() }),
  z.object({ type: z.literal('groups:due'), url: z.url({ protocol: /^https?$/ }).max(2000) }),
  z.object({ type: z.literal('queue:status') }),
  z.object({ type: z.literal('queue:flush') }),
  syncStatusSchema,
  syncStartSchema,
  syncCancelSchema,
  z.object({ type: z.literal('sync:handle'), platform: platformId, handle: z.string().trim().max(100) }),
  z.object({ type: z.literal('sync:auto'), autoSync: z.enum(AUTO_SYNC_CHOICES) }),
  syncCodeSchema,
  z.object({ type: z.literal('settings:get') }),
  z.object({ type: z.literal('health:tab'), tabId: z.number().int() }),
  z.object({ type: z.literal('solutions:list'), questionId: z.uuid() }),
  z.object({ type: z.literal('health:status') }),
  z
    .object({
      type: z.literal('settings:set'),
      apiBaseUrl: z.url({ protocol: /^https?$/ }).max(500).optional(),
      autoTick: z.boolean().optional(),
      askRating: z.boolean().optional(),
      keepCode: z.boolean().optional(),
    })
    .refine((m) => m.apiBaseUrl !== undefined || m.autoTick !== undefined || m.askRating !== undefined || m.keepCode !== undefined, 'Nothing to change'),
]);
export type PageMessage = z.input<typeof pageMessageSchema>;
export type RecordSetMessage = z.output<typeof recordSetSchema>;
export type SheetAddMessage = z.output<typeof sheetAddSchema>;

/** Every message the background answers: what content scripts and the extension's own pages send. */
export type Message = ContentMessage | PageMessage;
export type MessageType = Message['type'];
export type ContentMessageType = ContentMessage['type'];
export type PageMessageType = PageMessage['type'];
/** Types both a content script and the extension's pages send (the handler tells them apart). */
export type SharedMessageType = ContentMessageType & PageMessageType;

const typesOf = <T extends string>(schema: { options: readonly { shape: { type: { value: T } } }[] }): readonly T[] =>
  schema.options.map((o) => o.shape.type.value);
/** The message types of the protocol, read from the schemas (the background's handler list is checked against them). */
export const CONTENT_MESSAGE_TYPES: readonly ContentMessageType[] = typesOf(contentMessageSchema);
export const PAGE_MESSAGE_TYPES: readonly PageMessageType[] = typesOf(pageMessageSchema);
export const EXTERNAL_MESSAGE_TYPES: readonly ExternalMessage['type'][] = typesOf(externalMessageSchema);

/** A message as the background's handler gets it: validated by its schema (defaults and trims applied). */
export type ValidMessage<K extends MessageType = MessageType> = Extract<
  z.output<typeof contentMessageSchema> | z.output<typeof pageMessageSchema>,
  { type: K }
>;

/**
 * `askRating`: after an Accepted verdict ticks a question, the page's toast asks "How was it?".
 * `keepCode`: an Accepted verdict also keeps its code, attempts and time in the tracker.
 */
export const settingsSchema = z.object({ apiBaseUrl: z.string(), autoTick: z.boolean(), askRating: z.boolean(), keepCode: z.boolean() });
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_API_BASE_URL = 'http://localhost:8787';
export const DEFAULT_SETTINGS: Settings = { apiBaseUrl: DEFAULT_API_BASE_URL, autoTick: true, askRating: true, keepCode: true };

export const authStatusSchema = z.object({
  signedIn: z.boolean(),
  user: z.object({ email: z.string(), firstName: z.string(), secondName: z.string() }).nullable(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

/** Messages the background sends to its own pages (never acted on when they come from elsewhere). */
export type BroadcastMessage = { type: 'problem:changed'; tabId: number } | { type: 'queue:changed'; pending: number };

/** Every reply from the background. */
export type Reply<T> = { ok: true; data: T } | { ok: false; error: string; code?: number };

export interface ProblemState {
  problem: DetectedProblem | null;
  platform: PlatformInfo | null;
  signedIn: boolean;
  lookup: LookupState | null;
}

/** Refuses to compile when a message type has no reply, or a reply has no message type. */
type EveryMessage<T extends Record<MessageType, unknown> & Record<Exclude<keyof T, MessageType>, never>> = T;

/**
 * The protocol: each message type and what the background answers to it (the data of an ok Reply).
 * `send(message)` takes its reply type from here, and each background handler must return it.
 */
export type ReplyMap = EveryMessage<{
  // From content scripts (about their own tab only).
  'page:identify': ParsedPageProblem | null;
  'problem:detected': null;
  'problem:none': null;
  'verdict:accepted': VerdictResult;
  'verdict:rejected': null;
  'verdict:layout': null;
  'leetcode:csrf': null;
  // From both (a content script: for the question its own tab's verdict ticked).
  'review:rate': ActionResult<RateAnswer>;
  // From the extension's own pages.
  'auth:status': AuthStatus;
  'auth:login': AuthStatus;
  'auth:logout': AuthStatus;
  'problem:get': DetectedProblem | null;
  'problem:state': ProblemState;
  'record:set': ActionResult<RecordSetResult>;
  'sheets:list': EditableSheet[];
  'sheet:get': SheetOutline;
  /** The API's new mappings are not read: the popup shows the message. */
  'sheet:add': ActionResult<unknown>;
  'notes:question': QuestionNotes;
  'notes:general': NotesPage;
  'note:get': Note;
  'note:create': Note;
  'note:update': ActionResult<Note>;
  'note:delete': { _id: string };
  'notes:tags': NoteTagCount[];
  'activity:today': TodayActivity;
  'review:status': ReviewStatus;
  /** The soonest contest that has not started (else one running), with its judge's name; null when none is listed. */
  'contests:next': (Contest & { judge: string }) | null;
  /** One recommended problem on the page's judge (or the user's main judge), or why there is none. */
  'practice:recommend': PracticePick;
  /** The caller's group assignments holding the problem at this URL, soonest due first. */
  'groups:due': GroupDue[];
  'queue:status': QueueStatus;
  'queue:flush': QueueStatus;
  'sync:status': SyncOverview;
  'sync:start': SyncOverview;
  'sync:cancel': SyncOverview;
  'sync:handle': SyncOverview;
  'sync:auto': SyncOverview;
  'sync:code': SyncOverview;
  'settings:get': Settings;
  /** What the tab's page showed that the extension did not understand, else null. */
  'health:tab': PageDiagnosis | null;
  /** Every judge's health (the options page). */
  'health:status': JudgeHealth[];
  'settings:set': Settings;
  /** The kept versions of a question's accepted code, newest first. */
  'solutions:list': Solution[];
}>;

/**
 * Sends one of the messages M to the background and resolves to its reply, inferred from the
 * message's `type` (rejects with the background's error message when it refuses).
 */
export type Send<M extends Message = Message> = <K extends M['type']>(message: Extract<M, { type: K }> & { type: K }) => Promise<ReplyMap[K]>;
