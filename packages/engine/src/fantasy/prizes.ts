// A contest's money (docs/fantasy.md "Prizes"): the entry fees less the rake are the prize pool;
// the pool is split by place in basis points; tied teams share the prizes of the places they
// occupy. Everything is integer paise and every paisa of the fees is accounted for:
// Σ prizes + rake = Σ entry fees, exactly.

export const BP_WHOLE = 10_000;
/** Entry fees of one contest stay below this (₹1 crore): every product below stays a safe integer. */
export const CONTEST_FEES_MAX_PAISE = 1_000_000_000;

export interface PrizeTable {
  /** The house's cut of the fees, basis points (1,500 = 15 %), rounded down to the paisa. */
  readonly rake_bp: number;
  /** shares_bp[k]: place k + 1's share of the pool; they add up to 10,000. */
  readonly shares_bp: readonly number[];
}

/** Why the table cannot be used for a contest of `min_entries`…`size` entries, or null. */
export function prizeTableRefusal(t: PrizeTable, min_entries: number, size: number): string | null {
  if (!Number.isSafeInteger(t.rake_bp) || t.rake_bp < 0 || t.rake_bp >= BP_WHOLE)
    return 'rake_bp must be 0–9,999';
  if (t.shares_bp.length === 0) return 'A prize table pays at least one place';
  if (t.shares_bp.some((s) => !Number.isSafeInteger(s) || s <= 0))
    return 'Every share must be a positive whole number';
  if (t.shares_bp.reduce((a, b) => a + b, 0) !== BP_WHOLE) return 'The shares must add up to 10,000';
  if (!(
    Number.isSafeInteger(min_entries) &&
    Number.isSafeInteger(size) &&
    min_entries >= 2 &&
    min_entries <= size
  ))
    return 'A contest needs 2 ≤ minimum ≤ size';
  if (t.shares_bp.length > min_entries) return 'The minimum must be at least the number of places paid';
  return null;
}

export interface PoolSplit {
  readonly fees_paise: number;
  readonly rake_paise: number;
  readonly pool_paise: number;
  /** The prize of each paid place; the remainder of rounding down goes to first place. */
  readonly place_prizes_paise: readonly number[];
}

export function splitPool(t: PrizeTable, entry_fee_paise: number, entries: number): PoolSplit {
  if (!Number.isSafeInteger(entry_fee_paise) || entry_fee_paise < 0) throw new RangeError('entry fee');
  if (!Number.isSafeInteger(entries) || entries < 0) throw new RangeError('entries');
  const fees_paise = entry_fee_paise * entries;
  if (fees_paise >= CONTEST_FEES_MAX_PAISE) throw new RangeError('fees over the contest limit');
  const rake_paise = Math.floor((fees_paise * t.rake_bp) / BP_WHOLE);
  const pool_paise = fees_paise - rake_paise;
  const place_prizes_paise = t.shares_bp.map((s) => Math.floor((pool_paise * s) / BP_WHOLE));
  const rest = pool_paise - place_prizes_paise.reduce((a, b) => a + b, 0);
  place_prizes_paise[0]! += rest;
  return { fees_paise, rake_paise, pool_paise, place_prizes_paise };
}

export interface RankedEntry {
  readonly entry_id: number;
  readonly points_halves: number;
  /** Order of joining (the entry id will do): breaks the remainder of a split, earliest first. */
  readonly joined_seq: number;
}

export interface EntryResult {
  readonly entry_id: number;
  /** 1-based; tied entries share the best place of their group. */
  readonly rank: number;
  readonly prize_paise: number;
}

/**
 * Ranks entries by points (higher first) and pays the place prizes. A group of k tied entries on
 * places p … p+k−1 shares the sum of those places' prizes: each gets floor(sum / k), and the
 * remaining paise (fewer than k) go one each to the group's earliest joiners. Σ prize = pool when
 * there are at least as many entries as paid places.
 */
export function payout(
  entries: readonly RankedEntry[],
  place_prizes_paise: readonly number[],
): EntryResult[] {
  const sorted = [...entries].sort(
    (a, b) => b.points_halves - a.points_halves || a.joined_seq - b.joined_seq,
  );
  const out: EntryResult[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.points_halves === sorted[i]!.points_halves) j += 1;
    const group = sorted.slice(i, j); // already in joining order within the group
    let sum = 0;
    for (let place = i; place < j; place += 1) sum += place_prizes_paise[place] ?? 0;
    const each = Math.floor(sum / group.length);
    const rest = sum - each * group.length;
    group.forEach((e, k) =>
      out.push({ entry_id: e.entry_id, rank: i + 1, prize_paise: each + (k < rest ? 1 : 0) }),
    );
    i = j;
  }
  return out;
}
