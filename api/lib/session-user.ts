import { hash } from 'node:crypto';
import type { users } from '../db/schema';

/**
 * A user as a request holds them: every column but records_version, which every workspace write bumps
 * without announcing a change to the user (migration 0017), so a kept session's copy would be stale.
 */
export type UserRow = Omit<typeof users.$inferSelect, 'recordsVersion'>;

/** A signed-in session: its user, and when it ends. */
export interface SessionUser {
  user: UserRow;
  expiresAt: Date;
}

/** Sessions are stored and kept by the hash of their token, never the token itself. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
