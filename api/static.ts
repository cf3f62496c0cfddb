import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './lib/env';
import { contentSecurityPolicy } from './lib/security-headers';

/**
 * The inline scripts of a page, as the hash sources a Content-Security-Policy allows them by. A
 * browser hashes a script's text as parsed, with its line breaks made \n.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi)].flatMap(([, code]) =>
    code ? [`'sha256-${createHash('sha256').update(code.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`] : [],
  );
}

/** Client-side routes of the dashboard: they all answer with index.html. */
const SPA_ROUTES = ['/', '/question-tracker', '/question-tracker/*', '/profile/*', '/account'];
/** The API's own paths under the dashboard's: an unknown one is a missing route (JSON 404), not a page. */
const API_PATH = /^\/question-tracker\/v\d+(\/|$)/;

/** Serves the built dashboard from `dir` on the same port as the API. */
export function mountDashboard(app: Hono<AppEnv>, dir: string): void {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return;
  const root = relative(process.cwd(), dir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('/favicon.svg', serveStatic({ root }));
  let page = { html: '', csp: '' };
  for (const route of SPA_ROUTES) {
    app.get(route, (c) => {
      if (API_PATH.test(c.req.path)) return c.notFound();
      // Read on each request so a rebuild is served without a restart; it is small.
      const html = readFileSync(indexPath, 'utf8');
      if (html !== page.html) page = { html, csp: contentSecurityPolicy(inlineScriptHashes(html)) };
      c.header('Cache-Control', 'no-cache');
      c.header('Content-Security-Policy', page.csp);
      return c.html(html);
    });
  }
}
