import type { Context } from 'hono';
import type { Config } from '../config';

/**
 * The origin for links sent to people (reset links, invites): PUBLIC_URL when set, else the request's own.
 * The fallback trusts the Host header, which a client chooses: set PUBLIC_URL wherever e-mail is on.
 */
export function linkOrigin(c: Context, config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl ?? new URL(c.req.url).origin;
}
