/**
 * Typed calls built on the contract's endpoint table: method and path come from
 * `@backlay/contract`'s `endpoints`, and the envelope's `data` is checked against the
 * endpoint's response schema. Feature `api/` files wrap these in fetchers, query options and hooks.
 */
import { endpoints, type EndpointName, type RequestOf, type ResponseOf } from '@backlay/contract';
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

export async function callEndpoint<N extends EndpointName>(
  name: N,
  body?: RequestOf<N>,
  init?: Init,
): Promise<ApiResult<ResponseOf<N>>> {
  const endpoint: { method: 'GET' | 'POST'; path: string; response: (typeof endpoints)[N]['response'] } =
    endpoints[name];
  const payload = endpoint.method === 'GET' ? undefined : (body ?? {});
  const raw = await request(endpoint.method, API_PREFIX + endpoint.path, payload, init);
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
