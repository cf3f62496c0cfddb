import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * A server entry built as npm start runs it: one ES module with the project's own code, its packages left
 * to node_modules, so the process carries no TypeScript loader. The benchmark builds its server with this too.
 */
export async function bundleServer(entry: string, outfile: string): Promise<string> {
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, outfile, logLevel: 'warning' });
  return outfile;
}

// npm run build:api
if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await bundleServer('api/server.ts', 'dist/api/server.mjs');
