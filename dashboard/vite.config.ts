import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { writePagePolicy } from '../api/lib/page-policy';
import { precompressDir } from '../scripts/precompress';

const root = import.meta.dirname;
const apiTarget = process.env.API_URL ?? 'http://localhost:8787';

/** app/early-sheet.ts built on its own, imports included, into one plain script for the page. */
async function buildEarlySheet(source: string): Promise<string> {
  const result = await build({
    configFile: false,
    envFile: false,
    publicDir: false,
    logLevel: 'warn',
    root,
    build: {
      write: false,
      copyPublicDir: false,
      modulePreload: false,
      sourcemap: false,
      // A function of its own: a plain script's top-level names would otherwise be the page's globals.
      rolldownOptions: { input: source, output: { format: 'iife' } },
    },
  });
  const output = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunks = output.flatMap((o) => (o.type === 'chunk' ? [o] : []));
  if (chunks.length !== 1 || !chunks[0]) throw new Error(`early-sheet.ts must build to one script, not ${chunks.length}`);
  const code = chunks[0].code.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error('early-sheet.ts must build to a script without </script or <!--');
  return code;
}

/**
 * Writes app/early-sheet.ts into index.html, so that it runs as the page is parsed rather than after
 * a request of its own, and hands it the sheet page's chunk and the files that chunk needs beyond the
 * entry's: on a sheet's address the page's data and code start loading with the entry instead of
 * after it has run. The script's hash goes into index.csp.json beside index.html, which the server
 * reads to allow it (api/lib/page-policy.ts). In development it is a module script of its own.
 */
function earlySheetScript(): Plugin {
  const source = resolve(root, 'app/early-sheet.ts');
  const sheetPage = resolve(root, 'features/sheet/sheet-page.tsx');
  let building = false;
  let outDir = '';
  let code: string | null = null;
  let inlined: string | null = null;
  return {
    name: 'early-sheet-script',
    configResolved(config) {
      building = config.command === 'build';
      outDir = config.build.outDir;
    },
    async buildStart() {
      inlined = null;
      if (building) code = await buildEarlySheet(source);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const tag = (attrs: string, text = '') => `<script${attrs ? ` ${attrs}` : ''}>${text}</script>`;
        // In development it is a module script of its own, before the app's (which waits for it).
        if (!bundle) return html.replace(/<script type="module"/, (m) => `${tag('type="module" src="/app/early-sheet.ts"')}\n    ${m}`);
        if (!code) throw new Error('early-sheet.ts was not built');
        // Last in the head, after the app's stylesheet: the page's stylesheet, which the script adds,
        // then comes after the app's in the cascade, as when the app loads it. The script waits for
        // the app's stylesheet to arrive, a small file asked for at once (no measurable delay).
        const place = (script: string) => html.replace(/<\/head>/, (m) => `  ${script}\n  ${m}`);
        const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
        inlined = code;
        const inline = (attrs: string) => place(tag(attrs, code ?? ''));
        const imported = (file: string, into: Set<string>) => {
          if (into.has(file)) return into;
          into.add(file);
          const c = bundle[file];
          if (c?.type === 'chunk') for (const f of c.imports) imported(f, into);
          return into;
        };
        const css = (files: Set<string>) =>
          new Set([...files].flatMap((f) => {
            const c = bundle[f];
            return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
          }));
        // What the entry loads anyway: its chunk, the chunks it imports and their styles.
        const entry = ctx.chunk ? imported(ctx.chunk.fileName, new Set()) : new Set<string>();
        const entryCss = css(entry);
        const page = chunks.find((c) => c.facadeModuleId === sheetPage);
        if (!page) return inline('');
        const pageFiles = imported(page.fileName, new Set());
        const files = [...[...pageFiles].filter((f) => !entry.has(f) && f !== page.fileName), ...[...css(pageFiles)].filter((f) => !entryCss.has(f))];
        return inline(`data-sheet-page="/${page.fileName}" data-sheet-chunks="${files.map((f) => `/${f}`).join(' ')}"`);
      },
    },
    writeBundle() {
      // Hashed here, from the very text written into the page, so the server never reads scripts out of HTML.
      if (!inlined) throw new Error('index.html was written without its early script');
      writePagePolicy(outDir, [inlined]);
    },
  };
}

/** Brotli and gzip copies next to each built file, which the server picks from by Accept-Encoding (api/static.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files = precompressDir(outDir);
      const sum = (k: 'raw' | 'br' | 'gzip') => Math.round(files.reduce((n, f) => n + f[k], 0) / 1000);
      this.info(`${files.length} files precompressed: ${sum('raw')} kB, ${sum('br')} kB brotli, ${sum('gzip')} kB gzip`);
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), earlySheetScript(), precompress()],
  resolve: { alias: { '@shared': resolve(root, '../shared') } },
  build: {
    outDir: resolve(root, '../dist/dashboard'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Fewer, larger files on a first visit (a browser fetches six at a time from one server over
        // HTTP/1.1): all the code the app starts with in the entry chunk, rather than React, React DOM
        // and the query client each in a chunk of its own beside it; the icons, shared by every tab and
        // otherwise a file of a few hundred bytes per icon, in one chunk.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith('early-sheet.ts'), priority: 2 },
            { name: 'icons', test: /lucide-react/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/auth': apiTarget,
      '/question-tracker/v1': apiTarget,
      '/question-tracker/v2': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
