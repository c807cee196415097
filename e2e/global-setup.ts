// Runs once per `vitest run` of the e2e project, before any file:
// - builds the server and the demo provider (scripts/build.mjs: skipped when up to date), which
//   every file's servers run compiled, as `npm start` does;
// - builds the web client and the console when stale: the files run side by side
//   (vitest.config.ts), and two of them building one dist at once would each see a half-written one;
// - starts the server once on a fresh data dir (migrations and demo seed: most of a server's
//   start) and keeps that dir as a template, which each startServer() then copies.
import { existsSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { browserPath } from './browser-path.ts';
import { buildAllIfStale, buildNodeAppsIfStale } from './build.ts';
import { launchServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, demo-seeded PGlite data dir, cleanly closed ('' when none was made). */
    e2eDataTemplate: string;
    /** When it was seeded (ms since the epoch): the demo fixtures' times are relative to it. */
    e2eDataTemplateSeededAt: number;
  }
}

export default async function setup(project: TestProject) {
  project.provide('e2eDataTemplate', '');
  project.provide('e2eDataTemplateSeededAt', 0);
  // Without Chromium the browser tests are skipped (or fail in CI): nothing to prepare.
  if (!existsSync(browserPath())) return;
  buildNodeAppsIfStale();
  const seededAt = Date.now();
  const [, template] = await Promise.all([
    buildAllIfStale(),
    launchServer({}, { keepDataDir: true }).then(async (s) => {
      await s.stop();
      return s.dataDir;
    }),
  ]);
  project.provide('e2eDataTemplate', template);
  project.provide('e2eDataTemplateSeededAt', seededAt);
  return () => rmSync(template, { recursive: true, force: true });
}
