// `npm run arch` (scripts/arch.mjs): the counts issue 42 is measured by, each rule on a small tree
// of its own, so a count that drifts from its definition fails here rather than in the docs.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appParamsIn,
  cyclesOf,
  importsOf,
  isBackUp,
  decoratorsIn,
  longFunctionsIn,
  measure,
  moduleOf,
  writesIn,
} from '../../../scripts/arch.mjs';

describe('npm run arch', () => {
  const trees: string[] = [];
  afterAll(() => {
    for (const t of trees) rmSync(t, { recursive: true, force: true });
  });
  /** A server src tree of `files` (path → text) in a temporary folder. */
  const tree = (files: Record<string, string>): string => {
    const root = mkdtempSync(join(tmpdir(), 'arch-'));
    trees.push(root);
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, f)), { recursive: true });
      writeFileSync(join(root, f), text);
    }
    return root;
  };
  /** The server's own tree measured once for the tests below that only read the figures. */
  let server: ReturnType<typeof measure> | undefined;
  const measureServer = () => (server ??= measure());

  it('an import runs back up from a lower layer to a higher one, or from a generic module to a kind', () => {
    expect(isBackUp('db/store.ts', 'modules/wallet/service.ts')).toBe(true);
    expect(isBackUp('types.ts', 'modules/exchange/types.ts')).toBe(true);
    expect(isBackUp('plugins/ws.ts', 'modules/casino/service.ts')).toBe(true);
    expect(isBackUp('db/store.ts', 'plugins/leader.ts')).toBe(true);
    expect(isBackUp('modules/markets/kinds.ts', 'modules/exchange/routes.ts')).toBe(true);
    expect(isBackUp('modules/exchange/service.ts', 'modules/markets/takes-bets.ts')).toBe(false);
    expect(isBackUp('modules/exchange/service.ts', 'db/store.ts')).toBe(false);
    expect(isBackUp('modules/exchange/service.ts', 'plugins/leader.ts')).toBe(false);
    expect(isBackUp('app.ts', 'modules/exchange/routes.ts')).toBe(false);
  });

  it('reads relative imports and re-exports, and which are type-only', () => {
    const got = importsOf(
      [
        "import { a } from './a.ts';",
        "import type { B } from '../b.ts';",
        "import { type C, type D } from './c.ts';",
        "import { type E, f } from './e.ts';",
        "export { g } from './g.ts';",
        "import { z } from 'zod';",
      ].join('\n'),
    );
    expect(got).toEqual([
      { spec: './a.ts', typeOnly: false },
      { spec: '../b.ts', typeOnly: true },
      { spec: './c.ts', typeOnly: true },
      { spec: './e.ts', typeOnly: false },
      { spec: './g.ts', typeOnly: false },
    ]);
  });

  it('finds every loop of imports, and only loops', () => {
    expect(
      cyclesOf([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
        ['d', 'e'],
        ['e', 'd'],
        ['x', 'y'],
      ]),
    ).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(cyclesOf([['a', 'b']])).toEqual([]);
  });

  it("finds drizzle's and raw SQL's writes, not reads", () => {
    const text = [
      'await tx.insert(markets).values(v);', // 1
      'await tx.update(runners).set(s);', // 2
      'await db.delete(bets).where(w);', // 3
      'await tx.select().from(markets);', // 4: a read
      'sql`update ${markets} set status = 1`;', // 5
      'sql`delete from ${fills} where x`;', // 6
      'sql`insert into "bets" (bet_id) values (1)`;', // 7
      'sql`select * from ${markets}`;', // 8: a read
    ].join('\n');
    expect(writesIn(text, ['bets']).map((w) => `${w.table}:${w.line}`)).toEqual([
      'markets:1',
      'runners:2',
      'bets:3',
      'markets:5',
      'fills:6',
      '"bets":7',
    ]);
  });

  it('lists the functions over the limit with their names and lengths', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = `export function long() {\n${body}\n}\nconst short = () => 1;\nconst named = () => {\n${body}\n};\n`;
    expect(longFunctionsIn(text, 'x.ts', 5)).toEqual([
      { name: 'long', line: 1, lines: 7, why: false },
      { name: 'named', line: 9, lines: 7, why: false },
    ]);
  });

  it('a long function says why in a comment before it or before the statement it is part of', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = [
      '/** Does a thing.\n * Long because it is a factory. */',
      `export function a() {\n${body}\n}`,
      '// Long because it registers routes.',
      `export const b = fp(async (app) => {\n${body}\n});`,
      `export const c = fp(\n  // Long because it is one transaction.\n  async (app) => {\n${body}\n});`,
      '// A comment that does not say why.',
      `export function d() {\n${body}\n}`,
      `export function e() {\n  // Long because: only a comment inside, which does not count.\n${body}\n}`,
    ].join('\n');
    expect(longFunctionsIn(text, 'x.ts', 5).map((f) => [f.name, f.why])).toEqual([
      ['a', true],
      ['(anonymous)', true],
      ['(anonymous)', true],
      ['d', false],
      ['e', false],
    ]);
  });

  it('every function over 100 lines of the server says why it is long', () => {
    // Issue 42, item 5: no function over ~100 lines without a comment saying why.
    const r = measureServer();
    expect(r.longFunctions.list.filter((f) => !f.why).map((f) => `${f.file}:${f.line} ${f.name}`)).toEqual(
      [],
    );
  });

  it("counts a module's write to another module's table, arrows back up and kind names", () => {
    const src = tree({
      'db/schema.ts': "export const leaderLeases = pgTable(\n  'leader_leases', {});\n",
      'modules/markets/schema.ts': "export const markets = pgTable('markets', {});\n",
      'db/store.ts': "import { x } from '../modules/wallet/service.ts';\n",
      'modules/wallet/schema.ts': "export const walletRows = pgTable('wallet_rows', {});\n",
      'modules/wallet/service.ts':
        "import { markets } from '../markets/schema.ts';\nexport const x = () => tx.update(markets).set({}).where(w);\n",
      'modules/markets/service.ts':
        "import { walletRows } from '../wallet/schema.ts';\nexport const y = () => tx.insert(markets).values({}) && tx.delete(walletRows);\n",
      'modules/markets/kinds.ts':
        "import { z } from '../exchange/routes.ts';\nexport const k = 'EXCHANGE';\n",
      'modules/exchange/routes.ts': "export const z = 'EXCHANGE';\n",
      'plugins/leader.ts':
        "import { leaderLeases } from '../db/schema.ts';\nexport const l = () => tx.update(leaderLeases);\n",
    });
    const r = measure(src);
    // markets is modules/markets' table: wallet's update of it and markets' delete of wallet's
    // table are the two foreign writes; markets' own insert is not; leases are infrastructure.
    expect(r.writes.toAnotherModule).toBe(2);
    expect(r.writes.pairs).toEqual({ 'markets → wallet': 1, 'wallet → markets': 1 });
    expect(r.writes.marketsWriters).toEqual({ wallet: 1 });
    expect(r.tables).toEqual({ inModules: 2, inDbSchema: 1 });
    // Reading another module's tables is counted apart from importing its code.
    expect(r.moduleTableReads).toBe(2);
    expect(r.modulePairsBothWays).toEqual([]);
    expect(r.backUp.byFrom).toEqual({ 'db/': 1, 'modules/': 1 });
    expect(r.kindNamesOutsideKinds.byFile).toEqual({ 'modules/markets/kinds.ts': 1 });
  });

  it('the market row and its runners are written only by modules/markets, but for the few listed with their reason', () => {
    // Issue 42: the market module owns its rows (modules/markets/lifecycle.ts). What may stay:
    const allowed: Record<string, string> = {
      // The exchange's book state kept on the market and runner rows, written by the market's own
      // batch statement: its time-priority sequence (next_seq) and each runner's traded volume.
      'modules/exchange/queries.ts': 'next_seq and traded_paise in the batch statement',
      'modules/exchange/non-runners.ts': 'next_seq: every node reads the book again',
    };
    const r = measureServer();
    const writers = r.writes.list.filter((w) => w.to === 'markets').map((w) => w.file);
    const outside = [...new Set(writers)].filter((f) => allowed[f] === undefined);
    expect(outside, 'files outside modules/markets writing markets or runners').toEqual([]);
  });

  it("no module writes another module's table, but the exchange's allowed writes of its book state", () => {
    // Issue 42, item 1: tables live in the module that writes them; another module asks it (its
    // lifecycle, its open or write functions). The allowed ones are the test above's.
    const r = measureServer();
    const crossing = r.writes.list
      .filter((w) => w.from !== w.to && w.from !== 'infra')
      .filter((w) => !(w.from === 'exchange' && w.to === 'markets'))
      .map((w) => `${w.file}:${w.line} ${w.from} → ${w.to} (${w.table})`);
    expect(crossing).toEqual([]);
  });

  it('no loop of imports in the server, type-only imports counted', () => {
    // Issue 42, item 3: types.ts is gone (each plugin declares its own decorator), the query
    // layer's types live apart from the store that opens it (db/executor.ts).
    expect(measureServer().cycles.list).toEqual([]);
  });

  it('no module imports back up (a generic module never imports a kind; modules import no infrastructure above them)', () => {
    // Issue 42, item 3: 0 arrows back up in modules/ (the kinds register with the registry, the
    // reports' bet view is the market module's, a product declares its held house accounts).
    const r = measureServer();
    const fromModules = r.backUp.arrows.filter(([from]) => from.startsWith('modules/'));
    expect(fromModules).toEqual([]);
  });

  it('cricket imports no market kind, nor they it; no two modules import each other', () => {
    // Issue 42, item 3: the cricket simulator's port and a demo match's set-up are compositions
    // beside the root (feeds/, seed/); the fancy and bookmaker kinds ask app.cricket, and cricket
    // asks app.fancyPlayers.
    const r = measureServer();
    const tied = ['cricket', 'fancy', 'bookmaker'];
    const crossing = r.edges
      .filter(([from, to]) => {
        const [a, b] = [moduleOf(from), moduleOf(to)];
        return (
          a !== b && tied.includes(a ?? '') && tied.includes(b ?? '') && (a === 'cricket' || b === 'cricket')
        );
      })
      .map(([from, to]) => `${from} → ${to}`);
    expect(crossing).toEqual([]);
    // The uplines' shares are a module of their own (modules/shares): settlement and the hierarchy
    // both ask it, and neither imports the other back.
    expect(r.modulePairsBothWays).toEqual([]);
  });

  it("every table in its module's schema.ts: db/ imports no module, and tables.ts lists every schema", () => {
    // Issue 42, item 4: db/ keeps the connection, the migrations, the shared column types and the
    // infrastructure's own tables (leases, rate counters, price images); tables.ts (a test's view of
    // the whole store) re-exports every module's schema, so a new module's tables are never left out.
    const r = measureServer();
    expect(r.backUp.arrows.filter(([from]) => from.startsWith('db/'))).toEqual([]);
    expect(r.tables.inDbSchema).toBe(3);
    const src = join(dirname(fileURLToPath(import.meta.url)), '../src');
    const schemas = readdirSync(join(src, 'modules'))
      .filter((m) => existsSync(join(src, 'modules', m, 'schema.ts')))
      .map((m) => `./modules/${m}/schema.ts`);
    const listed = [...readFileSync(join(src, 'tables.ts'), 'utf8').matchAll(/from '([^']+)'/g)].map(
      (m) => m[1],
    );
    expect(listed.sort()).toEqual(['./db/schema.ts', ...schemas].sort());
  });

  it('reads what a function given the app uses of it, and whether it passes the app on', () => {
    const text = [
      'export function a(app: FastifyInstance) { return app.db.select(); }',
      "export function b(app: FastifyInstance) { return route(app, 'x', () => app.clock.now()); }",
      "export function c(app: Pick<FastifyInstance, 'db'>) { return app.db; }",
      'export function d(x: Other) { return x.db; }',
      // A long Pick as the formatter writes it, over lines.
      "export function e(\n  app: Pick<\n    FastifyInstance,\n    'db' | 'clock'\n  >,\n) { return app.db; }",
    ].join('\n');
    expect(appParamsIn(text, 'x.ts')).toEqual([
      { line: 1, whole: true, passedOn: false, uses: ['db'] },
      { line: 2, whole: true, passedOn: true, uses: ['clock'] },
      { line: 3, whole: false, passedOn: false, uses: ['db'] },
      { line: 6, whole: false, passedOn: false, uses: ['db'] },
    ]);
  });

  it('a function given the app names the services it uses, those it passes the app on to included', () => {
    // Issue 42, item 3: modules depend on the interfaces they use, not on a global app. A function
    // takes Pick<FastifyInstance, 'x' | …>: what it reads, and what the units it hands the app to
    // read (the plugins' own `fp(async (app) => …)` bodies are the composition, and take it whole).
    const r = measureServer();
    expect(r.appParams.narrowable).toEqual([]);
    expect(r.appParams.whole).toBe(0);
    expect(r.appParams.picks).toBeGreaterThanOrEqual(66);
  });

  it('reads the decorators a plugin adds and the names it declares on Fastify', () => {
    const text = [
      "declare module 'fastify' {",
      '  interface FastifyInstance {',
      '    /** a doc line: not a member */',
      '    wallet: Wallet;',
      '    readonly clock?: Clock;',
      '  }',
      '  interface FastifyRequest { user: User | null }',
      '}',
      "app.decorate('wallet', w);",
      'app.decorate(',
      "  'bus',",
      '  b,',
      ');',
      "app.decorateRequest('user', null);",
    ].join('\n');
    const d = decoratorsIn(text);
    expect(d.added).toEqual([
      { name: 'wallet', line: 9 },
      { name: 'bus', line: 10 },
      { name: 'user', line: 14 },
    ]);
    expect([...d.declared].sort()).toEqual(['clock', 'user', 'wallet']);
  });

  it('each decorator is declared in the plugin that adds it', () => {
    // Issue 42, item 3 (as fastify/demo does it): a service's type is found where it is made.
    const r = measureServer();
    expect(r.decorators.count).toBeGreaterThanOrEqual(40);
    expect(r.decorators.declaredElsewhere).toEqual([]);
  });

  it('measures this repository: every count present', () => {
    const r = measureServer();
    expect(r.files).toBeGreaterThan(100);
    expect(r.writes.all).toBeGreaterThan(100);
    expect(r.tables.inModules + r.tables.inDbSchema).toBeGreaterThan(60);
    expect(r.longFunctions.list.every((f) => f.lines > 100)).toBe(true);
  });
});
