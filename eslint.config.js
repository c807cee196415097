// One linter for the whole tree. Type-aware rules are left out on purpose: `tsc` checks types,
// and this stays fast enough to run on every `npm run check`.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** The feature folders of a client app (apps/web, apps/admin). */
const featuresOf = (app) => {
  try {
    return readdirSync(new URL(`./apps/${app}/src/features`, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

/**
 * The market kinds (the contract's `marketKind` enum) and the server folders of their modules
 * (the imports of apps/server/src/kinds.ts): read from those two files, so a new kind needs no
 * edit here. Outside its own folder, modules/markets, the schema and the seed, no server file
 * names a kind: it asks the kind registry (modules/markets/registry.ts) instead.
 */
function marketKindSeam() {
  const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');
  const enumText = /export const marketKind = z\.enum\(\[([^\]]*)\]\)/.exec(
    read('./packages/contract/src/common.ts'),
  );
  const kinds = [...(enumText?.[1] ?? '').matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]);
  const folders = [...read('./apps/server/src/kinds.ts').matchAll(/from '\.\/modules\/([\w-]+)\//g)].map(
    (m) => m[1],
  );
  if (kinds.length === 0 || folders.length === 0) {
    throw new Error('eslint.config.js: cannot read the market kinds or their folders');
  }
  const names = kinds.join('|');
  const message =
    "A market kind is named only in its own folder (modules/<kind>/), modules/markets, the schema and the seed: ask the kind registry (app.kinds) or import the kind folder's constant.";
  // The market row, its runners, its settlement state and its voids are written only by
  // modules/markets (its lifecycle.ts, issue 42); the same check, with raw SQL too, is
  // apps/server/test/arch.test.ts (`npm run arch`).
  const rowWrites = {
    selector:
      'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(markets|runners|marketSettlements|marketVoids)$/]',
    message:
      'The market row, its runners, its settlement state and its voids are written by modules/markets/lifecycle.ts only: call its create, close, status, version, recordSettlement or recordVoids function.',
  };
  return [
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: [
        `apps/server/src/modules/{${[...folders, 'markets'].join(',')}}/**`,
        'apps/server/src/seed/seed.ts',
      ],
      rules: {
        'no-restricted-syntax': [
          'error',
          { selector: `Literal[value=/^(${names})$/]`, message },
          // Inside SQL text: k.market_kind = 'FANCY'.
          { selector: `TemplateElement[value.raw=/'(${names})'/]`, message },
          rowWrites,
        ],
      },
    },
    // The kinds' own folders name their kind, and write no market row either.
    {
      files: [`apps/server/src/modules/{${folders.join(',')}}/**/*.ts`],
      rules: { 'no-restricted-syntax': ['error', rowWrites] },
    },
    // The console: a kind is named only in its own file of features/markets/kinds/ (its panel,
    // registered with kinds/registry.ts, which the market screens ask); the shared client package
    // names none (a bet's words: the contract's BET_READING).
    {
      files: ['apps/admin/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
      ignores: ['apps/admin/src/features/markets/kinds/**'],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: `Literal[value=/^(${names})$/]`,
            message:
              'A market kind is named only in its console panel (apps/admin/src/features/markets/kinds/<kind>.tsx): ask consoleKindOf(kind).',
          },
        ],
      },
    },
  ];
}

/**
 * The sports that add panels to game-details (the imports of features/market/panels/index.ts):
 * read from that file, so a new sport needs no edit here. Outside those sport folders no file of
 * features/market names a sport id: game-details asks the sport-panel registry (issue 21).
 */
function sportPanelSeam() {
  const root = 'apps/web/src/features/market';
  const text = readFileSync(new URL(`./${root}/panels/index.ts`, import.meta.url), 'utf8');
  const folders = [...text.matchAll(/import '\.\.\/([\w-]+)\//g)].map((m) => m[1]);
  if (folders.length === 0) throw new Error('eslint.config.js: cannot read the sport panel folders');
  return {
    files: [`${root}/**/*.{ts,tsx}`],
    ignores: folders.map((f) => `${root}/${f}/**`),
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^(SPORT_ID|RACING_SPORT_IDS)$/]',
          message:
            "game-details names no sport: a sport's panels register themselves from its own folder (features/market/panels/registry.ts).",
        },
      ],
    },
  };
}

/** The client apps: each keeps imports one way, lib/components → features → app. */
const CLIENT_APPS = ['web', 'admin'];

