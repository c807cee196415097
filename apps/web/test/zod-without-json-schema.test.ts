// The build plugin that leaves zod's JSON Schema generator out of the browser (build/zod-without-json-schema.ts):
// a real Vite build of a module that uses zod as the app does, with and without the plugin.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin } from 'vite';
import { IMPORTER, REPLACED, exportedNames, zodWithoutJsonSchema } from '../build/zod-without-json-schema.ts';

const work = mkdtempSync(join(tmpdir(), 'zod-browser-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ENTRY = `
import { z } from 'zod';
export const form = z.object({ name: z.string().min(2, 'too short'), stake: z.number().int().positive() });
`;

/** Builds ENTRY (zod resolved from this app) as one script; answers its code and what it exports. */
async function bundle(plugins: Plugin[]) {
  const dir = mkdtempSync(join(work, 'out-'));
  const entry = join(import.meta.dirname, '..', `.zod-entry-${process.pid}-${plugins.length}.ts`);
  writeFileSync(entry, ENTRY);
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      plugins,
      build: {
        outDir: dir,
        minify: false,
        lib: { entry, formats: ['iife'], name: 'built', fileName: 'entry' },
      },
    });
  } finally {
    rmSync(entry, { force: true });
  }
  const code = readFileSync(join(dir, 'entry.iife.js'), 'utf8');
  // The build as a page would run it: one script that sets a global.
  const module = new Function(`${code}; return built;`)() as Record<string, unknown>;
  return { code, module };
}

describe('zod in the browser build', () => {
  it('the installed zod still imports the two generator modules from classic/schemas.js', () => {
    const require = createRequire(import.meta.url);
    const file = join(require.resolve('zod/package.json'), '..', 'v4', 'classic', 'schemas.js');
    expect(file).toMatch(IMPORTER);
    const source = readFileSync(file, 'utf8');
    for (const id of REPLACED) expect(source).toContain(`from "${id}"`);
  });

  it('reads every export form zod uses', () => {
    expect(
      exportedNames('export const a = 1;\nexport function b() {}\nexport class C {}\nexport { d as e, f };'),
    ).toEqual(['a', 'b', 'C', 'e', 'f']);
  });

  it('leaves the generator out, and the schemas parse as before', async () => {
    const full = await bundle([]);
    const slim = await bundle([zodWithoutJsonSchema()]);
    // The generator's own code is gone: its processors and its draft names.
    expect(full.code).toContain('draft-2020-12');
    expect(slim.code).not.toContain('draft-2020-12');
    expect(slim.code).not.toContain('function stringProcessor');
    expect(slim.code.length).toBeLessThan(full.code.length - 20_000);

    type Form = {
      safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } };
      toJSONSchema(): unknown;
      '~standard': { validate(v: unknown): unknown };
    };
    const form = slim.module.form as Form;
    expect(form.safeParse({ name: 'Asha', stake: 100 }).success).toBe(true);
    const bad = form.safeParse({ name: 'A', stake: 1.5 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toContain('too short');
    // Standard Schema (what form resolvers read) still validates.
    expect(form['~standard'].validate({ name: 'Asha', stake: 1 })).toEqual({
      value: { name: 'Asha', stake: 1 },
    });
    // Asking for a JSON Schema says why it cannot.
    expect(() => form.toJSONSchema()).toThrow(/not part of the browser build/);
    expect(() => (full.module.form as Form).toJSONSchema()).not.toThrow();
  }, 60_000);
});
