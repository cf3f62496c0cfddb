/** URL helpers shared by the platform parsers. None of them throws. */

/** Longer inputs are not problem URLs someone pasted or a tab we care about. */
const MAX_INPUT_LENGTH = 4096;

/** Lower-cases a host name and drops the trailing dot of a fully qualified name. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.+$/, '');
}

/** True when a URL's hostname (lower-case, as URL gives it) is one of a judge's hosts. */
export function isOneOf(hosts: readonly string[], hostname: string): boolean {
  return hosts.includes(hostname);
}

/** The host without one leading `www.`. */
export function withoutWww(host: string): string {
  const h = normaliseHost(host);
  return h.startsWith('www.') ? h.slice(4) : h;
}

/** True when the text starts with a URL scheme; `example.com:443/...` is a host and port, not a scheme. */
function hasScheme(text: string): boolean {
  const m = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(text);
  if (!m) return false;
  const [, name = '', rest = ''] = m;
  return !(name.includes('.') && /^\d+(?:[/?#]|$)/.test(rest));
}

/** The text with https:// in front when it names no scheme (`//host/...` gains https: alone). */
export function withScheme(text: string): string {
  return text.startsWith('//') ? `https:${text}` : hasScheme(text) ? text : `https://${text}`;
}

/**
 * Reads user input as an http(s) URL: trims it, assumes https:// when the scheme is missing, and rejects
 * other schemes, control characters, credentials, explicit non-default ports and over-long input.
 */
export function toHttpUrl(input: unknown): URL | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text === '' || text.length > MAX_INPUT_LENGTH) return null;
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: an address holding one is refused
  if (/[\u0000-\u001f\u007f]/.test(text)) return null;
  const candidate = withScheme(text);
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  if (normaliseHost(url.hostname) === '') return null;
  return url;
}

/**
 * The path's non-empty segments, percent-decoded and lower-cased (every judge's ids here are
 * case-insensitive; callers upper-case where the canonical form wants it). Null if a segment is not
 * valid percent-encoding. Empty segments (trailing or doubled slashes) are skipped.
 */
export function pathSegments(url: URL): string[] | null {
  return splitSegments(url.pathname);
}

/** Like pathSegments, for a hash-routed path such as `#/u/practiceCode/1/2/3`. */
export function hashSegments(url: URL): string[] | null {
  return splitSegments(url.hash.replace(/^#/, '').replace(/[?].*$/, ''));
}

function splitSegments(path: string): string[] | null {
  const out: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    try {
      out.push(decodeURIComponent(raw).toLowerCase());
    } catch {
      return null;
    }
  }
  return out;
}

/** A lower-case slug: letters, digits, `-` and `_`, starting with a letter or digit. */
const SLUG = /^[a-z0-9][a-z0-9_-]{0,149}$/;

/** The segment if it is a slug, else null. */
export function slugOf(segment: string | undefined): string | null {
  return segment !== undefined && SLUG.test(segment) ? segment : null;
}

/** True when every segment is a slug (used for the free middle part of nested paths). */
export function allSlugs(segments: readonly string[]): boolean {
  return segments.every((s) => SLUG.test(s));
}

/** An upper-cased problem code (letters, digits, `_`), else null. */
export function codeOf(segment: string | undefined): string | null {
  return segment !== undefined && /^[a-z0-9_]{1,40}$/.test(segment) ? segment.toUpperCase() : null;
}

/** A positive decimal id without leading zeros (`0042` gives `42`), else null. */
export function numericIdOf(text: string | null | undefined, maxDigits = 9): string | null {
  if (text === null || text === undefined || !new RegExp(`^\\d{1,${maxDigits}}$`).test(text)) return null;
  const n = Number(text);
  return n > 0 ? String(n) : null;
}

/** Match patterns for every host with the given paths (each starting with `/`). */
// Marked free of side effects, so a content script that imports a judge's facts drops its unused patterns.
/* @__NO_SIDE_EFFECTS__ */
export function patternsFor(hosts: readonly string[], paths: readonly string[]): string[] {
  return hosts.flatMap((host) => paths.map((path) => `*://${host}${path}`));
}
