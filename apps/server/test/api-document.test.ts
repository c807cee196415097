// The OpenAPI document against the server (issue 19), for every operation: from each request
// schema of /api/openapi.json a valid body is built (values the document's own schema accepts,
// checked with ajv), then each field in turn is replaced by boundary values derived from its
// schema (bounds ± 1, lengths around the limits, whitespace around, control characters, each
// branch of a union, wrong types). The document's verdict (ajv, and its `x-cross-field` rules) and
// the server's (the contract's zod schema, which the route runs) must agree on every value; where
// a rule is stated only in words, a value the document forbids must still be refused.
import { endpoints, type Endpoint } from '@backlay/contract';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../src/docs/openapi.ts';

type Json = Record<string, unknown>;
type Rule = { rule: string; a?: string; b?: string; max_days?: number; trim?: boolean };

const doc = buildOpenApi() as { paths: Record<string, Record<string, Json>> };
// multipleOf within 1e-6, as the contract's 2-decimal refinements measure.
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false, multipleOfPrecision: 6 });
const compiled = new Map<string, ValidateFunction>();
const validator = (schema: unknown) => {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(schema as Json)));
  return v;
};

/** The request schema of an operation: its body, or its query parameters as one object. */
function requestSchema(op: Json): Json | null {
  const body = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content[
    'application/json'
  ]?.schema;
  if (body) return body;
  const query = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'query');
  if (query.length === 0) return null;
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
}

/** Every `x-cross-field` rule of a schema, with the path of the object it applies to. */
function crossRules(schema: Json, path: string[] = []): { path: string[]; rule: Rule }[] {
  const out = ((schema['x-cross-field'] ?? []) as Rule[]).map((rule) => ({ path, rule }));
  for (const sub of [...((schema.allOf ?? []) as Json[]), ...((schema.anyOf ?? []) as Json[])])
    out.push(...crossRules(sub, path));
  for (const [k, sub] of Object.entries((schema.properties ?? {}) as Record<string, Json>))
    out.push(...crossRules(sub, [...path, k]));
  return out;
}

const at = (v: unknown, path: string[]) =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k] : undefined), v);
const dayOf = (s: string) => Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s) / 86_400_000;

/** The document's cross-field rules on a value its schema accepts; null: a rule in words only. */
function crossOk(value: unknown, rules: { path: string[]; rule: Rule }[]): boolean | null {
  let known = true;
  for (const { path, rule } of rules) {
    const o = at(value, path);
    if (o === undefined) continue;
    if (rule.rule === 'described') known = false;
    else if (rule.rule === 'equal') {
      const [a, b] = [(o as Json)[rule.a!], (o as Json)[rule.b!]];
      const t = (v: unknown) => (rule.trim && typeof v === 'string' ? v.trim() : v);
      if (t(a) !== t(b)) return false;
    } else if (rule.rule === 'distinct') {
      const names = (o as string[]).map((n) => n.trim().toLowerCase());
      if (new Set(names).size !== names.length) return false;
    } else if (rule.rule === 'order') {
      const a = (o as Json)[rule.a!];
      const b = (o as Json)[rule.b!];
      if (a === undefined || b === undefined) continue;
      const [x, y] = typeof a === 'string' ? [dayOf(a), dayOf(b as string)] : [a as number, b as number];
      if (x > y) return false;
      if (rule.max_days !== undefined && y - x >= rule.max_days) return false;
    } else throw new Error(`unknown rule ${rule.rule}`);
  }
  return known ? true : null;
}

const STRINGS = [
  'a',
  'abcd',
  'Abc12345',
  'user_01',
  '1',
  '2',
  '12',
  '123456',
  '100',
  '100000',
  '2026-01-15',
  '2026-01-16',
  '2026-01-15T10:00:00Z',
  '2026-01-15T10:00:00.000+05:30',
  'SBIN0001234',
  'sbin0001234',
  '123456789',
  '1234567890',
  'IN',
  'in',
  '',
  '#0b3d2e',
  'https://example.com/x',
  '/api/upload/image/logo.png',
  'ABC-123',
  'abc-123_x:9',
  'aGVsbG8=',
  'AB12-CD34',
  'x'.repeat(20),
  '+919876543210',
  'support@example.com',
  '@backlay_support',
  '9876543210',
  'Ab1@$!%*#?&',
  'bk_0123456789abcdef',
  '203.0.113.7',
  '10.0.0.0/8',
  '2001:db8::1',
  '2001:db8::/32',
];
const HOSTILE: unknown[] = [null, true, {}, [], 1.5, -1, 'abc', ''];

