import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { platforms } from './index';
import type { JudgeReaders, Platform } from './types';

/**
 * One home per judge: what the product knows of a judge (its hosts, the origins it is read from, its
 * polite interval, which readers it has) is written in shared/platforms/<id>.ts and read from there.
 * This walks the product's source and fails where a judge's host is written anywhere else.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PRODUCT_DIRS = ['api', 'extension', 'dashboard', 'shared', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.output', '.wxt']);
const SOURCE = /\.(ts|tsx|html|css|json)$/;
const TEST = /\.test\.tsx?$/;

/** Files that may name judges' hosts, and why. Keep it short: a new entry needs a reason as good as these. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'api/db/seed/catalogue/': 'the seeded catalogue is data: saved problem links',
  'api/db/seed/sheets/': 'the seeded sheets are data: saved problem links',
  'extension/lib/content-matches.generated.ts': 'generated from the facts files (content-matches.test.ts keeps it equal to them)',
  'extension/background/test-support.ts': 'test support (used by *.test.ts only): sample questions with their real links',
};

/** Where each reader of a judge lives: a judge has the file exactly when its facts say it has the reader. */
const READER_FILES: Readonly<Record<keyof JudgeReaders, (id: string) => string>> = {
  page: (id) => `extension/platforms/${id}.dom.ts`,
  history: (id) => `extension/sync/${id}.ts`,
  verdict: (id) => `extension/verdicts/${id}.ts`,
  server: (id) => `api/judges/${id}.ts`,
  problems: (id) => `api/judges/${id}-problems.ts`,
  solves: (id) => `api/judges/${id}-solves.ts`,
};

const hostOf = (url: string) => new URL(url).hostname;

/** Every host a judge's facts file names: its problem hosts, its origins' hosts and its profile host. */
function hostsOf(p: Platform): string[] {
  return [...new Set([...p.hosts, ...Object.values(p.origins).map(hostOf), hostOf(p.profileUrlBase)])];
}

function productFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) {
        out.push(relative(ROOT, path));
      }
    }
  };
  for (const dir of PRODUCT_DIRS) walk(join(ROOT, dir));
  for (const entry of readdirSync(ROOT)) if (/\.config\.ts$/.test(entry)) out.push(entry);
  return out;
}

/**
 * The text of a file's code: every string, template, regular expression and JSX text of a TypeScript
 * file (comments may name a site, say to link its API docs), or the whole of any other file.
 */
function codeTexts(file: string, source: string): { text: string; regex: boolean }[] {
  if (!/\.tsx?$/.test(file)) return [{ text: source, regex: false }];
  const texts: { text: string; regex: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) texts.push({ text: node.text, regex: true });
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) texts.push({ text: node.text, regex: false });
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return texts;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The judge each host belongs to. */
const judgeOfHost = new Map(platforms.flatMap((p) => hostsOf(p).map((h) => [h, p] as const)));
/** The judge each domain name belongs to (`leetcode` of leetcode.com), for regular expressions. */
const judgeOfName = new Map([...judgeOfHost].map(([h, p]) => [h.split('.').at(-2) ?? h, p] as const));
const byLength = (names: Iterable<string>) => [...names].sort((a, b) => b.length - a.length).map(escape).join('|');
/** Any judge's host as a whole name (not the tail of a longer one, like `notleetcode.com`). */
const HOST = new RegExp(`(?<![a-z0-9-])(${byLength(judgeOfHost.keys())})(?![a-z0-9-])`, 'gi');
/** In a regular expression: a judge's domain name followed by an escaped dot (`leetcode\.(com|cn)`). */
const REGEX_NAME = new RegExp(`(?<![a-z0-9-])(${byLength(judgeOfName.keys())})\\\\\\.`, 'gi');

/** Each judge's host named by some text, as `id: host`. */
function namedHosts(texts: readonly { text: string; regex: boolean }[]): { judge: Platform; name: string }[] {
  const found: { judge: Platform; name: string }[] = [];
  for (const { text, regex } of texts) {
    for (const m of (regex ? text.replaceAll('\\.', '.') : text).matchAll(HOST)) {
      const name = (m[1] ?? '').toLowerCase();
      const judge = judgeOfHost.get(name);
      if (judge) found.push({ judge, name });
    }
    if (!regex) continue;
    for (const m of text.matchAll(REGEX_NAME)) {
      const name = (m[1] ?? '').toLowerCase();
      const judge = judgeOfName.get(name);
      if (judge) found.push({ judge, name: `${name}\\.` });
    }
  }
  return found;
}

