import { endpoints, type EndpointName } from '@backlay/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/tables.ts';

export const CSRF = 'test-csrf-token-0123456789';

export type CallOptions = {
  /** Bearer token; null sends none. Defaults to the Api's current token. */
  token?: string | null;
  /** An API key, `<key_id>:<secret>`: sent as `Authorization: Key …` instead of any token. */
  apiKey?: string;
  /** Send the CSRF header and cookie (default true). */
  csrf?: boolean;
  remoteAddress?: string;
  /** Raw payload instead of JSON.stringify(body). */
  rawBody?: string;
  contentType?: string;
};

export type Answer = {
  statusCode: number;
  body: { status: boolean; message?: string; data?: unknown };
  /** The injected response; over HTTP (`via`), its status, headers and body only. */
  res: LightMyRequestResponse;
};

/** Calls the app through app.inject by contract endpoint name, as the client would. */
let clients = 0;

export class Api {
  token: string | null = null;
  /** Each client has its own address, so per-IP rate limits of one test never hit another. */
  readonly remoteAddress: string;
  /**
   * `via`: send over HTTP to this origin (e.g. a load balancer in front of listening nodes)
   * instead of app.inject; the client's address goes as X-Forwarded-For (the nodes trust it).
   */
  constructor(
    readonly app: FastifyInstance,
    readonly via?: string,
  ) {
    clients += 1;
    this.remoteAddress = `10.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  }

  /** A GET call's body becomes its query string (scalar fields), as the client sends it. */
  async call(name: EndpointName, body?: unknown, options: CallOptions = {}): Promise<Answer> {
    const ep = endpoints[name];
    if (ep.method === 'GET' && body !== undefined && body !== null) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
        if (v !== undefined) q.set(k, String(v));
      }
      const qs = q.toString();
      return this.raw('GET', `/api/${ep.path}${qs ? `?${qs}` : ''}`, undefined, options);
    }
    return this.raw(ep.method, `/api/${ep.path}`, body, options);
  }

  async raw(method: 'GET' | 'POST', url: string, body?: unknown, options: CallOptions = {}): Promise<Answer> {
    const token = options.token === undefined ? this.token : options.token;
    const headers: Record<string, string> = {};
    if (options.apiKey !== undefined) headers.authorization = `Key ${options.apiKey}`;
    else if (token) headers.authorization = `Bearer ${token}`;
    if (options.csrf !== false) {
      headers['x-xsrf-token'] = CSRF;
      headers.cookie = `XSRF-TOKEN=${CSRF}`;
    }
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (method === 'POST' && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    if (this.via !== undefined) return this.overHttp(method, url, headers, payload, options.remoteAddress);
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: options.remoteAddress ?? this.remoteAddress,
    });
    let parsed: Answer['body'];
    try {
      parsed = res.json();
    } catch {
      parsed = { status: false, message: `non-JSON answer: ${res.body.slice(0, 80)}` };
    }
    return { statusCode: res.statusCode, body: parsed, res };
  }

  private async overHttp(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload: string | undefined,
    remoteAddress: string | undefined,
  ): Promise<Answer> {
    const res = await fetch(`${this.via}${url}`, {
      method,
      headers: { ...headers, 'x-forwarded-for': remoteAddress ?? this.remoteAddress },
      ...(payload === undefined ? {} : { body: payload }),
    });
    const text = await res.text();
    let parsed: Answer['body'];
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = { status: false, message: `non-JSON answer: ${text.slice(0, 80)}` };
    }
    const shown = {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: text,
      payload: text,
      json: () => JSON.parse(text) as unknown,
    };
    return { statusCode: res.status, body: parsed, res: shown as unknown as LightMyRequestResponse };
  }

  /** Logs in and keeps the token for the next calls. */
  async login(user_name: string, password: string, remoteAddress?: string): Promise<string> {
    const r = await this.call(
      'login',
      { user_name, password },
      { token: null, ...(remoteAddress ? { remoteAddress } : {}) },
    );
    if (!r.body.status) throw new Error(`login ${user_name} failed: ${r.body.message}`);
    const token = (r.body.data as { token: string }).token;
    this.token = token;
    return token;
  }

  /** A second client on the same app, by the same way (own token). */
  fork(): Api {
    return new Api(this.app, this.via);
  }
}

/**
 * Written by the leader's own clock, whenever it runs, never by a request: the timed work's leases
 * (plugins/leader.ts) and the console's count of bettors online (taken as each term starts, then
 * every ONLINE_SAMPLE_MS). On a loaded box the first of either is written after a test's "before"
 * snapshot (CI once failed on the sample). Left out of the snapshot, as bookkeeping of the node, not
 * state a request could change.
 */
const NODE_BOOKKEEPING_TABLES = new Set(['leaderLeases', 'onlineSamples']);

/**
 * Every table's rows, ordered, as one JSON string: equal snapshots mean nothing changed. A
 * session's last_seen_at is left out: any authenticated call moves it (bookkeeping, not state);
 * so are the timed work's leases (NODE_BOOKKEEPING_TABLES).
 */
export async function snapshotStore(app: FastifyInstance): Promise<string> {
  const tables = Object.entries(schema).filter(
    ([name, t]) => is(t, PgTable) && !NODE_BOOKKEEPING_TABLES.has(name),
  );
  const out: Record<string, unknown> = {};
  for (const [name, table] of tables) {
    const rows = (await app.db.select().from(table as typeof schema.users)) as Record<string, unknown>[];
    if (name === 'sessions') for (const r of rows) delete r.lastSeenAt;
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return JSON.stringify(out);
}
