import type { z } from 'zod';

/** Who may call an endpoint: anyone, a signed-in user, or an operator. */
export type Access = 'public' | 'user' | 'operator';

export type Endpoint = {
  method: 'GET' | 'POST';
  /** Path under /api/, exactly as spec §7 names it. */
  path: string;
  access: Access;
  summary: string;
  /** Body schema for POST; undefined for calls without a payload. */
  request?: z.ZodType;
  /** Schema of the envelope's `data` on success. */
  response: z.ZodType;
  /**
   * The scope an API key needs to make this call (issue 46, docs/trading-api.md); left out, no key
   * may make it (a key cannot change a password, move money or make keys).
   */
  key?: 'read' | 'trade';
};

/** Keeps each entry's literal types (the schemas' own types), checked against `Endpoint`. */
export const defineEndpoints = <const T extends Record<string, Endpoint>>(entries: T) => entries;

/** A table's request type of `N` (the request schema's input), `never` for calls without a body. */
export type RequestIn<T extends Record<string, Endpoint>, N extends keyof T> = T[N] extends {
  request: infer R extends z.ZodType;
}
  ? z.input<R>
  : never;

/** A table's response type of `N`: the envelope's `data` once checked. */
export type ResponseIn<T extends Record<string, Endpoint>, N extends keyof T> = z.infer<T[N]['response']>;

/** One entry's request type (its request schema's input), `never` for calls without a body. */
export type EntryRequest<E extends Endpoint> = E extends { request: infer R extends z.ZodType }
  ? z.input<R>
  : never;

/** One entry's response type: the envelope's `data` once checked. */
export type EntryResponse<E extends Endpoint> = z.infer<E['response']>;
