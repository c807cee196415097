import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bettorEndpoints } from '../src/bettor-endpoints.ts';
import { endpoints } from '../src/index.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every module `file` imports (values and types), transitively, by file name. */
function moduleGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(SRC, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import) '\.\/([\w-]+\.ts)'/g)) moduleGraph(m[1]!, seen);
  return seen;
}

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

  it('the login checks load no zod', () => {
    for (const file of moduleGraph('login.ts')) {
      expect(readFileSync(join(SRC, file), 'utf8'), file).not.toMatch(/from 'zod/);
    }
  });
});