/** Values around what a schema allows: its bounds, its branches, its enum, whitespace, controls. */
function probes(schema: Json, depth = 0): unknown[] {
  const out: unknown[] = [...HOSTILE];
  for (const sub of [...((schema.anyOf ?? []) as Json[]), ...((schema.oneOf ?? []) as Json[])])
    out.push(...probes(sub, depth));
  if (schema.enum) out.push(...(schema.enum as unknown[]), 'NOT_ONE');
  if ('const' in schema) out.push(schema.const);
  if ('default' in schema) out.push(schema.default);
  const t = schema.type;
  if (t === 'integer' || t === 'number') {
    const nums = [
      0,
      1,
      2,
      3,
      7,
      10,
      15,
      100,
      100.25,
      100.255,
      0.07,
      0.1 + 0.2,
      99_999_999,
      100_000_000,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31),
      -(2 ** 31) - 1,
      1e9,
      1e9 + 0.5,
      1e308,
      -1e308,
      5e-324,
    ];
    for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
      const b = schema[k] as number | undefined;
      if (b !== undefined) nums.push(b, b - 1, b + 1, b + 0.01, b - 0.01, b + 0.5);
    }
    out.push(...nums, ...nums.map(String));
  }
  if (t === 'string' || out.some((v) => typeof v === 'string')) {
    const strs = [...STRINGS];
    for (const k of ['minLength', 'maxLength'] as const) {
      const n = schema[k] as number | undefined;
      if (n !== undefined)
        for (const m of [n - 1, n, n + 1])
          if (m >= 0) strs.push('a'.repeat(m), `${'a'.repeat(Math.max(m - 2, 0))}  `);
    }
    for (const n of [
      59, 60, 61, 64, 65, 100, 101, 119, 120, 121, 128, 129, 200, 201, 254, 255, 300, 301, 500, 501,
    ])
      strs.push('a'.repeat(n), ` ${'a'.repeat(n)} `);
    for (const s of [...strs]) {
      if (s.length > 40) continue;
      strs.push(
        ` ${s} `,
        `${s}\n`,
        `\t${s}`,
        `${s}\u0000`,
        `${s}\u0085`,
        `${s}\ud800`,
        `\u00a0${s}`,
        `${s}😀`,
        s.toUpperCase(),
      );
    }
    strs.push(
      '   ',
      '\n',
      '2001-02-29',
      '2000-02-29',
      '2100-02-29',
      '1999-12-31',
      '2101-01-01',
      '0000-00-00',
      '2026-02-30',
      '2026-13-01',
      '-0',
      '01',
      '007',
      ' 7 ',
      '1.0',
      '1.50',
      '500.00',
      '1e3',
      '0x1F',
      '2147483647',
      '2147483648',
      '-2147483648',
      '-2147483649',
      '000000000000001',
      '0000000000000001',
    );
    out.push(...strs);
  }
  if (t === 'array' && depth < 3) {
    const items = base((schema.items ?? {}) as Json, depth + 1);
    const min = (schema.minItems as number | undefined) ?? 0;
    const max = schema.maxItems as number | undefined;
    if (items.ok) {
      out.push([], Array(Math.max(min, 1)).fill(items.value), Array(min + 1).fill(items.value));
      if (max !== undefined) out.push(Array(max).fill(items.value), Array(max + 1).fill(items.value));
      for (const p of probes((schema.items ?? {}) as Json, depth + 1).slice(0, 400))
        out.push([...Array(Math.max(min - 1, 0)).fill(items.value), p]);
    }
  }
  return out;
}

