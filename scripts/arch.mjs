// `npm run arch`: the server's shape in counts (issue 42), read from the code as it stands, so a
// refactor can say what it moved. Printed:
//   - writes to another module's tables: each drizzle insert/update/delete and each raw SQL
//     `insert into` / `update` / `delete from` on a table, against the module whose schema.ts
//     defines it (tables still in db/schema.ts belong to no module and are counted apart);
//   - arrows back up: an import against the layers (below), and in modules/, a generic module
//     importing a kind's module;
//   - cycles: files that import each other in a loop (type-only imports included: they tie the
//     files' meaning as much as a value import does);
//   - market kind names outside the kinds' own folders (the seam: generic code asks the registry);
//   - the longest functions;
//   - what a function given the app uses of it: a parameter typed `FastifyInstance` that is only
//     read as `app.x` could name those (`Pick<FastifyInstance, 'x' | …>`) — the services it
//     depends on — instead of the whole instance.
// Layers, lowest first: lib-like infrastructure (db/, cache/, http/, config.ts, logging.ts) imports
// nothing above it; plugins/ imports infrastructure; modules/ import both; the composition root
// (app.ts, main.ts, prepare-store.ts, kinds.ts: the kinds' list) may import anything. `--json` prints the figures as JSON.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_SRC = path.join(ROOT, 'apps/server/src');

/** The market kinds (the contract's `marketKind` enum) and the modules that implement them. */
export const KIND_NAMES = ['EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO', 'BINARY'];
export const KIND_MODULES = [
  'exchange',
  'bookmaker',
  'fancy',
  'casino',
  'binary',
  'racing',
  'cricket',
  'fantasy',
];
/** Modules that must work for every kind without naming one (the issue's generic modules). */
export const GENERIC_MODULES = ['markets', 'settlement', 'console', 'catalog', 'wallet', 'reports'];
/** Client code under the kind seam too (relative to the repository). */
const CLIENT_SEAM_DIRS = ['apps/admin/src', 'packages/ui/src'];
/** Where a client names its kinds by design: the console's kind panels (their registry's files). */
const CLIENT_KIND_DIRS = ['features/markets/kinds/'];
const ROOT_FILES = new Set(['app.ts', 'main.ts', 'prepare-store.ts', 'kinds.ts', 'tables.ts']);
/**
 * Compositions of the modules beside the root: the demo seed (demo data built through the modules'
 * own calls) and the demo feeds (simulators driving the modules as an operator would). Nothing
 * below them imports them.
 */
const ROOT_DIRS = ['seed/', 'feeds/'];
const INFRA_DIRS = ['db', 'cache', 'http'];
const INFRA_FILES = new Set(['config.ts', 'logging.ts']);
/** A function longer than this many lines is listed (the issue: none over ~100 without a why). */
export const LONG_FUNCTION_LINES = 100;

/**
 * A source text parsed with parent links (every reader here needs them or ignores them). `measure()`
 * parses each file once and hands the parse to its three readers, which parsed it themselves before
 * (the arch test's file took 8.0 s, 4.0 s with one parse; docs/performance.md, "Test suite time").
 */
