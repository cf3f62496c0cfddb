import type { ProblemState, ReplyMap } from '@shared/schemas/messages';
import type { EditableSheet, ReviewStatus } from '@shared/schemas/message-replies';
import { contestPhase, formatCountdown, isHttpUrl } from '@shared/rules/contests';
import { difficultyTone } from '@shared/rules/difficulty';
import { dayWords } from '@shared/rules/review';
import { h } from '../../lib/dom';

// The popup's cards that are rebuilt at every render from what they are given (popup.ts holds the state).

/** The popup's class for a difficulty's colour (the shared tone; an unknown one is muted). */
function difficultyClass(d: string) {
  const tone = difficultyTone(d);
  return tone === 'other' ? 'muted' : `diff-${tone}`;
}

/** The detected problem, and (signed in) the user's state for it. */
export function problemCard(state: ProblemState, user: { signedIn: boolean; sheets: EditableSheet[] | null }): HTMLElement {
  const problem = state.problem;
  if (!problem) return h('div', { class: 'card muted' }, 'Open a problem on LeetCode, Codeforces or another judge to track it.');
  const lookup = state.lookup;
  const f = lookup?.status === 'found' ? lookup : null;
  const rec = f?.document ?? null;
  const name = f?.question.name ?? problem.name ?? problem.key;
  const difficulty = f && f.question.difficulty !== 'N/A' ? f.question.difficulty : problem.difficulty;
  const inSheets = [...(f?.popularSheets.map((s) => s.name) ?? []), ...(user.sheets ?? []).filter((s) => s.contains).map((s) => s.name)].filter(
    (n, i, all) => all.indexOf(n) === i,
  );
  const icon = state.platform ? h('span', { class: 'platform-icon', 'aria-hidden': true }) : null;
  // The registry's own SVG, passed on by the background (never page content).
  if (icon && state.platform) icon.innerHTML = state.platform.icon;
  return h(
    'section',
    { class: 'card', 'aria-label': 'Detected problem' },
    h('div', { class: 'problem-name', 'data-testid': 'problem-name' }, name),
    h(
      'div',
      { class: 'meta' },
      icon,
      h('span', { 'data-testid': 'problem-platform' }, state.platform?.name ?? problem.platform),
      difficulty && h('span', { class: difficultyClass(difficulty) }, difficulty),
    ),
    user.signedIn &&
      h(
        'ul',
        { class: 'facts', 'aria-label': 'Your state' },
        lookup?.status === 'notFound' && h('li', { class: 'muted' }, 'New to the catalogue: it is added as a custom question.'),
        h('li', { 'data-testid': 'workspace-state' }, rec ? 'In your workspace' : 'Not in your workspace'),
        rec && h('li', { 'data-testid': 'solved-state', class: rec.checked ? 'diff-easy' : 'muted' }, rec.checked ? 'Solved' : 'Not solved yet'),
        rec?.starred && h('li', { 'data-testid': 'starred-state' }, '★ Starred'),
        rec && rec.customTags.length > 0 && h('li', { class: 'chips', 'aria-label': 'Custom tags' }, ...rec.customTags.map((t) => h('span', { class: 'chip' }, t))),
        f && h('li', { 'data-testid': 'notes-count' }, f.notesCount === 1 ? '1 note' : `${f.notesCount} notes`),
        inSheets.length > 0 && h('li', { 'data-testid': 'in-sheets' }, `In sheets: ${inSheets.join(', ')}`),
      ),
  );
}

/** The review facts: on a problem page one small line, off it a card. `link` is kept by the popup (its href follows the settings). */
export function reviewFacts(r: ReviewStatus | null, small: boolean, link: HTMLElement): HTMLElement | null {
  if (!r) return null;
  const today = r.today;
  link.textContent = r.due === 0 ? 'Nothing due for review' : `${r.due} due for review`;
  const goal = h(
    'span',
    { 'data-testid': 'review-today' },
    `Today: ${today.reviews}/${today.goal.reviews} reviews, ${today.newProblems}/${today.goal.newProblems} new${today.met ? ' ✓' : ''}`,
  );
  const streak = h('span', { 'data-testid': 'review-streak' }, `Streak: ${dayWords(r.streak)}`);
  if (small) return h('div', { class: 'review-line muted', 'aria-label': 'Review' }, link, ' · ', streak);
  return h('section', { class: 'card', 'aria-label': 'Review' }, goal, streak, link);
}

/** Off a problem page: the next contest on any judge, with the time to its start, linking to it. */
export function contestCard(c: ReplyMap['contests:next']): HTMLElement | null {
  if (!c) return null;
  const phase = contestPhase(c.startsAt, c.durationSeconds, Date.now());
  if (phase === 'over') return null;
  const when = phase === 'running' ? 'running now' : `starts in ${formatCountdown(Date.parse(c.startsAt) - Date.now()).replace(/:\d\d$/, '')}`;
  const name = isHttpUrl(c.url) ? h('a', { href: c.url, target: '_blank', rel: 'noopener noreferrer' }, c.name) : h('span', null, c.name);
  return h('section', { class: 'card', 'aria-label': 'Next contest', 'data-testid': 'next-contest' }, h('span', { class: 'muted' }, 'Next contest'), name, h('span', { class: 'muted' }, `${c.judge} · ${when}`));
}
