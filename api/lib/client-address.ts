import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import type { Config } from '../config';

/** Writes an address the same way whichever form it came in (an IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d). */
function normalise(address: string | undefined): string | null {
  if (!address) return null;
  const a = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  const plain = mapped?.[1] ?? a;
  return isIP(plain) ? plain : null;
}

/**
 * The address the request came from: the socket's peer, or, only with TRUST_PROXY=true, the first
 * X-Forwarded-For entry (the proxy must set that header itself, else any client can choose its own).
 * Null when there is no socket (a request handed to app.fetch directly) and no trusted header.
 */
export function clientAddress(c: Context, config: Pick<Config, 'trustProxy'>): string | null {
  if (config.trustProxy) {
    const forwarded = normalise(c.req.header('x-forwarded-for')?.split(',')[0]);
    if (forwarded) return forwarded;
  }
  try {
    return normalise(getConnInfo(c).remote.address);
  } catch {
    return null;
  }
}

/**
 * What a client address is counted as when throttling: an IPv4 address itself (also written as an
 * IPv4-mapped IPv6 address, in any form), an IPv6 address its /64. One subscriber or host is handed a
 * whole /64, so counting single IPv6 addresses would let it take a fresh one for every few guesses.
 */
export function addressBlock(address: string): string {
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
