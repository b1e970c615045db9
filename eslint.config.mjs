// ESLint flat config for the whole monorepo: typescript-eslint everywhere, react-hooks on the
// frontends, and a ReDoS check on every regular expression of the code that runs.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import redos from 'eslint-plugin-redos';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      '**/coverage/**',
      'frontend-shell/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Migration classes are generated and index files list them as plain constructors.
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['frontend-*/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend-*/**/*.test.{ts,tsx}', 'frontend-common/jest/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ['**/*.mjs', '**/*.js', 'frontend-*/scripts/**', 'tools/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // A regular expression that backtracks more than linearly on some input lets one request
    // (a listing request's hours, a CSV cell) hold the event loop: every literal and
    // `RegExp('...')` of the backend, the contract and the frontends is checked by recheck
    // (its native binary when installed, recheck-linux-x64 here). `auto` uses the automaton
    // check, exact and fast, and fuzzing (seeded, so the answer does not change between runs)
    // only for what automata cannot model (look-arounds, back-references). A pattern recheck
    // cannot decide within the timeout is an error too, rather than passing silently.
    files: ['backend/src/**/*.ts', 'contract/src/**/*.js', 'frontend-*/src/**/*.{ts,tsx}'],
    plugins: { redos },
    rules: {
      'redos/no-vulnerable': ['error', { checker: 'auto', timeout: 10_000, ignoreErrors: false }],
    },
  },
);
