/**
 * Typed calls built on the contract's endpoint table: method and path come from
 * `@backlay/contract`'s `endpoints`, and the envelope's `data` is checked against the
 * endpoint's response schema. Feature `api/` files wrap these in fetchers, query options and hooks.
 *
 * The table holds every endpoint's zod schemas (and so zod itself), so it is kept out of the first
 * load: it is imported once, on demand, and the app starts that import at startup
 * (`loadEndpoints`) while the first screen renders. Calls wait for it (docs/decisions.md).
 */
import type { EndpointName, endpoints as EndpointTable, RequestOf, ResponseOf } from '@backlay/contract';
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

let endpointTable: Promise<typeof EndpointTable> | undefined;

/** The contract's endpoint table, imported once; a failed import (network) is tried again on the next call. */
export function loadEndpoints(): Promise<typeof EndpointTable> {
  endpointTable ??= import('@backlay/contract').then(
    (m) => m.endpoints,
    (err: unknown) => {
      endpointTable = undefined;
      throw err;
    },
  );
  return endpointTable;
}

export async function callEndpoint<N extends EndpointName>(
  name: N,
  body?: RequestOf<N>,
  init?: Init,
): Promise<ApiResult<ResponseOf<N>>> {
  const endpoints = await loadEndpoints();
  const endpoint: { method: 'GET' | 'POST'; path: string; response: (typeof EndpointTable)[N]['response'] } =
    endpoints[name];
  const payload = endpoint.method === 'GET' ? undefined : (body ?? {});
  const query = endpoint.method === 'GET' && body ? queryString(body) : '';
  const raw = await request(endpoint.method, API_PREFIX + endpoint.path + query, payload, init);
  if (isUnauthorized(raw)) return { status: false, message: raw.message, unauthorized: true };
  if (!raw || typeof raw !== 'object' || typeof (raw as { status?: unknown }).status !== 'boolean') {
    throw new UnexpectedResponseError(endpoint.path, 'no envelope');
  }
  const env = raw as { status: boolean; message?: unknown; data?: unknown };
  const message = typeof env.message === 'string' ? env.message : undefined;
  if (!env.status) return { status: false, message: message ?? 'The request was refused.' };
  let parsed = endpoint.response.safeParse(env.data ?? null);
  if (!parsed.success && typeof env.data === 'string') {
    parsed = endpoint.response.safeParse(acceptJsonString(env.data));
  }
  if (!parsed.success) throw new UnexpectedResponseError(endpoint.path, parsed.error.message);
  return { status: true, message, data: parsed.data as ResponseOf<N> };
}

/** For queries: the data, or an Error carrying the server's message (401/403 included). */
export async function queryEndpoint<N extends EndpointName>(
  name: N,
  body?: RequestOf<N>,
  init?: Init,
): Promise<ResponseOf<N>> {
  const result = await callEndpoint(name, body, init);
  if (!result.status) throw new ApiRefusal(result.message, result.unauthorized === true);
  return result.data;
}

export class ApiRefusal extends Error {
  readonly unauthorized: boolean;
  constructor(message: string, unauthorized: boolean) {
    super(message);
    this.name = 'ApiRefusal';
    this.unauthorized = unauthorized;
  }
}
