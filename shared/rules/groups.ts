import { plural } from '../plural';

/** Groups: limits and the words people see (issue 61). */
export const GROUP_LIMITS = {
  /** Groups a user may be in, whatever their role. */
  groupsPerUser: 50,
  membersPerGroup: 500,
  assignmentsPerGroup: 200,
  nameMax: 80,
  descriptionMax: 500,
  /** Questions one assignment may hold (a whole sheet is cut to its first this many). */
  questionsPerAssignment: 1000,
} as const;

export const GROUP_ROLES = ['owner', 'mentor', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const GROUP_PERIODS = ['week', 'all'] as const;
export type GroupPeriod = (typeof GROUP_PERIODS)[number];

/** A cell of the class grid: solved by the due date, solved after it, or not solved. */
export const GRID_CELLS = ['solved', 'late', 'open'] as const;
export type GridCell = (typeof GRID_CELLS)[number];

export const DEFAULT_GROUP_TIME_ZONE = 'UTC';

/** Whether the runtime (and so PostgreSQL, which reads the same IANA names) knows a time zone. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A member's name as groups show it: first and second name, or the profile name when both are empty. */
export function memberName(firstName: string, secondName: string, profileName: string): string {
  return `${firstName} ${secondName}`.trim() || profileName;
}

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  name: `Give the group a name of at most ${GROUP_LIMITS.nameMax} characters`,
  description: `Keep the description under ${GROUP_LIMITS.descriptionMax} characters`,
  timeZone: 'Choose a time zone from the list (for example Europe/Berlin)',
  tooManyGroups: `You can be in at most ${GROUP_LIMITS.groupsPerUser} groups. Leave one to join or create another.`,
  groupFull: `This group already has ${GROUP_LIMITS.membersPerGroup} members, the most a group can have`,
  tooManyAssignments: `A group can have at most ${GROUP_LIMITS.assignmentsPerGroup} assignments. Delete an old one first.`,
  ownerOnly: 'Only the group’s owner can do this',
  staffOnly: 'Only the group’s owner and mentors can do this',
  created: 'Group created',
  updated: 'Group updated',
  deleted: 'Group deleted',
  joinLinkInvalid: 'This join link is not valid. Ask the group’s owner for a new one.',
  joined: 'You joined the group',
  alreadyMember: 'You are already in this group',
  inviteSent: 'Invite sent',
  alreadyInvited: 'This address has already been invited',
  inviteeIsMember: 'This person is already in the group',
  noInvite: 'No invite to this group is waiting for you',
  inviteDeclined: 'Invite declined',
  memberNotFound: 'This person is not in the group',
  removed: 'Removed from the group',
  left: 'You left the group',
  ownerCannotLeave: 'Hand the group over to another member before you leave',
  ownerCannotBeRemoved: 'The owner cannot be removed. Hand the group over first.',
  ownRole: 'You cannot change your own role',
  roleChanged: 'Role changed',
  handedOver: 'The group now has a new owner',
  hideOwnOnly: 'Only the member can hide themself from leaderboards',
  nothingToChange: 'Nothing to change',
  sheetNotReadable: 'Assign a sheet the group’s members can read: a public sheet, or one you created or edit',
  sheetPremium: 'Premium sheets cannot be assigned',
  questionsNotInSheet: 'Pick questions from the assigned sheet only',
  emptyAssignment: 'The sheet has no questions to assign',
  dueAt: 'Give the assignment a due date',
  tooManyQuestions: `An assignment can hold at most ${GROUP_LIMITS.questionsPerAssignment} questions`,
  assigned: 'Assignment created',
  assignmentNotFound: 'Assignment not found',
  assignmentDeleted: 'Assignment deleted',
  unknownAction: 'Route not found',
  // Said by the dashboard alone: its checks before a call, and failures the server gave no words for.
  createFailed: 'Could not create the group. Please try again.',
  joinFailed: 'Could not join the group. Please try again.',
  declineFailed: 'Could not decline the invite. Please try again.',
  assignFailed: 'Could not create the assignment. Please try again.',
  assignNeeds: 'Pick a sheet and a due date',
  placesFormat: 'Write the questions as places in the sheet, for example 1-10, 15',
  sheetLoading: 'The sheet’s questions are still loading',
  placesOutside: (count: number) => `The sheet has ${plural(count, 'question')}`,
  hiddenFromBoards: 'You are hidden from the leaderboards',
  backOnBoards: 'You are back on the leaderboards',
  hideFailed: 'Could not change this. Please try again.',
  roleFailed: 'Could not change the role. Please try again.',
  inviteFailed: 'Could not send the invite. Please try again.',
  joinLinkChanged: 'Join link updated',
  joinLinkFailed: 'Could not change the join link. Please try again.',
  leaveFailed: 'Could not leave the group. Please try again.',
  deleteFailed: 'Could not delete the group. Please try again.',
  removeFailed: 'Could not remove the member. Please try again.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day of an instant in a time zone, as a number of days (for "today" and "tomorrow"). */
function dayNumber(at: Date, timeZone: string | undefined): number {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at).split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
}

/**
 * How a due date reads beside an assignment, in the reader's time zone: "due today", "due tomorrow",
 * "due Friday" within the week, "due 20 Mar" beyond it, "overdue since 3 Mar" once past.
 */
export function dueLabel(dueAt: string, now: Date = new Date(), timeZone?: string): string {
  const due = new Date(dueAt);
  const short = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(due);
  if (due.getTime() < now.getTime()) return `overdue since ${short}`;
  const days = dayNumber(due, timeZone) - dayNumber(now, timeZone);
  if (days === 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  if (days < 7) return `due ${new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long' }).format(due)}`;
  return `due ${short}`;
}
