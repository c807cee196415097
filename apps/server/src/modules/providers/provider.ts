// The provider seam: what a game provider serves us (its game list, a launch URL for a player).
// One implementation, over HTTP, signed like the provider's callbacks to us (docs/providers.md);
// a real provider and apps/provider-demo are both reached through it.
import {
  PROVIDER_REF_PATTERN,
  PROVIDER_SIGNATURE_HEADER,
  providerApiGame,
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
  /** The provider's catalog: the games that are well formed, and why each other one was left out. */
  listGames(): Promise<{ games: ProviderApiGame[]; problems: string[] }>;
  /** The game page URL for a player holding a one-time token. */
  launch(req: ProviderApiLaunchRequest): Promise<{ url: string }>;
}

/**
 * Every call to a provider gives up after this, its answer's body included: a provider that hangs,
 * or sends its answer a byte at a time, never holds a request.
 */
export const PROVIDER_CALL_TIMEOUT_MS = 5_000;
/** Largest answer read from a provider (a catalog of a few thousand games fits), counted as it streams. */
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

/** The body as text, or null once it passes `max` bytes (the rest is not read: the stream is cancelled). */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Why a fetch failed, in the operator's words. */
function failureOf(err: unknown, timeout_ms: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `gave no answer in ${timeout_ms} ms`;
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  if (cause instanceof Error && /redirect/i.test(cause.message)) return 'answered a redirect (refused)';
  return 'is unreachable';
}

export function httpProvider(opts: HttpProviderOptions): Provider {
  const clock = opts.clock ?? { now: () => new Date() };
  const timeout_ms = opts.timeout_ms ?? PROVIDER_CALL_TIMEOUT_MS;

  async function call<T extends z.ZodType>(path: string, body: unknown, schema: T): Promise<z.infer<T>> {
    const raw = JSON.stringify(body);
    const unix_s = Math.floor(clock.now().getTime() / 1000);
    // One deadline for the whole exchange: the answer's headers and its body.
    const signal = AbortSignal.timeout(timeout_ms);
    let text: string | null;
    try {
      const res = await fetch(`${opts.base_url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_SIGNATURE_HEADER]: signPayload(opts.secret, raw, unix_s),
        },
        body: raw,
        signal,
        // A provider answers where it was asked: a redirect could point our signed call anywhere.
        redirect: 'error',
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new ProviderCallError(`${opts.name} answered HTTP ${res.status} (${path})`);
      }
      const declared = Number(res.headers.get('content-length') ?? 0);
      text = declared > PROVIDER_ANSWER_MAX_BYTES ? null : await readCapped(res, PROVIDER_ANSWER_MAX_BYTES);
      if (text === null) {
        await res.body?.cancel().catch(() => {});
        throw new ProviderCallError(`${opts.name}: answer too large (${path})`);
      }
    } catch (err) {
      if (err instanceof ProviderCallError) throw err;
      throw new ProviderCallError(`${opts.name} ${failureOf(err, timeout_ms)} (${path})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderCallError(`${opts.name} answered something that is not JSON (${path})`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ProviderCallError(
        `${opts.name} answered an unknown shape (${path}): ${issueOf(parsed.error)}`,
      );
    return parsed.data;
  }

  return {
    id: opts.id,
    name: opts.name,
    baseUrl: opts.base_url,
    secret: opts.secret,
    async listGames() {
      const games: ProviderApiGame[] = [];
      const problems: string[] = [];
      for (const [i, g] of (await call('/games', {}, providerApiGames)).games.entries()) {
        const one = providerApiGame.safeParse(g);
        if (one.success) games.push(one.data);
        else {
          const id = (g as { game_id?: unknown } | null)?.game_id;
          const named = typeof id === 'string' && PROVIDER_REF_PATTERN.test(id) ? id : `#${i + 1}`;
          problems.push(`game ${named}: ${issueOf(one.error)}`);
        }
      }
      return { games, problems };
    },
    launch: (req) => call('/launch', req, providerApiLaunch),
  };
}

/** A zod error's first issue, short: where and what. */
function issueOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim();
}
