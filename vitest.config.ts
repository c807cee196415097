import { defineConfig } from 'vitest/config';

// One runner for the whole tree; each workspace is a project (`npm test` runs them all).
export default defineConfig({
  test: {
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
      'apps/web/vite.config.ts',
      'apps/admin/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
