// A market's risk for the console: every way the market can end, what the bettors win or lose
// in all and what the house makes (the bettors' losses less their wins, plus commission), and the
// largest exposures with each user's profit per outcome. Computed from the matched bets with the
// engine's own functions, as settlement would compute them; nothing here writes.
import {
  RISK_USERS_MAX,
  type AdminMarketRisk,
  type AdminMarketVoidPreview,
  type FancyVariant,
} from '@backlay/contract';
import {
  bookmakerPosition,
  marketPosition,
  settleFancyBetsPaise,
  type FancyBet,
  type PositionBet,
} from '@backlay/engine';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import {
  bets,
  bookmakerBets,
  exposureHolds,
  fancies,
  fancyBets,
  fills,
  markets,
  runners,
  users,
} from '../../db/schema.ts';

const rupees = (paise: number) => Math.round(paise) / 100;

/** At most this many fancy results are listed (lowest line − 2 … highest line + 2, clamped). */
const FANCY_OUTCOMES_MAX = 80;

type Outcome = { key: string; label: string };

export async function marketRisk(db: Executor, marketId: number): Promise<AdminMarketRisk | null> {
  const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
  if (!market) return null;
  const rs = await db
    .select({ selectionId: runners.selectionId, name: runners.name, status: runners.status })
    .from(runners)
    .where(eq(runners.marketId, marketId))
    .orderBy(asc(runners.sortOrder));

  /** user → profit (paise) per outcome, in outcome order. */
  const perUser = new Map<number, number[]>();
  const betCount = new Map<number, number>();
  let outcomes: Outcome[] = [];

  if (market.marketKind === 'MATCH_ODDS') {
    outcomes = rs.map((r) => ({ key: String(r.selectionId), label: r.name }));
    const ids = rs.map((r) => String(r.selectionId));
    const fillRows = await db
      .select({
        selectionId: fills.selectionId,
        price: fills.price,
        size: fills.sizePaise,
        backUserId: fills.backUserId,
        layUserId: fills.layUserId,
      })
      .from(fills)
      .where(eq(fills.marketId, marketId));
    const matched = new Map<number, PositionBet[]>();
    const add = (u: number, b: PositionBet) => {
      const list = matched.get(u) ?? [];
      list.push(b);
      matched.set(u, list);
    };
    for (const f of fillRows) {
      const base = { selection_id: String(f.selectionId), price: f.price, stake_paise: f.size };
      add(f.backUserId, { ...base, side: 'BACK' });
      add(f.layUserId, { ...base, side: 'LAY' });
    }
    for (const [u, list] of matched) {
      perUser.set(
        u,
        marketPosition(ids, { matched: list }).runners.map((r) => r.pnl_paise),
      );
    }
    const counts = await db
      .select({ userId: bets.userId, n: sql<number>`count(*)::int` })
      .from(bets)
      .where(eq(bets.marketId, marketId))
      .groupBy(bets.userId);
    for (const c of counts) betCount.set(c.userId, Number(c.n));
  } else if (market.marketKind === 'BOOKMAKER') {
    outcomes = rs.map((r) => ({ key: String(r.selectionId), label: r.name }));
    const ids = rs.map((r) => String(r.selectionId));
    const rows = await db
      .select()
      .from(bookmakerBets)
      .where(eq(bookmakerBets.marketId, marketId))
      .orderBy(asc(bookmakerBets.betId));
    const byUser = new Map<number, typeof rows>();
    for (const b of rows) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b]);
    for (const [u, list] of byUser) {
      const pos = bookmakerPosition(
        ids,
        list.map((b) => ({
          selection_id: String(b.selectionId),
          is_back: b.isBack,
          rate: b.rate,
          stake_paise: b.stakePaise,
        })),
      );
      perUser.set(
        u,
        ids.map((id) => pos.profit_paise[id] ?? 0),
      );
      betCount.set(u, list.length);
    }
  } else {
    const [f] = await db.select().from(fancies).where(eq(fancies.marketId, marketId));
    const rows = await db
      .select()
      .from(fancyBets)
      .where(eq(fancyBets.marketId, marketId))
      .orderBy(asc(fancyBets.betId));
    const variant = (f?.variant ?? 'RUNS') as FancyVariant;
    const toBet = (b: (typeof rows)[number]): FancyBet => ({
      is_yes: b.isYes,
      line: b.line,
      ...(b.lineTo === null ? {} : { line_to: b.lineTo }),
      rate: b.rate,
      stake_paise: b.stakePaise,
    });
    const top = variant === 'FANCY1' ? 1 : (f?.resultMax ?? 999);
    let results: number[];
    if (variant === 'ODD_EVEN' || variant === 'FANCY1') results = [0, 1];
    else {
      const lines = rows.flatMap((b) => (b.lineTo === null ? [b.line] : [b.line, b.lineTo]));
      const quoted = [f?.noLine, f?.yesLine].filter((x): x is number => typeof x === 'number');
      const all = lines.length > 0 ? lines : quoted;
      const lo = all.length > 0 ? Math.max(0, Math.min(...all) - 2) : 0;
      const hi = all.length > 0 ? Math.min(top, Math.max(...all) + 2) : -1;
      results = [];
      for (let r = lo; r <= hi && results.length < FANCY_OUTCOMES_MAX; r++) results.push(r);
    }
    const label = (r: number) =>
      variant === 'ODD_EVEN'
        ? r === 1
          ? 'Odd'
          : 'Even'
        : variant === 'FANCY1'
          ? r === 1
            ? 'Yes'
            : 'No'
          : String(r);
    outcomes = results.map((r) => ({ key: String(r), label: label(r) }));
    const byUser = new Map<number, FancyBet[]>();
    for (const b of rows) {
      byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), toBet(b)]);
      betCount.set(b.userId, (betCount.get(b.userId) ?? 0) + 1);
    }
    for (const [u, list] of byUser) {
      perUser.set(
        u,
        // One rounding of the user's exact total per result, as settlement does.
        results.map((r) =>
          settleFancyBetsPaise(variant, list, { kind: 'RESULT', value: r }).reduce((s, x) => s + x, 0),
        ),
      );
    }
  }

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
 * settlement clamps it; bets void already (by id, or settled void) are not counted again. On the
 * exchange a bet counts for its matched stake (its unmatched rest is not a position).
 */
