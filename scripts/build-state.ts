import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const IGNORED = new Set(['node_modules', '.output', 'dist', 'data', '.wxt', '.git', 'test-results', 'playwright-report']);

/** The newest modification time of any file under the given paths (files or folders). */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (!IGNORED.has(entry)) visit(join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

export const targets = {
  // The API as one module (its packages left to node_modules): what npm start runs, without a TypeScript loader in memory.
  api: { output: 'dist/api/server.mjs', inputs: ['api', 'shared', 'package-lock.json'], script: 'build:api' },
  // Its last output is index.html's policy (api/lib/page-policy.ts), which the server needs to start.
  dashboard: { output: 'dist/dashboard/index.csp.json', inputs: ['dashboard', 'shared', 'api/app.ts', 'api/lib/page-policy.ts', 'package-lock.json'], script: 'build:dashboard' },
  // Its last output is the Firefox package (build:extension zips Chrome's build, then Firefox's).
  extension: { output: '.output/extension-firefox.zip', inputs: ['extension', 'shared', 'wxt.config.ts', 'package-lock.json'], script: 'build:extension' },
} as const;

/** True when a build output is missing or older than any of its inputs. */
export function isStale(target: keyof typeof targets): boolean {
  const { output, inputs } = targets[target];
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime([...inputs]);
}
