import { resolve } from 'node:path';
import { defineConfig } from 'wxt';
import { SYNC_ORIGINS } from './extension/sync/origins';
import { EXTENSION_PUBLIC_KEY } from './shared/extension';
import { matchPatterns } from './shared/platforms/index';

// The extension asks for the judges' hosts (from the registry) and a local API only (match patterns
// ignore ports); any other API origin is requested at run time from the options page.
const LOCAL_API = ['http://localhost/*', 'http://127.0.0.1/*'];
/**
 * The hosts the history readers ask, from the judges' facts files (syncHostPatterns() of extension/sync
 * needs the '@shared' alias this file is loaded without; extension-sync.spec.ts checks the built manifest
 * has every one of them).
 */
const SYNC_HOSTS = Object.values(SYNC_ORIGINS).map((origin) => `${new URL(origin).origin}/*`);
/**
 * Web pages that may ask the extension to sync (the dashboard, served by the API): the local one, and
 * another origin given at build time (EXTENSION_DASHBOARD_ORIGIN). The background also checks that the
 * page is on the API address of the settings.
 */
const DASHBOARD_PAGES = [...LOCAL_API, ...(process.env.EXTENSION_DASHBOARD_ORIGIN ? [`${new URL(process.env.EXTENSION_DASHBOARD_ORIGIN).origin}/*`] : [])];

export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  imports: false,
  // Fixed names: the server offers these files for download (shared/extension.ts EXTENSION_PACKAGES).
  zip: { artifactTemplate: 'extension-{{browser}}.zip' },
  modules: ['@wxt-dev/module-react'],
  // Terser's second pass packs each judge's content script well under its budget (extension/lib/budgets.ts).
  vite: () => ({ build: { minify: 'terser', terserOptions: { compress: { passes: 2 }, format: { comments: false } } } }),
  alias: {
    '@shared': resolve('shared'),
  },
  manifest: ({ browser }) => ({
    name: 'Practice Tracker',
    description: 'Detects the problem you are solving, adds it to your workspace or a sheet, stars it and keeps your notes beside it.',
    // Each permission and host is listed with the feature that needs it in docs/extension.md (a test checks).
    permissions: ['storage', 'contextMenus', 'alarms', ...(browser === 'firefox' ? [] : ['sidePanel', 'offscreen'])],
    // The history sync's hosts are asked at install (docs/extension.md says why not at first sync).
    host_permissions: [...new Set([...matchPatterns(), ...SYNC_HOSTS, ...LOCAL_API])],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    content_security_policy: {
      extension_pages: "script-src 'self'; object-src 'none'",
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: { gecko: { id: 'tracker@practice-tracker.dev' } },
          // Firefox MV2 cannot run a manifest content script in the page's world: the LeetCode
          // verdict tap is loaded from this file instead (it reads answers, nothing else).
          web_accessible_resources: ['verdict-tap.js'],
        }
      : {
          // A fixed id for unpacked builds, and the dashboard's way in (Firefox has no externally_connectable).
          key: EXTENSION_PUBLIC_KEY,
          externally_connectable: { matches: DASHBOARD_PAGES },
        }),
  }),
});