/** A value the schema accepts, built from its probes (checked with ajv). */
function base(schema: Json, depth = 0): { ok: boolean; value?: unknown } {
  const valid = validator(schema);
  if (schema.allOf && !schema.type) {
    // An intersection of objects (`a.and(b)`): each part's body, together.
    const parts = (schema.allOf as Json[]).map((s) => base(s, depth + 1));
    const merged = Object.assign({}, ...parts.map((b) => b.value as Json));
    return parts.every((b) => b.ok) && valid(merged) ? { ok: true, value: merged } : { ok: false };
  }
  if (schema.type === 'object' || schema.properties) {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    const pick = (all: boolean) => {
      const o: Json = {};
      for (const [k, s] of Object.entries(props)) {
        if (!all && !required.has(k)) continue;
        const b = base(s, depth + 1);
        if (b.ok) o[k] = b.value;
      }
      return o;
    };
    for (const o of [pick(false), pick(true)]) if (valid(o)) return { ok: true, value: o };
    for (const sub of (schema.oneOf ?? schema.anyOf ?? []) as Json[]) {
      const b = base(sub, depth + 1);
      if (b.ok && valid(b.value)) return b;
    }
    return { ok: false };
  }
  for (const sub of (schema.oneOf ?? schema.anyOf ?? []) as Json[]) {
    const b = base(sub, depth + 1);
    if (b.ok && valid(b.value)) return b;
  }
  for (const p of probes(schema, depth)) if (valid(p)) return { ok: true, value: p };
  return { ok: false };
}

/** The body with the value at `path` replaced (or left out). */
function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Json;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Json;
  if (value === MISSING) delete o[path.at(-1)!];
  else o[path.at(-1)!] = value;
  return copy;
}
const MISSING = Symbol('missing');

/** Every field (nested objects too) with the probes of its schema. */
function fields(schema: Json, value: unknown, path: string[] = []): { path: string[]; probes: unknown[] }[] {
  const out: { path: string[]; probes: unknown[] }[] = [];
  const props = (schema.properties ?? {}) as Record<string, Json>;
  for (const [k, s] of Object.entries(props)) {
    const p = [...path, k];
    out.push({ path: p, probes: [MISSING, ...probes(s)] });
    const inner = (value as Json | undefined)?.[k];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) out.push(...fields(s, inner, p));
  }
  for (const sub of (schema.allOf ?? []) as Json[]) out.push(...fields(sub, value, path));
  return out;
}

/** Makes the cross-field rules hold for a candidate (a confirmation copies what it confirms). */
function fixUp(value: unknown, rules: { path: string[]; rule: Rule }[], changed: string[]): unknown {
  for (const { path, rule } of rules) {
    const o = at(value, path) as Json | undefined;
    if (!o || rule.rule !== 'equal') continue;
    if (changed.join('.') === [...path, rule.b].join('.')) continue;
    if (rule.a! in o) o[rule.b!] = o[rule.a!];
  }
  return value;
}

const operations = Object.entries(endpoints as Record<string, Endpoint>).filter(([, e]) => e.request);

describe('the OpenAPI document and the server agree on every request', () => {
  it.each(operations)('%s', (name, e) => {
    const op = doc.paths[`/api/${e.path}`]![e.method.toLowerCase()]!;
    const schema = requestSchema(op);
    expect(schema, `${name}: the document has its request`).not.toBeNull();
    const valid = validator(schema);
    const rules = crossRules(schema!);
    const start = base(schema!);
    expect(start.ok, `${name}: a body the document accepts`).toBe(true);
    const body = fixUp(structuredClone(start.value), rules, []);
    const disagreements: string[] = [];
    let accepted = 0;
    let tried = 0;
    const judge = (candidate: unknown, what: string) => {
      tried += 1;
      const byDoc = valid(candidate) ? crossOk(candidate, rules) : false;
      const byServer = e.request!.safeParse(candidate).success;
      if (byServer) accepted += 1;
      // null: a rule in words the document's validator cannot check; only "forbidden ⇒ refused".
      if (byDoc !== null && byDoc !== byServer)
        disagreements.push(
          `${what}: document ${byDoc ? 'allows' : 'forbids'}, server ${byServer ? 'accepts' : 'refuses'}`,
        );
    };
    judge(body, 'the base body');
    for (const { path, probes: values } of fields(schema!, body)) {
      for (const v of values) {
        const candidate = fixUp(withValue(body, path, v), rules, path);
        judge(
          candidate,
          `${path.join('.')} = ${v === MISSING ? '(missing)' : JSON.stringify(v)?.slice(0, 60)}`,
        );
      }
    }
    for (const v of HOSTILE) judge(v, `the body = ${JSON.stringify(v)}`);
    expect(disagreements.slice(0, 15), `${name}: ${disagreements.length} of ${tried}`).toEqual([]);
    expect(accepted, `${name}: some values are accepted`).toBeGreaterThan(0);
  });
});
