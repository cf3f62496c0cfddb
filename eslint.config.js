// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import ts from 'typescript';

/** The file a relative import names, or null (package imports and missing files). */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && existsSync(f)) ?? null;
}

const importsOf = new Map();
/** Every relative import of a file, type-only ones included (import-x/no-cycle leaves those out). */
function importedFiles(file) {
  let found = importsOf.get(file);
  if (!found) {
    const { importedFiles: imported } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    found = imported.map((i) => resolveRelative(file, i.fileName)).filter((f) => f !== null);
    importsOf.set(file, found);
  }
  return found;
}

/**
 * Cycles among the files of one folder, type-only imports included: services that need each other's
 * types are one area split in two, and the next value import between them is a cycle at load.
 */
const noTypeCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle within {{folder}}: {{route}}' } },
  create(context) {
    const file = context.physicalFilename;
    const folder = dirname(file);
    const inFolder = (f) => dirname(f) === folder;
    /** The route back to this file from `start`, through files of the same folder, or null. */
    function routeBack(start) {
      const seen = new Set([start]);
      const queue = [[start]];
      while (queue.length) {
        const route = queue.shift();
        for (const next of importedFiles(route.at(-1)).filter(inFolder)) {
          if (next === file) return route;
          if (!seen.has(next)) {
            seen.add(next);
            queue.push([...route, next]);
          }
        }
      }
      return null;
    }
    const check = (node) => {
      const target = node.source && resolveRelative(file, String(node.source.value));
      if (!target || !inFolder(target) || target === file) return;
      const route = routeBack(target);
      if (route) {
        const name = (f) => f.slice(folder.length + 1);
        context.report({ node, messageId: 'cycle', data: { folder: name(folder), route: [file, ...route, file].map(name).join(' -> ') } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', '.output/**', '.wxt/**', 'node_modules/**', 'data/**', 'coverage/**', 'bench/results.json', 'test-results/**', 'playwright-report/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Numbers and booleans read fine in messages; objects and nullables are what this rule is for.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `onClick={() => setOpen(false)}` is the React idiom, not a confusing void.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Tests index into answers they have just asserted the shape of.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['dashboard/**/*.tsx', 'dashboard/**/*.ts', 'extension/**/*.tsx', 'extension/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Two of the React Compiler's rules are off: the dashboard is not built by the compiler, and what they
      // flag is deliberate here. `refs`: the sheet tree reads latest-value refs during render so its
      // memoised rows and dnd-kit's callbacks keep one identity (bench step 7's drag frame depends on it).
      // `set-state-in-effect`: dialogs reset their fields when they open, after the data they show arrives.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx'],
    },
    rules: {
      // A lazy import() back to its importer is how a page's code is split off (dashboard/features/sheet/page-code.ts):
      // it runs after both modules have loaded, so it is no load-order cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      // The API's layers: routes call services, services call db and lib; lib is below services. The app's
      // Deps (api/deps.ts) is for routes and the app: a service names the part it needs.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './api/lib', from: './api/services', message: 'api/lib is below the services: pass what it needs in instead.' },
            { target: './api/lib', from: ['./api/routes', './api/app.ts'], message: 'api/lib is below the routes and the app.' },
            { target: './api/services', from: ['./api/routes', './api/app.ts', './api/deps.ts'], message: 'A service knows nothing of routes or of the app: take a narrow *Deps of its own.' },
            { target: './shared', from: ['./api', './dashboard', './extension'], message: 'shared/ is used by every app and imports none of them.' },
          ],
        },
      ],
    },
  },
  {
    // A product file past 400 lines holds more than one idea: split it where the ideas part. The schema is
    // the database's one map and stays whole.
    files: ['api/**/*.ts', 'dashboard/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'api/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // A test of the plumbing drives the whole app over HTTP, services included; the layers are the product's.
    files: ['api/lib/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['api/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { local: { rules: { 'no-type-cycle': noTypeCycle } } },
    rules: {
      'local/no-type-cycle': 'error',
      // Services throw or return domain values; the route layer turns them into HTTP (status, headers).
      'no-restricted-imports': ['error', { patterns: [{ group: ['hono', 'hono/*', '@hono/*'], message: 'Services know nothing of HTTP: throw an AppError or return a value.' }] }],
    },
  },
);
