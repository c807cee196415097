import type { StatementRow } from '@backlay/contract';

// Pure helpers of the reports: IST day ranges, statement wording and kinds, P&L buckets.

const DAY_MS = 86_400_000;

/** from_date 00:00 IST (inclusive) to to_date + 1 day 00:00 IST (exclusive). IST has no DST. */
export function istRange(fromDate: string, toDate: string): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${fromDate}T00:00:00+05:30`)),
    end: new Date(Date.parse(`${toDate}T00:00:00+05:30`) + DAY_MS),
  };
}

/** Transfer kinds the settlement service writes (with market_id set). */
export const MARKET_KINDS = ['market_win', 'market_loss', 'commission', 'settlement_reversal'] as const;
export const REVERSAL_KIND = 'settlement_reversal';
/** A reversal's memo names the kind it undoes; commission reversals count against commission. */
export const COMMISSION_KIND = 'commission';

type StatementKind = StatementRow['kind'];
const KNOWN: ReadonlySet<string> = new Set<StatementKind>([
  'deposit',
  'withdrawal',
  'market_win',
  'market_loss',
  'commission',
  'settlement_reversal',
  'casino_bet',
  'casino_win',
  'casino_refund',
  'fantasy_entry',
  'fantasy_prize',
  'fantasy_refund',
]);

/** A game provider's ledger kinds (wallet PROVIDER_TRANSFER_KINDS) as the statement names them. */
export const PROVIDER_STATEMENT_KINDS: Readonly<Record<string, StatementKind>> = {
  provider_bet: 'casino_bet',
  provider_win: 'casino_win',
  provider_refund: 'casino_refund',
};
const PROVIDER_WORDING: Readonly<Record<string, string>> = {
  provider_bet: 'bet',
  provider_win: 'win',
  provider_refund: 'bet cancelled',
};

/** A master's or an agent's share of its downline's result (modules/shares/settle.ts). */
const SHARE_KINDS: ReadonlySet<string> = new Set(['share_win', 'share_loss']);

/**
 * The wire kind of a transfer. A kind the contract does not know is shown by where the money
 * went: a market row as a win or a loss, a cash row as a deposit or a withdrawal.
 */
export function statementKindOf(kind: string, marketId: number | null, deltaPaise: number): StatementKind {
  if (KNOWN.has(kind)) return kind as StatementKind;
  const provider = PROVIDER_STATEMENT_KINDS[kind];
  if (provider) return provider;
  // An upline's share is a result, in or out, as on a market, also of a provider's round or a contest.
  if (marketId !== null || SHARE_KINDS.has(kind)) return deltaPaise >= 0 ? 'market_win' : 'market_loss';
  return deltaPaise >= 0 ? 'deposit' : 'withdrawal';
}

const words = (kind: string) => kind.replace(/_/g, ' ');
const capitalised = (s: string) => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1));

const MARKET_WORDING: Record<string, string> = {
  market_win: 'won',
  market_loss: 'lost',
  commission: 'commission',
  settlement_reversal: 'settlement reversed',
  // A master's or an agent's share of its downline's result (modules/shares/settle.ts).
  share_win: 'share of the downline’s loss',
  share_loss: 'share of the downline’s win',
};

/** A person-readable line for a statement row. */
export function describeTransfer(t: {
  kind: string;
  memo: string | null;
  marketId: number | null;
  matchName: string | null;
  marketName: string | null;
}): string {
  if (t.marketId !== null) {
    const where =
      t.matchName !== null && t.marketName !== null
        ? `${t.matchName} › ${t.marketName}`
        : `Market ${t.marketId}`;
    return `${where} — ${MARKET_WORDING[t.kind] ?? words(t.kind)}`;
  }
  // A share of a provider's round or a fantasy contest: its memo names the round ("Live Casino ›
  // {game} round {id}") or the contest ("Fantasy › {contest} · {match}").
  if (SHARE_KINDS.has(t.kind)) return `${t.memo?.trim() || 'Game'} — ${MARKET_WORDING[t.kind]}`;
  // A provider game's movement: its memo is "Live Casino › {game} round {id}" (modules/providers).
  const provider = PROVIDER_WORDING[t.kind];
  if (provider) return `${t.memo?.trim() || 'Live Casino'} — ${provider}`;
  const what =
    t.kind === 'deposit' ? 'Deposit' : t.kind === 'withdrawal' ? 'Withdrawal' : capitalised(words(t.kind));
  const memo = t.memo?.trim();
  return memo ? `${what} — ${memo}` : what;
}

/** Credit and debit (paise, both ≥ 0) from the user's side of a signed movement. */
export const creditDebit = (deltaPaise: number) => ({
  creditPaise: deltaPaise > 0 ? deltaPaise : 0,
  debitPaise: deltaPaise < 0 ? -deltaPaise : 0,
});

/** Paise → rupees for the wire (2 decimals). */
export const rupees = (paise: number) => Math.round(paise) / 100;

/** A P&L group's sums (paise): commission ≥ 0 when paid, net = profit_loss − commission. */
export type ProfitLossSums = { plPaise: number; commissionPaise: number; netPaise: number };

export function totalOf(rows: ProfitLossSums[]): ProfitLossSums {
  return rows.reduce(
    (t, r) => ({
      plPaise: t.plPaise + r.plPaise,
      commissionPaise: t.commissionPaise + r.commissionPaise,
      netPaise: t.netPaise + r.netPaise,
    }),
    { plPaise: 0, commissionPaise: 0, netPaise: 0 },
  );
}
