import { isRecord, plainText } from '@shared/untrusted';
import type { PartialDocument } from '../lib/partial-document';

/** What a DOM reader can read from a problem page; every field may be missing. */
export interface PageDetails {
  name: string | null;
  difficulty: string | null;
  topics: string[];
}

/** What a reader returns: details before bounded() cleans them (it drops missing topics too). */
export interface ReadDetails {
  name: string | null;
  difficulty: string | null;
  topics: (string | null)[];
}

/**
 * Reads a problem page's Document. Pure: no network, no globals besides the Document given. Null when
 * the page shows another problem than its URL (a single-page move not finished yet): ask again later.
 */
export type DomReader = (doc: Document) => ReadDetails | null;

export const emptyDetails = (): PageDetails => ({ name: null, difficulty: null, topics: [] });

/** The usual three levels; judges with more name their own. */
export const LEVELS = /^(Easy|Medium|Hard)$/i;

/** Text nodes inside these are code or markup, not what the page shows. */
const NOT_TEXT = 'script,style,noscript,template';

/** An element's visible text, whitespace collapsed (script and style text left out), else null. */
export const text = (el: Element | null | undefined): string | null => {
  if (el?.querySelector(NOT_TEXT)) {
    el = el.cloneNode(true) as Element;
    el.querySelectorAll(NOT_TEXT).forEach((n) => n.remove());
  }
  return str(el?.textContent);
};

/** The visible text of the first element matching `selector`. */
export const textOf = (doc: Document, selector: string): string | null => text(doc.querySelector(selector));

export const meta = (doc: Document, name: string): string | null =>
  str(doc.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content'));

/** JSON embedded in a script tag, or null when missing or malformed. */
export function embeddedJson(doc: Document, selector: string): unknown {
  const raw = doc.querySelector(selector)?.textContent;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export { isRecord };

/** A non-empty string with its whitespace collapsed, else null; a huge one is cut (no name is that long). */
export const str = (v: unknown): string | null => {
  const t = typeof v === 'string' ? v.slice(0, 5000).replace(/\s+/g, ' ').trim() : '';
  return t ? t : null;
};

/** Follows a path of keys through parsed JSON; undefined as soon as a step is missing. */
export function at(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const key of path) {
    if (!isRecord(v)) return undefined;
    v = v[key];
  }
  return v;
}

/** The texts of the elements, trimmed, with empty ones and repeats dropped, in document order. */
export function texts(elements: Iterable<Element>): string[] {
  const out: string[] = [];
  for (const el of elements) {
    const t = text(el);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** The strings of a JSON array (e.g. tag names), empty when it is not one. */
export const strings = (v: unknown): (string | null)[] => (Array.isArray(v) ? v.map(str) : []);

/** The page's own title element: the first <title> that is not an SVG icon's (some judges put it in <body>). */
const titleElement = (doc: Document): Element | undefined =>
  [...doc.getElementsByTagName('title')].find((t) => !t.closest('svg'));

/**
 * The first capture of `pattern` in og:title, else in the page title. The pattern carries the judge's
 * own title shape ("Two Sum | HackerRank"), so a generic title ("Just a moment...") yields null.
 */
export function pageTitle(doc: Document, pattern: RegExp): string | null {
  for (const candidate of [meta(doc, 'og:title'), text(titleElement(doc))]) {
    const name = str(candidate ? pattern.exec(candidate)?.[1] : null);
    if (name) return name;
  }
  return null;
}

/** Every JSON-LD object on the page, arrays and @graph flattened; malformed blocks are skipped. */
function jsonLd(doc: Document): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const add = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(add);
    else if (isRecord(v)) {
      out.push(v);
      add(v['@graph']);
    }
  };
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      add(JSON.parse(script.textContent) as unknown);
    } catch {
      // A malformed block is ignored; the next may be fine.
    }
  }
  return out;
}

/**
 * Breadcrumb item names in order: JSON-LD BreadcrumbList, else schema.org microdata, else a list marked
 * as a breadcrumb (`.breadcrumb`, `aria-label="breadcrumb"`).
 */
