import {
  providerAuthenticateRequest,
  providerBalanceRequest,
  providerCreditRequest,
  providerDebitRequest,
  providerRollbackRequest,
  providerWalletAnswer,
} from '../providers.ts';
import { defineEndpoints } from '../endpoint.ts';

const WALLET_CALLBACK =
  "A game provider's wallet callback (docs/providers.md): headers x-provider-id and x-provider-signature (t=<unix s>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'> with the provider's secret), verified on the raw body, exempt from the CSRF cookie check. Answers data {code, balance (paise), currency}; status is true exactly for code OK; 401 INVALID_SIGNATURE, 400 INVALID_REQUEST.";

/** A game provider's wallet callbacks (public, signed per provider): the server's, never the browser's. */
export const providerWalletEndpoints = defineEndpoints({
  providerAuthenticate: {
    method: 'POST',
    path: 'provider/wallet/authenticate',
    access: 'public',
    summary: `Exchange a launch token (single use, 120 s, bound to a player and a game) for a game session: session_id, player_id, display_name, balance; TOKEN_INVALID, TOKEN_EXPIRED, TOKEN_USED or GAME_MISMATCH when it cannot. ${WALLET_CALLBACK}`,
    request: providerAuthenticateRequest,
    response: providerWalletAnswer,
  },
  providerBalance: {
    method: 'POST',
    path: 'provider/wallet/balance',
    access: 'public',
    summary: `The player's available balance (balance − exposure) in paise. ${WALLET_CALLBACK}`,
    request: providerBalanceRequest,
    response: providerWalletAnswer,
  },
  providerDebit: {
    method: 'POST',
    path: 'provider/wallet/debit',
    access: 'public',
    summary: `A bet: one ledger transfer from the player to the provider's house account, at most the available balance (INSUFFICIENT_FUNDS), on a live session of an enabled game. Idempotent on transaction_id (a repeat answers the first answer byte for byte); ROLLED_BACK when its rollback came first. ${WALLET_CALLBACK}`,
    request: providerDebitRequest,
    response: providerWalletAnswer,
  },
  providerCredit: {
    method: 'POST',
    path: 'provider/wallet/credit',
    access: 'public',
    summary: `A round's win (0 for a loss): one ledger transfer to the player, never refused for money, a disabled game or an expired session; closes the round unless round_closed is false. Idempotent on transaction_id. ${WALLET_CALLBACK}`,
    request: providerCreditRequest,
    response: providerWalletAnswer,
  },
  providerRollback: {
    method: 'POST',
    path: 'provider/wallet/rollback',
    access: 'public',
    summary: `Cancel a debit (reference_transaction_id): its amount goes back to the player. A rollback of a debit not yet seen is recorded (UNKNOWN_TRANSACTION, final) and that debit is refused ROLLED_BACK if it comes. Idempotent on transaction_id. ${WALLET_CALLBACK}`,
    request: providerRollbackRequest,
    response: providerWalletAnswer,
  },
});
