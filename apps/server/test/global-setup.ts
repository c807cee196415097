// Runs once per `vitest run`: migrates and seeds one in-memory PGlite store and dumps it, so each
// test file starts from a copy (about 1 s) instead of initdb + migrations + seed (about 4 s).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'backlay-test-'));
  const file = path.join(dir, 'pglite-template.tar');
  const app = await buildApp({ store: { kind: 'pglite-memory' }, seedDemo: true });
  await app.ready();
  const dump = await app.store.dump!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await app.close();
  project.provide('pgliteTemplate', file);
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      'TEST_DATABASE_URL is not set: the PostgreSQL pass of the store tests is skipped (PGlite only).',
    );
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
