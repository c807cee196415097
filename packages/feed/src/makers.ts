// What the market makers and simulated bettors of the self-scheduling feeds (the demo feed, the
// racing feed) share: whether a book already shows a quote, placing a quote (the other makers'
// orders go once the new ones are up), and one bettor taking a price.
import { randInt, type Random } from './pricing.ts';
import type { FeedApi, FeedImage, FeedLog, FeedOrder } from './types.ts';

/** The options a feed's market makers and simulated bettors share (each feed's own come on top). */
export interface MakerOptions {
  /** Time between ticks when started (the tick itself is bounded). */
  tick_ms: number;
  /** Markets re-quoted per tick at most. */
  max_markets_per_tick: number;
  /** Markets with feed work in flight at once at most. */
  max_busy_markets: number;
  /** Levels quoted each side of each runner. */
  levels: number;
  /** Size of a quoted level before the per-level liability cap, paise: [min, max]. */
  level_size_paise: readonly [number, number];
  /** A market maker's lay at price P is at most this liability (size × (P − 1)), paise. */
  max_level_liability_paise: number;
  /** A level smaller than this counts as missing (the market is re-quoted). */
  min_level_size_paise: number;
  /** Standard deviation of the prices' log step per visit. */
  drift_sigma: number;
  /** The chances quoted stay within [min, max]. */
  min_probability: number;
  max_probability: number;
  /** Per tick: the chance that one simulated bettor takes a price. */
  bet_probability: number;
  /** A simulated bettor's stake, paise: [min, max] (never more than the level it takes). */
  bettor_stake_paise: readonly [number, number];
  /** The market makers (at least two: they alternate) and the simulated bettors. */
  makers: readonly string[];
  bettors: readonly string[];
}

/** A stake rounded to whole `step_paise` (₹10 by default), never below one step. */
export function roundRupees(paise: number, step_paise = 1_000): number {
  return Math.max(step_paise, Math.round(paise / step_paise) * step_paise);
}

/** Whether every quoted runner has `levels` levels each side, each at least `min_level_size_paise`. */
export function bookIsDeep(
  img: FeedImage,
  selections: readonly number[],
  levels: number,
  min_level_size_paise: number,
): boolean {
  return selections.every((sel) => {
    const r = img.runners.find((x) => x.selection_id === sel);
    if (!r) return false;
    const deep = (ls: readonly { size_paise: number }[]) =>
      ls.length >= levels && ls.slice(0, levels).every((l) => l.size_paise >= min_level_size_paise);
    return deep(r.back) && deep(r.lay);
  });
}

/**
 * Places a maker's quote and cancels the other makers' orders on the market after it, in one batch
 * of the market (the ladder never goes empty between the two). Refusals are logged; returns how
 * many orders were placed.
 */
export async function placeQuote(
  deps: { api: FeedApi; log: FeedLog; name: string; makers: readonly string[] },
  maker: string,
  market_id: number,
  orders: readonly FeedOrder[],
): Promise<number> {
  const { api, log, name, makers } = deps;
  const results = await api.placeQuote(
    maker,
    market_id,
    orders,
    makers.filter((m) => m !== maker),
  );
  const refused = results.filter((r) => !r.ok);
  if (refused.length > 0) {
    const first = refused[0]!;
    log.debug(
      { market_id, refused: refused.length, message: first.ok ? '' : first.message },
      `${name}: quotes refused`,
    );
  }
  return results.length - refused.length;
}

/**
 * One simulated bettor takes the best price of a random side of a random active runner of an open
 * book, a random stake (at most the level, within [min, max]) or nothing: whatever did not match
 * (the price moved) is cancelled. `taken` is called when the bet was accepted.
 */
export async function takePrice(
  deps: {
    api: FeedApi;
    log: FeedLog;
    name: string;
    random: Random;
    bettors: readonly string[];
    bettor_stake_paise: readonly [number, number];
  },
  img: FeedImage,
  stake_paise: { min: number; max: number },
  taken: () => void,
): Promise<void> {
  const { api, log, name, random, bettors, bettor_stake_paise } = deps;
  const market_id = img.market_id;
  const runners = img.runners.filter((r) => r.status === 'ACTIVE');
  if (runners.length === 0) return;
  const runner = runners[randInt(random, 0, runners.length - 1)]!;
  const side = random() < 0.5 ? 'BACK' : 'LAY';
  // Backing takes the best of the back column (resting lays), laying the best of the lay column.
  const level = side === 'BACK' ? runner.back[0] : runner.lay[0];
  if (!level) return;
  const stake = Math.min(
    level.size_paise,
    roundRupees(randInt(random, bettor_stake_paise[0], bettor_stake_paise[1])),
    stake_paise.max,
  );
  if (stake < stake_paise.min) return;
  const bettor = bettors[randInt(random, 0, bettors.length - 1)]!;
  const result = await api.placeBet(bettor, {
    market_id,
    selection_id: runner.selection_id,
    side,
    price: level.price,
    size_paise: stake,
  });
  if (!result.ok) {
    log.debug({ market_id, message: result.message }, `${name}: bettor refused`);
    return;
  }
  taken();
  if (result.size_remaining_paise > 0) await api.cancelAll(bettor, market_id);
}
