import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.ts';

/** The keys that could reach an object's prototype if a later merge copied them. */
const PROTO_KEY = '__proto__';
const CONSTRUCTOR_KEY = 'constructor';

/** `a.b[2]`: where a refused key sits, '' for the body itself. */
const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;

/**
 * The first key of a parsed JSON body that could poison a prototype: `__proto__` anywhere, or a
 * `constructor` object carrying `prototype` (the two secure-json-parse refuses). Iterative, so a
 * deeply nested body cannot overflow the stack; the body limit bounds the work.
 */
export function forbiddenKeyOf(value: unknown): { where: string; key: string } | null {
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push({ node: item, path: join(path, i) }));
      continue;
    }
    const own = node as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(own, PROTO_KEY)) return { where: path, key: PROTO_KEY };
    const ctor = Object.prototype.hasOwnProperty.call(own, CONSTRUCTOR_KEY)
      ? own[CONSTRUCTOR_KEY]
      : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.prototype.hasOwnProperty.call(ctor, 'prototype'))
      return { where: join(path, CONSTRUCTOR_KEY), key: 'prototype' };
    for (const [k, v] of Object.entries(own)) stack.push({ node: v, path: join(path, k) });
  }
  return null;
}

/**
 * The JSON body parser of every route: fastify's own refuses `__proto__` as "not valid JSON",
 * which sends a caller looking for a syntax error; this one names the key that is refused
 * ("body: the key __proto__ is not allowed"). Malformed and empty bodies keep fastify's errors
 * (plugins/errors.ts words them).
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = body as string;
      if (text.length === 0) {
        done(
          Object.assign(new Error('empty body'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }),
        );
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        done(
          Object.assign(new Error('bad JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
        );
        return;
      }
      // Only a body that spells one of the keys needs the walk (secure-json-parse's shortcut).
      const bad =
        text.includes(PROTO_KEY) || text.includes(CONSTRUCTOR_KEY) || text.includes('\\u')
          ? forbiddenKeyOf(parsed)
          : null;
      if (bad) {
        done(
          new HttpError(
            400,
            `${bad.where ? `body.${bad.where}` : 'body'}: the key ${bad.key} is not allowed`,
          ),
        );
        return;
      }
      done(null, parsed);
    });
  },
  { name: 'json-body', dependencies: ['errors'] },
);
