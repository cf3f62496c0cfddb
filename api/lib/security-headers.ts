import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { defaultHeaders } from './default-headers';

/** The product's security policy, as hono's secureHeaders expresses it. */
const POLICY: Parameters<typeof secureHeaders>[0] = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
  crossOriginEmbedderPolicy: false,
};

/** secureHeaders' headers for that policy, worked out once. */
const HEADERS: readonly [string, string][] = [
  ...(await new Hono()
    .use(secureHeaders(POLICY))
    .get('/', (c) => c.body(null, 204))
    .request('/')).headers.entries(),
];

/** For answers that may carry a user's data: no shared cache keeps them, and the browser does not either. */
export const PRIVATE_NO_STORE = 'private, no-store';
/** For a signed-in answer whose ETag is the point (the sheet read): the browser keeps it and revalidates each time; shared caches never keep it. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/** The security headers as a plain record, for answers built without the request context. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(HEADERS));

const SCRIPT_SRC = /(^|;\s*)script-src ([^;]*)/;

/**
 * The policy's Content-Security-Policy, also letting run the inline scripts with these sources (their
 * 'sha256-…' hashes): the dashboard's index.html writes its early script into the page.
 */
export function contentSecurityPolicy(scriptSources: readonly string[] = []): string {
  const csp = SECURITY_HEADERS['content-security-policy'];
  if (!csp || !SCRIPT_SRC.test(csp)) throw new Error('The security policy has no script-src to extend');
  if (!scriptSources.length) return csp;
  return csp.replace(SCRIPT_SRC, (_, lead: string, list: string) => `${lead}script-src ${list} ${scriptSources.join(' ')}`);
}

/**
 * secureHeaders' headers, set before each handler runs, as defaults a handler may override (the page's own
 * script hashes, say). secureHeaders itself writes them onto the finished response, which makes the Node
 * adapter turn its light response into a full Response object on every request.
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => {
    defaultHeaders(c, HEADERS);
    return next();
  };
}
