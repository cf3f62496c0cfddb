import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { AuthStatus, PageMessage, Reply } from '../../../shared/schemas/messages';
import type { Solution } from '../../../shared/schemas/solution';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');

/** A self-signed certificate for the judges' host names, made once per run with openssl. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-cert-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=fixtures.test',
  ], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

/**
 * A route of the fixture server: a saved page (its path under tests/fixtures/pages), or JSON the way
 * the judge's own endpoints answer. A list of JSON answers is given one per request, the last repeating
 * (a check endpoint polled until the judge is done).
 */
export type FixtureRoute = string | { json: unknown[] } | { reply(body: string, query: URLSearchParams, headers: IncomingHttpHeaders): unknown };

/** A JSON file under tests/fixtures/pages. */
export function fixtureJson(file: string): unknown {
  return JSON.parse(readFileSync(resolve('tests/fixtures/pages', file), 'utf8')) as unknown;
}

/**
 * Serves saved problem pages (and judge JSON endpoints) by host and path, the way the real judge
 * would. A key may start with a method ('POST leetcode.com/...'); `hits` counts requests per key.
 */
export async function startFixtureServer(
  routes: Record<string, FixtureRoute>,
): Promise<{ port: number; hits: Map<string, number>; close(): Promise<void> }> {
  const hits = new Map<string, number>();
  const server: Server = createServer(certificate(), (req, res) => {
    const host = (req.headers.host ?? '').split(':')[0];
    const path = (req.url ?? '/').split('?')[0];
    const key = [`${req.method} ${host}${path}`, `${host}${path}`].find((k) => routes[k] !== undefined);
    const route = key ? routes[key] : undefined;
    if (!key || route === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const n = hits.get(key) ?? 0;
    hits.set(key, n + 1);
    if (typeof route === 'string') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(resolve('tests/fixtures/pages', route)));
      return;
    }
    if ('reply' in route) {
      // An answer made from the request (a GraphQL endpoint answers by its operation).
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const answer = route.reply(body, new URL(req.url ?? '/', 'https://fixtures.test').searchParams, req.headers);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
      return;
    }
    const answer = route.json[Math.min(n, route.json.length - 1)];
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { port, hits, close: () => new Promise((ok) => server.close(() => ok())) };
}

const JUDGE_HOSTS = ['leetcode.com', 'codeforces.com', 'www.geeksforgeeks.org', 'www.codechef.com', 'atcoder.jp', 'cses.fi', 'www.hackerrank.com', 'kenkoooo.com'];

/** Chromium with the built extension loaded and the judges' hosts resolved to the fixture server. */
export async function launchWithExtension(fixturePort: number): Promise<{ context: BrowserContext; extensionId: string; worker: Worker }> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) throw new Error('Build the extension first: npm run build:extension');
  const rules = JUDGE_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${fixturePort}`).join(', ');
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'pt-profile-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    channel: 'chromium',
    ignoreHTTPSErrors: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`, `--host-resolver-rules=${rules}`, '--ignore-certificate-errors',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return { context, extensionId, worker };
}

/** The built extension's manifest (what the browser is given). */
export function builtManifest(dir = EXTENSION_DIR): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
}

/** The id of the first tab whose URL starts with `prefix`, asked of the extension itself. */
export async function tabIdFor(worker: Worker, prefix: string): Promise<number> {
  return worker.evaluate(async (p) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url?.startsWith(p));
    if (tab?.id === undefined) throw new Error(`no tab for ${p}`);
    return tab.id;
  }, prefix);
}

type Extension = Awaited<ReturnType<typeof launchWithExtension>>;

/**
 * A new account made through the API, and the extension signed in to it through its own background
 * (pointed at this API first); the account's token is for the test's own API calls.
 */
export async function signUpExtensionUser(ext: Extension, apiBase: string, name: string, password: string): Promise<{ email: string; token: string }> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await fetch(`${apiBase}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, firstName: name }),
  });
  expect(res.status).toBe(201);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  const reply = await page.evaluate(
    async ({ apiBaseUrl, email, password }) => {
      await chrome.runtime.sendMessage({ type: 'settings:set', apiBaseUrl });
      return chrome.runtime.sendMessage<PageMessage, Reply<AuthStatus>>({ type: 'auth:login', email, password });
    },
    { apiBaseUrl: apiBase, email, password },
  );
  expect(reply).toMatchObject({ ok: true, data: { signedIn: true } });
  await page.close();
  return { email, token };
}

/** The `data` of the API's answer to a GET made as the test's user. */
export async function apiData<T = unknown>(apiBase: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${apiBase}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

/** The kept versions of the code of the problem at `url`, as the API lists them to the test's user. */
export async function keptSolutions(apiBase: string, token: string, url: string): Promise<Solution[]> {
  const { question } = await apiData<{ question: { _id: string } }>(apiBase, token, `/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
  return (await apiData<{ items: Solution[] }>(apiBase, token, `/question-tracker/v1/user/solutions?questionId=${question._id}`)).items;
}

/** The popup opened as a tab for the judge tab at `urlPrefix`, once it shows that problem's name. */
export async function openPopupFor(ext: Extension, urlPrefix: string, expectedName: string): Promise<Page> {
  const tabId = await tabIdFor(ext.worker, urlPrefix);
  const popup = await ext.context.newPage();
  await expect(async () => {
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
    await expect(popup.getByTestId('problem-name')).toHaveText(expectedName, { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  return popup;
}
