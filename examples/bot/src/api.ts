// Backlay's calls with an API key (docs/trading-api.md): the method and path of each come from the
// contract's table, the key goes in the Authorization header, and nothing else is needed (no
// cookie, no XSRF pair). A refusal (`status: false`, or a 4xx) throws its words.
import { bettorEndpoints, type BettorEndpoints } from '@backlay/contract';
import type { z } from 'zod';

type Name = keyof BettorEndpoints;
type Data<N extends Name> = z.infer<BettorEndpoints[N]['response']>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Api = <N extends Name>(name: N, body?: unknown) => Promise<Data<N>>;

/** Calls on `baseUrl` (http://host:port) as the key `credential` (`<key_id>:<secret>`). */
export function createApi(baseUrl: string, credential: string): Api {
  return async (name, body) => {
    const endpoint = bettorEndpoints[name];
    const res = await fetch(new URL(`/api/${endpoint.path}`, baseUrl), {
      method: endpoint.method,
      headers: {
        authorization: `Key ${credential}`,
        ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(endpoint.method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const envelope = (await res.json()) as { status?: boolean; message?: string; data?: unknown };
    if (!res.ok || envelope.status !== true)
      throw new ApiError(res.status, `${name}: ${envelope.message ?? `HTTP ${res.status}`}`);
    return envelope.data as Data<typeof name>;
  };
}
