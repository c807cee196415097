// A market's risk for the console: every way the market can end, what the bettors win or lose
// in all and what the house makes (the bettors' losses less their wins, plus commission), and the
// largest exposures with each user's profit per outcome. Read from the kind's own positions
// (MarketKindModule.outcomePositions): the ones settlement pays. Nothing here writes.
import { RISK_USERS_MAX, type AdminMarketRisk, type AdminMarketVoidPreview } from '@backlay/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import type { KindRegistry } from '../markets/registry.ts';
import { users } from '../account/schema.ts';
import { markets } from '../markets/schema.ts';
import { exposureHolds } from '../wallet/schema.ts';

const rupees = (paise: number) => Math.round(paise) / 100;

export async function marketRisk(
  db: Executor,
  kinds: KindRegistry,
  marketId: number,
): Promise<AdminMarketRisk | null> {
  const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
  if (!market) return null;
  // The kind's own positions: the ones settlement pays and the holds are taken on (voided bets and
  // removed runners left out), so "house if X wins" is what settling X moves.
  const positions = await kinds.of(market.marketKind).outcomePositions(db, marketId);
  const outcomes = positions.outcomes;
  const perUser = new Map([...positions.users].map(([u, p]) => [u, p.pnl]));
  const betCount = new Map([...positions.users].map(([u, p]) => [u, p.bets]));

  // Commission on each user's net win (the exchange's; 0 bp on house-quoted markets), rounded down.
  const commission = (net: number) => (net > 0 ? Math.floor((net * market.commissionBps) / 10_000) : 0);
  const bettorsAt = outcomes.map((_, i) => [...perUser.values()].reduce((s, p) => s + (p[i] ?? 0), 0));
  const commissionAt = outcomes.map((_, i) =>
    [...perUser.values()].reduce((s, p) => s + commission(p[i] ?? 0), 0),
  );

  const held = await db
    .select({ userId: exposureHolds.userId, paise: exposureHolds.exposurePaise, userName: users.userName })
    .from(exposureHolds)
    .innerJoin(users, eq(users.userId, exposureHolds.userId))
    .where(eq(exposureHolds.marketId, marketId))
    .orderBy(desc(exposureHolds.exposurePaise), asc(exposureHolds.userId));
  // Users with bets but no hold left (a settled market, a hedged book) are listed after the holders.
  const others = [...perUser.keys()].filter((u) => !held.some((h) => h.userId === u));
  const names =
    others.length === 0
      ? []
      : await db
          .select({ userId: users.userId, userName: users.userName })
          .from(users)
          .where(inArray(users.userId, others));
  const listed = [
    ...held.map((h) => ({ userId: h.userId, userName: h.userName, paise: h.paise })),
    ...names.map((n) => ({ userId: n.userId, userName: n.userName, paise: 0 })),
  ].slice(0, RISK_USERS_MAX);

  return {
    market_id: marketId,
    kind: market.marketKind,
    outcomes: outcomes.map((o, i) => ({
      ...o,
      bettors: rupees(bettorsAt[i]!),
      house: rupees(-bettorsAt[i]! + commissionAt[i]!),
    })),
    users: listed.map((u) => ({
      user_id: u.userId,
      user_name: u.userName,
      exposure: rupees(u.paise),
      bets: betCount.get(u.userId) ?? 0,
      positions: outcomes.map((_, i) => rupees(perUser.get(u.userId)?.[i] ?? 0)),
    })),
    totals: {
      exposure: rupees(held.reduce((s, h) => s + h.paise, 0)),
      users: new Set([...perUser.keys(), ...held.map((h) => h.userId)]).size,
      bets: [...betCount.values()].reduce((s, n) => s + n, 0),
    },
  };
}

/**
 * What voiding the bets placed in [from, to] would void now: "to" is clamped to now as
 * settlement clamps it; bets void already (by any void of the market, or settled void) are not
 * counted again. Each bet counts for the stake its kind says is a position (stakesPlacedIn).
 */
export async function voidWindowPreview(
  db: Executor,
  kinds: KindRegistry,
  marketId: number,
  from: Date,
  to: Date,
  now: Date,
): Promise<AdminMarketVoidPreview | null> {
  const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
  if (!market) return null;
  const end = new Date(Math.min(to.getTime(), now.getTime()));
  const rows = await kinds.of(market.marketKind).stakesPlacedIn(db, marketId, from, end);
  return {
    market_id: marketId,
    from: from.toISOString(),
    to: end.toISOString(),
    bets: rows.length,
    users: new Set(rows.map((r) => r.userId)).size,
    stake: rupees(rows.reduce((s, r) => s + r.paise, 0)),
  };
}
