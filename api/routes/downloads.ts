import { Hono, type Context } from 'hono';
import { EXTENSION_PACKAGES, type ExtensionBrowser } from '../../shared/extension';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { extensionPackage } from '../services/downloads';

/** The extension's packages, for the dashboard's "Get the extension" page. Open to anyone: they hold no data. */
export function downloadRoutes(deps: Deps) {
  const serve = (browser: ExtensionBrowser) => async (c: Context<AppEnv>) => {
    const body = await extensionPackage(deps.config.extensionDir, browser);
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="${EXTENSION_PACKAGES[browser].file}"`);
    // A rebuild replaces the file under the same name: a browser asks again each time.
    c.header('Cache-Control', 'no-cache');
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200);
  };
  return new Hono<AppEnv>().get(`/${EXTENSION_PACKAGES.chrome.file}`, serve('chrome')).get(`/${EXTENSION_PACKAGES.firefox.file}`, serve('firefox'));
}