/** One client app's zones (by resolved path and by import text). */
function clientZones(app) {
  const features = featuresOf(app);
  const root = `./apps/${app}/src`;
  const others = CLIENT_APPS.filter((a) => a !== app).map((a) => `./apps/${a}`);
  return [
    // Zones by resolved path, so a relative `../other-feature/` import is caught as well as an
    // aliased one: a feature imports no other feature and nothing of src/app.
    {
      files: [`apps/${app}/src/**/*.{ts,tsx}`],
      plugins: { 'import-x': importX },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              ...features.map((feature) => ({
                target: `${root}/features/${feature}`,
                from: `${root}/features`,
                except: [`./${feature}`],
                message: 'Features do not import each other; move shared code to src/components or src/lib.',
              })),
              {
                target: `${root}/features`,
                from: `${root}/app`,
                message: 'Features do not import from src/app.',
              },
              {
                target: [`${root}/lib`, `${root}/components`],
                from: [`${root}/features`, `${root}/app`],
                message: 'Shared code (lib, components) imports no feature or app code.',
              },
              {
                target: `./apps/${app}`,
                from: [...others, './apps/server'],
                message: 'A client app imports no other app; share code through packages/ui.',
              },
            ],
          },
        ],
      },
    },
    ...features.map((feature) => ({
      files: [`apps/${app}/src/features/${feature}/**/*.{ts,tsx}`],
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
              { regex: '^@backlay/(web|admin|server)(/|$)', message: 'A client app imports no other app.' },
            ],
          },
        ],
      },
    })),
    {
      files: [`apps/${app}/src/{lib,components}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '(^|/)(features|app)/',
                message: 'Shared code (lib, components) imports no feature or app code.',
              },
              { regex: '^@backlay/(web|admin|server)(/|$)', message: 'A client app imports no other app.' },
            ],
          },
        ],
      },
    },
  ];
}

/** The bettor's app: no value from the contract's root (see below). */
const CONTRACT_ROOT = {
  name: '@backlay/contract',
  allowTypeImports: true,
  message: "Import values from '@backlay/contract/bettor': the root also holds the operator's schemas.",
};
/** The bettor's app: toasts through lib/toast.ts (see below). */
const TOASTIFY = {
  name: 'react-toastify',
  allowTypeImports: true,
  message:
    'Raise toasts with lib/toast.ts: it loads react-toastify with the first toast, not with every screen.',
};

export default tseslint.config(
  // .tmp: build output made by tests (the chaos run's deliberately broken builds), as gitignored.
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '.e2e-artifacts/**',
      '**/.tmp/**',
    ],
  },
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
  // The bettor's app takes values from `@backlay/contract/bettor` (or `/login`), never from the
  // root: the root's barrel brings the operator console's schemas into the bettor's browser
  // (docs/performance.md, "First load"). Types may come from the root, with `import type`: an
  // import whose names are all inline `type` ones still loads the module. Toasts are raised
  // through lib/toast.ts, which loads react-toastify with the first one: a module importing the
  // library would load it with its chunk, toast or not (only the container, app/Toasts.tsx, does).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [CONTRACT_ROOT, TOASTIFY] }],
    },
  },
  {
    files: ['apps/web/src/app/Toasts.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [CONTRACT_ROOT] }] },
  },
  // No import cycles anywhere in the source (tests may import what they test from any side).
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // The rule follows imports into other files: they must be parsed as TypeScript too.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // A new market kind touches only its own folder (issue 21, "the seam first").
  ...marketKindSeam(),
  // A new sport's game-details panels touch only its own folder (issue 21).
  sportPanelSeam(),
  // The engine is pure: no I/O, no clock, no randomness it is not given (DESIGN.md §1).
  {
    files: ['packages/engine/src/**/*.ts', 'packages/slots/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts', 'packages/slots/src/**/*.test.ts'],
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
  // The demo provider's game page is plain browser JavaScript.
  {
    files: ['apps/provider-demo/src/page/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Client apps and the package they share: browser globals, React hooks rules.
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Imports flow one way: packages/ui (shared by both apps) → an app's lib/components → its
  // features → its app. The shared package imports no app.
  ...CLIENT_APPS.flatMap(clientZones),
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/ui',
              from: './apps',
              message: 'packages/ui is shared by the apps: it imports none of them.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@backlay/(web|admin|server)(/|$)',
              message: 'packages/ui is shared by the apps: it imports none of them.',
            },
          ],
        },
      ],
    },
  },
);
