// What bettors read of the tables: a round's head (also the WebSocket `casino` message), the last
// results, a finished round with its seed, a day's results. The server seed leaves the store only
// once the deal is over (RESULT, or a VOID round whose deal had begun).
import type {
  CasinoBet,
  CasinoLimits,
  CasinoResultChip,
  CasinoRoundHead,
  CasinoRoundResult,
  CasinoSeriesId,
} from '@backlay/contract';
import { roundGame } from '@backlay/engine';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { matches } from '../catalog/schema.ts';
import type { Executor } from '../../db/store.ts';
import { casinoBets, casinoRounds, casinoTables, type StoredResult } from './schema.ts';
import { LAST_RESULTS } from './timing.ts';

export type RoundRow = typeof casinoRounds.$inferSelect;
export type TableRow = typeof casinoTables.$inferSelect;
export type TableInfo = TableRow & { tableName: string; seriesId: CasinoSeriesId };
type BetRow = typeof casinoBets.$inferSelect;

const rupees = (paise: number) => Math.round(paise) / 100;
const odds = (hundredths: number) => hundredths / 100;
const FINISHED = ['RESULT', 'VOID'] as const;

/** The words a void round shows in the strip. */
export const VOID_SUMMARY = 'Void';

export function chipOf(r: Pick<RoundRow, 'roundId' | 'state' | 'result'>): CasinoResultChip | null {
  if (r.state === 'VOID') return { round_id: r.roundId, summary: VOID_SUMMARY, winners: [] };
  if (r.state !== 'RESULT' || !r.result) return null;
  return { round_id: r.roundId, summary: r.result.summary, winners: [...r.result.winners] };
}

/** The winning options of an engine result (every option whose outcome is a win). */
export function winnersOf(outcomes: StoredResult['outcomes']): string[] {
  return Object.entries(outcomes)
    .filter(([, o]) => o.kind === 'win')
    .map(([id]) => id);
}

/** Whether a round's seed may be shown: its deal is over (or it was voided after cards were shown). */
export const seedRevealed = (r: Pick<RoundRow, 'state' | 'dealtBeforeVoid'>) =>
  r.state === 'RESULT' || (r.state === 'VOID' && r.dealtBeforeVoid);

export function headOf(table: TableInfo, r: RoundRow, nowMs = Date.now()): CasinoRoundHead {
  const left = r.state === 'BETTING' ? Math.max(0, Math.ceil((r.closesAt.getTime() - nowMs) / 1000)) : 0;
  return {
    match_id: table.matchId,
    game_id: table.gameId,
    table_name: table.tableName,
    series_id: table.seriesId,
    round_id: r.roundId,
    state: r.state,
    opened_at: r.openedAt.toISOString(),
    closes_at: r.closesAt.toISOString(),
    seconds_left: left,
    server_time: Math.round(nowMs),
    server_seed_hash: r.serverSeedHash,
    options: r.options.map((o) => ({ option_id: o.id, label: o.label, payout: odds(o.payout) })),
    dealt: [...r.steps],
    result: chipOf(r),
  };
}

export function resultOf(table: TableInfo, r: RoundRow): CasinoRoundResult {
  return {
    match_id: table.matchId,
    game_id: table.gameId,
    table_name: table.tableName,
    round_id: r.roundId,
    state: r.state,
    opened_at: r.openedAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
    server_seed_hash: r.serverSeedHash,
    server_seed: seedRevealed(r) ? r.serverSeed : null,
    options: r.options.map((o) => ({ option_id: o.id, label: o.label, payout: odds(o.payout) })),
    dealt: [...r.steps],
    result: chipOf(r),
    void_reason: r.voidReason,
  };
}

/** Limits as the wire shows them: a table's (the next round's) or a round's (fixed at its open). */
export const limitsOf = (
  t: Pick<TableRow, 'minStakePaise' | 'maxPerOptionPaise' | 'maxPerRoundPaise'>,
): CasinoLimits => ({
  min_stake: rupees(t.minStakePaise),
  max_per_option: rupees(t.maxPerOptionPaise),
  max_per_round: rupees(t.maxPerRoundPaise),
});

export function betOf(b: BetRow): CasinoBet {
  return {
    bet_id: b.betId,
    match_id: b.matchId,
    round_id: b.roundId,
    option_id: b.optionId,
    option_label: b.optionLabel,
    payout: odds(b.payout),
    stake: rupees(b.stakePaise),
    status: b.settledStatus ?? 'MATCHED',
    profit_loss: b.profitLossPaise === null ? null : rupees(b.profitLossPaise),
    placed_at: b.placedAt.toISOString(),
  };
}

