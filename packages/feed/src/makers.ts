// What the market makers and simulated bettors of the self-scheduling feeds (the demo feed, the
// racing feed) share: whether a book already shows a quote, a visit's quote (the held maker amends
// only the levels that changed; the whole ladder by the other maker when nothing is held or what
// is held cannot be trusted), and one bettor taking a price.
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

/** A maker's order resting at one level of the ladder, as its placement answered. */
export interface HeldLevel {
  readonly bet_id: number;
  /** What was left resting when it was placed. */
  readonly size_paise: number;
}

/**
 * What the feed knows one maker holds on a market, from the answers of its own placements (per
 * process: empty after a restart). A market keeps its maker while this is known.
 */
export interface HeldQuote {
  readonly maker: string;
  /** Per level (`levelKey`): the maker's bet resting there. */
  readonly levels: ReadonlyMap<string, HeldLevel>;
  /** Traded volume per selection in the image read at the last visit. */
  readonly traded: ReadonlyMap<number, number>;
}

/** A level of a ladder: the runner, the side the maker takes, the price. */
export const levelKey = (o: { selection_id: number; side: 'BACK' | 'LAY'; price: number }): string =>
  `${o.selection_id}:${o.side}:${o.price}`;

/** How a visit changes a maker's ladder. */
export type QuoteDiff =
  /** Place `place` (the levels that are new or replaced), then cancel `cancel` (the maker's bets that left the ladder or are replaced). */
  | { readonly kind: 'amend'; readonly place: readonly FeedOrder[]; readonly cancel: readonly number[] }
  /** The whole ladder again, by the other maker: what is held cannot be trusted (`reason`). */
  | { readonly kind: 'full'; readonly reason: string };

/**
 * The amend of a held ladder to `target` (the orders a full quote would place): a level of the
 * target the maker does not hold is placed; a held level kept keeps its order and size, unless
 * the image shows it taken below `min_level_size_paise` (the runner traded since the last visit),
 * then it is placed again and the old bet cancelled; a held level no longer in the target is
 * cancelled. A held level the image shows below the minimum with no trade on its runner since
 * the last visit (cancelled by someone else, lapsed: the image disagrees with what is held), a
 * runner missing from the image, or two target orders at one level: a full quote. A level the
 * image may not show (its side shows `levels` better prices) is taken as held. Pure; the amend
 * places at most the target's orders and cancels at most the held ones.
 */
export function diffQuote(
  target: readonly FeedOrder[],
  held: HeldQuote,
  img: FeedImage,
  o: { levels: number; min_level_size_paise: number },
): QuoteDiff {
  const runners = new Map(img.runners.map((r) => [r.selection_id, r]));
  const wanted = new Set<string>();
  const place: FeedOrder[] = [];
  const cancel: number[] = [];
  for (const t of target) {
    const key = levelKey(t);
    if (wanted.has(key)) return { kind: 'full', reason: 'two orders of the ladder at one level' };
    wanted.add(key);
    const h = held.levels.get(key);
    if (!h) {
      place.push(t);
      continue;
    }
    const r = runners.get(t.selection_id);
    if (!r) return { kind: 'full', reason: 'a quoted runner is missing from the image' };
    // A maker's lay rests in the back column (best = highest first), its back in the lay column.
    const column = t.side === 'LAY' ? r.back : r.lay;
    const last = column[column.length - 1];
    const visible =
      column.length < o.levels ||
      (last !== undefined && (t.side === 'LAY' ? t.price >= last.price : t.price <= last.price));
    if (!visible) continue;
    const shown = column.find((l) => l.price === t.price)?.size_paise ?? 0;
    if (shown >= o.min_level_size_paise) continue;
    const before = held.traded.get(t.selection_id);
    if (before === undefined || r.traded_paise <= before) {
      return { kind: 'full', reason: 'a held level is gone from the image with no trade on its runner' };
    }
    place.push(t);
    cancel.push(h.bet_id);
  }
  for (const [key, h] of held.levels) if (!wanted.has(key)) cancel.push(h.bet_id);
  return { kind: 'amend', place, cancel };
}

