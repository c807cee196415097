// The provider seam: what a game provider serves us (its game list, a launch URL for a player).
// One implementation, over HTTP, signed like the provider's callbacks to us (docs/providers.md);
// a real provider and apps/provider-demo are both reached through it.
import {
  PROVIDER_SIGNATURE_HEADER,
  providerApiGames,
  providerApiLaunch,
  type ProviderApiGame,
  type ProviderApiLaunchRequest,
} from '@backlay/contract';
import { signPayload } from '@backlay/contract/provider-signature';
import type { z } from 'zod';

export interface Provider {
  readonly id: string;
  readonly name: string;
  readonly baseUrl: string;
  /** The shared secret: it signs our calls and checks the provider's. */
  readonly secret: string;
  listGames(): Promise<ProviderApiGame[]>;
  /** The game page URL for a player holding a one-time token. */
  launch(req: ProviderApiLaunchRequest): Promise<{ url: string }>;
}

/** Every call to a provider gives up after this: a provider that hangs never holds a request. */
export const PROVIDER_CALL_TIMEOUT_MS = 5_000;
/** Largest answer read from a provider (a catalog of a few thousand games fits). */
export const PROVIDER_ANSWER_MAX_BYTES = 2 * 1024 * 1024;

/** A provider's call that did not give a usable answer; `message` is for the operator's eyes. */
export class ProviderCallError extends Error {}

export type HttpProviderOptions = {
  id: string;
  name: string;
  base_url: string;
  secret: string;
  clock?: { now(): Date };
  timeout_ms?: number;
};

export function httpProvider(opts: HttpProviderOptions): Provider {
  const clock = opts.clock ?? { now: () => new Date() };
  const timeout_ms = opts.timeout_ms ?? PROVIDER_CALL_TIMEOUT_MS;

  async function call<T extends z.ZodType>(path: string, body: unknown, schema: T): Promise<z.infer<T>> {
    const raw = JSON.stringify(body);
    const unix_s = Math.floor(clock.now().getTime() / 1000);
    let res: Response;
    try {
      res = await fetch(`${opts.base_url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_SIGNATURE_HEADER]: signPayload(opts.secret, raw, unix_s),
        },
        body: raw,
        signal: AbortSignal.timeout(timeout_ms),
      });
    } catch (err) {
      const why =
        err instanceof Error && err.name === 'TimeoutError' ? `no answer in ${timeout_ms} ms` : 'unreachable';
      throw new ProviderCallError(`${opts.name} is ${why} (${path})`);
    }
    const text = await res.text();
    if (text.length > PROVIDER_ANSWER_MAX_BYTES)
      throw new ProviderCallError(`${opts.name}: answer too large (${path})`);
    if (!res.ok) throw new ProviderCallError(`${opts.name} answered HTTP ${res.status} (${path})`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderCallError(`${opts.name} answered something that is not JSON (${path})`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderCallError(
        `${opts.name} answered an unknown shape (${path}): ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      );
    }
    return parsed.data;
  }

  return {
    id: opts.id,
    name: opts.name,
    baseUrl: opts.base_url,
    secret: opts.secret,
    listGames: async () => (await call('/games', {}, providerApiGames)).games,
    launch: (req) => call('/launch', req, providerApiLaunch),
  };
}
