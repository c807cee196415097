// Every stylesheet of the app reaches the build: a screen's comes with the module that imports it
// (app/screen-styles.ts), so one nobody imports is never loaded — binary.css was only there
// through a folder-wide glob until the screens' CSS moved into their chunks.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

it('every stylesheet under src/ is imported by a module beside it, or by a glob of app/', () => {
  const modules = files(SRC, (n) => /\.tsx?$/.test(n)).map((f) => readFileSync(f, 'utf8'));
  const imported = (css: string) =>
    modules.some((m) => m.includes(`/${basename(css)}'`) || m.includes(`'./${basename(css)}'`));
  const globbed = (css: string) =>
    /^features[\\/](home|auth|footer|header|sidebar)[\\/]/.test(relative(SRC, css));
  const orphans = files(SRC, (n) => n.endsWith('.css'))
    .filter((css) => !imported(css) && !globbed(css))
    .map((css) => relative(SRC, css));
  expect(orphans).toEqual([]);
});