/** What one visit of a market did to its quote. */
export interface QuoteVisit {
  /** 'full': the whole ladder placed; 'amend': only what changed; 'none': nothing to change. */
  readonly kind: 'full' | 'amend' | 'none';
  readonly maker: string;
  /** Orders placed (accepted). */
  readonly placed: number;
  /** The maker's own bets an amend asked to cancel. */
  readonly cancelled: number;
  /**
   * What the maker holds now, or null when an answer could not be reconciled (an order refused,
   * the cancels not run, the call failed): the next visit is a full quote.
   */
  readonly held: HeldQuote | null;
}

/**
 * One visit's quote of a market: a full quote (the whole `target` by `next_maker`, every order of
 * the other makers and every older one of its own cancelled after it) when nothing is held,
 * `full_reason` says so (the runners or the gap changed, the market went in play) or the held
 * ladder cannot be amended (`diffQuote`); else the held maker's amend: only the levels that
 * changed placed, then the bets they replace cancelled (with any order of the other makers), in
 * one batch of the market (`FeedApi.placeQuote`): the ladder never goes empty. With `fresh`
 * (the centres start afresh: a runner withdrawn moved every price), a full quote's new ladder
 * could trade with the old one: the makers' orders are cancelled first, in a batch of their own.
 * Refusals are logged. Throws what the call throws (the caller then holds nothing).
 */
export async function quoteMarket(
  deps: { api: FeedApi; log: FeedLog; name: string; makers: readonly string[] },
  args: {
    market_id: number;
    held: HeldQuote | null;
    full_reason: string | null;
    next_maker: string;
    target: readonly FeedOrder[];
    img: FeedImage;
    levels: number;
    min_level_size_paise: number;
    fresh?: boolean;
  },
): Promise<QuoteVisit> {
  const { api, log, name, makers } = deps;
  const { market_id, held, target, img } = args;
  const traded = new Map(img.runners.map((r) => [r.selection_id, r.traded_paise]));
  const diff: QuoteDiff =
    held === null
      ? { kind: 'full', reason: 'no quote held' }
      : args.full_reason !== null
        ? { kind: 'full', reason: args.full_reason }
        : diffQuote(target, held, img, args);
  if (held !== null && diff.kind === 'amend' && diff.place.length === 0 && diff.cancel.length === 0) {
    return { kind: 'none', maker: held.maker, placed: 0, cancelled: 0, held: { ...held, traded } };
  }
  const amend = diff.kind === 'amend' && held !== null ? { held, ...diff } : null;
  const maker = amend ? amend.held.maker : args.next_maker;
  const orders = amend ? amend.place : target;
  const others = makers.filter((m) => m !== maker);
  if (!amend) {
    log.debug({ market_id, reason: diff.kind === 'full' ? diff.reason : '' }, `${name}: full quote`);
    if (args.fresh) {
      const cleared = await api.placeQuote(maker, market_id, [], { actors: others, own: 'resting' });
      if (!cleared.cancel.ok) {
        log.debug(
          { market_id, message: cleared.cancel.message },
          `${name}: the old ladder was not cancelled`,
        );
        return { kind: 'full', maker, placed: 0, cancelled: 0, held: null };
      }
    }
  }
  const result = await api.placeQuote(maker, market_id, orders, {
    actors: others,
    own: amend ? amend.cancel : 'resting',
  });
  const refused = result.placed.filter((r) => !r.ok);
  if (refused.length > 0) {
    const first = refused[0]!;
    log.debug(
      { market_id, refused: refused.length, message: first.ok ? '' : first.message },
      `${name}: quotes refused`,
    );
  }
  if (!result.cancel.ok) {
    log.debug({ market_id, message: result.cancel.message }, `${name}: a quote's cancels did not run`);
  }
  const levels = new Map<string, HeldLevel>();
  if (amend) {
    const gone = new Set(amend.cancel);
    for (const [key, h] of amend.held.levels) if (!gone.has(h.bet_id)) levels.set(key, h);
  }
  result.placed.forEach((r, i) => {
    if (!r.ok) return;
    const key = levelKey(orders[i]!);
    // Matched in full as it was placed: nothing rests there (the next visit places it again).
    if (r.size_remaining_paise > 0) levels.set(key, { bet_id: r.bet_id, size_paise: r.size_remaining_paise });
    else levels.delete(key);
  });
  const reconciled = refused.length === 0 && result.placed.length === orders.length && result.cancel.ok;
  return {
    kind: amend ? 'amend' : 'full',
    maker,
    placed: result.placed.length - refused.length,
    cancelled: amend ? amend.cancel.length : 0,
    held: reconciled ? { maker, levels, traded } : null,
  };
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
