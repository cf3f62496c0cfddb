import type { PageDiagnosis } from '@shared/schemas/health';

/** Browsers by their user agent's own token, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: readonly [name: string, token: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /\bOPR\/([\d.]+)/],
  ['Firefox', /\bFirefox\/([\d.]+)/],
  ['Chrome', /Chrome\/([\d.]+)/],
];

/** The browser's name and version, from its user agent ("Chrome 131.0.6778.85"); nothing else of it. */
export function browserVersion(userAgent: string): string {
  for (const [name, token] of BROWSERS) {
    const version = token.exec(userAgent)?.[1];
    if (version) return `${name} ${version}`;
  }
  return 'another browser';
}

/**
 * What "Copy diagnostic" puts on the clipboard for a page the extension did not understand: the page's
 * address, the versions, and which of its reader's selectors matched, by name. Never the page's text.
 */
export function diagnosticText(d: PageDiagnosis, versions: { extension: string; browser: string }): string {
  if (d.answer) {
    // A verdict answer read from the network: its field names, never its values.
    return [
      `Practice Tracker: a ${d.judge} verdict answer the extension did not understand`,
      `Page: ${d.url}`,
      `Seen: ${d.at}`,
      `Extension: ${versions.extension}`,
      `Browser: ${versions.browser}`,
      `Fields found: ${d.matched.join(', ') || 'none'}`,
      `Fields missing: ${d.unmatched.join(', ') || 'none'}`,
      `Field table: extension/verdicts/${d.platform}.ts`,
    ].join('\n');
  }
  return [
    `Practice Tracker: a ${d.judge} ${d.part === 'page' ? 'problem page' : 'verdict panel'} the extension did not understand`,
    `Page: ${d.url}`,
    `Seen: ${d.at}`,
    `Extension: ${versions.extension}`,
    `Browser: ${versions.browser}`,
    `Selectors matched: ${d.matched.join(', ') || 'none'}`,
    `Selectors not matched: ${d.unmatched.join(', ') || 'none'}`,
    `Selector table: extension/platforms/${d.platform}.dom.ts`,
  ].join('\n');
}
