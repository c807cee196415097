// The racing day's port (packages/feed/src/racing/types.ts `RacingFeedApi`) on the racing module's
// service: the demo racing feed creates races, withdraws non-runners, sends them off, finishes and
// results them through the same calls the operator's admin/racing/* make (with no operator: the
// feed's steps are recorded by the race's own state). Refusals are results, never throws.
import type {
  FeedRace,
  FeedRaceState,
  NewRace,
  RacingFeedApi,
  RacingResult,
  RacingSport,
} from '@backlay/feed';
import type { FastifyInstance } from 'fastify';
import type { RaceOutcome } from '../modules/racing/service.ts';

const result = (r: RaceOutcome): RacingResult => (r.ok ? { ok: true } : { ok: false, message: r.message });

/** A refusal instead of a throw: the feed goes on with its next race. */
async function settled(fn: () => Promise<RaceOutcome>): Promise<RacingResult> {
  try {
    return result(await fn());
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

export function createRacingFeedApi(app: Pick<FastifyInstance, 'racing'>): RacingFeedApi {
  const racing = app.racing;

  async function feedRace(matchId: number): Promise<FeedRace> {
    const card = await racing.card(matchId);
    if (!card) throw new Error(`racing feed: race ${matchId} is missing`);
    return {
      match_id: card.match_id,
      sport_id: card.sport_id as RacingSport,
      venue: card.venue,
      country: card.country,
      off_time_ms: Date.parse(card.off_time),
      state: card.state as FeedRaceState,
      places_paid: card.places_paid,
      win_market_id: card.win_market_id,
      place_market_id: card.place_market_id,
      runners: card.runners.map((r) => ({
        number: r.number,
        win_selection_id: r.win_selection_id,
        place_selection_id: r.place_selection_id,
        non_runner: r.non_runner,
      })),
    };
  }

  return {
    async listRaces(from_ms, to_ms, filter) {
      const rows = await racing.listRaces(
        new Date(from_ms),
        new Date(to_ms),
        filter
          ? {
              before: new Date(filter.done_before_ms),
              ...(filter.keep_ids ? { keep: filter.keep_ids } : {}),
            }
          : undefined,
      );
      return rows.map(({ race, match, runners }) => ({
        match_id: race.matchId,
        sport_id: race.sportId as RacingSport,
        venue: match.venue ?? '',
        country: match.country ?? '',
        off_time_ms: match.startTime.getTime(),
        state: race.state,
        places_paid: race.placesPaid,
        win_market_id: race.winMarketId,
        place_market_id: race.placeMarketId,
        runners: runners.map((r) => ({
          number: r.number,
          win_selection_id: r.winSelectionId,
          place_selection_id: r.placeSelectionId,
          non_runner: r.nonRunner,
        })),
      }));
    },
    async createRace(race: NewRace) {
      const made = await racing.createRace(race);
      if (!made.ok) throw new Error(`racing feed: ${made.message}`);
      return feedRace(made.matchId);
    },
    nonRunner: (matchId, number, winRfBp, placeRfBp) =>
      settled(() => racing.nonRunner(null, matchId, number, winRfBp, placeRfBp)),
    off: (matchId) => settled(() => racing.off(null, matchId)),
    finish: (matchId) => settled(() => racing.finish(null, matchId)),
    result: (matchId, placings) => settled(() => racing.result(null, matchId, placings)),
    voidRace: (matchId, reason) => settled(() => racing.voidRace(null, matchId, reason)),
  };
}