export function breadcrumb(doc: Document): string[] {
  const list = jsonLd(doc).find((o) => o['@type'] === 'BreadcrumbList');
  if (list && Array.isArray(list.itemListElement)) {
    const names = list.itemListElement
      .filter(isRecord)
      .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))
      .map((item) => str(item.name) ?? str(at(item, 'item', 'name')))
      .filter((n): n is string => n !== null);
    if (names.length) return names;
  }
  const micro = doc.querySelector('[itemtype$="schema.org/BreadcrumbList"]');
  if (micro) {
    const names = texts(micro.querySelectorAll('[itemprop="itemListElement"] [itemprop="name"]'));
    if (names.length) return names;
  }
  // The first breadcrumb container in document order (a <nav aria-label> usually wraps an <ol class>).
  const marked = doc.querySelector('[aria-label=breadcrumb],[aria-label=Breadcrumb],.breadcrumb,.bcrumb');
  if (!marked) return [];
  const items = marked.querySelectorAll('li');
  return texts(items.length ? items : marked.querySelectorAll('a'));
}

/**
 * The value a page shows next to a visible label such as "Difficulty:" — in the same element
 * ("Difficulty: Easy"), in the next element ("<span>Difficulty:</span><span>Easy</span>") or after the
 * label inside its parent ("<p><b>Difficulty:</b> Easy</p>"). Only values `accept` matches are returned,
 * so prose that happens to start with the word is skipped. `label` is plain words, not a pattern.
 */
export function labelledValue(doc: Document, label: string, accept: RegExp): string | null {
  const re = new RegExp(`^${label}\\b\\s*:?\\s*`, 'i');
  const page: PartialDocument = doc;
  for (const el of page.body?.querySelectorAll('*') ?? []) {
    const first = el.firstChild;
    // Only elements whose own text starts with the label: cheap, and skips big containers.
    if (!first || first.nodeType !== 3 || !re.test(first.nodeValue?.trimStart() ?? '') || el.closest(NOT_TEXT)) continue;
    const candidates = [
      text(el)?.replace(re, ''),
      text(el.nextElementSibling),
      el.parentElement && el.parentElement.childElementCount <= 3 ? text(el.parentElement)?.replace(re, '') : null,
    ];
    for (const c of candidates) {
      const v = str(c);
      if (v && accept.test(v)) return v;
    }
  }
  return null;
}

/** The text of the first leaf element (matching `selector`) whose whole text `pattern` matches: a bare label. */
export const leaf = (doc: Document, selector: string, pattern: RegExp): string | null =>
  text([...doc.querySelectorAll(selector)].find((el) => !el.childElementCount && pattern.test(el.textContent.trim())));

/**
 * The items listed under a visible heading such as "Topic Tags": the leaf texts (links, list items,
 * chips) of the element that follows the heading or, when the heading is wrapped, follows its wrapper.
 */
export function labelledList(doc: Document, heading: RegExp): string[] {
  const page: PartialDocument = doc;
  for (const el of page.body?.querySelectorAll('*') ?? []) {
    if (el.childElementCount !== 0 || !heading.test(el.textContent.trim())) continue;
    let node: Element | null = el;
    for (let depth = 0; node && node !== doc.body && depth < 3; depth++, node = node.parentElement) {
      const next = node.nextElementSibling;
      if (!next) continue;
      const leaves = [next, ...next.querySelectorAll('a,li,span,div')].filter((e) => e.childElementCount === 0);
      const items = texts(leaves);
      if (items.length) return items;
    }
  }
  return [];
}

/**
 * What a bot check, an error page or a login wall calls itself, in its title or its heading: the whole
 * text, or the part before the site's name ("Attention Required! | Cloudflare", "404 - Page Not Found"). A
 * status code is followed by a few words at most ("404 Not Found"), not by a judge's own title format.
 */
