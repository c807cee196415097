// What a provider's game page may tell the site it is framed in (window.parent.postMessage).
// Only one notice is read: "the wallet moved" — after a debit, credit or rollback answered, the page
// posts `{ type: 'provider:balance' }` (a `balance` field may ride along; it is not trusted, the
// header asks our server). Real aggregators post the like ("balanceUpdate", "gameRoundEnded").

export const BALANCE_NOTICE = 'provider:balance';

export function isBalanceNotice(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === BALANCE_NOTICE;
}