function parse(text, fileName) {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/**
 * The parameters typed with the Fastify instance in a source text: each with the properties the
 * function reads of it, whether it passes the instance on (any use but `app.x`), and whether it
 * takes the whole instance or a `Pick` of it. A whole instance read only as `app.x` could be a Pick.
 */
export function appParamsIn(text, fileName, sf = parse(text, fileName)) {
  const out = [];
  const visit = (node) => {
    if (ts.isParameter(node) && node.type && ts.isIdentifier(node.name)) {
      const type = node.type.getText(sf);
      const whole = type === 'FastifyInstance';
      if (whole || /^Pick<\s*FastifyInstance\s*,/.test(type)) {
        const name = node.name.text;
        const props = new Set();
        let passedOn = false;
        const scan = (n) => {
          if (ts.isIdentifier(n) && n.text === name && n !== node.name) {
            const p = n.parent;
            if (ts.isPropertyAccessExpression(p) && p.expression === n) props.add(p.name.text);
            else if (!(ts.isPropertyAccessExpression(p) && p.name === n)) passedOn = true;
          }
          ts.forEachChild(n, scan);
        };
        if (node.parent.body) scan(node.parent.body);
        out.push({
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          whole,
          passedOn,
          uses: [...props].sort(),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every .ts file under `dir` (relative paths with '/'), tests and declaration files left out. */
export function listSources(dir) {
  const out = [];
  const walk = (rel) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, r)).isDirectory()) walk(r);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(name)) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** The layer of a file (relative to the server's src): 'root', 'infra', 'plugins' or 'modules'. */
export function layerOf(file) {
  if (ROOT_FILES.has(file) || ROOT_DIRS.some((d) => file.startsWith(d))) return 'root';
  if (file.startsWith('modules/')) return 'modules';
  if (file.startsWith('plugins/')) return 'plugins';
  if (INFRA_FILES.has(file) || INFRA_DIRS.some((d) => file.startsWith(`${d}/`))) return 'infra';
  // types.ts and anything else at the top: infrastructure every module reads.
  return 'infra';
}

const LAYER_RANK = { infra: 0, plugins: 1, modules: 2, root: 3 };

/** The module a file belongs to ('exchange' for modules/exchange/…), or null. */
export function moduleOf(file) {
  const m = /^modules\/([^/]+)\//.exec(file);
  return m ? m[1] : null;
}

/**
 * Whether the import `from → to` runs back up: to a higher layer, or, inside modules/, from a
 * generic module to a kind's module.
 */
export function isBackUp(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (LAYER_RANK[b] > LAYER_RANK[a]) return true;
  if (a === 'modules' && b === 'modules') {
    const ma = moduleOf(from);
    const mb = moduleOf(to);
    return ma !== mb && GENERIC_MODULES.includes(ma) && KIND_MODULES.includes(mb);
  }
  return false;
}

/** The relative imports of a source text: { spec, typeOnly } per import or re-export. */
export function importsOf(text, fileName = 'x.ts', sf = parse(text, fileName)) {
  const out = [];
  for (const st of sf.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier) {
      const spec = st.moduleSpecifier.text;
      if (!spec.startsWith('.')) continue;
      const typeOnly = ts.isImportDeclaration(st)
        ? Boolean(st.importClause?.isTypeOnly) ||
          Boolean(
            st.importClause?.namedBindings &&
            ts.isNamedImports(st.importClause.namedBindings) &&
            !st.importClause.name &&
            st.importClause.namedBindings.elements.length > 0 &&
            st.importClause.namedBindings.elements.every((e) => e.isTypeOnly),
          )
        : st.isTypeOnly;
      out.push({ spec, typeOnly });
    }
  }
  return out;
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
export function cyclesOf(edges) {
  const graph = new Map();
  for (const [a, b] of edges) {
    if (!graph.has(a)) graph.set(a, []);
    if (!graph.has(b)) graph.set(b, []);
    graph.get(a).push(b);
  }
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      for (;;) {
        const w = stack.pop();
        on.delete(w);
        scc.push(w);
        if (w === v) break;
      }
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The tables a schema source defines: `export const x = pgTable('name', …)` → Map(x → name). */
export function tablesDefinedIn(text) {
  const out = new Map();
  for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"]([\w]+)['"]/g)) out.set(m[1], m[2]);
  return out;
}

/**
 * The writes in a source text: drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` and raw SQL's
 * `insert into ${t}`, `update ${t}`, `delete from ${t}` (and the same with the table's quoted or
 * bare name), as { table: identifier or name, line }.
 */
export function writesIn(text, tableNames) {
  const out = [];
  const lineAt = (i) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*[),]/g)) {
    out.push({ table: m[1], line: lineAt(m.index) });
  }
  for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)) {
    out.push({ table: m[1], line: lineAt(m.index) });
  }
  const bare = [...tableNames].join('|');
  if (bare) {
    const re = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?(${bare})"?[\\s(]`, 'gi');
    for (const m of text.matchAll(re)) out.push({ table: `"${m[1].toLowerCase()}"`, line: lineAt(m.index) });
  }
  return out;
}

/**
 * The decorators a source text adds (`x.decorate('name'`, `decorateRequest`, `decorateReply`,
 * the name possibly on the next line) and the names it declares on Fastify's interfaces
 * (`declare module 'fastify' { interface FastifyInstance { name: … } }`, FastifyRequest,
 * FastifyReply): { added: [{ name, line }], declared: Set(name) }.
 */
