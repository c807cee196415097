// The CSRF check guards what a browser sends by itself (issue 48). A browser adds cookies to a
// cross-site request, never an Authorization header, so a call authenticated by its bearer token
// needs no XSRF cookie and header; a call without one (login, sign-up: no token) still does. The
// OpenAPI document says so, and documents the provider wallet calls' signature and 401 answers.
import {
  endpoints,
  PROVIDER_ID_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  type Endpoint,
  type EndpointName,
} from '@backlay/contract';
import Ajv2020 from 'ajv/dist/2020.js';
import { beforeAll, expect, it } from 'vitest';
import { buildOpenApi } from '../src/docs/openapi.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

/** Called by another server and authenticated by a signature (never by the CSRF pair). */
const SIGNED: ReadonlySet<string> = new Set([
  'paymentWebhook',
  'providerAuthenticate',
  'providerBalance',
  'providerDebit',
  'providerCredit',
  'providerRollback',
]);
const all = Object.entries(endpoints as Record<string, Endpoint>) as [EndpointName, Endpoint][];
const bearerPosts = all.filter(([n, e]) => e.method === 'POST' && e.access !== 'public' && !SIGNED.has(n));
const publicPosts = all.filter(([n, e]) => e.method === 'POST' && e.access === 'public' && !SIGNED.has(n));
const CSRF_REFUSAL = /CSRF/;

describeStores('the CSRF check and bearer tokens', (ctx) => {
  let operator = '';
  beforeAll(async () => {
    await ctx.api.login('demo', 'demo1234');
    operator = await ctx.api.fork().login('operator', 'operator123');
  });

  it.each(bearerPosts.map(([n]) => n))(
    '%s with its bearer token and no XSRF cookie or header is not refused for CSRF',
    async (name) => {
      const token = endpoints[name].access === 'operator' ? operator : ctx.api.token;
      // An empty body: the call refuses it in words (400) or answers; never the CSRF 403, never a 500.
      const r = await ctx.api.call(name, {}, { csrf: false, token });
      expect(r.statusCode, JSON.stringify(r.body)).toBeLessThan(500);
      expect(r.body.message ?? '').not.toMatch(CSRF_REFUSAL);
    },
  );

  it('a bearer call with no XSRF pair does its work (a bet is placed)', async () => {
    const u = await createBettor(ctx.app, 500_000);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    const m = await createMarket(ctx.app);
    const r = await api.call(
      'placeMarketBet',
      {
        match_id: m.matchId,
        market_id: m.marketId,
        selection_id: m.selectionIds[0],
        is_back: '1',
        odds: 2,
        stack: 10,
        request_id: `bearer-no-xsrf-${Date.now()}`,
      },
      { csrf: false },
    );
    expect(r.statusCode).toBe(200);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
  });

  it.each(publicPosts.map(([n]) => n))(
    '%s without a bearer token and without the XSRF header → 403',
    async (name) => {
      const r = await ctx.api.call(name, {}, { csrf: false, token: null });
      expect(r.statusCode).toBe(403);
      expect(r.body).toMatchObject({ status: false, message: expect.stringMatching(CSRF_REFUSAL) });
    },
  );

  it('a cookie-only call (the cookie the browser sends by itself, no header), or one with another Authorization scheme, is still refused', async () => {
    const login = { user_name: 'demo', password: 'demo1234' };
    for (const headers of [
      { cookie: 'XSRF-TOKEN=t0123456789' },
      { cookie: 'XSRF-TOKEN=one', 'x-xsrf-token': 'two' },
      { cookie: 'XSRF-TOKEN=t0123456789', authorization: 'Basic ZGVtbzpkZW1vMTIzNA==' },
      { authorization: 'Bearer' },
    ]) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(login),
      });
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.json().message).toMatch(CSRF_REFUSAL);
    }
  });

  it('the OpenAPI document: the XSRF pair only where there is no bearer token; the signed calls’ headers and their 401', async () => {
    const doc = buildOpenApi() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const opOf = (e: Endpoint) => doc.paths[`/api/${e.path}`]![e.method.toLowerCase()]!;
    const params = (e: Endpoint) =>
      ((opOf(e).parameters ?? []) as { name: string; in: string; required?: boolean }[]).filter(
        (p) => p.in !== 'query',
      );
    for (const [name, e] of bearerPosts)
      expect(
        params(e).map((p) => p.name),
        name,
      ).not.toContain('X-XSRF-TOKEN');
    for (const [name, e] of publicPosts) {
      expect(params(e), name).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'X-XSRF-TOKEN', in: 'header', required: true }),
          expect.objectContaining({ name: 'XSRF-TOKEN', in: 'cookie', required: true }),
        ]),
      );
      expect(opOf(e).responses, name).toHaveProperty('403');
    }
    for (const name of SIGNED) {
      const e = endpoints[name as EndpointName] as Endpoint;
      const responses = opOf(e).responses as Record<string, unknown>;
      expect(responses, name).toHaveProperty('401');
      expect(responses, name).toHaveProperty('400');
      expect(
        params(e).map((p) => p.name),
        name,
      ).not.toContain('X-XSRF-TOKEN');
    }
    for (const name of [...SIGNED].filter((n) => n.startsWith('provider'))) {
      const e = endpoints[name as EndpointName] as Endpoint;
      expect(
        params(e).map((p) => p.name.toLowerCase()),
        name,
      ).toEqual(expect.arrayContaining([PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER]));
    }
  });

  it('a provider wallet call without a valid signature answers the 401 the document describes', async () => {
    const doc = buildOpenApi();
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(doc, 'openapi.json');
    const schema401 = ajv.compile({
      $ref: `openapi.json#/paths/${'/api/provider/wallet/balance'.replace(/\//g, '~1')}/post/responses/401/content/application~1json/schema`,
    });
    for (const headers of [{}, { [PROVIDER_ID_HEADER]: 'demo', [PROVIDER_SIGNATURE_HEADER]: 't=1,v1=00' }]) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/provider/wallet/balance',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ session_id: 'x', player_id: 'y' }),
      });
      expect(r.statusCode).toBe(401);
      expect(schema401(r.json()), JSON.stringify(schema401.errors)).toBe(true);
    }
  });
});
