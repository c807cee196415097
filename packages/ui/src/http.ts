/**
 * The HTTP client (spec §7, §8), shared by the bettor's app and the operator console; each app
 * tells it where its token is kept (`setTokenSource`) and what a 401/403 does
 * (`setUnauthorizedHandler`). Every request carries `Cache-Control: no-store, no-cache` and
 * `Authorization: Bearer {token}`; non-GET/HEAD requests to relative URLs carry `X-XSRF-TOKEN`
 * copied from the `XSRF-TOKEN` cookie. A 401/403 logs the user out and comes back as a value;
 * any other HTTP error is thrown to the caller unchanged.
 */
import type { Envelope } from '@backlay/contract';
import { API_PREFIX, CONSOLE_CLEAR_AFTER_MS } from './constants.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Thrown for any non-2xx answer other than 401/403. Carries the status and the parsed body. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, statusText: string, body: unknown) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `Request failed: ${status} ${statusText}`.trim();
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** What a 401/403 turns into: an envelope with status false, flagged as unauthorized. */
export type UnauthorizedResult = { status: false; message: string; unauthorized: true; httpStatus: number };

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

let tokenSource: () => string | null = () => null;

/** The app says where its session token is kept (read on every request). */
export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

type UnauthorizedHandler = (status: number) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers what 401/403 does (auth state false, local logout, go to login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** Relative: not `scheme://…` and not protocol-relative `//host/…`. */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z\d+\-.]*:/i.test(url) && !url.startsWith('//');
}

let consoleClearAfterMs: number | null = null;
let consoleClearScheduled = false;
/**
 * Spec §9 (the bettor's client): the console is cleared once, `after_ms` (1,115,000) after the
 * first request. Off until an app turns it on: the bettor's site does (apps/web/src/lib/http.ts);
 * the operator console keeps its console, where an operator may be reading an error.
 */
export function clearConsoleOnceAfterRequest(after_ms: number = CONSOLE_CLEAR_AFTER_MS): void {
  consoleClearAfterMs = after_ms;
}
function scheduleConsoleClear(): void {
  if (consoleClearScheduled || consoleClearAfterMs == null) return;
  consoleClearScheduled = true;
  setTimeout(() => console.clear(), consoleClearAfterMs);
}

/** Test hook: lets a test observe the one-shot console clear again. */
export function resetConsoleClearForTests(): void {
  consoleClearScheduled = false;
}

export function buildHeaders(method: string, url: string, hasBody: boolean): Headers {
  const headers = new Headers();
  headers.set('Cache-Control', 'no-store, no-cache');
  const token = tokenSource();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (hasBody) headers.set('Content-Type', 'application/json');
  const upper = method.toUpperCase();
  if (upper !== 'GET' && upper !== 'HEAD' && isRelativeUrl(url)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  return headers;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let networkObserver: ((reached: boolean) => void) | null = null;
/**
 * Told after each request whether it reached a server (any answer) or not (fetch's network error:
 * no connection, or a network that does not carry it). The bettor's app shows the offline screen
 * from it, as well as from the browser's online flag, which a network with no way out leaves true.
 */
export function setNetworkObserver(observer: ((reached: boolean) => void) | null): void {
  networkObserver = observer;
}

/**
 * Sends one request. Resolves with the parsed JSON body on 2xx, with an UnauthorizedResult on
 * 401/403 (after the registered logout handler ran), and rejects with HttpError otherwise.
 * Network failures reject with fetch's own error, unchanged.
 */
export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<T | UnauthorizedResult> {
  scheduleConsoleClear();
  const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: buildHeaders(method, url, hasBody),
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      signal: init?.signal,
    });
  } catch (err) {
    // fetch's network failure is a TypeError; an abort (a DOMException) says nothing of the network.
    if (err instanceof TypeError) networkObserver?.(false);
    throw err;
  }
  networkObserver?.(true);
  if (res.status === 401 || res.status === 403) {
    const parsed = await readBody(res).catch(() => null);
    onUnauthorized(res.status);
    const message =
      parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
        ? parsed.message
        : SESSION_ENDED_MESSAGE;
    return { status: false, message, unauthorized: true, httpStatus: res.status };
  }
  const parsed = await readBody(res);
  if (!res.ok) throw new HttpError(res.status, res.statusText, parsed);
  return parsed as T;
}

/** Generic GET to {api}/api/{path} (spec §7 "other calls"); errors pass on unchanged. */
export const apiGet = <T = unknown>(path: string, init?: { signal?: AbortSignal }) =>
  request<T>('GET', API_PREFIX + path, undefined, init);

/** Generic POST with a body to {api}/api/{path}; errors pass on unchanged. */
export const apiPost = <T = unknown>(path: string, body: unknown, init?: { signal?: AbortSignal }) =>
  request<T>('POST', API_PREFIX + path, body, init);

export function isUnauthorized(value: unknown): value is UnauthorizedResult {
  return !!value && typeof value === 'object' && 'unauthorized' in value && value.unauthorized === true;
}

export type { Envelope };
