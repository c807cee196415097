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

/** The blocks of `@media (prefers-reduced-motion: reduce)` in a stylesheet, and the rest of it. */
function splitReducedMotion(css: string): { reduced: string; rest: string } {
  let reduced = '';
  let rest = css;
  for (let at = rest.indexOf('prefers-reduced-motion: reduce'); at >= 0;) {
    const start = rest.lastIndexOf('@media', at);
    let depth = 0;
    let end = rest.indexOf('{', at);
    for (; end < rest.length; end++) {
      if (rest[end] === '{') depth++;
      if (rest[end] === '}' && --depth === 0) break;
    }
    reduced += rest.slice(start, end + 1);
    rest = rest.slice(0, start) + rest.slice(end + 1);
    at = rest.indexOf('prefers-reduced-motion: reduce');
  }
  return { reduced, rest };
}

/** Each innermost rule's selectors (one by one) and its declarations. */
function rules(css: string): { selector: string; body: string }[] {
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selectors, body]) =>
    selectors!.split(',').map((s) => ({ selector: s.trim().replace(/\s+/g, ' '), body: body! })),
  );
}

it('every endless animation is changed for a bettor who asks for reduced motion', () => {
  const sheets = [SRC, join(import.meta.dirname, '..', '..', '..', 'packages', 'ui', 'src')].flatMap((dir) =>
    files(dir, (n) => n.endsWith('.css')),
  );
  const unhandled: string[] = [];
  for (const sheet of sheets) {
    const { reduced, rest } = splitReducedMotion(
      readFileSync(sheet, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
    );
    const calmed = new Set(
      rules(reduced)
        .filter((r) => /(^|[;\s])animation(-[a-z-]+)?\s*:/.test(r.body))
        .map((r) => r.selector),
    );
    for (const r of rules(rest)) {
      if (/(^|[;\s])animation\s*:[^;]*\binfinite\b/.test(r.body) && !calmed.has(r.selector))
        unhandled.push(`${basename(sheet)}: ${r.selector}`);
    }
  }
  expect(unhandled).toEqual([]);
});
