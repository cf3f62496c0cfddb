import { emptyDetails, text, textOf, type DomReader } from './types';
import type { PartialDocument } from '../lib/partial-document';

/** A problem index: A, B2. */
const INDEX = /^[A-Z][0-9]?$/;

/**
 * The name the page's problem list gives the problem at `index`: the submit form's problem choices
 * ("C - Name") or the contest's problems table (index cell, name cell).
 */
const listedName = (doc: Document, index: string): string | null =>
  text(doc.querySelector(`select[name="submittedProblemIndex"] option[value="${index}"]`))?.replace(/^\w+\s*-\s*/, '') ||
  text([...doc.querySelectorAll('table.problems td.id')].find((td) => text(td) === index)?.nextElementSibling?.querySelector('a'));

export const readCodeforces: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. The statement header reads "A. Watermelon".
  details.name = textOf(doc, '.problem-statement .header .title')?.replace(/^[A-Z][0-9]?\.\s*/, '') || null;
  // 2. A statement given as a PDF (gym) has no header: the problem's index (the statement holder's, else
  // the title's, "Problem - C - Codeforces") looked up in the problem list on the page. The title itself
  // never names the problem; without a list the problem stays unnamed.
  if (!details.name) {
    const index = doc.querySelector('[problemindex]')?.getAttribute('problemindex') ?? /^Problem\s*-\s*\d*([A-Z][0-9]?)\s*-/i.exec(doc.title)?.[1];
    if (index && INDEX.test(index.toUpperCase())) details.name = listedName(doc, index.toUpperCase());
  }
  // Tags live in the sidebar: each .tag-box has a title attribute; the rating one reads "*800".
  for (const box of doc.querySelectorAll('.tag-box')) {
    const value = text(box);
    if (!value) continue;
    if (box.getAttribute('title') === 'Difficulty' || /^\*\d{3,4}$/.test(value)) details.difficulty = value.replace('*', '');
    else details.topics.push(value);
  }
  return details;
};

// Status pages (/contest/{id}/my, /problemset/status, /submissions/{handle}): read for auto-tick
// (verdicts/codeforces.ts).

const profileHandle = (a: Element): string | null => {
  const m = /^\/profile\/([\w.-]{1,40})\/?$/.exec(a.getAttribute('href') ?? '');
  return m?.[1] ?? null;
};

/**
 * The handle of the person signed in to Codeforces, from the page header: the profile link next to
 * the Logout link. Null when nobody is signed in.
 */
export function loggedInHandle(doc: Document): string | null {
  const page: PartialDocument = doc;
  const box = (doc.getElementById('header') ?? page.body)?.querySelector('a[href*="/logout"]')?.parentElement;
  for (const a of box?.querySelectorAll('a[href^="/profile/"]') ?? []) {
    const handle = profileHandle(a);
    if (handle) return handle;
  }
  return null;
}

export interface StatusRow {
  submissionId: string;
  /** The handles in the party cell (one, or a team's members). */
  handles: string[];
  /** The problem link as written on the page (relative). */
  problemHref: string | null;
  accepted: boolean;
}

/** Every submission row of a status table. */
export function statusRows(doc: Document): StatusRow[] {
  const rows: StatusRow[] = [];
  for (const tr of doc.querySelectorAll('tr[data-submission-id]')) {
    const submissionId = tr.getAttribute('data-submission-id') ?? '';
    if (!/^\d{1,20}$/.test(submissionId)) continue;
    const party = tr.querySelector('td.status-party-cell');
    const handles = [...(party?.querySelectorAll('a[href^="/profile/"]') ?? [])]
      .map(profileHandle)
      .filter((h): h is string => h !== null);
    const problem = [...tr.querySelectorAll('a[href]')].find((a) => /\/problem(?:\/\d{1,7})?\/[A-Za-z][0-9]?\/?$/.test(a.getAttribute('href') ?? ''));
    // The judge's own verdict code (submissionVerdict="OK"), else its Accepted marker.
    const wrapper = tr.querySelector('[submissionverdict]');
    const code = wrapper?.getAttribute('submissionverdict');
    const waiting = tr.querySelector('.status-verdict-cell')?.getAttribute('waiting') === 'true';
    const accepted = !waiting && (code !== null && code !== undefined ? code === 'OK' : !!tr.querySelector('.verdict-accepted'));
    rows.push({ submissionId, handles, problemHref: problem?.getAttribute('href') ?? null, accepted });
  }
  return rows;
}

/** The statement block under the header (isInterstitial: shown, the page is a problem page whatever its title says). */
export const codeforcesStatement = '.problem-statement';
