// The contests every upcoming cricket match gets (docs/fantasy.md "Contests"), and the wire shape
// of a contest row. Pure but for the types.
import { prizeTableRefusal, splitPool, type PrizeTable } from '@backlay/engine';
import type { FantasyContest } from '@backlay/contract';
import type { fantasyContests } from './schema.ts';

export type ContestTemplate = {
  name: string;
  entry_fee_paise: number;
  size: number;
  min_entries: number;
  table: PrizeTable;
};

/** Made for each upcoming match with elevens; each table is checked at load (prizeTableRefusal). */
export const DEFAULT_CONTESTS: readonly ContestTemplate[] = [
  {
    name: 'Head to Head',
    entry_fee_paise: 5_000,
    size: 2,
    min_entries: 2,
    table: { rake_bp: 1_000, shares_bp: [10_000] },
  },
  {
    name: 'Small League',
    entry_fee_paise: 10_000,
    size: 10,
    min_entries: 3,
    table: { rake_bp: 1_500, shares_bp: [5_000, 3_000, 2_000] },
  },
  {
    name: 'Mega Contest',
    entry_fee_paise: 2_500,
    size: 100,
    min_entries: 5,
    table: { rake_bp: 1_500, shares_bp: [4_000, 2_500, 1_500, 1_200, 800] },
  },
];
for (const t of DEFAULT_CONTESTS) {
  const why = prizeTableRefusal(t.table, t.min_entries, t.size);
  if (why) throw new Error(`fantasy contest ${t.name}: ${why}`);
}

/** Contests are made for matches starting within this many ms. */
export const CONTEST_HORIZON_MS = 7 * 24 * 3_600_000;

export const rupees = (paise: number) => Math.round(paise) / 100;

type ContestRow = typeof fantasyContests.$inferSelect;

export function contestWire(
  c: ContestRow,
  match_name: string,
  entries: number,
  my_team_ids: number[],
): FantasyContest {
  const table: PrizeTable = { rake_bp: c.rakeBp, shares_bp: c.sharesBp };
  return {
    contest_id: c.contestId,
    match_id: c.matchId,
    match_name,
    starts_at: c.startsAt.toISOString(),
    name: c.name,
    entry_fee: rupees(c.entryFeePaise),
    size: c.size,
    min_entries: c.minEntries,
    entries,
    rake_percent: c.rakeBp / 100,
    prizes_if_full: splitPool(table, c.entryFeePaise, c.size).place_prizes_paise.map(rupees),
    prize_pool: rupees(splitPool(table, c.entryFeePaise, entries).pool_paise),
    state: c.state,
    my_team_ids,
    refund_reason: c.refundReason,
  };
}
