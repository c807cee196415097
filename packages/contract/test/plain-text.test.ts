import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, isPlainText, textInput, wsClientMessage } from '../src/index.ts';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

/** Every string schema inside a request schema, with where it is. */
function strings(schema: z.ZodType, where: string, out: [string, z.ZodType][] = []): [string, z.ZodType][] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const walk = (s: z.ZodType | undefined, w: string) => s && strings(s, w, out);
  switch (def.type) {
    case 'string':
      out.push([where, schema]);
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape!)) walk(v, `${where}.${k}`);
      break;
    case 'array':
      walk(def.element, `${where}[]`);
      break;
    case 'union':
      def.options!.forEach((o, i) => walk(o, `${where}|${i}`));
      break;
    case 'intersection':
      walk(def.left, where);
      walk(def.right, where);
      break;
    case 'tuple':
      def.items!.forEach((o, i) => walk(o, `${where}[${i}]`));
      break;
    case 'record':
      walk(def.keyType, `${where}{key}`);
      walk(def.valueType, `${where}{}`);
      break;
    case 'pipe':
      walk(def.in, where);
      walk(def.out, where);
      break;
    case 'lazy':
      walk(def.getter!(), where);
      break;
    default:
      walk(def.innerType, where); // optional, nullable, default, readonly, catch …
  }
  return out;
}

const requests: [string, z.ZodType][] = [
  ...Object.entries(endpoints).flatMap(([name, ep]) =>
    'request' in ep && ep.request ? [[name, ep.request as z.ZodType] as [string, z.ZodType]] : [],
  ),
  ['ws', wsClientMessage],
];
const fields = requests.flatMap(([name, schema]) => strings(schema, name));

describe('text in requests', () => {
  it('finds the string fields of the requests', () => {
    expect(fields.map(([w]) => w)).toEqual(
      expect.arrayContaining([
        'login.user_name',
        'searchByMatchNameHeader.search',
        'placeMarketBet.request_id',
        'adminWalletDeposit.memo',
        'setButtonValue[].button_name',
      ]),
    );
  });

  // PostgreSQL refuses NUL in text: a string field without the check was a 500 (issue 10).
  it.each(fields)('%s refuses NUL and other control characters', (_where, schema) => {
    for (const bad of ['ab\u0000cd', '\u0000', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b', 'a\udc00']) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('isPlainText', () => {
  it.each(['', 'IND v AUS', 'Müller — “quoted” ₹100', 'emoji 🏏 ok', 'x'.repeat(1000)])('accepts %j', (s) => {
    expect(isPlainText(s)).toBe(true);
  });
  it.each(['\u0000', 'a\tb', 'a\nb', '\u001b[2J', '\u007f', '\u009f', '\ud83c', 'a\udc00b', '\ud83c\ud83c'])(
    'refuses %j',
    (s) => {
      expect(isPlainText(s)).toBe(false);
    },
  );
  it('allows tab and line breaks in multi-line text only', () => {
    expect(isPlainText('line 1\r\nline 2\tend', true)).toBe(true);
    expect(isPlainText('a\u0000b', true)).toBe(false);
    expect(textInput('memo', { lines: true }).safeParse('bank\nref 42').success).toBe(true);
    expect(textInput('search').safeParse('bank\nref 42').error?.issues[0]?.message).toBe(
      'search must not contain control characters',
    );
  });
});
