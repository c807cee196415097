// The README says what the code reads (issue 48: CASINO_TABLES, BINARY_FEED, FANTASY_CONTESTS,
// PROVIDERS, PAYMENT_GATEWAY_* and SMS_HTTP_* were missing from its environment table, and three
// docs from its list). Its tables are kept equal to the code: the server's to the config schema
// (src/config.ts), the demo provider's to the names its config reads; and every doc is listed.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../src/config.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

/** The text of a section from its heading to the next heading of its level or above. */
function section(text: string, heading: string): string {
  const level = /^#+/.exec(heading)![0].length;
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no "${heading}"`);
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The variables a table names: every `NAME` in the first cell of its rows. */
function tableVariables(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cell = line.split('|')[1]!;
    for (const m of cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1]!);
  }
  return names;
}

describe('the README', () => {
  const env = section(readme, '## Environment variables');

  it('lists every variable the server’s config schema reads, and no other, once each', () => {
    const listed = tableVariables(section(env, '### The server'));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('lists every variable the demo provider reads', () => {
    const source = ['config.ts', 'app.ts']
      .map((f) => readFileSync(`${root}apps/provider-demo/src/${f}`, 'utf8'))
      .join('\n');
    const read = new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
    const listed = tableVariables(section(env, '### The demo provider'));
    expect(new Set(listed)).toEqual(read);
  });

  it('links every doc under docs/, and says how to run one test file', () => {
    const docs = section(readme, '## Docs');
    for (const file of readdirSync(`${root}docs`).filter((f) => f.endsWith('.md')))
      expect(docs, `docs/${file}`).toContain(`(docs/${file})`);
    expect(readme).toContain('npm test -- --project server apps/server/test/');
  });
});
