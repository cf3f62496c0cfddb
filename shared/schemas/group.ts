import { z } from 'zod';
import { GRID_CELLS, GROUP_LIMITS, GROUP_MESSAGES as M, GROUP_PERIODS, GROUP_ROLES, isTimeZone } from '../rules/groups';
import { neutraliseCell } from '../rules/spreadsheet-safety';
import { isUuid } from './note';
import { emailSchema } from './user';

const name = z.string({ error: M.name }).trim().min(1, M.name).max(GROUP_LIMITS.nameMax, M.name);
const description = z.string({ error: M.description }).trim().max(GROUP_LIMITS.descriptionMax, M.description);
const timeZone = z.string({ error: M.timeZone }).refine(isTimeZone, M.timeZone);
const uuid = (message: string) => z.string({ error: message }).refine(isUuid, message);

export const createGroupBodySchema = z.object({ name, description: description.optional(), timeZone: timeZone.optional() });
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

/** The owner's changes: settings, and the join link (turned off or on, or given a new code). */
export const updateGroupBodySchema = z
  .object({ name: name.optional(), description: description.optional(), timeZone: timeZone.optional(), joinLinkEnabled: z.boolean().optional(), renewCode: z.literal(true).optional() })
  .refine((b) => Object.keys(b).length > 0, M.nothingToChange);
export type UpdateGroupBody = z.infer<typeof updateGroupBodySchema>;

export const groupInviteBodySchema = z.object({ email: emailSchema });

/** A role change by the owner ('owner' hands the group over), or a member's own leaderboard choice. */
export const updateMemberBodySchema = z
  .object({ role: z.enum(GROUP_ROLES).optional(), hideFromLeaderboards: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.hideFromLeaderboards !== undefined, M.nothingToChange);
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

export const createAssignmentBodySchema = z.object({
  sheetId: uuid(M.sheetNotReadable),
  dueAt: z.iso.datetime({ offset: true, error: M.dueAt }),
  /** A part of the sheet; the whole sheet when left out. */
  questionIds: z.array(uuid(M.questionsNotInSheet)).min(1, M.emptyAssignment).max(GROUP_LIMITS.questionsPerAssignment, M.tooManyQuestions).optional(),
});
export type CreateAssignmentBody = z.infer<typeof createAssignmentBodySchema>;

export const groupLeaderboardQuerySchema = z.object({ period: z.enum(GROUP_PERIODS).default('week') });
export const groupListQuerySchema = z.object({
  /** A problem page's URL: only the caller's assignments that hold that problem (groups and invites are left empty). */
  problem: z.string().max(2048).optional(),
});

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  timeZone: z.string(),
  /** The caller's role. */
  role: z.enum(GROUP_ROLES),
  memberCount: z.number(),
  /** The join link's code: the owner and mentors only (null for members). */
  inviteCode: z.string().nullable(),
  joinLinkEnabled: z.boolean(),
  /** The caller's own choice. */
  hideFromLeaderboards: z.boolean(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** What anyone in a group sees of a member: name, avatar, role. Never an e-mail address. */
export const groupMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  profileName: z.string(),
  imageUrl: z.string(),
  role: z.enum(GROUP_ROLES),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupPendingInviteSchema = z.object({ email: z.string(), createdAt: z.string() });

export const groupDetailSchema = z.object({
  group: groupSchema,
  members: z.array(groupMemberSchema),
  /** Addresses invited and not yet joined: the owner and mentors only (empty for members). */
  invites: z.array(groupPendingInviteSchema),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** An invite waiting for the caller. */
export const receivedGroupInviteSchema = z.object({ groupId: z.string(), groupName: z.string(), invitedBy: z.string(), createdAt: z.string() });
export type ReceivedGroupInvite = z.infer<typeof receivedGroupInviteSchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  sheetId: z.string(),
  sheetName: z.string(),
  sheetSlug: z.string(),
  dueAt: z.string(),
  questionCount: z.number(),
  createdAt: z.string(),
  /** The caller's own progress: solved by the due date, and solved after it. */
  solved: z.number(),
  late: z.number(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** One of the caller's assignments, with its group's name (the workspace, the home page, the extension). */
export const dueAssignmentSchema = assignmentSchema.extend({ groupName: z.string() });
export type DueAssignment = z.infer<typeof dueAssignmentSchema>;

export const myGroupsSchema = z.object({
  groups: z.array(groupSchema),
  invites: z.array(receivedGroupInviteSchema),
  /** The caller's assignments that are not yet past due by more than a week, soonest first. */
  assignments: z.array(dueAssignmentSchema),
});
export type MyGroups = z.infer<typeof myGroupsSchema>;

export const gridSchema = z.object({
  assignment: z.object({ id: z.string(), dueAt: z.string(), sheetName: z.string() }),
  questions: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  members: z.array(z.object({ userId: z.string(), name: z.string(), solved: z.number(), late: z.number() })),
  /** One row per member, in the members' order; one cell per question, in the questions' order. */
  cells: z.array(z.array(z.enum(GRID_CELLS))),
});
export type Grid = z.infer<typeof gridSchema>;

export const groupLeaderboardSchema = z.object({
  period: z.enum(GROUP_PERIODS),
  /** The start of the week counted, in the group's time zone (null for all time). */
  since: z.string().nullable(),
  rows: z.array(z.object({ rank: z.number(), userId: z.string(), name: z.string(), imageUrl: z.string(), solved: z.number() })),
});
export type GroupLeaderboard = z.infer<typeof groupLeaderboardSchema>;

/** The grid as spreadsheet rows: a row per member with their totals, then a column per question; every text cell neutralised. */
export function gridCsvRows(grid: Grid): string[][] {
  const header = ['Member', 'Solved', 'Late', ...grid.questions.map((q) => neutraliseCell(q.name))];
  return [header, ...grid.members.map((m, i) => [neutraliseCell(m.name), String(m.solved), String(m.late), ...(grid.cells[i] ?? [])])];
}
