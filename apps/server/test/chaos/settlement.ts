// The chaos run's last check: each market is settled (winners drawn from the seed) and every
// bettor must be paid exactly what the engine computes from the stored fills — each fill a back
// and a lay at its price, the market's commission on net winnings, one rounding per user — to the
// paisa, as the ledger moved it (the market's transfers to and from each bettor's account).
import { settleMarket, type SettleBet, type SettleMarketKind } from '@backlay/engine';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bets, fills } from '../../src/modules/exchange/schema.ts';
import { markets } from '../../src/modules/markets/schema.ts';
import { ledgerAccounts, transfers } from '../../src/modules/wallet/schema.ts';

/** Settles `marketId` with `winner` and answers the problems (none when every bettor was paid right). */
export async function settledAsComputed(
  app: FastifyInstance,
  marketId: number,
  winners: readonly number[],
  userIds: readonly number[],
  kind: SettleMarketKind = 'MATCH_ODDS',
): Promise<string[]> {
  const declared = await app.settlement.declareResult(null, marketId, { winners: [...winners] });
  if (!declared.ok) return [`settling market ${marketId}: ${declared.message}`];
  return paidAsComputed(app, marketId, winners, userIds, kind);
}

/** A settled market's payments against the engine's computation (the problems; none when right). */
export async function paidAsComputed(
  app: FastifyInstance,
  marketId: number,
  winners: readonly number[],
  userIds: readonly number[],
  kind: SettleMarketKind = 'MATCH_ODDS',
): Promise<string[]> {
  const [market] = await app.db.select().from(markets).where(eq(markets.marketId, marketId));
  const rows = await app.db.select().from(fills).where(eq(fills.marketId, marketId));
  const placed = new Map(
    (
      await app.db
        .select({ id: bets.betId, at: bets.placedAt, user: bets.userId })
        .from(bets)
        .where(eq(bets.marketId, marketId))
    ).map((b) => [b.id, b]),
  );
  const engineBets: SettleBet[] = rows.flatMap((f) =>
    (['BACK', 'LAY'] as const).map((side) => {
      const b = placed.get(side === 'BACK' ? f.backBetId : f.layBetId)!;
      return {
        bet_id: `${b.id}/${f.fillId}`,
        user_id: String(b.user),
        selection_id: String(f.selectionId),
        side,
        price: f.price,
        stake_paise: f.sizePaise,
        placed_at_ms: b.at.getTime(),
      };
    }),
  );
  const computed = settleMarket({
    market: { market_id: String(marketId), kind, commission_bp: market!.commissionBps },
    bets: engineBets,
    result: { winners: winners.map(String) },
  });
  const owed = new Map(computed.users.map((u) => [Number(u.user_id), u.balance_change_paise]));

  const accounts = await app.db
    .select({ id: ledgerAccounts.accountId, user: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'user_cash'), inArray(ledgerAccounts.userId, [...userIds])));
  const moves = await app.db.select().from(transfers).where(eq(transfers.marketId, marketId));
  const problems: string[] = [];
  for (const a of accounts) {
    const paid = moves.reduce(
      (sum, t) =>
        sum +
        (t.creditAccountId === a.id ? t.amountPaise : 0) -
        (t.debitAccountId === a.id ? t.amountPaise : 0),
      0,
    );
    const due = owed.get(a.user!) ?? 0;
    if (paid !== due)
      problems.push(
        `user ${a.user} was paid ${paid} paise on market ${marketId}; the engine computes ${due}`,
      );
  }
  return problems;
}
