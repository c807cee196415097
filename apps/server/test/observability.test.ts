// What an operator watches: /metrics (Prometheus text, per route, bets and batches, limits, caches,
// bus, store pool; only with the token or on its own listener), request logs (no line per request
// at info; slow requests at warn), and the OpenAPI document generated from the contract.
import { endpoints, type Endpoint } from '@backlay/contract';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import type { buildOpenApi } from '../src/docs/openapi.ts';
import { OPENAPI_PATH } from '../src/docs/openapi.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { describeStores, TEST_RATE_LIMITS } from './helpers/stores.ts';

const TOKEN = 'metrics-token-0123456789';
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

/** One sample of the scrape: `name{labels} value`, with the labels given matching. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0]!;
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return null;
}

describeStores(
  'metrics and logs',
  (ctx) => {
    const scrape = async (authorization?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(authorization ? { headers: { authorization } } : {}),
      });

    it('/metrics on the API port needs the token (404 otherwise, as if it were not there)', async () => {
      expect((await scrape()).statusCode).toBe(404);
      expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(404);
      const r = await scrape(`Bearer ${TOKEN}`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
    });

    it('its own listener serves it without a token, and nothing else', async () => {
      const port = ctx.app.metrics.listenerPort();
      expect(port).toBeGreaterThan(0);
      const r = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('backlay_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/user/getUserBalance`)).status).toBe(404);
    });

    it('counts requests per route and status, bets and batches, limits, caches, the bus and the store', async () => {
      const u = await createBettor(ctx.app, 1_000_000);
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      const before = (await scrape(`Bearer ${TOKEN}`)).body;
      const route = { method: 'GET', route: '/api/user/getUserBalance', status: '200' };
      const count = (text: string) => sample(text, 'backlay_http_request_duration_seconds_count', route) ?? 0;
      for (let i = 0; i < 3; i++) await api.call('getUserBalance');
      const m = await createMarket(ctx.app);
      const placed = await api.call('placeMarketBet', {
        match_id: m.matchId,
        market_id: m.marketId,
        selection_id: m.selectionIds[0],
        is_back: '1',
        odds: 2,
        stack: 10,
        request_id: `metrics-${Date.now()}`,
      });
      expect(placed.body.status).toBe(true);
      const unknown = await api.raw('GET', '/api/no/such/call');
      expect(unknown.statusCode).toBe(404);
      const after = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(count(after) - count(before)).toBe(3);
      expect(
        sample(after, 'backlay_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
      ).toBe(1);
      const bets = (t: string) => sample(t, 'backlay_bets_total', { kind: 'EXCHANGE' }) ?? 0;
      expect(bets(after) - bets(before)).toBe(1);
      const batches = (t: string) => sample(t, 'backlay_exchange_batch_commands_count') ?? 0;
      expect(batches(after) - batches(before)).toBe(1);
      // The balance was read three times: at least two from memory (the bet dropped it after).
      const hits = (t: string) => sample(t, 'backlay_cache_hits_total', { cache: 'balance' }) ?? 0;
      expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(2);
      expect(sample(after, 'backlay_bus_connected')).toBe(1);
      // PGlite: always the leader; PostgreSQL: the lease is taken only once timed work asks for it.
      expect([0, 1]).toContain(sample(after, 'backlay_leader'));
      expect(sample(after, 'backlay_ws_sockets')).toBe(0);
      // The push server's bounds and the bus's sync are counted (none tripped here).
      for (const name of ['backlay_ws_dropped_slow_total', 'backlay_ws_dropped_flood_total'])
        expect(sample(after, name), name).toBe(0);
      expect(sample(after, 'backlay_bus_in_sync')).toBe(1);
      if (ctx.store === 'postgres') {
        expect(sample(after, 'backlay_db_pool_connections', { state: 'max' })).toBe(4);
        expect(sample(after, 'backlay_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
      } else {
        expect(sample(after, 'backlay_db_pool_connections', { state: 'max' })).toBeNull();
      }
    });

    it('counts the requests a limit turned away', async () => {
      const ip = '192.0.2.250';
      const limited = async () =>
        sample((await scrape(`Bearer ${TOKEN}`)).body, 'backlay_rate_limited_total', {
          limit: 'route:/api/user/login',
        }) ?? 0;
      const before = await limited();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await ctx.api.call(
              'login',
              { user_name: `nobody${i}`, password: 'x' },
              { remoteAddress: ip, token: null },
            )
          ).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      expect((await limited()) - before).toBe(1);
    });

    it('logs no line per request at info, one at debug; a slow request at warn; a failure at error', async () => {
      logLines.length = 0;
      ctx.app.log.level = 'info';
      await ctx.api.call('getGlobalSetting');
      expect(logLines.filter((l) => l.msg === 'request done' || l.msg === 'incoming request')).toEqual([]);
      ctx.app.log.level = 'debug';
      await ctx.api.call('getGlobalSetting');
      expect(logLines.filter((l) => l.msg === 'request done')).toMatchObject([
        {
          level: 20,
          route: '/api/globalSetting/getGlobalSetting',
          statusCode: 200,
          reqId: expect.any(String),
        },
      ]);
      ctx.app.log.level = 'info';
      logLines.length = 0;
      await ctx.app.inject({ method: 'GET', url: '/test/slow' });
      await ctx.app.inject({ method: 'GET', url: '/test/fails' });
      expect(logLines.map((l) => [l.level, l.msg])).toEqual([
        [40, 'slow request'],
        [50, 'request failed'],
      ]);
    });
  },
  {
    rateLimits: { ...TEST_RATE_LIMITS, loginPerMinute: 3 },
    metrics: { token: TOKEN, listen: { host: '127.0.0.1', port: 0 }, slowRequestMs: 40 },
    logger: { level: 'info', stream: logStream },
  },
  (app: FastifyInstance) => {
    app.get('/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 60));
      return { status: true };
    });
    app.get('/test/fails', async () => {
      throw new Error('boom');
    });
  },
);

describeStores('the OpenAPI document', (ctx) => {
  type Doc = ReturnType<typeof buildOpenApi> & {
    paths: Record<string, Record<string, { operationId: string; [k: string]: unknown }>>;
  };
  const fetchDoc = async () => {
    const r = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    return r.json() as Doc;
  };
  /** A validator of one part of the document (a JSON pointer into it). */
  async function validatorAt(pointer: string) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(await fetchDoc(), 'openapi.json');
    return ajv.compile({ $ref: `openapi.json#${pointer}` });
  }
  const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const answerOf = (path: string, method = 'get') =>
    `/paths/${esc(path)}/${method}/responses/200/content/${esc('application/json')}/schema`;

  it('is OpenAPI 3.1 with every call of the contract: method, path, access, request', async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toBe('3.1.0');
    const all = Object.entries(endpoints as Record<string, Endpoint>);
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops).toHaveLength(all.length);
    for (const [name, e] of all) {
      const op = doc.paths[`/api/${e.path}`]?.[e.method.toLowerCase()] as Record<string, unknown> | undefined;
      expect(op?.operationId, name).toBe(name);
      expect(op!.security, name).toEqual([
        ...(e.access === 'public' ? [] : [{ bearer: [] }]),
        ...(e.key === undefined ? [] : [{ apiKey: [e.key] }]),
      ]);
      if (e.request && e.method === 'POST') expect(op!.requestBody, name).toBeDefined();
      if (e.method === 'GET') expect(op!.requestBody, name).toBeUndefined();
    }
    const login = doc.paths['/api/user/login']!.post as unknown as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
    };
    expect(login.requestBody.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['user_name', 'password']),
    );
  });

  it('its answer schemas accept the server’s real answers and refuse wrong ones', async () => {
    const u = await createBettor(ctx.app, 500_000);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    const m = await createMarket(ctx.app);
    const balance = await validatorAt(answerOf('/api/user/getUserBalance'));
    const good = (await api.call('getUserBalance')).body;
    expect(balance(good), JSON.stringify(balance.errors)).toBe(true);
    expect(balance({ status: true, data: { total_balance: '5000', liability: 0 } })).toBe(false);
    expect(balance({ status: false, message: 'Insufficient balance' })).toBe(true);
    expect(balance({ status: false })).toBe(false);
    const detail = await validatorAt(answerOf('/api/match/getMatchDetail', 'post'));
    const d = (await api.call('getMatchDetail', { match_id: m.matchId })).body;
    expect(detail(d), JSON.stringify(detail.errors)).toBe(true);
    const bet = await validatorAt(answerOf('/api/bet/placeMarketBet', 'post'));
    const body = {
      match_id: m.matchId,
      market_id: m.marketId,
      selection_id: m.selectionIds[0],
      is_back: '1',
      odds: 2,
      stack: 10,
      request_id: `openapi-${Date.now()}`,
    };
    const request = await validatorAt(
      `/paths/${esc('/api/bet/placeMarketBet')}/post/requestBody/content/${esc('application/json')}/schema`,
    );
    expect(request(body), JSON.stringify(request.errors)).toBe(true);
    expect(request({ ...body, request_id: undefined })).toBe(false);
    const placed = (await api.call('placeMarketBet', body)).body;
    expect(bet(placed), JSON.stringify(bet.errors)).toBe(true);
  });
});