const WALL =
  /^(?:just a moment|attention required|access denied|(?:error )?[45]\d\d\b[\w :.,'-]{0,40}|(?:page )?not found|something went wrong|(?:internal )?server error|service unavailable|oops\b.*|error|log ?in|sign ?(?:in|up))\W*$/i;
/** Cloudflare's challenge and error pages (current and older), by their own ids. */
const CHALLENGE = '#challenge-form,#challenge-stage,#challenge-running,[id^=cf-],.cf-browser-verification';

/**
 * A judge's CSS selectors, named, in one table in its reader's file: a layout change is a fix there, with
 * a saved page beside it. `statement` is its statement's container: a page showing a statement with text
 * in it is a problem page, whatever its title or heading says (a problem may be named "Login", "Error" or
 * "404 Not Found").
 */
export type SelectorTable = Readonly<Record<string, string>> & { readonly statement: string };

/** A judge's page reader and its selector table. */
export type PageReader = readonly [read: DomReader, selectors: SelectorTable];

/**
 * The names of the table's selectors that match something on the page: what a diagnostic may say of a
 * page it did not understand (names only, never the page's text).
 */
export const matchedSelectors = (doc: Document, table: SelectorTable): string[] => Object.keys(table).filter((name) => doc.querySelector(table[name] as string));

/**
 * Whether a page was understood: a name read and the statement's selector found (on a view that shows
 * one). A problem page that is not, and is no wall, has a layout new to its reader.
 */
export const layoutUnderstood = (name: string | null, matched: readonly string[], showsStatement = true): boolean =>
  !!name && (!showsStatement || matched.includes('statement'));

/** Whether the page shows a problem statement with substantive text (less than 40 characters is an empty shell). */
export const hasStatement = (doc: Document, statement: string): boolean =>
  [...doc.querySelectorAll(statement)].some((el) => (text(el)?.length ?? 0) >= 40);

/**
 * Whether the page is not the problem's page at all but a bot check, an error page or a login wall
 * served at its URL. One check for every judge (readPageDetails). A Cloudflare challenge is one always;
 * a wall's title or heading counts only when no statement is shown (`statement`, the judge's selector),
 * since a problem's own name sits in the title or heading on most judges.
 */
export const isInterstitial = (doc: Document, statement?: string): boolean =>
  !!doc.querySelector(CHALLENGE) ||
  (!(statement && hasStatement(doc, statement)) && [titleElement(doc), doc.querySelector('h1')].some((el) => isWallText(text(el) ?? '-')));

/** Whether a title or heading is a bot check's, an error page's or a login wall's own. */
const isWallText = (t: string): boolean => WALL.test(t.split(/\s+[|\-–—:]\s+/)[0] ?? '');

/**
 * Whether a name is a bot check's own title: never a problem's, unlike "Login" or "Error", which a problem
 * may be named (the page's statement tells those apart, and only the content script sees the page).
 */
export const isBotCheckText = (t: string): boolean => /^(?:just a moment|attention required|access denied)\b/i.test(t.trim());

/** Plain text: tags and invisible characters dropped, whitespace collapsed (bounded() cuts each field). */
const plain = (v: string | null): string | null => (v === null ? null : (plainText(v.replace(/<\/?[a-z][^>]*>/gi, ' '), Number.MAX_SAFE_INTEGER) ?? null));

/**
 * What a reader found, as plain trimmed text of bounded length (pages are untrusted, some hostile): a
 * name is cut at 200 characters; a difficulty over 20 or a topic over 60 is not one; 20 topics at most.
 */
export function bounded(d: ReadDetails): PageDetails {
  const difficulty = plain(d.difficulty);
  return {
    name: plain(d.name)?.slice(0, 200).trim() ?? null,
    difficulty: difficulty && difficulty.length <= 20 ? difficulty : null,
    topics: [...new Set(d.topics.map(plain))].filter((t): t is string => !!t && t.length <= 60).slice(0, 20),
  };
}

/**
 * What the page shows of its problem, by its judge's reader, as bounded plain text; empty when the reader
 * fails, or the page is a bot check, an error page or a login wall served at the URL. Null while the page
 * still shows another problem than its URL (see DomReader). Each judge's content script carries only its
 * own reader, so the reader is given, not looked up.
 */
export function readWith(reader: PageReader, doc: Document): PageDetails | null {
  try {
    if (isInterstitial(doc, reader[1].statement)) return emptyDetails();
    const details = reader[0](doc);
    return details && bounded(details);
  } catch {
    // A page we cannot read still yields the problem from its URL.
    return emptyDetails();
  }
}
