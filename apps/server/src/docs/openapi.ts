// The OpenAPI 3.1 document of the API, generated from the contract's `endpoints` table (the same
// source as the routes, the client and docs/api.md): each call's method and path, access, request
// (a GET call's query parameters, a POST call's JSON body) and the envelope of its answer, with
// the schemas from z.toJSONSchema (JSON Schema 2020-12, which OpenAPI 3.1 uses as it is).
// Served at GET /api/openapi.json for integrators.
import {
  endpoints,
  jsonRules,
  PROVIDER_ID_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  type Endpoint,
} from '@backlay/contract';
import fp from 'fastify-plugin';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type Operation = { [key: string]: unknown };

export const OPENAPI_PATH = '/api/openapi.json';

type ZodNode = {
  _zod: { parent?: ZodNode; def: { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] } };
};

/** The source of the function `.trim()` puts in a string's checks (an overwrite, like toLowerCase). */
const TRIM_SOURCE = String(
  (z.string().trim() as unknown as ZodNode)._zod.def.checks![0]!._zod.def.tx as () => unknown,
);

/** The length of a string once trimmed, as a pattern on the string as sent. */
function trimmedLength(min: number, max: number | undefined): string {
  const core = `(?=\\S)[\\s\\S]{1,${max ?? ''}}(?<=\\S)`;
  if (min === 0) return `^\\s*(?:${core})?\\s*$`;
  return `^\\s*(?=\\S)[\\s\\S]{${min},${max ?? ''}}(?<=\\S)\\s*$`;
}

/**
 * A string that is trimmed before its checks: zod measures and matches what is left, JSON Schema
 * the string as sent. Each check after `.trim()` is restated on the string as sent: a length as a
 * pattern, an anchored pattern with room for the whitespace around. Checks before it stay.
 */
function restateTrimmed(node: ZodNode, json: JsonSchema): void {
  const checks = node._zod.def.checks ?? [];
  const trimAt = checks.findIndex(
    (c) => c._zod.def.check === 'overwrite' && String(c._zod.def.tx) === TRIM_SOURCE,
  );
  if (trimAt < 0) return;
  const patterns: string[] = [];
  let min = 0;
  let max: number | undefined;
  for (const [i, c] of checks.entries()) {
    const d = c._zod.def;
    if (d.check === 'overwrite') continue;
    if (d.check === 'string_format' && d.format === 'regex') {
      const source = (d.pattern as RegExp).source;
      const wrap = i > trimAt && source.startsWith('^') && source.endsWith('$');
      patterns.push(wrap ? `^\\s*(?:${source.slice(1, -1)})\\s*$` : source);
    } else if (d.check === 'min_length' || d.check === 'max_length' || d.check === 'length_equals') {
      if (i < trimAt) throw new Error('openapi: a length checked before .trim() is not restated');
      if (d.check !== 'max_length') min = Math.max(min, (d.minimum ?? d.length) as number);
      if (d.check !== 'min_length') max = Math.min(max ?? Infinity, (d.maximum ?? d.length) as number);
    } else if (d.check !== 'custom') {
      // A refinement is the contract's to state (`documented`), checked in override().
      throw new Error(`openapi: a trimmed string's check ${String(d.check)} is not restated`);
    }
  }
  delete json.minLength;
  delete json.maxLength;
  delete json.pattern;
  delete json.allOf;
  delete json.format;
  if (min > 0 || max !== undefined) patterns.push(trimmedLength(min, max));
  if (patterns.length === 1) json.pattern = patterns[0];
  else if (patterns.length > 1) json.allOf = patterns.map((pattern) => ({ pattern }));
}

/** The contract's own additions (common.ts `documented`) and the restated trimmed strings. */
const unstated = new Map<ZodNode, string>();
const covered = new Set<ZodNode>();
function override(
  ctx: { zodSchema: unknown; jsonSchema: JsonSchema; path: (string | number)[] },
  io: 'input' | 'output',
): void {
  const node = ctx.zodSchema as ZodNode;
  const json = ctx.jsonSchema;
  if (io === 'input' && node._zod.def.type === 'string') restateTrimmed(node, json);
  const rule = jsonRules.get(ctx.zodSchema as z.ZodType);
  if (io !== 'input') return;
  const def = node._zod.def as { checks?: unknown[]; type: string; out?: ZodNode };
  // A pipe's second schema is checked by the server but not shown for `input` (only a transform may be).
  const piped = def.type === 'pipe' && def.out?._zod.def.type !== 'transform';
  const refined = piped || (node._zod.def.checks ?? []).some((c) => c._zod.def.check === 'custom');
  // A refinement zod cannot show would make the document looser than the server. zod also visits
  // the steps of a chain (`.refine(a).refine(b)`): a documented chain covers its earlier steps.
  if (refined && !rule) unstated.set(node, ctx.path.join('/') || '(the body)');
  if (!rule) return;
  for (let p = node._zod.parent; p; p = p._zod.parent) covered.add(p);
  if (rule.json) {
    for (const key of Object.keys(json)) if (key !== 'default') delete json[key];
    Object.assign(json, structuredClone(rule.json));
  }
  if (rule.add) Object.assign(json, structuredClone(rule.add));
  if (rule.cross) json['x-cross-field'] = structuredClone(rule.cross);
}