export async function voidWindowPreview(
  db: Executor,
  marketId: number,
  from: Date,
  to: Date,
  now: Date,
): Promise<AdminMarketVoidPreview | null> {
  const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
  if (!market) return null;
  const end = new Date(Math.min(to.getTime(), now.getTime()));
  let rows: { userId: number; paise: number }[];
  if (market.marketKind === 'MATCH_ODDS') {
    rows = await db
      .select({ userId: bets.userId, paise: bets.matchedPaise })
      .from(bets)
      .where(
        and(
          eq(bets.marketId, marketId),
          gte(bets.placedAt, from),
          lte(bets.placedAt, end),
          gt(bets.matchedPaise, 0),
          sql`not exists (select 1 from market_voids v where v.market_id = ${marketId}
            and v.kind = 'BET' and v.bet_id = ${bets.betId})`,
        ),
      );
  } else {
    const t = market.marketKind === 'BOOKMAKER' ? bookmakerBets : fancyBets;
    rows = await db
      .select({ userId: t.userId, paise: t.stakePaise })
      .from(t)
      .where(
        and(
          eq(t.marketId, marketId),
          gte(t.placedAt, from),
          lte(t.placedAt, end),
          or(isNull(t.settledStatus), ne(t.settledStatus, 'VOIDED')),
        ),
      );
  }
  return {
    market_id: marketId,
    from: from.toISOString(),
    to: end.toISOString(),
    bets: rows.length,
    users: new Set(rows.map((r) => r.userId)).size,
    stake: rupees(rows.reduce((s, r) => s + r.paise, 0)),
  };
}
