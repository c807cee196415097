import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFirstSequencer } from './vitest.sequencer.ts';
import { workerPlan } from './scripts/box-speed.mjs';

/** Files at once, browser files and the rest, by the box's speed (scripts/box-speed.mjs). */
const PLAN = await workerPlan();
console.log(`test files at a time: ${PLAN.other}, browser files ${PLAN.browser}; ${PLAN.why}`);

/** The bettor's app's test files that need modules of their own (see the web projects below). */
const WEB_ISOLATED = [
  'test/binary.test.tsx',
  'test/entry-without-router.test.tsx',
  'test/login-first-load.test.tsx',
  'test/toast.test.tsx',
  'test/sport-panels.test.tsx',
];

// One runner for the whole tree; each workspace is a project (`npm test` runs them all).
export default defineConfig({
  test: {
    // Test files run side by side, this many at once (vitest's default is the cores less one:
    // one file at a time on the 2-core CI box, which sat half idle while server files waited on
    // timers, sockets, PostgreSQL and NATS). Two; three on a very fast box: a third file on a box
    // shared with other work made the timing tests (2 s answers, fault outages) miss their bounds.
    // The e2e project has its own count (below). VITEST_MAX_WORKERS or --maxWorkers overrides it.
    maxWorkers: PLAN.other,
    // The known slowest files first in their project (vitest.sequencer.ts).
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['{src,test}/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          environment: 'node',
          include: ['{src,test}/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'slots',
          root: 'packages/slots',
          environment: 'node',
          include: ['{src,test}/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'provider-demo',
          root: 'apps/provider-demo',
          environment: 'node',
          include: ['{src,test}/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'feed',
          root: 'packages/feed',
          environment: 'node',
          include: ['{src,test}/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['{src,test}/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server's modules are imported once per worker, not once per file: each file
          // builds its own app and store (describeStores) and no file mocks a module; the whole
          // project passes either way (2,028 tests). Per file, the app's import cost about 2.5 s (215 s a run); the server
          // project alone went from 612 s to 438 s of wall time (docs/performance.md, "Test suite time").
          isolate: false,
        },
      },
      {
        test: {
          name: 'ui',
          root: 'packages/ui',
          environment: 'node',
          include: ['{src,test}/**/*.test.{ts,tsx}'],
        },
      },
      // The bettor's app in two halves on its own config. Most files share their imports
      // (`isolate: false`): each still renders into a document that setup.ts empties after every
      // test (with the storages and the settings' store), but React, the testing library and the
      // app's modules load once per worker, not once per file: about a third of the CPU time
      // (docs/performance.md, "Test suite time"). The files that replace a module (vi.mock: shared,
      // it would leak into other files or come too late) or register into a registry other files
      // have already read run isolated, with modules of their own.
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          isolate: false,
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-isolated', root: 'apps/web', include: WEB_ISOLATED },
      },
      'apps/admin/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          globalSetup: ['global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // Each file has its own server and Chromium, so files can run side by side; they run
          // after every other project (groupOrder 1), not among the server's timing tests. Four on
          // a very fast box, three on a fast one (the group 351 s → 247 s, the files' times
          // unchanged), two elsewhere: on a slower box three files' servers and Chromiums drove
          // the load average to 10–13 and tests waited over 30 s for a home screen that loads in
          // 6 s alone; a suite that fails on the box CI runs on is worse than a slower one
          // (scripts/box-speed.mjs).
          maxWorkers: PLAN.browser,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