/** A schema without the keys that belong to a whole document (`$schema`), refusing shared `$defs`. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', where: string): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => override(ctx as Parameters<typeof override>[0], io),
  }) as JsonSchema;
  delete json.$schema;
  const missing = [...unstated].filter(([n]) => !covered.has(n)).map(([, path]) => path);
  unstated.clear();
  covered.clear();
  if (missing.length > 0)
    throw new Error(`openapi: ${where} has refinements the document does not state: ${missing.join(', ')}`);
  if (json.$defs !== undefined) {
    // A `$ref` to `#/$defs/…` would point at the OpenAPI document's root, where it does not exist.
    throw new Error(`openapi: ${where} uses shared definitions ($defs); inline them in the contract`);
  }
  return json;
}

const refusal: JsonSchema = {
  type: 'object',
  description: 'A business refusal (HTTP 200) or an error (4xx): a message a person can read.',
  properties: { status: { const: false }, message: { type: 'string' } },
  required: ['status', 'message'],
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
});

/** A provider wallet call refused before it ran: the envelope around its wallet code. */
const walletRefusal = (code: string, description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          status: { const: false },
          message: { type: 'string' },
          data: {
            type: 'object',
            properties: {
              code: { const: code },
              balance: { type: 'null' },
              currency: { const: 'INR' },
            },
            required: ['code', 'balance', 'currency'],
          },
        },
        required: ['status', 'message', 'data'],
      },
    },
  },
});

/** The two headers a game provider signs its wallet calls with (docs/providers.md). */
const PROVIDER_HEADERS: JsonSchema[] = [
  {
    name: PROVIDER_ID_HEADER,
    in: 'header',
    required: true,
    description: 'The calling provider’s id, as configured on this server (its secret checks the signature).',
    schema: { type: 'string' },
  },
  {
    name: PROVIDER_SIGNATURE_HEADER,
    in: 'header',
    required: true,
    description:
      "t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'> with the provider's secret; within 300 s of our clock.",
    schema: { type: 'string' },
  },
];
const PROVIDER_CALL = {
  headers: PROVIDER_HEADERS,
  responses: {
    '400': walletRefusal(
      'INVALID_REQUEST',
      'The body is not JSON, or not of the shape below (code INVALID_REQUEST).',
    ),
    '401': walletRefusal(
      'INVALID_SIGNATURE',
      'The provider is unknown, or the signature is missing, malformed, out of its time window or wrong (code INVALID_SIGNATURE). Nothing was recorded.',
    ),
    '503': errorResponse('This node is too busy to take the call now; nothing was recorded: send it again.'),
  },
};

/**
 * Calls another server makes (`config: { csrf: false }`: modules/payments/plugin.ts, the provider
 * wallet callbacks of modules/providers/plugin.ts): signed instead of the CSRF cookie, with their
 * own refusals.
 */
const SIGNED_CALLS: Record<string, { headers: JsonSchema[]; responses: Record<string, unknown> }> = {
  paymentWebhook: {
    headers: [
      {
        name: 'x-gateway-signature',
        in: 'header',
        required: true,
        description: "t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'> with the gateway's secret.",
        schema: { type: 'string' },
      },
    ],
    responses: {
      '400': errorResponse('The body is not JSON, or not an event of the shape below.'),
      '401': errorResponse('The signature is missing, malformed, out of its time window or wrong.'),
      '404': errorResponse('No payment gateway is configured on this server.'),
    },
  },
  providerAuthenticate: PROVIDER_CALL,
  providerBalance: PROVIDER_CALL,
  providerDebit: PROVIDER_CALL,
  providerCredit: PROVIDER_CALL,
  providerRollback: PROVIDER_CALL,
};