export function decoratorsIn(text) {
  const lineAt = (i) => text.slice(0, i).split('\n').length;
  const added = [...text.matchAll(/\.decorate(?:Request|Reply)?\(\s*['"](\w+)['"]/g)].map((m) => ({
    name: m[1],
    line: lineAt(m.index),
  }));
  const declared = new Set();
  const block = /declare module ['"]fastify['"]\s*\{/g;
  for (const m of text.matchAll(block)) {
    // The block's text up to its closing brace (braces counted), its interfaces' members read.
    let depth = 0;
    let end = m.index + m[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth += 1;
      else if (text[end] === '}' && --depth === 0) break;
    }
    const body = text.slice(m.index, end);
    for (const d of body.matchAll(/(?:^|[{;])\s*(?:readonly\s+)?(\w+)\??\s*[:(]/gm)) declared.add(d[1]);
  }
  return { added, declared };
}

/** Functions of a source text longer than `min` lines: { name, line, lines }. */
export function longFunctionsIn(text, fileName, min, sf = parse(text, fileName)) {
  const out = [];
  const nameOf = (node) => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text;
    if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
    const p = node.parent;
    if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
    if (p && ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)))
      return p.name.text;
    return '(anonymous)';
  };
  // A long function says why it is long in a comment before it, or before the statement (the
  // declaration, the property, the call) it is part of: "Long because …".
  const saysWhy = (node) => {
    for (let n = node; n && n !== sf; n = n.parent) {
      const ranges = ts.getLeadingCommentRanges(text, n.getFullStart()) ?? [];
      if (ranges.some((r) => /long because/i.test(text.slice(r.pos, r.end)))) return true;
      if (ts.isStatement(n) || ts.isClassElement(n)) {
        // The comment may sit on the statement's first token only (an exported declaration).
        if (!ts.isBlock(n)) return false;
      }
    }
    return false;
  };
  const visit = (node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)) &&
      node.body
    ) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      if (end - start + 1 > min)
        out.push({ name: nameOf(node), line: start, lines: end - start + 1, why: saysWhy(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Everything `npm run arch` prints, measured on the server's sources under `src`. */
export function measure(src = SERVER_SRC) {
  const files = listSources(src);
  const text = new Map(files.map((f) => [f, readFileSync(path.join(src, f), 'utf8')]));
  const source = new Map(files.map((f) => [f, parse(text.get(f), f)]));
  const fileSet = new Set(files);
  const resolve = (from, spec) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    for (const c of [base, `${base}.ts`, `${base}/index.ts`]) if (fileSet.has(c)) return c;
    return null;
  };

  // Imports.
  const edges = [];
  const valueEdges = [];
  for (const f of files) {
    for (const { spec, typeOnly } of importsOf(text.get(f), f, source.get(f))) {
      const to = resolve(f, spec);
      if (!to || to === f) continue;
      edges.push([f, to]);
      if (!typeOnly) valueEdges.push([f, to]);
    }
  }
  const backUp = edges.filter(([a, b]) => isBackUp(a, b));
  const backUpByFrom = countBy(backUp.map(([a]) => groupOf(a)));
  const cycles = cyclesOf(edges);
  const valueCycles = cyclesOf(valueEdges);
  // A module reading another's tables imports that module's schema.ts, a leaf that imports no
  // module: counted apart from the imports of another module's code.
  const isSchema = (f) => /^modules\/[^/]+\/schema\.ts$/.test(f);
  const pairsOf = (es) => {
    const set = new Set(
      es
        .map(([a, b]) => [moduleOf(a), moduleOf(b)])
        .filter(([a, b]) => a && b && a !== b)
        .map(([a, b]) => `${a}>${b}`),
    );
    return [...set]
      .map((e) => e.split('>'))
      .filter(([a, b]) => a < b && set.has(`${b}>${a}`))
      .map(([a, b]) => `${a} ⇄ ${b}`);
  };
  const modulePairsBothWays = pairsOf(edges.filter(([, b]) => !isSchema(b)));
  const tableReaders = new Set(
    edges
      .filter(([a, b]) => isSchema(b) && moduleOf(a) && moduleOf(a) !== moduleOf(b))
      .map(([a, b]) => `${moduleOf(a)} → ${moduleOf(b)}`),
  );

  // Tables and their owners.
  const owner = new Map(); // identifier → module (its schema.ts; 'db': the infrastructure's, db/schema.ts)
  const unplaced = []; // tables in db/schema.ts
  const nameOwner = new Map(); // "sql_name" → module
  for (const f of files) {
    if (!(f === 'db/schema.ts' || /^modules\/[^/]+\/schema\.ts$/.test(f))) continue;
    const declared = moduleOf(f);
    for (const [id, name] of tablesDefinedIn(text.get(f))) {
      const mod = declared ?? 'db';
      owner.set(id, mod);
      nameOwner.set(`"${name}"`, mod);
      if (!declared) unplaced.push(id);
    }
  }
  const writes = [];
  for (const f of files) {
    const mod = moduleOf(f) ?? layerOf(f);
    for (const w of writesIn(
      text.get(f),
      [...nameOwner.keys()].map((n) => n.slice(1, -1)),
    )) {
      const to = owner.get(w.table) ?? nameOwner.get(w.table);
      if (to === undefined) continue;
      writes.push({ file: f, line: w.line, from: mod, to, table: w.table });
    }
  }
  // A module writing a table another module owns; the seeds and plugins (outside modules/) apart.
  const foreign = writes.filter((w) => w.to !== 'db' && w.from !== w.to && moduleOf(w.file));
  const fromInfra = writes.filter((w) => w.to !== 'db' && !moduleOf(w.file));
  const foreignPairs = countBy(foreign.map((w) => `${w.from} → ${w.to}`));
  const marketsWriters = countBy(
    writes.filter((w) => w.to === 'markets' && w.from !== 'markets').map((w) => w.from),
  );

  // Kind names outside the kinds.
  const kindRe = new RegExp(`['"](${KIND_NAMES.join('|')})['"]`, 'g');
  const kindNames = [];
  for (const f of files) {
    const mod = moduleOf(f);
    if (mod && KIND_MODULES.includes(mod)) continue;
    const lines = text.get(f).split('\n');
    lines.forEach((l, i) => {
      if (kindRe.test(l)) kindNames.push({ file: f, line: i + 1 });
      kindRe.lastIndex = 0;
    });
  }

  // The same seam in the console and the shared UI package (issue 42, item 6): no kind branches.
  const clientKindNames = {};
  for (const dir of CLIENT_SEAM_DIRS) {
    let n = 0;
    for (const f of listSources(path.join(ROOT, dir))) {
      if (CLIENT_KIND_DIRS.some((d) => f.startsWith(d))) continue;
      for (const l of readFileSync(path.join(ROOT, dir, f), 'utf8').split('\n')) {
        if (kindRe.test(l)) n += 1;
        kindRe.lastIndex = 0;
      }
    }
    clientKindNames[dir] = n;
  }

  // Long functions.
  const long = files
    .flatMap((f) =>
      longFunctionsIn(text.get(f), f, LONG_FUNCTION_LINES, source.get(f)).map((x) => ({ file: f, ...x })),
    )
    .sort((a, b) => b.lines - a.lines);

  // Decorators declared away from the plugin that adds them (issue 42, item 3: each decorator
  // declared in the plugin that provides it).
  const decorators = files.flatMap((f) => {
    const d = decoratorsIn(text.get(f));
    return d.added.map((a) => ({ file: f, ...a, declaredHere: d.declared.has(a.name) }));
  });

  // What the functions given the app use of it.
  const appParams = files.flatMap((f) =>
    appParamsIn(text.get(f), f, source.get(f)).map((x) => ({ file: f, ...x })),
  );
  const narrowable = appParams.filter((x) => x.whole && !x.passedOn && x.uses.length > 0);

  return {
    files: files.length,
    imports: edges.length,
    /** Every relative import as [from, to] (files relative to the server's src). */
    edges,
    backUp: { count: backUp.length, byFrom: backUpByFrom, arrows: backUp },
    modulePairsBothWays,
    moduleTableReads: tableReaders.size,
    cycles: { count: cycles.length, files: cycles.reduce((n, c) => n + c.length, 0), list: cycles },
    valueCycles: { count: valueCycles.length, files: valueCycles.reduce((n, c) => n + c.length, 0) },
    tables: { inModules: owner.size - unplaced.length, inDbSchema: unplaced.length },
    writes: {
      all: writes.length,
      toAnotherModule: foreign.length,
      pairs: foreignPairs,
      fromInfrastructure: countBy(fromInfra.map((w) => w.file)),
      marketsWriters,
      list: foreign,
    },
    kindNamesOutsideKinds: {
      count: kindNames.length,
      byFile: countBy(kindNames.map((k) => k.file)),
      clients: clientKindNames,
    },
    longFunctions: {
      over: LONG_FUNCTION_LINES,
      count: long.length,
      withoutWhy: long.filter((f) => !f.why).length,
      list: long,
    },
    decorators: {
      count: decorators.length,
      declaredElsewhere: decorators
        .filter((d) => !d.declaredHere)
        .map((d) => `${d.file}:${d.line} ${d.name}`),
    },
    appParams: {
      picks: appParams.filter((x) => !x.whole).length,
      whole: appParams.filter((x) => x.whole).length,
      narrowable: narrowable.map((x) => `${x.file}:${x.line}`),
    },
  };
}

/** The group an arrow is counted under: the top folder, or the file at the top. */
function groupOf(file) {
  return file.includes('/') ? `${file.split('/')[0]}/` : file;
}

function countBy(keys) {
  const m = new Map();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return Object.fromEntries([...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

function print(r) {
  const line = (s) => process.stdout.write(`${s}\n`);
  const pairs = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  line(`apps/server/src: ${r.files} files, ${r.imports} relative imports`);
  line(
    `tables: ${r.tables.inModules} in modules/*/schema.ts, ${r.tables.inDbSchema} in db/schema.ts (the infrastructure's)`,
  );
  line(
    `writes (insert, update, delete): ${r.writes.all}; by a module to another module's tables: ${r.writes.toAnotherModule} (${Object.keys(r.writes.pairs).length} module pairs)`,
  );
  if (r.writes.toAnotherModule > 0) line(`  ${pairs(r.writes.pairs)}`);
  line(`  to markets and runners, by module: ${pairs(r.writes.marketsWriters) || 'none'}`);
  line(`  by infrastructure (seeds, plugins): ${pairs(r.writes.fromInfrastructure) || 'none'}`);
  line(`arrows back up: ${r.backUp.count}${r.backUp.count ? ` (${pairs(r.backUp.byFrom)})` : ''}`);
  line(
    `modules importing each other's code: ${r.modulePairsBothWays.length}${r.modulePairsBothWays.length ? ` (${r.modulePairsBothWays.join(', ')})` : ''}`,
  );
  line(`modules reading another module's tables (its schema.ts): ${r.moduleTableReads} pairs`);
  line(
    `cycles: ${r.cycles.count} (${r.cycles.files} files; ${r.valueCycles.count} without type-only imports, ${r.valueCycles.files} files)`,
  );
  for (const c of r.cycles.list.slice(0, 5))
    line(`  ${c.length} files: ${c.slice(0, 6).join(', ')}${c.length > 6 ? ', …' : ''}`);
  line(`market kind names outside the kinds' modules: ${r.kindNamesOutsideKinds.count} lines`);
  if (r.kindNamesOutsideKinds.count > 0) line(`  ${pairs(r.kindNamesOutsideKinds.byFile)}`);
  line(`  in the clients: ${pairs(r.kindNamesOutsideKinds.clients)} lines`);
  line(
    `decorators: ${r.decorators.count}, declared away from the plugin that adds them: ${r.decorators.declaredElsewhere.length}`,
  );
  for (const d of r.decorators.declaredElsewhere.slice(0, 10)) line(`  ${d}`);
  line(
    `functions given the app: ${r.appParams.picks} name what they use (a Pick), ${r.appParams.whole} take it whole and pass it on; ${r.appParams.narrowable.length} read it only as app.x and could name what they use`,
  );
  for (const f of r.appParams.narrowable.slice(0, 10)) line(`  ${f}`);
  line(
    `functions over ${r.longFunctions.over} lines: ${r.longFunctions.count} (${r.longFunctions.withoutWhy} without a comment saying why)`,
  );
  for (const f of r.longFunctions.list.slice(0, 10))
    line(`  ${f.lines} lines: ${f.name} (${f.file}:${f.line})${f.why ? '' : ' — no why'}`);
  for (const f of r.longFunctions.list.slice(10).filter((x) => !x.why))
    line(`  ${f.lines} lines: ${f.name} (${f.file}:${f.line}) — no why`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = measure();
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  else print(r);
}
