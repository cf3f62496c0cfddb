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