function operation(name: string, e: Endpoint): Operation {
  const data = schemaOf(e.response, 'output', `${name} response`);
  const op: Operation = {
    operationId: name,
    summary: e.summary,
    tags: [e.access === 'operator' ? 'operator' : e.path.split('/')[0]!],
    // A call an API key may make lists the key scheme beside the token, with the scope it needs.
    security: [
      ...(e.access === 'public' ? [] : [{ bearer: [] }]),
      ...(e.key === undefined ? [] : [{ apiKey: [e.key] }]),
    ],
    ...(e.key === undefined ? {} : { 'x-api-key-scope': e.key }),
    responses: {
      '200': {
        description:
          'The envelope: `status: true` with `data`, or `status: false` with a `message` (a refusal such as insufficient funds).',
        content: {
          'application/json': {
            schema: {
              oneOf: [
                {
                  type: 'object',
                  properties: { status: { const: true }, message: { type: 'string' }, data },
                  required: ['status', 'data'],
                },
                { $ref: '#/components/schemas/Refusal' },
              ],
            },
          },
        },
      },
      '400': errorResponse('The payload failed validation; the message names the first failing field.'),
      ...(e.access === 'public'
        ? {}
        : { '401': errorResponse('No valid session (missing, expired or revoked token).') }),
      ...(e.access === 'operator' ? { '403': errorResponse('The caller is not an operator.') } : {}),
      '429': errorResponse('Too many requests; `Retry-After` says when to try again.'),
    },
  };
  const parameters: JsonSchema[] = [];
  if (e.request) {
    const req = schemaOf(e.request, 'input', `${name} request`);
    if (e.method === 'GET') {
      const props = (req.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((req.required ?? []) as string[]);
      for (const [param, schema] of Object.entries(props)) {
        parameters.push({ name: param, in: 'query', required: required.has(param), schema });
      }
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: req } } };
    }
  }
  const signed = SIGNED_CALLS[name];
  if (signed) {
    // Called by another server: no cookie, so no CSRF pair; its signature instead.
    parameters.push(...signed.headers);
    Object.assign(op.responses as Record<string, unknown>, signed.responses);
  } else if (e.method === 'POST' && e.access === 'public') {
    // No bearer token: the double-submit pair (a bearer call needs none: no browser sends an
    // Authorization header by itself; plugins/csrf.ts, docs/security.md "CSRF").
    parameters.push(
      {
        name: 'X-XSRF-TOKEN',
        in: 'header',
        required: true,
        description: 'The value of the XSRF-TOKEN cookie (CSRF check; 403 when missing or different).',
        schema: { type: 'string' },
      },
      {
        name: 'XSRF-TOKEN',
        in: 'cookie',
        required: true,
        description:
          'Set by the server on any answer that lacks it (readable, SameSite=Strict); any value works if the header equals it.',
        schema: { type: 'string' },
      },
    );
    (op.responses as Record<string, unknown>)['403'] = errorResponse(
      'The CSRF header is missing or does not match the cookie.',
    );
  }
  if (parameters.length > 0) op.parameters = parameters;
  return op;
}

export function buildOpenApi(version = '0.1.0'): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>)) {
    const path = `/api/${e.path}`;
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation(name, e) };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Backlay API',
      version,
      description:
        'Every call answers the envelope `{status, message?, data?}`. Money is rupees with up to 2 decimals; times are ISO-8601 UTC. Generated from the contract (packages/contract/src/endpoints.ts); the same calls are described in docs/api.md.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The token of `user/login` (opaque; revoked by logout and by a password change). A call that sends it needs no XSRF cookie or header: no browser adds an Authorization header by itself, so the CSRF check (the XSRF-TOKEN pair) applies only to POST calls without a token (login, sign-up, OTP).',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            "`Key <key_id>:<secret>`: a bettor's API key for programs (`user/apiKey/create`; docs/trading-api.md). It acts as its bettor on the calls that list it, with the scope each names (`x-api-key-scope`: read or trade); no cookie and no XSRF header. 401 for an unknown, revoked or expired key, 403 for a call the key may not make, an address not on its allow-list or an account gate; 429 with Retry-After over the key's limits.",
        },
      },
      schemas: { Refusal: refusal },
    },
    paths,
  };
}

/** GET /api/openapi.json: the document, built once on first request. */
export const openApiPlugin = fp(
  async (app) => {
    let text: string | null = null;
    app.get(OPENAPI_PATH, async (_req, reply) => {
      text ??= JSON.stringify(buildOpenApi());
      return reply.type('application/json; charset=utf-8').send(text);
    });
  },
  { name: 'openapi' },
);
