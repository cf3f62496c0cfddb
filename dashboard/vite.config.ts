import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../scripts/precompress';

const root = import.meta.dirname;
const apiTarget = process.env.API_URL ?? 'http://localhost:8787';

/**
 * Writes app/early-sheet.ts into index.html (the server allows it by its hash, see api/static.ts), so
 * that it runs as the page is parsed rather than after a request of its own, and hands it the sheet
 * page's chunk and the files that chunk needs beyond the entry's: on a sheet's address the page's
 * data and code start loading with the entry instead of after it has run. In development it is a
 * module script of its own.
 */
function earlySheetScript(): Plugin {
  const source = resolve(root, 'app/early-sheet.ts');
  const sheetPage = resolve(root, 'features/sheet/sheet-page.tsx');
  let build = false;
  let inlined: string | null = null;
  return {
    name: 'early-sheet-script',
    configResolved(config) {
      build = config.command === 'build';
    },
    buildStart() {
      if (build) this.emitFile({ type: 'chunk', id: source, name: 'early-sheet' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const tag = (attrs: string, code = '') => `<script${attrs ? ` ${attrs}` : ''}>${code}</script>`;
        // In development it is a module script of its own, before the app's (which waits for it).
        if (!bundle) return html.replace(/<script type="module"/, (m) => `${tag('type="module" src="/app/early-sheet.ts"')}\n    ${m}`);
        // Last in the head, after the app's stylesheet: the page's stylesheet, which the script adds,
        // then comes after the app's in the cascade, as when the app loads it. The script waits for
        // the app's stylesheet to arrive, a small file asked for at once (no measurable delay).
        const place = (script: string) => html.replace(/<\/head>/, (m) => `  ${script}\n  ${m}`);
        const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
        const early = chunks.find((c) => c.facadeModuleId === source);
        if (!early) return html;
        // Without its source map comment, which would hide the end of the function wrapped around it.
        const code = early.code.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '').trim();
        if (/<\/script|^\s*(import|export)\b/im.test(code)) throw new Error('early-sheet.ts must build to a plain script without imports, exports or </script');
        inlined = early.fileName;
        // In a function of its own: a plain script's top-level names would otherwise be the page's globals.
        const inline = (attrs: string) => place(tag(attrs, `(() => {\n${code}\n})();`));
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
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        // Written into index.html: the file itself, and its source map, are never asked for.
        if (!inlined) return;
        delete bundle[inlined];
        delete bundle[`${inlined}.map`];
      },
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
