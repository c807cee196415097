// The demo provider is configured as a real provider is: who it is, the secret it shares with the
// operator, where the operator's wallet is, where it listens. Names and defaults are those of
// docs/providers.md, so the server and the provider agree out of the box.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProviderConfig {
  readonly provider_id: string;
  readonly secret: string;
  /** The operator's wallet callbacks, e.g. http://127.0.0.1:8080/api/provider/wallet */
  readonly wallet_url: string;
  readonly host: string;
  readonly port: number;
  /** Where browsers reach this provider (the launch URL and thumbnails point here). */
  readonly public_url: string;
  /** The directory of the round journal. */
  readonly data_dir: string;
  /** The roulette table's betting window and spin (the dealer's timer). */
  readonly roulette_window_ms: number;
  readonly roulette_spin_ms: number;
  /** The card tables' betting window and deal. */
  readonly card_window_ms: number;
  readonly card_deal_ms: number;
  /** Test-only fault: `exit-after-debit` or `exit-before-debit-answer` kills the process mid-round. */
  readonly fault: string | null;
}

export const DEMO_SECRET_DEFAULT = 'backlay-demo-provider-secret';
const DATA_DIR_DEFAULT = fileURLToPath(new URL('../data', import.meta.url));

function portOf(text: string | undefined, fallback: number): number {
  const port = Number(text ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PROVIDER_DEMO_PORT: ${text} is not a port`);
  return port;
}

function msOf(name: string, text: string | undefined, fallback: number): number {
  const ms = Number(text ?? fallback);
  if (!Number.isInteger(ms) || ms < 200 || ms > 600_000)
    throw new Error(`${name}: ${text} is not 200 … 600000 ms`);
  return ms;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const port = portOf(env.PROVIDER_DEMO_PORT, 8090);
  const host = env.PROVIDER_DEMO_HOST ?? '127.0.0.1';
  const secret = env.PROVIDER_DEMO_SECRET ?? DEMO_SECRET_DEFAULT;
  if (secret.length < 16) throw new Error('PROVIDER_DEMO_SECRET must be 16 or more characters');
  if (env.NODE_ENV === 'production' && env.PROVIDER_DEMO_SECRET === undefined) {
    throw new Error('PROVIDER_DEMO_SECRET is required in production');
  }
  const wallet_url = (env.BACKLAY_WALLET_URL ?? 'http://127.0.0.1:8080/api/provider/wallet').replace(
    /\/+$/,
    '',
  );
  new URL(wallet_url); // throws on a malformed URL at start, not at the first bet
  const public_url = (env.PROVIDER_DEMO_PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  new URL(public_url);
  return {
    provider_id: env.PROVIDER_DEMO_ID ?? 'demo',
    secret,
    wallet_url,
    host,
    port,
    public_url,
    data_dir: path.resolve(env.PROVIDER_DEMO_DATA ?? DATA_DIR_DEFAULT),
    fault: env.PROVIDER_DEMO_FAULT ?? null,
    roulette_window_ms: msOf('ROULETTE_WINDOW_MS', env.ROULETTE_WINDOW_MS, 20_000),
    roulette_spin_ms: msOf('ROULETTE_SPIN_MS', env.ROULETTE_SPIN_MS, 5_000),
    card_window_ms: msOf('CARD_WINDOW_MS', env.CARD_WINDOW_MS, 20_000),
    card_deal_ms: msOf('CARD_DEAL_MS', env.CARD_DEAL_MS, 5_000),
  };
}