/** The tables (with their catalog names), those of one series or all, in the registry's order. */
export async function tablesOf(db: Executor, matchIds?: readonly number[]): Promise<TableInfo[]> {
  const rows = await db
    .select({ table: casinoTables, tableName: matches.matchName })
    .from(casinoTables)
    .innerJoin(matches, eq(matches.matchId, casinoTables.matchId))
    .where(matchIds ? inArray(casinoTables.matchId, [...matchIds]) : undefined)
    .orderBy(asc(casinoTables.matchId));
  // A table whose game left the registry runs no more and is shown nowhere.
  return rows.flatMap(({ table, tableName }) => {
    const game = roundGame(table.gameId);
    return game ? [{ ...table, tableName, seriesId: game.series }] : [];
  });
}

export async function tableOf(db: Executor, matchId: number): Promise<TableInfo | null> {
  return (await tablesOf(db, [matchId]))[0] ?? null;
}

/** The newest round of each table (the current one, whatever its state). */
export async function currentRounds(
  db: Executor,
  matchIds: readonly number[],
): Promise<Map<number, RoundRow>> {
  if (matchIds.length === 0) return new Map();
  const res = await db.execute(sql`select distinct on (match_id) round_id from ${casinoRounds}
    where match_id in (${sql.join(
      matchIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by match_id, round_id desc`);
  const ids = (res as unknown as { rows: { round_id: number }[] }).rows.map((r) => Number(r.round_id));
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(casinoRounds).where(inArray(casinoRounds.roundId, ids));
  return new Map(rows.map((r) => [r.matchId, r]));
}

/** The last LAST_RESULTS finished rounds of each table, newest first. */
export async function lastResults(
  db: Executor,
  matchIds: readonly number[],
): Promise<Map<number, CasinoResultChip[]>> {
  const out = new Map<number, CasinoResultChip[]>(matchIds.map((id) => [id, []]));
  if (matchIds.length === 0) return out;
  const res = await db.execute(sql`select round_id from (
      select round_id, row_number() over (partition by match_id order by round_id desc) as n
      from ${casinoRounds}
      where match_id in (${sql.join(
        matchIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and state in ('RESULT', 'VOID')) t
    where n <= ${LAST_RESULTS}`);
  const ids = (res as unknown as { rows: { round_id: number }[] }).rows.map((r) => Number(r.round_id));
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      roundId: casinoRounds.roundId,
      matchId: casinoRounds.matchId,
      state: casinoRounds.state,
      result: casinoRounds.result,
    })
    .from(casinoRounds)
    .where(inArray(casinoRounds.roundId, ids))
    .orderBy(desc(casinoRounds.roundId));
  for (const r of rows) {
    const chip = chipOf(r);
    if (chip) out.get(r.matchId)?.push(chip);
  }
  return out;
}

export async function roundById(db: Executor, roundId: number): Promise<RoundRow | null> {
  const [r] = await db.select().from(casinoRounds).where(eq(casinoRounds.roundId, roundId));
  return r ?? null;
}

export async function userBetsOnRound(db: Executor, userId: number, roundId: number): Promise<CasinoBet[]> {
  const rows = await db
    .select()
    .from(casinoBets)
    .where(and(eq(casinoBets.userId, userId), eq(casinoBets.roundId, roundId)))
    .orderBy(asc(casinoBets.betId));
  return rows.map(betOf);
}

/** A table's finished rounds in [from, to), newest first, one page. */
export async function finishedBetween(
  db: Executor,
  matchId: number,
  from: Date,
  to: Date,
  page: number,
  pageSize: number,
): Promise<{ rows: RoundRow[]; total: number }> {
  const where = and(
    eq(casinoRounds.matchId, matchId),
    inArray(casinoRounds.state, [...FINISHED]),
    gte(casinoRounds.finishedAt, from),
    lt(casinoRounds.finishedAt, to),
  );
  const [count] = await db
    .select({ n: sql<string>`count(*)::text` })
    .from(casinoRounds)
    .where(where);
  const rows = await db
    .select()
    .from(casinoRounds)
    .where(where)
    .orderBy(desc(casinoRounds.roundId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: Number(count?.n ?? 0) };
}
