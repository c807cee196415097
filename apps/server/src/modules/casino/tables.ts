// The tables in the catalog: each RoundGame of the engine's registry is a match of sport −1 in the
// series named after its casino series ("Our Casino", "Our Virtual"), with a casino_tables row for
// its limits. Run by the base seed on every start: idempotent, and a game added to the registry
// gets its table on the next boot. The games are never named here.
import type { CasinoSeriesId } from '@backlay/contract';
import { ROUND_GAMES } from '@backlay/engine';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/store.ts';
import { casinoTables } from './schema.ts';
import {
  DEFAULT_MAX_PER_OPTION_PAISE,
  DEFAULT_MAX_PER_ROUND_PAISE,
  DEFAULT_MIN_STAKE_PAISE,
} from './timing.ts';

/** The catalog sport of the in-house tables. */
export const CASINO_SPORT_ID = -1;

/** The catalog series of each casino series (and the lobby's title). */
export const CASINO_SERIES_NAMES: Record<CasinoSeriesId, string> = {
  ourcasino: 'Our Casino',
  virtual: 'Our Virtual',
};

/** A table runs round the clock: its match starts once, long ago, and never ends. */
const TABLES_OPEN_SINCE = new Date('2025-01-01T00:00:00Z');
const TABLES_LOCK = 'casino:tables';

export async function ensureTables(app: Pick<FastifyInstance, 'catalog' | 'db'>): Promise<number> {
  return app.db.transaction(async (tx: Tx) => {
    // Two nodes booting at once create each table once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${TABLES_LOCK}))`);
    const have = new Set(
      (await tx.select({ gameId: casinoTables.gameId }).from(casinoTables)).map((r) => r.gameId),
    );
    const missing = ROUND_GAMES.filter((game) => !have.has(game.id));
    if (missing.length === 0) return 0;
    // One insert per table for the lot (a first start's set-up), the ids as one by one.
    const seriesIds = new Map<string, number>();
    for (const game of missing) {
      const name = CASINO_SERIES_NAMES[game.series];
      if (!seriesIds.has(name))
        seriesIds.set(name, await app.catalog.ensureSeries(tx, CASINO_SPORT_ID, name));
    }
    const made = await app.catalog.insertMatches(
      tx,
      missing.map((game) => ({
        seriesId: seriesIds.get(CASINO_SERIES_NAMES[game.series])!,
        sportId: CASINO_SPORT_ID,
        matchName: game.name,
        country: null,
        venue: null,
        startTime: TABLES_OPEN_SINCE,
        openDate: TABLES_OPEN_SINCE,
      })),
    );
    await tx.insert(casinoTables).values(
      missing.map((game, i) => ({
        matchId: made[i]!,
        gameId: game.id,
        minStakePaise: DEFAULT_MIN_STAKE_PAISE,
        maxPerOptionPaise: DEFAULT_MAX_PER_OPTION_PAISE,
        maxPerRoundPaise: DEFAULT_MAX_PER_ROUND_PAISE,
      })),
    );
    return missing.length;
  });
}

export type TableLimits = { minStakePaise: number; maxPerOptionPaise: number; maxPerRoundPaise: number };

/**
 * A table's limits (the operator's admin/casino/setLimits): its next round opens with them; the
 * round in its window keeps those it opened with (rounds.ts `open`). False: no such table.
 */
export async function setLimits(
  app: Pick<FastifyInstance, 'db'>,
  matchId: number,
  limits: TableLimits,
): Promise<boolean> {
  if (!(limits.minStakePaise > 0 && limits.maxPerOptionPaise >= limits.minStakePaise))
    throw new Error('casino limits: 0 < min stake ≤ max per option');
  if (!(limits.maxPerRoundPaise >= limits.maxPerOptionPaise))
    throw new Error('casino limits: max per option ≤ max per round');
  const rows = await app.db
    .update(casinoTables)
    .set(limits)
    .where(eq(casinoTables.matchId, matchId))
    .returning({ matchId: casinoTables.matchId });
  return rows.length === 1;
}