/** The hosts of other judges (or of any judge, outside shared/platforms) that a file's code names. */
function strayHosts(file: string, owner: Platform | undefined): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  // Most files name no judge at all: only those that do are parsed.
  if (namedHosts([{ text: source, regex: true }]).length === 0) return [];
  const named = namedHosts(codeTexts(file, source));
  return [...new Set(named.filter((n) => n.judge !== owner).map((n) => `${n.judge.id}: ${n.name}`))];
}

const ownerOf = (file: string) => platforms.find((p) => file === `shared/platforms/${p.id}.ts`);
const excepted = (file: string) => Object.keys(EXCEPTIONS).some((e) => file === e || (e.endsWith('/') && file.startsWith(e)));

describe('one home per judge', () => {
  const files = productFiles();

  it('walks the product source', () => {
    expect(files).toContain('api/judges/codeforces.ts');
    expect(files).toContain('extension/sync/codeforces.ts');
    expect(files).toContain('wxt.config.ts');
    expect(files.some((f) => TEST.test(f))).toBe(false);
  });

  it('writes a judge’s hosts in its facts file alone', () => {
    const stray = files.filter((f) => !excepted(f)).flatMap((f) => strayHosts(f, ownerOf(f)).map((h) => `${f} names ${h}`));
    expect(stray, 'read the host from the judge’s shared/platforms/<id>.ts instead').toEqual([]);
  });

  it('keeps each exception needed, with its reason', () => {
    for (const [path, reason] of Object.entries(EXCEPTIONS)) {
      expect(reason.length, path).toBeGreaterThan(20);
      const covered = files.filter((f) => excepted(f) && (f === path || f.startsWith(path)));
      expect(covered.some((f) => strayHosts(f, undefined).length > 0), `${path} names no judge's host`).toBe(true);
    }
  });

  it('finds a host written in a string, a template or a regular expression, not in a comment', () => {
    const named = (source: string) => namedHosts(codeTexts('x.ts', source)).some((n) => n.judge.id === 'codeforces');
    expect(named("const a = 'https://codeforces.com/api';")).toBe(true);
    expect(named('const a = `https://m1.codeforces.com/${id}`;')).toBe(true);
    expect(named('const a = /(^|\\.)codeforces\\.(com|ru)$/;')).toBe(true);
    expect(named('// see https://codeforces.com/apiHelp\nconst a = 1;')).toBe(false);
    expect(named("const a = 'notcodeforces.community';")).toBe(false);
  });
});

describe('a judge’s facts', () => {
  it('name its readers: a file exactly where one exists, a reason where none does', () => {
    for (const p of platforms) {
      for (const [reader, fileOf] of Object.entries(READER_FILES) as [keyof JudgeReaders, (id: string) => string][]) {
        const fact = p.readers[reader];
        expect(existsSync(join(ROOT, fileOf(p.id))), `${p.id} ${reader}: ${fileOf(p.id)}`).toBe(fact === true);
        if (fact !== true) expect(fact.missing.length, `${p.id} ${reader}`).toBeGreaterThan(15);
      }
    }
  });

  it('give a polite interval to every judge read over the network', () => {
    for (const p of platforms) {
      const read = p.readers.history === true || p.readers.server === true || p.readers.problems === true || p.readers.solves === true;
      if (read) expect(p.politeIntervalMs, p.id).toBeGreaterThanOrEqual(1000);
      else expect(p.politeIntervalMs, p.id).toBeUndefined();
    }
  });

  it('give origins as https URLs without a trailing slash', () => {
    for (const p of platforms) {
      for (const [name, origin] of Object.entries(p.origins)) {
        expect(new URL(origin).protocol, `${p.id} ${name}`).toBe('https:');
        expect(origin.endsWith('/'), `${p.id} ${name}`).toBe(false);
      }
    }
  });
});
