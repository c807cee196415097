// The fantasy view of a match's players (pure): the two elevens as pickable players with roles and
// credits, and every player's points from the feed's scoreboard (docs/fantasy.md).
import {
  creditsOfStrength,
  emptyFigures,
  figuresFromInnings,
  playerPoints,
  type FantasyPlayer,
  type FantasyRole,
} from '@backlay/engine';
import type { PlayerRole, PlayingEleven, Scoreboard } from '@backlay/feed';

const ROLE: Readonly<Record<PlayerRole, FantasyRole>> = {
  WICKET_KEEPER: 'WK',
  BATTER: 'BAT',
  ALL_ROUNDER: 'AR',
  BOWLER: 'BOWL',
};

/** Both elevens as fantasy players; the eleven's named keeper counts as a wicket-keeper. */
export function poolOf(elevens: readonly [PlayingEleven, PlayingEleven]): FantasyPlayer[] {
  return elevens.flatMap((xi, side) =>
    xi.players.map((p) => ({
      player_id: p.player_id,
      name: p.name,
      side: side as 0 | 1,
      role: p.player_id === xi.wicket_keeper_id ? 'WK' : ROLE[p.role],
      credits_tenths: creditsOfStrength(p.strength),
    })),
  );
}

/** A ball has been bowled: the elevens have played (their "in the eleven" points count). */
export function hasBegun(score: Scoreboard | null): boolean {
  if (!score || score.status === 'NOT_STARTED') return false;
  return score.totals.some((t) => t.balls > 0 || t.runs > 0);
}

/** Every pool player's points from the scoreboard's batting and bowling lines (0 before the start). */
export function pointsOf(pool: readonly FantasyPlayer[], score: Scoreboard | null): Map<number, number> {
  const begun = hasBegun(score);
  const lines = (score?.totals ?? []).flatMap((t) => (t.players ? [t.players] : []));
  const figs = figuresFromInnings(lines);
  return new Map(
    pool.map((p) => [p.player_id, playerPoints(figs.get(p.player_id) ?? emptyFigures(), p.role, begun)]),
  );
}
