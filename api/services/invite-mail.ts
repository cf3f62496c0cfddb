import { eq } from 'drizzle-orm';
import { INVITE_MAIL_THROTTLE } from '../../shared/rules/password-reset';
import type { Invite } from '../../shared/schemas/sharing';
import type { Db } from '../db/client';
import { sheets } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../lib/mail';
import type { UserRow } from './auth';
import type { ThrottleStore } from './login-throttle';

/**
 * Tells an invitee by e-mail (when e-mail is set up) that a sheet awaits them under My Sheets. Invites can
 * name any address, so one inviter's e-mails are counted: past the limit the invite stands without one.
 */
export async function mailInvite(
  deps: { db: Db; clock: Clock; throttle: ThrottleStore; mailer: Mailer },
  invite: Invite,
  inviter: UserRow,
  origin: string,
): Promise<void> {
  if (!deps.mailer.enabled) return;
  const reserved = await deps.throttle.reserve(`invite-mail:${inviter.id}`, INVITE_MAIL_THROTTLE, deps.clock.now());
  if (!reserved.granted) return;
  const [sheet] = await deps.db.select({ name: sheets.name }).from(sheets).where(eq(sheets.id, invite.sheet));
  if (!sheet) return;
  const who = `${inviter.firstName} ${inviter.secondName}`.trim() || inviter.email;
  deps.mailer.send({
    to: invite.inviteeEmail,
    subject: `${who} invited you to the sheet "${sheet.name}"`,
    text: [
      `${who} (${inviter.email}) invited you to edit the sheet "${sheet.name}" on Practice Tracker.`,
      '',
      'Sign in with this e-mail address, or create an account with it, to accept or decline the invite under My Sheets:',
      `${origin}/question-tracker?tab=mySheets`,
    ].join('\n'),
  });
}
