/**
 * Step 6: the dashboard's JavaScript per route, gzipped (zlib, default level), read from the Vite build:
 * the first screen (entry + what index.html preloads), the default tab a logged-out visitor lands on,
 * each lazy tab, and where the heavy libraries (recharts, dnd-kit, the rich-text editor, xlsx) end up.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isStale } from '../scripts/build-state';
import { check, detail, kB, record, ROOT, skip } from './lib';

export const DASHBOARD_DIR = join(ROOT, 'dist/dashboard');
const ASSETS = join(DASHBOARD_DIR, 'assets');

/** Strings that only a library's own code contains. */
const LIBRARIES = [
  { name: 'recharts', marker: 'recharts-wrapper', usedBy: ['analysis', 'sheet topic chart'] },
  { name: 'dnd-kit', marker: 'DndDescribedBy', usedBy: ['sheet page'] },
  { name: 'rich-text editor (tiptap/ProseMirror)', marker: 'ProseMirror', usedBy: ['notes editor'] },
  { name: 'xlsx (SheetJS)', marker: 'SheetJS', usedBy: ['import/export of spreadsheets'] },
] as const;

const sizes = new Map<string, { raw: number; gz: number; text: string }>();
function chunk(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const buf = readFileSync(join(ASSETS, file));
    s = { raw: buf.byteLength, gz: gzipSync(buf).byteLength, text: buf.toString('utf8') };
    sizes.set(file, s);
  }
  return s;
}

export const gzipOf = (file: string) => chunk(file).gz;

const staticImports = (file: string) => [...chunk(file).text.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1] as string);
const lazyImports = (file: string) => [
  ...new Set([
    ...[...chunk(file).text.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1] as string),
    ...[...chunk(file).text.matchAll(/new URL\(\s*["'`]\/assets\/([^"'`]+\.js)["'`]/g)].map((m) => m[1] as string),
  ]),
];

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f) || !existsSync(join(ASSETS, f))) return;
    seen.add(f);
    staticImports(f).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

const gz = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + chunk(f).gz, 0);
const raw = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + chunk(f).raw, 0);
const nameOf = (file: string) => file.replace(/-[A-Za-z0-9_-]{8}\.js$/, '');
const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => !b.has(x)));

export function ensureDashboardBuild(force: boolean): string | null {
  const index = join(DASHBOARD_DIR, 'index.html');
  if (force || !existsSync(index)) {
    console.log(`  building the dashboard (npx vite build --config dashboard/vite.config.ts)…`);
    const r = spawnSync('npx', ['vite', 'build', '--config', 'dashboard/vite.config.ts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    // When npx could not be started there is an error and no output at all.
    const why = r.error ? r.error.message : r.stderr.split('\n').slice(-5).join(' ');
    if (r.status !== 0) return existsSync(index) ? null : `the dashboard build failed: ${why}`;
  } else if (isStale('dashboard')) {
    console.log(`  note: dist/dashboard is older than its sources (built ${statSync(index).mtime.toISOString()}); run with --build to rebuild first`);
  }
  return null;
}

export interface BundleFigures {
  firstScreen: Set<string>;
  defaultTab: Set<string>;
}

export function measureBundle(): BundleFigures | null {
  const index = join(DASHBOARD_DIR, 'index.html');
  if (!existsSync(index)) {
    skip('6', 'dashboard JavaScript', 'dist/dashboard is missing and could not be built', '< 200 kB');
    return null;
  }
  sizes.clear();
  const html = readFileSync(index, 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  const first = closure([...entry, ...preloads]);
  record(
    '6',
    'first screen JS (entry + index.html preloads), gzipped',
    kB(gz(first)),
    'kB',
    { op: '<', limit: 200, label: '< 200 kB' },
    `${[...first].map(nameOf).join(', ')}; ${kB(raw(first)).toFixed(0)} kB raw`,
  );
  const routes = new Map<string, string>();
  for (const f of entry) for (const lazy of lazyImports(f)) routes.set(nameOf(lazy), lazy);

  // A logged-out visitor of /question-tracker lands on Explore: its chunk loads right after the entry.
  const exploreFile = routes.get('explore-tab');
  const defaultTab = exploreFile ? minus(closure([exploreFile]), first) : new Set<string>();
  record('6', 'first screen incl. the default tab (Explore), gzipped', kB(gz(first) + gz(defaultTab)), 'kB', undefined, `+${kB(gz(defaultTab)).toFixed(1)} kB for ${[...defaultTab].map(nameOf).join(', ')}`);

  const routeSets = new Map<string, Set<string>>();
  for (const [name, file] of routes) {
    const own = minus(closure([file]), first);
    routeSets.set(name, own);
    const later = new Set<string>();
    for (const f of own) for (const l of lazyImports(f)) for (const c of closure([l])) if (!first.has(c) && !own.has(c)) later.add(c);
    routeSets.set(`${name} (on demand)`, later);
    record('6', `route chunk ${name}, gzipped (beyond the first screen)`, kB(gz(own)), 'kB', undefined, later.size ? `on demand later: ${[...later].map((f) => `${nameOf(f)} ${kB(chunk(f).gz).toFixed(1)} kB`).join(', ')}` : undefined);
  }

  // The Review tab comes only when opened (issue: its JavaScript is not on the first screen).
  const reviewTab = routes.get('review-tab');
  check('6', 'Review tab loaded only when opened', !!reviewTab && !first.has(reviewTab) && !defaultTab.has(reviewTab), reviewTab ? `${nameOf(reviewTab)} ${kB(gz(minus(closure([reviewTab]), first))).toFixed(1)} kB gzipped with what it alone needs` : 'no lazy review-tab chunk found');

  // Heavy libraries: never in what the first screen loads; report where they are.
  const firstLoads = new Set([...first, ...defaultTab]);
  const all = new Set([...first, ...[...routeSets.values()].flatMap((s) => [...s])]);
  for (const lib of LIBRARIES) {
    const holders = [...all].filter((f) => chunk(f).text.includes(lib.marker));
    const inFirst = holders.filter((f) => firstLoads.has(f));
    const loadedBy = [...routeSets].filter(([, set]) => holders.some((h) => set.has(h))).map(([r]) => r);
    check(
      '6',
      `${lib.name} not in the first screen`,
      holders.length > 0 && inFirst.length === 0,
      holders.length === 0
        ? `marker "${lib.marker}" found in no chunk (check the marker)`
        : inFirst.length
          ? `in first-screen chunk ${inFirst.map(nameOf).join(', ')}`
          : `in ${holders.map((h) => `${nameOf(h)} (${kB(chunk(h).gz).toFixed(0)} kB)`).join(', ')}; loaded by ${loadedBy.join(', ') || 'nothing statically'}`,
    );
  }
  detail(`gzip sizes are zlib default level; the API serves assets uncompressed (see bench/RESULTS.md, "How to read it")`);
  return { firstScreen: first, defaultTab };
}
