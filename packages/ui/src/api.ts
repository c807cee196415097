/**
 * Typed calls built on an endpoint table of the contract: method and path come from the table's
 * entry, and the envelope's `data` is checked against the entry's response schema. Feature `api/`
 * files wrap these in fetchers, query options and hooks.
 *
 * A table holds its endpoints' zod schemas (and so zod itself). The bettor's app imports each
 * feature's table where it calls it (`callEntry(catalogEndpoints.getMatches, …)`, tables from
 * `@backlay/contract/bettor/<feature>`), so a screen's chunk carries its own endpoints' schemas and
 * no other feature's; the console loads its whole table once, on demand
 * (`createEndpointClient(() => import(…))`). The bettor's login call goes through `callTarget`
 * with the contract's zod-free check (@backlay/contract/login).
 */
import type { Endpoint, EntryRequest, EntryResponse, RequestIn, ResponseIn } from '@backlay/contract';
import { API_PREFIX } from './constants.ts';
import { isUnauthorized, request } from './http.ts';

export type ApiSuccess<T> = { status: true; message?: string; data: T };
export type ApiFailure = { status: false; message: string; unauthorized?: boolean };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export class UnexpectedResponseError extends Error {
  constructor(endpoint: string, detail: string) {
    super(`The server sent an unexpected answer to ${endpoint}: ${detail}`);
    this.name = 'UnexpectedResponseError';
  }
}

/**
 * Spec §7: some calls may send `data` as a JSON string instead of a list. Parse such a string
 * once; anything else is returned as is.
 */
export function acceptJsonString(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

type Init = { signal?: AbortSignal };

/**
 * A GET call's parameters as a query string ('' when none): scalar fields only, in key order;
 * undefined, null and '' are left out, so the server applies its defaults.
 */
export function queryString(params: object): string {
  const q = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const v = (params as Record<string, unknown>)[key];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') q.set(key, String(v));
    else throw new TypeError(`query parameter ${key} must be a string, number or boolean`);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

type Checked<T> = { success: true; data: T } | { success: false; error: { message: string } };

/**
 * What checks an answer's `data`: a zod schema, or a check of the same shape (the login's, which
 * may wait for the endpoint table before it answers).
 */
export type AnswerCheck<T> = {
  safeParse(data: unknown): Checked<T> | Promise<Checked<T>>;
};

/** One call: its method and path under /api/, and the check of the envelope's `data` on success. */
export type CallTarget<T> = { method: 'GET' | 'POST'; path: string; response: AnswerCheck<T> };

/**
 * Sends one call and checks the answer: a refusal is status:false with the server's message
 * (401/403 marked `unauthorized`); a success's `data` must pass `target.response`, else
 * UnexpectedResponseError. GET calls send `body` as the query string.
 */
export async function callTarget<T>(
  target: CallTarget<T>,
  body?: object,
  init?: Init,
): Promise<ApiResult<T>> {
  const payload = target.method === 'GET' ? undefined : (body ?? {});
  const query = target.method === 'GET' && body ? queryString(body) : '';
  const raw = await request(target.method, API_PREFIX + target.path + query, payload, init);
  if (isUnauthorized(raw)) return { status: false, message: raw.message, unauthorized: true };
  if (!raw || typeof raw !== 'object' || typeof (raw as { status?: unknown }).status !== 'boolean') {
    throw new UnexpectedResponseError(target.path, 'no envelope');
  }
  const env = raw as { status: boolean; message?: unknown; data?: unknown };
  const message = typeof env.message === 'string' ? env.message : undefined;
  if (!env.status) return { status: false, message: message ?? 'The request was refused.' };
  let parsed = await target.response.safeParse(env.data ?? null);
  if (!parsed.success && typeof env.data === 'string') {
    parsed = await target.response.safeParse(acceptJsonString(env.data));
  }
  if (!parsed.success) throw new UnexpectedResponseError(target.path, parsed.error.message);
  return { status: true, message, data: parsed.data };
}

/** One call of a table's entry (`catalogEndpoints.getMatches`): method, path and check from the entry. */
export function callEntry<E extends Endpoint>(
  entry: E,
  body?: EntryRequest<E>,
  init?: Init,
): Promise<ApiResult<EntryResponse<E>>> {
  return callTarget(entry as CallTarget<EntryResponse<E>>, body as object | undefined, init);
}

/** For queries: the entry's data, or an Error carrying the server's message (401/403 included). */
export async function queryEntry<E extends Endpoint>(
  entry: E,
  body?: EntryRequest<E>,
  init?: Init,
): Promise<EntryResponse<E>> {
  const result = await callEntry(entry, body, init);
  if (!result.status) throw new ApiRefusal(result.message, result.unauthorized === true);
  return result.data;
}

/**
 * The typed calls of one endpoint table. Each app passes the import of its own table: the bettor's
 * (`@backlay/contract/bettor-endpoints`, no operator schema in the browser) or the console's full
 * one. The table is imported once, on the first call or `loadEndpoints()`; a failed import
 * (network) is tried again on the next call.
 */
export function createEndpointClient<T extends Record<string, Endpoint>>(load: () => Promise<T>) {
  let table: Promise<T> | undefined;

  function loadEndpoints(): Promise<T> {
    table ??= load().catch((err: unknown) => {
      table = undefined;
      throw err;
    });
    return table;
  }

  async function callEndpoint<N extends keyof T & string>(
    name: N,
    body?: RequestIn<T, N>,
    init?: Init,
  ): Promise<ApiResult<ResponseIn<T, N>>> {
    const endpoints = await loadEndpoints();
    return callTarget(endpoints[name] as CallTarget<ResponseIn<T, N>>, body as object | undefined, init);
  }

  /** For queries: the data, or an Error carrying the server's message (401/403 included). */
  async function queryEndpoint<N extends keyof T & string>(
    name: N,
    body?: RequestIn<T, N>,
    init?: Init,
  ): Promise<ResponseIn<T, N>> {
    const result = await callEndpoint(name, body, init);
    if (!result.status) throw new ApiRefusal(result.message, result.unauthorized === true);
    return result.data;
  }

  return { loadEndpoints, callEndpoint, queryEndpoint };
}

export class ApiRefusal extends Error {
  readonly unauthorized: boolean;
  constructor(message: string, unauthorized: boolean) {
    super(message);
    this.name = 'ApiRefusal';
    this.unauthorized = unauthorized;
  }
}
