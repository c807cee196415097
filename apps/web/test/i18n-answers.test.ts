/**
 * The answers catalogue (lib/i18n/answers/locales, docs/i18n.md "What the server says") names the
 * server's own texts: an id the server no longer writes would never be shown, so each id must be
 * written somewhere — a string in the server, the engine, the contract or the clients' own code,
 * or a template (`Minimum stake is ${…}`) its figures fill. And a template id matches the answers
 * it stands for, figures and all.
 */
import PO from 'pofile';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { matchTemplate, templatePattern } from '../src/lib/i18n/answers/templates.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const WRITERS = [
  'apps/server/src',
  'packages/engine/src',
  'packages/contract/src',
  'packages/ui/src',
  'apps/web/src',
].map((d) => join(ROOT, d));
const ANSWERS = join(import.meta.dirname, '..', 'src', 'lib', 'i18n', 'answers', 'locales');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every string and template literal of the writers, as a pattern (a `${…}` is any run). */
function writtenPatterns(): RegExp[] {
  const out = new Map<string, RegExp>();
  const add = (parts: readonly string[]) => {
    // Words of its own, or a literal like `${a}: ${b}` would stand for every answer.
    if ((parts.join(' ').match(/\p{L}{2,}/gu) ?? []).length < 2) return;
    const source = parts.map(escape).join('.+?');
    if (!out.has(source)) out.set(source, new RegExp(`^${source}$`, 's'));
  };
  for (const file of WRITERS.flatMap(sourceFiles)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add([node.text]);
      else if (ts.isTemplateExpression(node))
        add([node.head.text, ...node.templateSpans.map((s) => s.literal.text)]);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [...out.values()];
}

const answerIds = () =>
  PO.parse(readFileSync(join(ANSWERS, 'en.po'), 'utf8'))
    .items.map((i) => i.msgid)
    .filter((id) => id.startsWith('answers.'));

describe('the answers catalogue', () => {
  it('names only what the server, the engine, the contract or the clients write', () => {
    const written = writtenPatterns();
    const ids = answerIds();
    expect(ids.length).toBeGreaterThan(50);
    // A template's placeholders stand for figures: any sample fits a `${…}` of the writer.
    const unwritten = ids.filter((id) => {
      const sample = id.slice('answers.'.length).replace(/\{[a-z_]+\}/g, '7');
      return !written.some((p) => p.test(sample));
    });
    expect(unwritten).toEqual([]);
  });

  it('a template matches its answers with their figures, and nothing else', () => {
    const ids = [
      'answers.Market is suspended',
      'answers.Minimum stake is {min}',
      'answers.Maximum stake is {max}',
    ];
    expect(matchTemplate(ids, 'Minimum stake is ₹100.00')).toEqual({
      id: 'answers.Minimum stake is {min}',
      values: { min: '₹100.00' },
    });
    expect(matchTemplate(ids, 'Maximum stake is 5,00,000.00')?.values).toEqual({ max: '5,00,000.00' });
    expect(matchTemplate(ids, 'Minimum stake is')).toBeNull();
    expect(matchTemplate(ids, 'The minimum stake is ₹100.00')).toBeNull();
    expect(matchTemplate(ids, 'Market is suspended')).toBeNull();
    // A template's own text is taken literally: its dots and brackets are not patterns.
    const { pattern } = templatePattern('answers.Wait (IST). {s} s.');
    expect(pattern.test('Wait (IST). 4 s.')).toBe(true);
    expect(pattern.test('Wait XISTX. 4 sX')).toBe(false);
  });
});
