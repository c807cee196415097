// The rules of spec §9 that decide whether a market stands or is void, as pure functions of facts
// the server supplies (times are epoch ms inputs). A `stands: false` decision is passed to
// settleMarket as `void_market: { reason }`.
import type { MarketVoidReason, SettleResult } from './types.ts';
import { assertSafeInt, assertTime } from './errors.ts';

export type SettleRuleDecision =
  { readonly stands: true } | { readonly stands: false; readonly reason: MarketVoidReason };

const STANDS: SettleRuleDecision = { stands: true };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Football: void if the match is not played within 48 hours of the scheduled kick-off. */
export const FOOTBALL_PLAY_WINDOW_MS = 48 * HOUR_MS;

/**
 * Football: stands when the match kicked off no later than scheduled + 48 h (exactly 48 h still
 * stands); void when it started later or never started (`actual_kickoff_ms: null`).
 */
export function footballMatchDecision(facts: {
  readonly scheduled_kickoff_ms: number;
  readonly actual_kickoff_ms: number | null;
}): SettleRuleDecision {
  assertTime(facts.scheduled_kickoff_ms, 'scheduled_kickoff_ms');
  if (facts.actual_kickoff_ms === null) return { stands: false, reason: 'FOOTBALL_NOT_PLAYED_WITHIN_48H' };
  assertTime(facts.actual_kickoff_ms, 'actual_kickoff_ms');
  return facts.actual_kickoff_ms - facts.scheduled_kickoff_ms > FOOTBALL_PLAY_WINDOW_MS
    ? { stands: false, reason: 'FOOTBALL_NOT_PLAYED_WITHIN_48H' }
    : STANDS;
}

export type FootballOutcome = 'HOME' | 'DRAW' | 'AWAY';

/**
 * Football match odds settle on regular time, which includes stoppage time only: pass the score at
 * the end of regular time (extra time and penalties are not part of it).
 */
export function footballRegularTimeOutcome(score: {
  readonly home_goals_regular_time: number;
  readonly away_goals_regular_time: number;
}): FootballOutcome {
  assertSafeInt(score.home_goals_regular_time, 'home_goals_regular_time', 0);
  assertSafeInt(score.away_goals_regular_time, 'away_goals_regular_time', 0);
  const d = score.home_goals_regular_time - score.away_goals_regular_time;
  return d > 0 ? 'HOME' : d < 0 ? 'AWAY' : 'DRAW';
}

/** Basketball: match bets stand only if 5 minutes or less of play were left. */
export const BASKETBALL_MAX_REMAINING_MS = 5 * 60_000;

export type BasketballFacts =
  | { readonly status: 'COMPLETED' }
  | { readonly status: 'ABANDONED'; readonly remaining_ms: number }
  | { readonly status: 'NOT_PLAYED' };

/** Basketball: a completed match stands; abandoned with ≤ 5 min left stands; more left, or never played, is void. */
export function basketballMatchDecision(facts: BasketballFacts): SettleRuleDecision {
  switch (facts.status) {
    case 'COMPLETED':
      return STANDS;
    case 'NOT_PLAYED':
      return { stands: false, reason: 'BASKETBALL_NOT_PLAYED' };
    case 'ABANDONED':
      assertSafeInt(facts.remaining_ms, 'remaining_ms', 0);
      return facts.remaining_ms <= BASKETBALL_MAX_REMAINING_MS
        ? STANDS
        : { stands: false, reason: 'BASKETBALL_ABANDONED_MORE_THAN_5_MIN_LEFT' };
  }
}

export interface HorseRaceFacts {
  readonly abandoned: boolean;
  readonly walkover: boolean;
  readonly venue_changed: boolean;
  /** A change of surface (e.g. turf to all-weather) leaves bets standing; carried for the record. */
  readonly surface_changed: boolean;
  readonly scheduled_off_ms: number;
  /** null when the race was not run. */
  readonly actual_off_ms: number | null;
  /** The venue's offset from UTC, minutes (e.g. 330 for India, 0 for the UK in winter): "the day" is the venue's calendar day. */
  readonly venue_utc_offset_minutes: number;
}

function venueDay(ms: number, offsetMinutes: number): number {
  return Math.floor((ms + offsetMinutes * 60_000) / DAY_MS);
}

/**
 * Horse racing: void if abandoned, a walkover, moved to another venue or not run on the scheduled
 * day (the venue's calendar day); a surface change stands. The first reason in that order is given.
 */
export function horseRaceDecision(facts: HorseRaceFacts): SettleRuleDecision {
  assertTime(facts.scheduled_off_ms, 'scheduled_off_ms');
  assertSafeInt(facts.venue_utc_offset_minutes, 'venue_utc_offset_minutes', -24 * 60, 24 * 60);
  if (facts.abandoned) return { stands: false, reason: 'RACE_ABANDONED' };
  if (facts.walkover) return { stands: false, reason: 'RACE_WALKOVER' };
  if (facts.venue_changed) return { stands: false, reason: 'RACE_VENUE_CHANGED' };
  if (facts.actual_off_ms === null) return { stands: false, reason: 'RACE_NOT_RUN_ON_DAY' };
  assertTime(facts.actual_off_ms, 'actual_off_ms');
  const off = facts.venue_utc_offset_minutes;
  if (venueDay(facts.actual_off_ms, off) !== venueDay(facts.scheduled_off_ms, off))
    return { stands: false, reason: 'RACE_NOT_RUN_ON_DAY' };
  return STANDS;
}

export interface DeclaredResult {
  readonly declared_at_ms: number;
  readonly result: SettleResult;
}

/**
 * Horse racing results follow the official weigh-in: the last result declared at or before the
 * weigh-in (a tie in time: the later one in the list) is final; amendments after it are ignored.
 * null if nothing was declared by the weigh-in (not settleable yet).
 */
export function resultAtWeighIn(
  declarations: readonly DeclaredResult[],
  weighed_in_at_ms: number,
): SettleResult | null {
  assertTime(weighed_in_at_ms, 'weighed_in_at_ms');
  let best: DeclaredResult | null = null;
  for (const d of declarations) {
    assertTime(d.declared_at_ms, 'declared_at_ms');
    if (d.declared_at_ms <= weighed_in_at_ms && (best === null || d.declared_at_ms >= best.declared_at_ms))
      best = d;
  }
  return best === null ? null : best.result;
}
