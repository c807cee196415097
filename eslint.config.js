// One linter for the whole tree. Type-aware rules are left out on purpose: `tsc` checks types,
// and this stays fast enough to run on every `npm run check`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/coverage/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // The engine is pure: no I/O, no clock, no randomness it is not given (DESIGN.md §1).
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', 'http', 'net'] }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The engine takes randomness as an input.' },
        { object: 'Date', property: 'now', message: 'The engine takes the time as an input.' },
      ],
      'no-restricted-globals': ['error', 'setTimeout', 'setInterval', 'fetch', 'process'],
    },
  },
  // Web client: browser globals, React hooks rules, and imports flow one way: lib/components → features → app.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)features/(?!${feature}(/|$))`,
              message: 'Features do not import each other; move shared code to src/components or src/lib.',
            },
            { regex: '(^|/)app/', message: 'Features do not import from src/app.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{lib,components}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|app)/',
              message: 'Shared code (lib, components) imports no feature or app code.',
            },
          ],
        },
      ],
    },
  },
);
