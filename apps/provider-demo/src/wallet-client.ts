// The operator's wallet, as the provider reaches it: signed POSTs (docs/providers.md), a timeout
// on each, and the answer's machine code. A transport failure, a 5xx or a refused signature is
// `unreachable`: the call may or may not have landed, so the caller keeps the round pending and
// sends the same transaction id again (the wallet is idempotent on it).
import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER, type ProviderWalletAnswer } from '@backlay/contract';
import { signPayload } from '@backlay/contract/provider-signature';
import type { ProviderConfig } from './config.ts';

export const WALLET_TIMEOUT_MS = 5_000;

export type WalletCall = 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback';
export type WalletResult =
  | { reached: true; answer: ProviderWalletAnswer; message: string | null }
  | { reached: false; reason: string };

export interface Wallet {
  call(name: WalletCall, body: Record<string, unknown>): Promise<WalletResult>;
}

export function httpWallet(config: ProviderConfig): Wallet {
  return {
    async call(name, body) {
      const raw = JSON.stringify(body);
      const signature = signPayload(config.secret, raw, Math.floor(Date.now() / 1000));
      try {
        const res = await fetch(`${config.wallet_url}/${name}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [PROVIDER_SIGNATURE_HEADER]: signature,
            [PROVIDER_ID_HEADER]: config.provider_id,
          },
          body: raw,
          signal: AbortSignal.timeout(WALLET_TIMEOUT_MS),
        });
        if (res.status >= 500 || res.status === 401 || res.status === 404) {
          return { reached: false, reason: `wallet answered HTTP ${res.status}` };
        }
        const json = (await res.json()) as { message?: string; data?: ProviderWalletAnswer };
        if (json.data === undefined || typeof json.data.code !== 'string') {
          return { reached: false, reason: `wallet answered HTTP ${res.status} without a code` };
        }
        return { reached: true, answer: json.data, message: json.message ?? null };
      } catch (error) {
        return { reached: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
