// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
