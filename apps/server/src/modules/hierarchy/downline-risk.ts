// My Market for a console account's subtree (issue 41, docs/hierarchy.md "What each level sees"):
// for each unsettled market where its bettors hold exposure, each outcome's result of their bets at
// 100 % and at the caller's share. The positions are each kind's own (MarketKindModule
// outcomePositions: what settlement pays, as the console's market risk reads them), cut to the
// subtree's bettors; the share is split per bettor along its chain with settlement's own
// arithmetic (engine splitResultShares, commission included), so the figure at an outcome is what
// settling it would move to the caller, to the paisa. Never names a kind. Nothing here writes.
import {
  DOWNLINE_RISK_MARKETS_MAX,
  type AdminDownlineRisk,
  type AdminDownlineRiskMarket,
} from '@backlay/contract';
import { commissionPaise, splitResultShares, type UplineShare } from '@backlay/engine';
import { sql, type SQL } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { exposureHolds } from '../wallet/schema.ts';
import type { Executor } from '../../db/store.ts';
import type { KindRegistry, MarketRow } from '../markets/registry.ts';
import { storedChains } from '../shares/settle.ts';
import { firstStakeAt } from '../wallet/holds.ts';
import { uplineChainsAt } from '../shares/history.ts';
import { inSubtree, subtreeCondition } from '../account/tree.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const rupees = (paise: number) => Math.round(paise) / 100;

type Caller = { userId: number; role: string };

/** The caller's part of the book's gain on one bettor's result (paise): its split, or the house's rest. */
export function callerPart(gainPaise: number, chain: readonly UplineShare[], caller: Caller): number {
  const split = splitResultShares(gainPaise, chain);
  if (caller.role === 'operator') return gainPaise - split.reduce((t, s) => t + s.amountPaise, 0);
  return split.find((s) => s.uplineId === caller.userId)?.amountPaise ?? 0;
}

/**
 * Whose chain splits a market, as settlement will read it (shares/settle.ts pinnedChains): the
 * one pinned at its first settlement, else the chain as it was at the bettor's first stake on it
 * (a share changed since applies to later bets only). Read only: nothing is pinned here.
 */
async function chainsOn(db: Executor, marketId: number, bettors: readonly number[]) {
  const pinned = await storedChains(db, marketId, bettors);
  const missing = bettors.filter((b) => !pinned.has(b));
  const firstAt = await firstStakeAt(db, marketId, missing);
  const then = await uplineChainsAt(
    db,
    missing.map((userId) => ({ userId, at: firstAt.get(userId) ?? new Date() })),
  );
  return new Map([...then, ...pinned]);
}

/** One market's outcomes for the subtree's bettors (`mine`: the users of the subtree among its bettors). */
async function marketOutcomes(
  db: Executor,
  kinds: KindRegistry,
  market: MarketRow,
  caller: Caller,
): Promise<Pick<AdminDownlineRiskMarket, 'outcomes' | 'bettors' | 'bets'>> {
  const positions = await kinds.of(market.marketKind).outcomePositions(db, market.marketId);
  const all = [...positions.users.keys()];
  const mine = caller.role === 'operator' ? new Set(all) : await inSubtree(db, caller.userId, all);
  const bettors = all.filter((u) => mine.has(u)).sort((a, b) => a - b);
  const chains = await chainsOn(db, market.marketId, bettors);
  const outcomes = positions.outcomes.map((o, i) => {
    let bettorsPl = 0;
    let total = 0;
    let share = 0;
    for (const u of bettors) {
      const pnl = positions.users.get(u)!.pnl[i] ?? 0;
      // The book's gain on the bettor if this happens: settlement's moves negated, commission included.
      const gain = -pnl + commissionPaise(pnl, market.commissionBps);
      bettorsPl += pnl;
      total += gain;
      share += callerPart(gain, chains.get(u) ?? [], caller);
    }
    return { ...o, bettors_pl: rupees(bettorsPl), total: rupees(total), my_share: rupees(share) };
  });
  return {
    outcomes,
    bettors: bettors.length,
    bets: bettors.reduce((t, u) => t + positions.users.get(u)!.bets, 0),
  };
}

/**
 * The subtree's risk: its markets with exposure held (the largest first, at most
 * DOWNLINE_RISK_MARKETS_MAX), or `marketId` alone whatever it holds.
 */
export async function downlineRisk(
  db: Executor,
  kinds: KindRegistry,
  caller: Caller,
  marketId?: number,
): Promise<AdminDownlineRisk> {
  const users: SQL = caller.role === 'operator' ? sql`true` : subtreeCondition(sql`e.user_id`, caller.userId);
  const held = rowsOf<{ market_id: number; exposure: string; n: number }>(
    await db.execute(sql`
      select e.market_id, sum(e.exposure_paise)::text as exposure, count(*) over ()::int as n
        from ${exposureHolds} e
        where e.exposure_paise > 0 and ${users}
          ${marketId === undefined ? sql`` : sql`and e.market_id = ${marketId}`}
        group by e.market_id
        order by sum(e.exposure_paise) desc, e.market_id
        limit ${DOWNLINE_RISK_MARKETS_MAX}`),
  );
  const ids = marketId === undefined ? held.map((h) => Number(h.market_id)) : [marketId];
  if (ids.length === 0) return { markets: [], total_markets: 0 };
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{ market_id: number; match_name: string }>(
    await db.execute(sql`select m.market_id, mt.match_name from ${markets} m
      join ${matches} mt on mt.match_id = m.match_id where m.market_id in (${idList})`),
  );
  const matchNames = new Map(rows.map((r) => [Number(r.market_id), r.match_name]));
  const out: AdminDownlineRiskMarket[] = [];
  for (const id of ids) {
    const [market] = await db
      .select()
      .from(markets)
      .where(sql`${markets.marketId} = ${id}`);
    if (!market) continue;
    const exposure = Number(held.find((h) => Number(h.market_id) === id)?.exposure ?? 0);
    out.push({
      market_id: id,
      market_name: market.marketName,
      match_name: matchNames.get(id) ?? '',
      kind: market.marketKind,
      exposure: rupees(exposure),
      ...(await marketOutcomes(db, kinds, market, caller)),
    });
  }
  return { markets: out, total_markets: marketId === undefined ? Number(held[0]?.n ?? 0) : out.length };
}
