// The fancy kind's rows on a cricket match's players (issue 25): "{batter} runs" (opened by the
// cricket feed when a batter comes in) and Top batsman (one FANCY1 row per player of each eleven,
// opened with the match), each a fancy-kind market opened by this module (open.ts). The players
// and elevens are the cricket module's, asked through app.cricket.
import {
  DEFAULT_CRICKET_MODEL,
  playerLineQuote,
  type FancyQuote,
  type PlayerFancyEvent,
  type PlayingEleven,
} from '@backlay/feed';
import type { CricketFormat } from '@backlay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../catalog/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { fancies } from './schema.ts';
import { openFancies } from './open.ts';

/** Display order of the player rows: after the team fancies (0 … ~30). */
const RUNS_LINE_ORDER = 100;
const TOP_BATSMAN_ORDER = 200;

export type PlayerFancySeed = {
  name: string;
  event: PlayerFancyEvent;
  quote: FancyQuote;
  displayOrder: number;
};

/** Opens player fancy rows (a fancy-kind market each, by the fancy module), quoted and ACTIVE. */
export async function insertPlayerFancies(
  tx: Tx,
  matchId: number,
  seeds: readonly PlayerFancySeed[],
  market: { inPlay: boolean; startTime: Date },
  at: Date,
): Promise<number[]> {
  return openFancies(
    tx,
    matchId,
    seeds.map((f) => {
      const top = f.event.kind === 'TOP_BATSMAN';
      return {
        name: f.name,
        variant: top ? ('FANCY1' as const) : ('RUNS' as const),
        noLine: f.quote.no_line,
        noRate: f.quote.no_rate,
        yesLine: f.quote.yes_line,
        yesRate: f.quote.yes_rate,
        band: null,
        displayOrder: f.displayOrder,
        resultMax: top ? 1 : 999,
        event: f.event,
        eventKind: top ? 'TOP_BATSMAN' : 'PLAYER_RUNS',
        averageKey: null,
      };
    }),
    market,
    at,
  );
}

/** Top batsman rows of both elevens: "Top batsman {team}: {player}", priced on the innings to come. */
export function topBatsmanSeeds(
  format: CricketFormat,
  elevens: readonly [PlayingEleven, PlayingEleven],
): PlayerFancySeed[] {
  return elevens.flatMap((xi, k) =>
    xi.players.map((p, i) => {
      const event = { innings: (k + 1) as 1 | 2, kind: 'TOP_BATSMAN' as const, player_id: p.player_id };
      const quote = playerLineQuote(format, event, null, elevens, DEFAULT_CRICKET_MODEL)!;
      return {
        name: `Top batsman ${xi.team}: ${p.name}`,
        event,
        quote,
        displayOrder: TOP_BATSMAN_ORDER + 20 * k + i,
      };
    }),
  );
}

/**
 * The feed's "{batter} runs" line for a batter come in: created quoted and ACTIVE, unless the
 * match already has a fancy on that event (a repeat from the feed, or the operator's own row).
 * One at a time per match (the match row locked FOR NO KEY UPDATE), so two calls never create two rows.
 */
export async function openPlayerFancy(
  app: Pick<FastifyInstance, 'cricket' | 'db'>,
  matchId: number,
  name: string,
  event: PlayerFancyEvent,
  quote: FancyQuote,
  at: Date,
): Promise<number | null> {
  return app.db.transaction(async (tx) => {
    const [m] = await tx
      .select({ inPlay: matches.inPlay, startTime: matches.startTime })
      .from(matches)
      .where(eq(matches.matchId, matchId))
      // Serialises this call per match without blocking the key-share locks of bets and markets
      // inserted for the match meanwhile.
      .for('no key update');
    if (!m) throw new Error(`Unknown match ${matchId}`);
    const [same] = await tx
      .select({ id: fancies.marketId })
      .from(fancies)
      .where(and(eq(fancies.matchId, matchId), sql`${fancies.event} @> ${JSON.stringify(event)}::jsonb`))
      .limit(1);
    if (same) return null;
    const position = await app.cricket.positionOf(tx, matchId, event.player_id);
    const order = RUNS_LINE_ORDER + 20 * (event.innings - 1) + (position ?? 19);
    const [id] = await insertPlayerFancies(
      tx,
      matchId,
      [{ name, event, quote, displayOrder: order }],
      { inPlay: m.inPlay, startTime: m.startTime },
      at,
    );
    return id ?? null;
  });
}

/** A match's fancies on one player (Top batsman, runs lines), by the event's player id. */
export async function playerFancyIds(db: Executor, matchId: number, playerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: fancies.marketId })
    .from(fancies)
    .where(
      and(
        eq(fancies.matchId, matchId),
        sql`${fancies.event} @> ${JSON.stringify({ player_id: playerId })}::jsonb`,
      ),
    );
  return rows.map((r) => r.id);
}

/** A player of a match's eleven swapped for another by the operator (cricket's replacePlayer). */
export type PlayerReplaced = {
  actor: number;
  matchId: number;
  droppedId: number;
  replacementId: number;
  format: CricketFormat;
  /** The elevens after the swap (teams order). */
  elevens: readonly [PlayingEleven, PlayingEleven];
};

export type PlayerRowsOutcome =
  { ok: true; removed: number[]; opened: number[] } | { ok: false; message: string };

/** The fancy kind's answer to a swap in an eleven (app.fancyPlayers, asked by the cricket module). */
export type FancyPlayers = { replaced(c: PlayerReplaced): Promise<PlayerRowsOutcome> };

/**
 * After the swap committed: each of the dropped player's fancies voided (the void first: a refused
 * void changes nothing) and REMOVED, then the replacement's Top batsman row opened. A repeat after
 * a failure in between finishes the removals (voiding a voided fancy again is a no-op).
 */
export function createFancyPlayers(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'fancy' | 'settlement'>,
): FancyPlayers {
  return {
    async replaced(c) {
      const removed = await playerFancyIds(app.db, c.matchId, c.droppedId);
      for (const id of removed) {
        const v = await app.settlement.voidMarket(c.actor, id);
        if (!v.ok) return { ok: false, message: `Fancy ${id}: ${v.message}` };
        const st = await app.fancy.setStatus(id, 'REMOVED');
        if (!st.ok) return { ok: false, message: `Fancy ${id}: ${st.message}` };
      }
      const [m] = await app.db
        .select({ inPlay: matches.inPlay, startTime: matches.startTime })
        .from(matches)
        .where(eq(matches.matchId, c.matchId));
      if (!m) return { ok: false, message: `Unknown match ${c.matchId}` };
      const seed = topBatsmanSeeds(c.format, c.elevens).find((f) => f.event.player_id === c.replacementId);
      if (!seed) return { ok: false, message: `Player ${c.replacementId} is not in this match's elevens` };
      const opened = await app.db.transaction((tx) =>
        insertPlayerFancies(
          tx,
          c.matchId,
          [seed],
          { inPlay: m.inPlay, startTime: m.startTime },
          app.clock.now(),
        ),
      );
      for (const id of opened) app.bus.publish('market', { market_id: id });
      return { ok: true, removed, opened };
    },
  };
}
