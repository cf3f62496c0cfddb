import { resolve } from 'node:path';
import { defineConfig } from 'wxt';
import { matchPatterns } from './shared/platforms/index';

// The extension asks for the judges' hosts (from the registry) and a local API only (match patterns
// ignore ports); any other API origin is requested at run time from the options page.
const LOCAL_API = ['http://localhost/*', 'http://127.0.0.1/*'];

export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react'],
  alias: {
    '@shared': resolve('shared'),
  },
  manifest: ({ browser }) => ({
    name: 'Practice Tracker',
    description: 'Detects the problem you are solving, adds it to your workspace or a sheet, stars it and keeps your notes beside it.',
    permissions: ['storage', 'contextMenus', 'alarms', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    host_permissions: [...matchPatterns(), ...LOCAL_API],
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
      : {}),
  }),
});
