import { emptyDetails, text, textOf, type DomReader } from './types';
import type { PartialDocument } from '../lib/partial-document';

/**
 * Codeforces' selectors, by name, for its problem pages and its status pages (auto-tick): a layout change
 * is fixed here, with a saved page in tests/fixtures/pages/codeforces.
 */
export const selectors = {
  /** The statement header, "A. Watermelon". */
  title: '.problem-statement .header .title',
  /** A PDF statement's holder, which names the problem's index. */
  pdfIndex: '[problemindex]',
  /** The submit form's problem choices, "C - Name" (an option per index). */
  problemChoice: 'select[name="submittedProblemIndex"] option',
  /** The index cells of the contest's problems table. */
  problemIndex: 'table.problems td.id',
  /** The sidebar's tags; the rating is one of them. */
  tagBox: '.tag-box',
  header: '#header',
  logout: 'a[href*="/logout"]',
  profileLink: 'a[href^="/profile/"]',
  /** The status pages' table of submissions, its rows and cells. */
  statusTable: '.status-frame-datatable',
  submissionRow: 'tr[data-submission-id]',
  partyCell: 'td.status-party-cell',
  verdictCode: '[submissionverdict]',
  verdictCell: '.status-verdict-cell',
  acceptedMark: '.verdict-accepted',
  rejectedMark: '.verdict-rejected',
  /** The statement block under the header, else a PDF statement's holder (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.problem-statement,[problemindex]',
} as const;

/** A problem index: A, B2. */
const INDEX = /^[A-Z][0-9]?$/;

/**
 * The name the page's problem list gives the problem at `index`: the submit form's problem choices
 * ("C - Name") or the contest's problems table (index cell, name cell).
 */
const listedName = (doc: Document, index: string): string | null =>
  text(doc.querySelector(`${selectors.problemChoice}[value="${index}"]`))?.replace(/^\w+\s*-\s*/, '') ||
  text([...doc.querySelectorAll(selectors.problemIndex)].find((td) => text(td) === index)?.nextElementSibling?.querySelector('a'));

export const readCodeforces: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. The statement header reads "A. Watermelon".
  details.name = textOf(doc, selectors.title)?.replace(/^[A-Z][0-9]?\.\s*/, '') || null;
  // 2. A statement given as a PDF (gym) has no header: the problem's index (the statement holder's, else
  // the title's, "Problem - C - Codeforces") looked up in the problem list on the page. The title itself
  // never names the problem; without a list the problem stays unnamed.
  if (!details.name) {
    const index = doc.querySelector(selectors.pdfIndex)?.getAttribute('problemindex') ?? /^Problem\s*-\s*\d*([A-Z][0-9]?)\s*-/i.exec(doc.title)?.[1];
    if (index && INDEX.test(index.toUpperCase())) details.name = listedName(doc, index.toUpperCase());
  }
  // Tags live in the sidebar: each .tag-box has a title attribute; the rating one reads "*800".
  for (const box of doc.querySelectorAll(selectors.tagBox)) {
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
  const box = (doc.querySelector(selectors.header) ?? page.body)?.querySelector(selectors.logout)?.parentElement;
  for (const a of box?.querySelectorAll(selectors.profileLink) ?? []) {
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
  /** Judged, and not Accepted (a wrong answer, a time limit, a compilation error…): an attempt. */
  rejected: boolean;
}

/** Verdict codes that are not a judgement of the code (still judging, or skipped by the contest's rules). */
const NOT_JUDGED = new Set(['OK', 'TESTING', 'SUBMITTED', 'SKIPPED']);

/** Every submission row of a status table. */
export function statusRows(doc: Document): StatusRow[] {
  const rows: StatusRow[] = [];
  for (const tr of doc.querySelectorAll(selectors.submissionRow)) {
    const submissionId = tr.getAttribute('data-submission-id') ?? '';
    if (!/^\d{1,20}$/.test(submissionId)) continue;
    const party = tr.querySelector(selectors.partyCell);
    const handles = [...(party?.querySelectorAll(selectors.profileLink) ?? [])]
      .map(profileHandle)
      .filter((h): h is string => h !== null);
    const problem = [...tr.querySelectorAll('a[href]')].find((a) => /\/problem(?:\/\d{1,7})?\/[A-Za-z][0-9]?\/?$/.test(a.getAttribute('href') ?? ''));
    // The judge's own verdict code (submissionVerdict="OK"), else its Accepted marker.
    const wrapper = tr.querySelector(selectors.verdictCode);
    const code = wrapper?.getAttribute('submissionverdict');
    const waiting = tr.querySelector(selectors.verdictCell)?.getAttribute('waiting') === 'true';
    const known = code !== null && code !== undefined;
    const accepted = !waiting && (known ? code === 'OK' : !!tr.querySelector(selectors.acceptedMark));
    const rejected = !waiting && (known ? !NOT_JUDGED.has(code) : !!tr.querySelector(selectors.rejectedMark));
    rows.push({ submissionId, handles, problemHref: problem?.getAttribute('href') ?? null, accepted, rejected });
  }
  return rows;
}
