import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from './env';
import { hashToken, type UserRow } from './session-user';
import { chosenCoding, compressAnswer } from './content-coding';
import { requestIdOf } from './request-id';
import { answerBody, isCurrent, NO_BYTES, type EncodedAnswer } from './respond';
import { PRIVATE_REVALIDATE, SECURITY_HEADERS } from './security-headers';

/**
 * A viewer's sheet answer as kept: their own bytes (the sheet's header and their progress) and the key of
 * the question list between them, which stays in the sheets' lists (services/sheet-cache). So every viewer
 * of one sheet shares one copy of its list, and a list let go there is not held here.
 */
export interface KeptSheetAnswer {
  etag: string;
  head: Uint8Array<ArrayBuffer>;
  tail: Uint8Array<ArrayBuffer>;
  listKey: string | null;
}

export const keepSheetAnswer = (answer: EncodedAnswer, listKey: string | null): KeptSheetAnswer => ({ etag: answer.etag, head: answer.head, tail: answer.tail, listKey });

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '')?.[1] ?? null;
}

/** The user of a kept, unexpired session; undefined when this process does not know the token. */
export function keptUser(deps: Deps, tokenHash: string): UserRow | undefined {
  const kept = deps.kept.sessions.get(tokenHash);
  return kept && kept.expiresAt.getTime() > deps.clock.now().getTime() ? kept.user : undefined;
}

export type SheetKey = { id: string } | { slug: string };

export const sheetAnswerKey = (user: UserRow | null, where: SheetKey) =>
  `${user?.id ?? '-'}|${'id' in where ? `id:${where.id}` : `slug:${where.slug}`}`;

/** Where the sheet routes are mounted and the sheet page's two reads below it: the route and this layer share them. */
export const SHEET_PATHS = { base: '/question-tracker/v2/sheet', byId: '/get-sheet-data', bySlug: '/get-sheet-data-by-slug' } as const;

const SHEET_READ = new RegExp(`^${SHEET_PATHS.base}(?:${SHEET_PATHS.byId}|(${SHEET_PATHS.bySlug}))/([A-Za-z0-9_-]{1,200})$`);

/**
 * A repeated read of a sheet, answered from memory before the rest of the pipeline runs: the same answer,
 * headers and 304 that the sheet route gives (routes/sheets.ts), without the work around it. Anything
 * this process does not hold already (an unknown session, an answer not kept, a cross-origin request
 * that needs CORS) goes the whole way.
 */
export function keptSheetAnswers(deps: Deps): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (c.req.method !== 'GET' || !deps.caches.live) return next();
    const match = SHEET_READ.exec(c.req.path);
    if (!match || c.req.header('origin') !== undefined) return next();
    const authorization = c.req.header('authorization');
    let user: UserRow | null = null;
    if (authorization !== undefined) {
      const token = bearerToken(authorization);
      const kept = token ? keptUser(deps, hashToken(token)) : undefined;
      if (!kept) return next();
      user = kept;
    }
    const [, bySlug, key = ''] = match;
    const answer = deps.kept.sheets.get(sheetAnswerKey(user, bySlug ? { slug: key } : { id: key }));
    if (!answer) return next();
    const fresh = isCurrent(c.req.header('if-none-match'), answer.etag);
    // The question list the answer splices in; one let go by the sheets' lists is read again by the route.
    const shared = fresh || answer.listKey === null ? NO_BYTES : deps.sheetLists.get(answer.listKey)?.bytes;
    if (!shared) return next();
    // Built from plain records rather than through the context: the Node adapter then writes them as
    // they are, without a Headers object in between.
    const id = requestIdOf(c);
    c.set('requestId', id);
    const headers = { ...(user ? (fresh ? SIGNED_IN_NOT_MODIFIED_HEADERS : SIGNED_IN_OK_HEADERS) : fresh ? NOT_MODIFIED_HEADERS : OK_HEADERS), ETag: answer.etag, 'X-Request-Id': id };
    if (fresh) return Promise.resolve(new Response(null, { status: 304, headers }));
    const body = answerBody({ head: answer.head, shared, tail: answer.tail });
    const acceptEncoding = c.req.header('accept-encoding');
    if (chosenCoding(acceptEncoding, body.byteLength) === 'identity') {
      return Promise.resolve(new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(body.byteLength) } }));
    }
    return compressAnswer(acceptEncoding, body).then((sent) => new Response(sent.body, { status: 200, headers: { ...headers, 'Content-Encoding': sent.coding } }));
  };
}

/**
 * What the full pipeline puts on a sheet answer besides its ETag and request id (see app.ts). Frozen:
 * V8 copies a frozen record far faster than an unfrozen one of the same shape, and this path runs on
 * every repeated sheet read.
 */
const NOT_MODIFIED_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...SECURITY_HEADERS, Vary: 'Origin, Accept-Encoding' });
const OK_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...NOT_MODIFIED_HEADERS, 'Content-Type': 'application/json' });
/** A signed-in viewer's answer also says that only their browser may keep it (see routes/sheets.ts). */
const SIGNED_IN_NOT_MODIFIED_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...NOT_MODIFIED_HEADERS, 'Cache-Control': PRIVATE_REVALIDATE });
const SIGNED_IN_OK_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...OK_HEADERS, 'Cache-Control': PRIVATE_REVALIDATE });
