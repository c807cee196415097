/**
 * The bettor's app speaks from its catalogues only (docs/i18n.md):
 * - every string a bettor can see in apps/web/src is a message id, not text (JSX text, the
 *   attributes a person reads, sentence-like literals); a literal that is data, not words for the
 *   bettor, says so with an `i18n-exempt: <why>` comment on its line or the line before;
 * - every id the code uses is in its catalogue (the feature's own, or the shared one), in English
 *   and Hindi; no catalogue keeps an id nobody uses;
 * - English and Hindi have the same ids, each message compiles (ICU), and each pair has the same
 *   placeholders and markup tags; a Hindi message is in Devanagari unless it says why not
 *   (`#. same in Hindi: <why>`).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..');
const SRC = join(WEB, 'src');
const SHARED = 'common';
/** The shared package's words and the server's answers (lib/i18n/ui-words.ts). */
const UI = 'ui';

interface Entry {
  readonly text: string;
  readonly comments: readonly string[];
}
type Catalogue = Map<string, Entry>;

function readCatalogue(file: string): Catalogue {
  const po = PO.parse(readFileSync(file, 'utf8'));
  return new Map(
    po.items.map((item) => [item.msgid, { text: item.msgstr.join(''), comments: item.extractedComments }]),
  );
}

/** The catalogues by name: each feature folder with a locales/ folder, and the shared one. */
function catalogues(): Map<string, { dir: string; en: Catalogue; hi: Catalogue }> {
  const out = new Map<string, { dir: string; en: Catalogue; hi: Catalogue }>();
  const add = (name: string, dir: string) => {
    const en = join(dir, 'locales', 'en.po');
    const hi = join(dir, 'locales', 'hi.po');
    if (existsSync(en) || existsSync(hi)) {
      out.set(name, {
        dir,
        en: existsSync(en) ? readCatalogue(en) : new Map(),
        hi: existsSync(hi) ? readCatalogue(hi) : new Map(),
      });
    }
  };
  add(SHARED, SRC);
  add(UI, join(SRC, 'lib', 'i18n'));
  add('components', join(SRC, 'components'));
  add('answers', join(SRC, 'lib', 'i18n', 'answers'));
  for (const name of readdirSync(join(SRC, 'features'))) {
    add(name, join(SRC, 'features', name));
    // A feature may split its messages (auth: the login's apart from the sign-up's): a folder
    // inside it with locales/ is a catalogue named after the folder.
    for (const sub of readdirSync(join(SRC, 'features', name), { withFileTypes: true })) {
      if (sub.isDirectory() && sub.name !== 'locales') add(sub.name, join(SRC, 'features', name, sub.name));
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The catalogue a source file's ids belong to: its feature's, else the shared one. */
function catalogueOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === 'lib' && parts[1] === 'i18n') return UI;
  if (parts[0] === 'components') return 'components';
  return parts[0] === 'features' ? parts[1]! : SHARED;
}

/** Attributes whose value a person reads (or hears); the others are markup and wiring. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'caption',
  'heading',
  'text',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'closeLabel',
  'description',
  'message',
  'hint',
]);

const LETTER = /\p{L}/u;
/** A literal outside JSX that reads as words for a person: a capital, then a space or punctuation. */
const SENTENCE_LIKE = /^\s*\p{Lu}[\p{Ll}'’]*(?:[\s,.:;!?…]|$)[\s\S]*\p{L}/u;

interface Scan {
  readonly ids: { id: string; file: string; line: number }[];
  readonly texts: { text: string; file: string; line: number }[];
}

function exempt(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((l) => l != null && l.includes('i18n-exempt'));
}

/** The JSX braces a literal is shown from (through `a ? 'x' : 'y'`, `a ?? 'x'`, parentheses), if any. */
function jsxBraces(node: ts.Node): ts.JsxExpression | undefined {
  let at = node.parent;
  while (ts.isConditionalExpression(at) || ts.isParenthesizedExpression(at) || ts.isBinaryExpression(at))
    at = at.parent;
  return ts.isJsxExpression(at) ? at : undefined;
}

const stringValue = (node: ts.Node): string | undefined =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;

function scanFile(file: string, scan: Scan): void {
  scanSource(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true), file, scan);
}

function scanSource(source: ts.SourceFile, file: string, scan: Scan): void {
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const text = (value: string, node: ts.Node) => {
    if (LETTER.test(value) && !exempt(source, node))
      scan.texts.push({ text: value.trim(), file, line: at(node) });
  };
  const visit = (node: ts.Node): void => {
    // Ids: t('…'), msgId('…'), <Trans id="…" />.
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ['t', 'msgId'].includes(node.expression.text)
    ) {
      const id = node.arguments[0] && stringValue(node.arguments[0]);
      if (id !== undefined) {
        scan.ids.push({ id, file, line: at(node) });
        return;
      }
    }
    if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && node.name.text === 'id') {
      const tag = node.parent.parent;
      if (
        (ts.isJsxSelfClosingElement(tag) || ts.isJsxOpeningElement(tag)) &&
        tag.tagName.getText(source) === 'Trans'
      ) {
        const init = node.initializer;
        const id = init && (ts.isStringLiteral(init) ? init.text : undefined);
        if (id !== undefined) scan.ids.push({ id, file, line: at(node) });
        return;
      }
    }
    // Words: JSX text, a literal in JSX braces, an attribute a person reads, a sentence elsewhere.
    if (ts.isJsxText(node)) text(node.text, node);
    else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (READ_ATTRIBUTES.has(node.name.getText(source))) text(node.initializer.text, node.initializer);
      return;
    } else {
      const value = stringValue(node);
      if (value !== undefined && !ts.isLiteralTypeNode(node.parent)) {
        const braces = jsxBraces(node);
        if (!braces) {
          if (SENTENCE_LIKE.test(value)) text(value, node);
        } else if (ts.isJsxAttribute(braces.parent)) {
          if (READ_ATTRIBUTES.has(braces.parent.name.getText(source))) text(value, node);
        } else text(value, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const all = catalogues();
const scan: Scan = { ids: [], texts: [] };
for (const file of sourceFiles(SRC)) scanFile(file, scan);

describe('the message catalogues (apps/web)', () => {
  it('no words for the bettor outside the catalogues', () => {
    const shown = scan.texts.map((t) => `${relative(WEB, t.file)}:${t.line} ${JSON.stringify(t.text)}`);
    expect(shown).toEqual([]);
  });

  it('every id the code uses is in its catalogue, in English and Hindi', () => {
    const missing = scan.ids.flatMap(({ id, file, line }) => {
      const name = catalogueOf(file);
      const featureDir = join(SRC, 'features', name);
      const own = relative(SRC, file).startsWith('features')
        ? [...all.values()].filter((c) => c.dir === featureDir || c.dir.startsWith(featureDir + sep))
        : // Shared code may use the signed-in app's shared words too (components/i18n.ts).
          [all.get(name), all.get(SHARED), all.get('components')];
      const where = [...own, all.get(SHARED)].find((c) => c?.en.has(id));
      const place = `${relative(WEB, file)}:${line} ${id}`;
      if (!where) return [`${place} (not in ${catalogueOf(file)}'s or the shared catalogue)`];
      return where.hi.has(id) ? [] : [`${place} (no Hindi)`];
    });
    expect(missing).toEqual([]);
  });

  it('no catalogue keeps an id the code does not use', () => {
    const used = new Set(scan.ids.map((i) => i.id));
    const unused = [...all].flatMap(([name, c]) =>
      [...c.en.keys()]
        // Answers (lib/i18n translateAnswer) are looked up by the server's text, not named in code.
        .filter((id) => id !== '' && !used.has(id) && !id.startsWith('answers.'))
        .map((id) => `${name}: ${id}`),
    );
    expect(unused).toEqual([]);
  });

  it("each catalogue's ids start with its name", () => {
    const strays = [...all].flatMap(([name, c]) =>
      [...c.en.keys(), ...c.hi.keys()]
        .filter((id) => id !== '' && !id.startsWith(`${name}.`))
        .map((id) => `${name}: ${id}`),
    );
    expect(strays).toEqual([]);
  });

  for (const [name, c] of all) {
    it(`${name}: English and Hindi agree (ids, placeholders, tags), each compiles, Hindi is Hindi`, () => {
      const problems: string[] = [];
      const ids = new Set([...c.en.keys(), ...c.hi.keys()].filter((id) => id !== ''));
      for (const id of ids) {
        const en = c.en.get(id);
        const hi = c.hi.get(id);
        if (!en?.text) problems.push(`${id}: no English`);
        if (!hi?.text) problems.push(`${id}: no Hindi`);
        if (!en?.text || !hi?.text) continue;
        for (const [lang, message] of [
          ['en', en.text],
          ['hi', hi.text],
        ] as const) {
          try {
            compileMessage(message);
          } catch (err) {
            problems.push(`${id} (${lang}): does not compile: ${String(err)}`);
          }
        }
        const shape = (m: string) =>
          JSON.stringify([
            [...new Set([...m.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((x) => x[1]))].sort(),
            [...new Set([...m.matchAll(/<\/?(\d+)\/?>/g)].map((x) => x[1]))].sort(),
          ]);
        if (shape(en.text) !== shape(hi.text))
          problems.push(`${id}: placeholders ${shape(en.text)} ≠ ${shape(hi.text)}`);
        const words = en.text.replace(/\{[^}]*\}|<\/?\d+\/?>/g, '');
        const sameInHindi = hi.comments.some((cm) => cm.startsWith('same in Hindi'));
        if (/\p{L}/u.test(words) && !/\p{Script=Devanagari}/u.test(hi.text) && !sameInHindi) {
          problems.push(`${id}: Hindi has no Devanagari ("${hi.text}")`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('finds what it guards: a bare word, a read attribute, a sentence, an id', () => {
    const probe: Scan = { ids: [], texts: [] };
    const text = [
      `export const A = () => <p title="Close it">Place bet{t('auth.nope')}{ok ? 'Yes' : 'No'}</p>;`,
      `const msg = 'Your bet was placed.';`,
      `const key = 'matchOdds'; // wiring, not words`,
      `const data = 'Match Odds'; // i18n-exempt: the server's market name`,
    ].join('\n');
    scanSource(ts.createSourceFile('probe.tsx', text, ts.ScriptTarget.Latest, true), 'probe.tsx', probe);
    expect(probe.texts.map((t) => t.text)).toEqual([
      'Close it',
      'Place bet',
      'Yes',
      'No',
      'Your bet was placed.',
    ]);
    expect(probe.ids.map((i) => i.id)).toEqual(['auth.nope']);
  });
});
