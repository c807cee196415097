// Issue 21, "the seam first": a new market kind touches only its own folder. Outside
// modules/<kind>/ (the folders src/kinds.ts imports), modules/markets, the schema and the seed,
// no server source names a kind: generic modules ask the kind registry (markets/registry.ts), and
// the few that set up a kind's markets by name import that kind folder's constant. The same rule
// is an eslint rule (eslint.config.js, marketKindSeam); this test holds it under `npm test` too.
import { marketKind } from '@backlay/contract';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every .ts file under `dir`, as paths relative to src/ with '/' separators. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = dir === '' ? d.name : `${dir}/${d.name}`;
    if (d.isDirectory()) return sourcesUnder(rel);
    return d.name.endsWith('.ts') ? [rel] : [];
  });
}

/** The kind modules' folders: the ones src/kinds.ts imports its modules from. */
function kindFolders(): string[] {
  const text = readFileSync(path.join(SRC, 'kinds.ts'), 'utf8');
  return [...text.matchAll(/from '\.\/modules\/([\w-]+)\//g)].map((m) => m[1]!);
}

/** "file:line: text" of each line naming a kind in quotes ('FANCY', "FANCY", `FANCY`). */
function kindNamesIn(files: readonly string[], kinds: readonly string[], read: (f: string) => string) {
  const quoted = new RegExp(`['"\`](${kinds.join('|')})['"\`]`);
  return files.flatMap((f) =>
    read(f)
      .split('\n')
      .flatMap((line, i) => (quoted.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the market-kind seam', () => {
  const allowed = [...kindFolders(), 'markets'].map((f) => `modules/${f}/`);
  const generic = sourcesUnder('').filter(
    (f) => !allowed.some((a) => f.startsWith(a)) && f !== 'seed/seed.ts',
  );

  it('knows the kinds and their folders', () => {
    expect(marketKind.options.length).toBeGreaterThanOrEqual(3);
    expect(kindFolders().length).toBe(marketKind.options.length);
    // The scan covers the modules that once branched on kinds.
    for (const f of [
      'modules/console/risk.ts',
      'modules/settlement/service.ts',
      'modules/catalog/service.ts',
    ])
      expect(generic).toContain(f);
  });

  it('no server file outside the kind folders, markets/, the schema and the seed names a kind', () => {
    const read = (f: string) => readFileSync(path.join(SRC, f), 'utf8');
    expect(kindNamesIn(generic, marketKind.options, read)).toEqual([]);
  });

  it('the console and the shared client package name no kind outside the console kind panels', () => {
    // Issue 42, item 6: apps/admin/src/features/markets/kinds/<kind>.tsx register each kind's
    // panel; the bet lists read the contract's BET_READING. The same rule is an eslint rule.
    const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
    const clientSources = (dir: string): string[] =>
      readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
        const rel = `${dir}/${d.name}`;
        if (d.isDirectory()) return rel.endsWith('features/markets/kinds') ? [] : clientSources(rel);
        return /\.tsx?$/.test(d.name) ? [rel] : [];
      });
    const files = [...clientSources('apps/admin/src'), ...clientSources('packages/ui/src')];
    expect(files.length).toBeGreaterThan(50);
    const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');
    expect(kindNamesIn(files, marketKind.options, read)).toEqual([]);
  });

  it('the scan finds a kind named in plain code and in SQL text', () => {
    const text: Record<string, string> = {
      'a.ts': "if (market.marketKind === 'FANCY') return;",
      'b.ts': "sql`where k.market_kind = 'EXCHANGE' and k.in_play`",
      'c.ts': 'const FANCY_RESULT_MAX = { FANCY1: 1 }; // FANCY1 is a variant, not a kind',
    };
    expect(kindNamesIn(Object.keys(text), marketKind.options, (f) => text[f]!)).toEqual([
      "a.ts:1: if (market.marketKind === 'FANCY') return;",
      "b.ts:1: sql`where k.market_kind = 'EXCHANGE' and k.in_play`",
    ]);
  });
});
