import { eq } from 'drizzle-orm';
import { memberName } from '../../shared/rules/groups';
import { INVITE_MAIL_THROTTLE } from '../../shared/rules/password-reset';
import type { Invite } from '../../shared/schemas/sharing';
import type { Db } from '../db/client';
import { sheets } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../lib/mail';
import type { UserRow } from './auth';
import type { ThrottleStore } from './login-throttle';

interface InviteMailDeps {
  clock: Clock;
  throttle: ThrottleStore;
  mailer: Mailer;
}

/** What differs between the invites that are mailed: what the invitee is asked to do, and where they answer. */
const INVITE_KINDS = {
  sheet: { invitedTo: (name: string) => `edit the sheet "${name}"`, answer: 'accept or decline the invite under My Sheets', tab: 'mySheets', showAddress: true },
  // A group never shows a member's address, not even the inviter's to the invitee.
  group: { invitedTo: (name: string) => `practise together in the group "${name}"`, answer: 'join the group under Groups', tab: 'groups', showAddress: false },
} as const;

/**
 * Tells an invitee by e-mail (when e-mail is set up) that a sheet or a group awaits them. Invites can name
 * any address, so one inviter's e-mails are counted, sheets' and groups' together: past the limit the
 * invite stands without one.
 */
export async function mailInvite(
  deps: InviteMailDeps,
  kind: keyof typeof INVITE_KINDS,
  invite: { to: string; name: string },
  inviter: UserRow,
  origin: string,
): Promise<void> {
  if (!deps.mailer.enabled) return;
  const reserved = await deps.throttle.reserve(`invite-mail:${inviter.id}`, INVITE_MAIL_THROTTLE, deps.clock.now());
  if (!reserved.granted) return;
  const { invitedTo, answer, tab, showAddress } = INVITE_KINDS[kind];
  const who = memberName(inviter.firstName, inviter.secondName, inviter.profileName);
  deps.mailer.send({
    to: invite.to,
    subject: `${who} invited you to the ${kind} "${invite.name}"`,
    text: [
      `${who}${showAddress ? ` (${inviter.email})` : ''} invited you to ${invitedTo(invite.name)} on Practice Tracker.`,
      '',
      `Sign in with this e-mail address, or create an account with it, to ${answer}:`,
      `${origin}/question-tracker?tab=${tab}`,
    ].join('\n'),
  });
}

/** The mail of a sheet invite, named by the sheet's current name. */
export async function mailSheetInvite(deps: InviteMailDeps & { db: Db }, invite: Invite, inviter: UserRow, origin: string): Promise<void> {
  if (!deps.mailer.enabled) return;
  const [sheet] = await deps.db.select({ name: sheets.name }).from(sheets).where(eq(sheets.id, invite.sheet));
  if (sheet) await mailInvite(deps, 'sheet', { to: invite.inviteeEmail, name: sheet.name }, inviter, origin);
}
