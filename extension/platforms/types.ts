/** What a DOM reader can read from a problem page; every field may be missing. */
export interface PageDetails {
  name: string | null;
  difficulty: string | null;
  topics: string[];
}

/** Reads a problem page's Document. Pure: no network, no globals besides the Document given. */
export type DomReader = (doc: Document) => PageDetails;

export const emptyDetails = (): PageDetails => ({ name: null, difficulty: null, topics: [] });

export const text = (el: Element | null | undefined): string | null => {
  const t = el?.textContent?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
};

export const meta = (doc: Document, name: string): string | null =>
  doc.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content')?.trim() || null;

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

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A non-empty string with its whitespace collapsed, else null. */
export const str = (v: unknown): string | null => {
  const t = typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '';
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
export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter((s): s is string => s !== null).filter((s, i, all) => all.indexOf(s) === i) : [];

/** The page's own title element: the first <title> that is not an SVG icon's (some judges put it in <body>). */
const titleElement = (doc: Document): Element | undefined =>
  Array.from(doc.getElementsByTagName('title')).find((t) => !t.closest('svg'));

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
export function jsonLd(doc: Document): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const add = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(add);
    else if (isRecord(v)) {
      out.push(v);
      if (v['@graph'] !== undefined) add(v['@graph']);
    }
  };
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      add(JSON.parse(script.textContent ?? '') as unknown);
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
  const marked = doc.querySelector('[aria-label="breadcrumb"], [aria-label="Breadcrumb"], ol.breadcrumb, ul.breadcrumb, .breadcrumb');
  if (!marked) return [];
  const items = marked.querySelectorAll('li');
  return texts(items.length ? items : marked.querySelectorAll('a'));
}

/**
 * The value a page shows next to a visible label such as "Difficulty:" — in the same element
 * ("Difficulty: Easy"), in the next element ("<span>Difficulty:</span><span>Easy</span>") or after the
 * label inside its parent ("<p><b>Difficulty:</b> Easy</p>"). Only values `accept` allows are returned,
 * so prose that happens to start with the word is skipped. `label` is plain words, not a pattern.
 */
export function labelledValue(doc: Document, label: string, accept: (value: string) => boolean): string | null {
  const re = new RegExp(`^${label}\\b\\s*:?\\s*`, 'i');
  for (const el of Array.from(doc.body?.querySelectorAll('*') ?? [])) {
    const first = el.firstChild;
    // Only elements whose own text starts with the label: cheap, and skips big containers.
    if (!first || first.nodeType !== 3 || !re.test(first.nodeValue?.trimStart() ?? '')) continue;
    if (el.closest('script, style, noscript, template')) continue;
    const candidates = [
      text(el)?.replace(re, ''),
      text(el.nextElementSibling),
      el.parentElement && el.parentElement.childElementCount <= 3 ? text(el.parentElement)?.replace(re, '') : null,
    ];
    for (const c of candidates) {
      const v = str(c);
      if (v && accept(v)) return v;
    }
  }
  return null;
}

/**
 * The items listed under a visible heading such as "Topic Tags": the leaf texts (links, list items,
 * chips) of the element that follows the heading or, when the heading is wrapped, follows its wrapper.
 */
export function labelledList(doc: Document, heading: RegExp): string[] {
  for (const el of Array.from(doc.body?.querySelectorAll('*') ?? [])) {
    if (el.childElementCount !== 0 || !heading.test(el.textContent?.trim() ?? '')) continue;
    let node: Element | null = el;
    for (let depth = 0; node && node !== doc.body && depth < 3; depth++, node = node.parentElement) {
      const next = node.nextElementSibling;
      if (!next) continue;
      const leaves = [next, ...Array.from(next.querySelectorAll('a, li, span, div'))].filter((e) => e.childElementCount === 0);
      const items = texts(leaves);
      if (items.length) return items;
    }
  }
  return [];
}
