// An exchange market's last traded price over time (issue 45: the market's price chart), read
// from its fills, which the exchange keeps for settlement anyway: for each runner, the last price
// and the stake matched in each step with trades. A step is a minute, or as many minutes as keep a
// runner's steps within PRICE_HISTORY_STEPS_MAX however long the market traded. Nothing here writes.
import { PRICE_HISTORY_STEPS_MAX, type MarketKind, type PriceHistory } from '@backlay/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { markets, runners } from '../markets/schema.ts';
import { fills } from './schema.ts';

const MINUTE_S = 60;

/** The step (seconds) that keeps `span_s` of trading within PRICE_HISTORY_STEPS_MAX steps. */
export function stepFor(span_s: number): number {
  // Slots 0 … floor(span_s / step) must number at most PRICE_HISTORY_STEPS_MAX.
  const minutes = Math.max(1, Math.ceil((Math.floor(span_s) + 1) / MINUTE_S / PRICE_HISTORY_STEPS_MAX));
  return minutes * MINUTE_S;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The market's history, or null when it is no market of an exchange kind. */
export async function priceHistoryOf(
  db: Executor,
  exchangeKinds: readonly MarketKind[],
  marketId: number,
): Promise<PriceHistory | null> {
  const [market] = await db
    .select({ marketId: markets.marketId })
    .from(markets)
    .where(and(eq(markets.marketId, marketId), inArray(markets.marketKind, [...exchangeKinds])));
  if (!market) return null;
  const [names, span] = await Promise.all([
    db
      .select({ selectionId: runners.selectionId, name: runners.name })
      .from(runners)
      .where(eq(runners.marketId, marketId))
      .orderBy(asc(runners.sortOrder), asc(runners.selectionId)),
    db.execute(sql`select min(created_at) as first, extract(epoch from (max(created_at) - min(created_at)))::float8 as span_s
      from ${fills} where market_id = ${marketId}`),
  ]);
  const s = rows<{ first: string | Date | null; span_s: number | null }>(span)[0];
  // Steps counted from the first fill's minute, so every step starts on a whole minute.
  const first = s?.first ? new Date(s.first) : null;
  const origin = first ? new Date(Math.floor(first.getTime() / 60_000) * 60_000) : null;
  const lead_s = first && origin ? (first.getTime() - origin.getTime()) / 1000 : 0;
  const step_s = stepFor(Number(s?.span_s ?? 0) + lead_s);
  const byRunner = new Map<number, PriceHistory['runners'][number]['points']>();
  if (origin) {
    const steps = await db.execute(sql`select selection_id,
        floor(extract(epoch from (created_at - ${origin.toISOString()}::timestamptz)) / ${step_s})::int as slot,
        (array_agg(price order by fill_id desc))[1] as price,
        sum(size_paise)::text as paise
      from ${fills} where market_id = ${marketId}
      group by 1, 2 order by 1, 2`);
    for (const r of rows<{ selection_id: number; slot: number; price: number; paise: string }>(steps)) {
      const points = byRunner.get(Number(r.selection_id)) ?? [];
      points.push({
        at: new Date(origin.getTime() + Number(r.slot) * step_s * 1000).toISOString(),
        price: Number(r.price) / 100,
        volume: Number(r.paise) / 100,
      });
      byRunner.set(Number(r.selection_id), points);
    }
  }
  return {
    market_id: marketId,
    step_s,
    runners: names.map((n) => ({
      selection_id: n.selectionId,
      name: n.name,
      points: byRunner.get(n.selectionId) ?? [],
    })),
  };
}
