import { readFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bettorEndpoints } from '../src/bettor-endpoints.ts';
import { endpoints } from '../src/index.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every module `file` imports (values and types), transitively, by path under src/. */
function moduleGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(SRC, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import) '(\.\.?\/[\w/-]+\.ts)'/g)) {
    moduleGraph(posix.normalize(posix.join(posix.dirname(file), m[1]!)), seen);
  }
  return seen;
}

/** The feature tables (src/bettor/<feature>.ts): what the bettor's app imports, one per feature. */
const FEATURES = readdirSync(join(SRC, 'bettor')).filter((f) => f.endsWith('.ts'));

describe("the bettor's endpoint table", () => {
  it('is exactly the public and user entries of the full table, the same objects', () => {
    const expected = Object.entries(endpoints).filter(([, e]) => e.access !== 'operator');
    expect(Object.keys(bettorEndpoints).sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, entry] of expected) {
      expect(bettorEndpoints[name as keyof typeof bettorEndpoints], name).toBe(entry);
    }
  });

  it("imports none of the operator's modules (what the bettor's browser downloads)", () => {
    const graph = moduleGraph('bettor.ts');
    for (const operatorOnly of [
      'endpoints.ts',
      'account-endpoints.ts',
      'console-endpoints.ts',
      'console.ts',
    ]) {
      expect(graph.has(operatorOnly), operatorOnly).toBe(false);
    }
  });

  it("is the feature tables' entries, each in exactly one of them", async () => {
    const seen = new Map<string, string>();
    for (const file of FEATURES) {
      const mod = (await import(/* @vite-ignore */ `../src/bettor/${file}`)) as Record<
        string,
        Record<string, unknown>
      >;
      const tables = Object.entries(mod).filter(([name]) => name.endsWith('Endpoints'));
      expect(tables.length, file).toBe(1);
      for (const [name, entry] of Object.entries(tables[0]![1])) {
        expect(seen.get(name), `${name} in ${file} and ${seen.get(name)}`).toBeUndefined();
        seen.set(name, file);
        expect(bettorEndpoints[name as keyof typeof bettorEndpoints], name).toBe(entry);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(bettorEndpoints).sort());
  });

  it("no feature table imports another's, nor the operator's modules", () => {
    for (const file of FEATURES) {
      const graph = moduleGraph(`bettor/${file}`);
      for (const other of FEATURES) {
        if (other !== file) expect(graph.has(`bettor/${other}`), `${file} imports ${other}`).toBe(false);
      }
      for (const operatorOnly of [
        'endpoints.ts',
        'bettor-endpoints.ts',
        'console.ts',
        'console-endpoints.ts',
      ]) {
        expect(graph.has(operatorOnly), `${file} imports ${operatorOnly}`).toBe(false);
      }
    }
  });

  it('the login checks load no zod', () => {
    for (const file of moduleGraph('login.ts')) {
      expect(readFileSync(join(SRC, file), 'utf8'), file).not.toMatch(/from 'zod/);
    }
  });
});
