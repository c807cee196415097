// A race's day (docs/racing.md): its card and conditions (races, race_runners, owned here), its
// WIN and PLACE markets (exchange-kind markets: bets, prices, positions and settlement are the
// exchange's and the settlement service's), and the operator's steps — non-runner, off, finish,
// result, void, surface. Each step records the race's new state first (a compare-and-set on the
// race row, locked FOR UPDATE), then drives the markets through their owners' services; every
// market step is idempotent, so a repeat of a step the race has already taken drives its markets
// again and answers the card (a step cut short half way is finished by its repeat).
import type { RaceCard, RaceMeeting, RaceRunner, RaceState, RaceVoidReason } from '@backlay/contract';
import { inPlayBetDelayS, type NewRace } from '@backlay/feed';
import { SettlementError } from '@backlay/engine';
import { and, asc, eq, gte, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterCommit } from '../../db/commit-hooks.ts';
import { matches } from '../catalog/schema.ts';
import { markets, runners } from '../markets/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import { Refusal } from '../exchange/batch.ts';
import { EXCHANGE_KIND } from '../exchange/kind.ts';
import { SettlementRefusal } from '../settlement/service.ts';
import {
  numbersRequired,
  placeResult,
  placesPaidFor,
  positionsOf,
  winResult,
  type MarketResult,
} from './places.ts';
import { raceRunners, races, type StoredPlacing } from './schema.ts';
import { PLACE_MARKET_TYPE, WIN_MARKET_TYPE } from '../exchange/kind.ts';
import { createMarkets } from '../markets/lifecycle.ts';
import { setMatchResult } from '../catalog/writes.ts';

export type { NewRace };

/** The exchange's defaults for a race's markets: commission 2 %, stakes ₹100 to ₹5,00,000. */
const RACE_MARKET_COMMISSION_BPS = 200;

/** Why a race cannot be created, in words; null when it can. */
function invalidRace(race: NewRace): string | null {
  const numbers = race.runners.map((r) => r.number);
  if (race.runners.length < 2) return 'A race needs at least two runners';
  if (new Set(numbers).size !== numbers.length) return 'Runner numbers must differ';
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > 40)) return 'Runner numbers must be 1 to 40';
  if (!Number.isInteger(race.places_paid) || race.places_paid < 1 || race.places_paid > 4)
    return 'places_paid must be 1 to 4';
  if (race.places_paid >= race.runners.length) return 'A race pays fewer places than it has runners';
  return null;
}
/** The client shows times in UTC+5:30: a racing day is a day there. */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 3_600_000;

/** The bet delay a race's markets take at the off (the demo feed's per-sport in-play delay). */
export const raceBetDelayS = (sportId: number) => inPlayBetDelayS(sportId);

export type RaceOutcome = { ok: true; card: RaceCard; message?: string } | { ok: false; message: string };

type RaceRow = typeof races.$inferSelect;
type RunnerRow = typeof raceRunners.$inferSelect;

/** Thrown inside a transaction to roll it back with a refusal. */
class RaceRefusal extends Error {}

const refuse = (message: string): RaceOutcome => ({ ok: false, message });

// Long because it is a factory: its inner functions, each short, share the racing day's state and
// its markets' ids; the racing arithmetic (reduction factors, place terms) is the engine's.
export function createRacingService(
  app: Pick<FastifyInstance, 'bus' | 'catalog' | 'clock' | 'db' | 'exchange' | 'settlement'>,
) {
  const db = app.db;
  const now = () => app.clock.now();

  async function inTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T | { refused: string }> {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (err instanceof RaceRefusal) return { refused: err.message };
      throw err;
    }
  }
  const refusedOf = (r: unknown): string | null =>
    r !== null && typeof r === 'object' && 'refused' in r ? (r as { refused: string }).refused : null;

  async function lockRace(tx: Tx, matchId: number): Promise<RaceRow> {
    const [race] = await tx.select().from(races).where(eq(races.matchId, matchId)).for('update');
    if (!race) throw new RaceRefusal(`Match ${matchId} is not a race`);
    return race;
  }

  const marketIdsOf = (race: RaceRow) =>
    race.placeMarketId === null ? [race.winMarketId] : [race.winMarketId, race.placeMarketId];

  // ------------------------------------------------------------------ the card

  async function meetingsOf(ex: Executor, sportId: number, offTime: Date): Promise<RaceMeeting[]> {
    const dayStart = Math.floor((offTime.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
    const rows = await ex
      .select({
        matchId: matches.matchId,
        name: matches.matchName,
        venue: matches.venue,
        country: matches.country,
        startTime: matches.startTime,
        state: races.state,
      })
      .from(races)
      .innerJoin(matches, eq(matches.matchId, races.matchId))
      .where(
        and(
          eq(races.sportId, sportId),
          eq(matches.isActive, true),
          gte(matches.startTime, new Date(dayStart)),
          lt(matches.startTime, new Date(dayStart + DAY_MS)),
        ),
      )
      .orderBy(asc(matches.country), asc(matches.venue), asc(matches.startTime), asc(matches.matchId));
    const byVenue = new Map<string, RaceMeeting>();
    for (const r of rows) {
      const key = `${r.country ?? ''}\u0000${r.venue ?? ''}`;
      let m = byVenue.get(key);
      if (!m) {
        m = { venue: r.venue ?? '', country: r.country ?? '', races: [] };
        byVenue.set(key, m);
      }
      m.races.push({
        match_id: r.matchId,
        race_name: r.name,
        off_time: r.startTime.toISOString(),
        state: r.state,
      });
    }
    return [...byVenue.values()];
  }

  async function cardOf(ex: Executor, matchId: number): Promise<RaceCard | null> {
    const [row] = await ex
      .select({ race: races, match: matches })
      .from(races)
      .innerJoin(matches, eq(matches.matchId, races.matchId))
      .where(eq(races.matchId, matchId));
    if (!row) return null;
    const { race, match } = row;
    const [card, meetings] = await Promise.all([
      ex.select().from(raceRunners).where(eq(raceRunners.matchId, matchId)).orderBy(asc(raceRunners.number)),
      meetingsOf(ex, race.sportId, match.startTime),
    ]);
    const pct = (bp: number | null) => (bp === null ? null : bp / 100);
    return {
      match_id: race.matchId,
      sport_id: race.sportId,
      race_name: match.matchName,
      venue: match.venue ?? '',
      country: match.country ?? '',
      off_time: match.startTime.toISOString(),
      distance: race.distance,
      going: race.going,
      surface: race.surface,
      state: race.state,
      void_reason: race.voidReason,
      places_paid: race.placesPaid,
      win_market_id: race.winMarketId,
      place_market_id: race.placeMarketId,
      runners: card.map((r): RaceRunner => ({
        number: r.number,
        name: r.name,
        colours: r.colours,
        jockey: r.jockey,
        trainer: r.trainer,
        weight: r.weight,
        draw: r.draw,
        form: r.form,
        age: r.age,
        win_selection_id: r.winSelectionId,
        place_selection_id: r.placeSelectionId,
        non_runner: r.nonRunner,
        reduction_factor: r.nonRunner ? pct(r.winRfBp) : null,
        place_reduction_factor: r.nonRunner && race.placeMarketId !== null ? pct(r.placeRfBp) : null,
      })),
      result: race.result,
      meetings,
    };
  }

  async function answerCard(matchId: number, message?: string): Promise<RaceOutcome> {
    const card = await cardOf(db, matchId);
    if (!card) return refuse(`Match ${matchId} is not a race`);
    return message === undefined ? { ok: true, card } : { ok: true, card, message };
  }

  // ------------------------------------------------------------------ the markets (their owners' calls)

  /**
   * Withdraws a card's non-runner from the race's WIN and PLACE markets (the exchange's removal
   * with the factors stored on the card, so a repeat drives the first call's) in `tx`, the
   * transaction that writes the card's row: the card and the markets commit together or not at
   * all (issue 40: written in two, a node stopping between them left a non-runner on the card
   * still running in the market, settled as a loser). Both market rows are locked first, in id
   * order (the exchange's order), before any wallet row. A market's refusal rolls it all back.
   */
  async function removeInTx(by: number | null, tx: Tx, race: RaceRow, runner: RunnerRow) {
    await tx
      .select({ id: markets.marketId })
      .from(markets)
      .where(inArray(markets.marketId, marketIdsOf(race)))
      .orderBy(asc(markets.marketId))
      .for('update');
    const steps: [number, number | null, number][] = [
      [race.winMarketId, runner.winSelectionId, runner.winRfBp ?? 0],
      [
        race.placeMarketId ?? 0,
        race.placeMarketId === null ? null : runner.placeSelectionId,
        runner.placeRfBp ?? 0,
      ],
    ];
    for (const [marketId, selectionId, rfBp] of steps) {
      if (selectionId === null) continue;
      try {
        await app.settlement.removeRunnerInTx(tx, by, marketId, selectionId, rfBp);
      } catch (err) {
        if (err instanceof SettlementRefusal || err instanceof SettlementError)
          throw new RaceRefusal(`${runner.name} is not withdrawn: market ${marketId}: ${err.message}`);
        throw err;
      }
    }
  }

  /**
   * Finishes the removal of every non-runner on the card that a market still has running (left
   * by a node that stopped between the two before they were one transaction): before the markets
   * are driven, so no step settles a non-runner as a loser. A refusal answers its message.
   */
  async function finishRemovals(by: number | null, race: RaceRow, card: RunnerRow[]) {
    const out = card.filter((r) => r.nonRunner);
    if (out.length === 0) return null;
    const ids = out.flatMap((r) => [
      r.winSelectionId,
      ...(r.placeSelectionId === null ? [] : [r.placeSelectionId]),
    ]);
    const running = await db
      .select({ selectionId: runners.selectionId })
      .from(runners)
      .where(and(inArray(runners.selectionId, ids), ne(runners.status, 'REMOVED')));
    if (running.length === 0) return null;
    for (const r of out) {
      const done = await inTx(async (tx) => {
        const locked = await lockRace(tx, race.matchId);
        await removeInTx(by, tx, locked, r);
      });
      const refused = refusedOf(done);
      if (refused !== null) return refused;
    }
    return null;
  }

  /** Settles one market on its result unless it is settled already (a repeat finds it settled). */
  async function settleMarketOn(by: number | null, marketId: number, result: MarketResult) {
    if ((await app.settlement.view(marketId)).state === 'SETTLED') return null;
    const r = await app.settlement.declareResult(by, marketId, result);
    if (r.ok || (await app.settlement.view(marketId)).state === 'SETTLED') return null;
    return `market ${marketId}: ${r.message}`;
  }

  async function voidMarketOf(by: number | null, marketId: number) {
    const r = await app.settlement.voidMarket(by, marketId);
    return r.ok ? null : `market ${marketId}: ${r.message}`;
  }

  /** The exchange's status moves, whose refusals are thrown (a settled market cannot reopen). */
  async function exchangeStep(marketId: number, fn: () => Promise<void>) {
    try {
      await fn();
      return null;
    } catch (err) {
      if (err instanceof Refusal) return `market ${marketId}: ${err.message}`;
      throw err;
    }
  }

  /**
   * Drives the markets to where the race's state says they are (every call idempotent). Answers
   * the first market's refusal (the others are still driven), or null.
   */
  async function driveMarkets(by: number | null, race: RaceRow, card: RunnerRow[]): Promise<string | null> {
    const ids = marketIdsOf(race);
    if (race.state !== 'VOID') {
      const removal = await finishRemovals(by, race, card);
      if (removal !== null) return removal;
    }
    const refusals: (string | null)[] = [];
    switch (race.state) {
      case 'OPEN':
        break;
      case 'OFF':
        for (const id of ids)
          refusals.push(
            await exchangeStep(id, () => app.exchange.setInPlay(id, raceBetDelayS(race.sportId))),
          );
        break;
      case 'FINISHED':
        for (const id of ids)
          refusals.push(await exchangeStep(id, () => app.exchange.setMarketStatus(id, 'SUSPENDED')));
        break;
      case 'RESULTED': {
        const placings = (race.result ?? []).map((p) => p.numbers);
        const win = new Map(card.map((r) => [r.number, r.winSelectionId]));
        refusals.push(
          await settleMarketOn(
            by,
            race.winMarketId,
            winResult(placings, (n) => win.get(n)!),
          ),
        );
        if (race.placeMarketId !== null) {
          const place = new Map(card.map((r) => [r.number, r.placeSelectionId!]));
          refusals.push(
            await settleMarketOn(
              by,
              race.placeMarketId,
              placeResult(placings, race.placesPaid, (n) => place.get(n)!),
            ),
          );
        }
        break;
      }
      case 'VOID':
        for (const id of ids) refusals.push(await voidMarketOf(by, id));
        break;
    }
    return refusals.find((r) => r !== null) ?? null;
  }

  /** The race took its step but a market did not follow: said so; a repeat of the call finishes it. */
  const unfinished = (what: string, refusal: string) =>
    refuse(`${what} is recorded, but ${refusal}; repeat the call to finish it`);

  /**
   * One step of the race's day: `step` reads the locked race row and its card and answers the new
   * state (with the row's other changes), 'SAME' (already taken: drive its markets again), or
   * throws a RaceRefusal. Then the markets follow the stored state.
   */
  async function stepRace(
    by: number | null,
    matchId: number,
    step: (race: RaceRow, card: RunnerRow[], tx: Tx) => Promise<Partial<RaceRow> | 'SAME'>,
    message?: (race: RaceRow, same: boolean) => string | undefined,
  ): Promise<RaceOutcome> {
    const r = await inTx(async (tx) => {
      const race = await lockRace(tx, matchId);
      const card = await tx.select().from(raceRunners).where(eq(raceRunners.matchId, matchId));
      const change = await step(race, card, tx);
      if (change === 'SAME') return { race, card, same: true };
      const [after] = await tx
        .update(races)
        .set({ ...change, updatedAt: now() })
        .where(eq(races.matchId, matchId))
        .returning();
      return { race: after!, card, same: false };
    });
    const refused = refusedOf(r);
    if (refused !== null) return refuse(refused);
    const { race, card, same } = r as { race: RaceRow; card: RunnerRow[]; same: boolean };
    const refusal = await driveMarkets(by, race, card);
    if (refusal !== null) return unfinished(`The race's step (${race.state})`, refusal);
    return answerCard(matchId, message?.(race, same));
  }

  const stateWord: Record<RaceState, string> = {
    OPEN: 'not off yet',
    OFF: 'off',
    FINISHED: 'finished',
    RESULTED: 'resulted',
    VOID: 'void',
  };

  /**
   * Creates races as `createRace` does each, all or none, with one insert per table for the
   * lot (the demo seed's two days of cards: 90 races in ~10 statements rather than ~700). The
   * ids are those creating them one by one in this order would give.
   * Long because it writes a whole card in one insert per table (all or none), and the ids must
   * come out as creating them one by one would give.
   */
  async function createRaces(
    list: readonly NewRace[],
    tx?: Tx,
  ): Promise<{ ok: true; matchIds: number[] } | { ok: false; message: string }> {
    for (const race of list) {
      const refused = invalidRace(race);
      if (refused) return { ok: false, message: refused };
    }
    if (list.length === 0) return { ok: true, matchIds: [] };
    const create = async (t: Tx) => {
      const at = now();
      // The meetings' series, in the order the races first name them.
      const seriesIds = new Map<string, number>();
      for (const race of list) {
        const name = `${race.venue} (${race.country})`;
        const key = `${race.sport_id}:${name.toLowerCase()}`;
        if (!seriesIds.has(key)) seriesIds.set(key, await app.catalog.ensureSeries(t, race.sport_id, name));
      }
      const seriesOf = (race: NewRace) =>
        seriesIds.get(`${race.sport_id}:${`${race.venue} (${race.country})`.toLowerCase()}`)!;
      const matchIds = await app.catalog.insertMatches(
        t,
        list.map((race) => {
          const off = new Date(race.off_time_ms);
          return {
            seriesId: seriesOf(race),
            sportId: race.sport_id,
            matchName: race.race_name,
            country: race.country,
            venue: race.venue,
            startTime: off,
            openDate: new Date(Math.min(off.getTime(), at.getTime())),
          };
        }),
      );
      const cards = list.map((race) => [...race.runners].sort((a, b) => a.number - b.number));
      // Each race's WIN market, then its PLACE market when it pays places: as one by one.
      const marketSpecs = list.flatMap((race, i) => {
        const base = {
          matchId: matchIds[i]!,
          marketKind: EXCHANGE_KIND,
          status: 'OPEN' as const,
          commissionBps: RACE_MARKET_COMMISSION_BPS,
          startTime: new Date(race.off_time_ms),
        };
        // Its outcome space: the win market has one winner, the place market its places.
        const win = { ...base, race: i, marketType: WIN_MARKET_TYPE, marketName: 'Win', winners: 1 };
        return race.places_paid > 1
          ? [
              win,
              {
                ...base,
                race: i,
                marketType: PLACE_MARKET_TYPE,
                marketName: `To Be Placed (${race.places_paid} places)`,
                winners: race.places_paid,
              },
            ]
          : [win];
      });
      const created = await createMarkets(
        t,
        marketSpecs.map(({ race, ...m }) => ({
          ...m,
          runners: cards[race]!.map((r) => `${r.number}. ${r.name}`),
        })),
      );
      // The markets (and their selection ids) of each race, in the order above.
      const byRace = list.map(() => [] as { marketId: number; selectionIds: number[] }[]);
      for (const [j, m] of marketSpecs.entries()) byRace[m.race]!.push(created[j]!);
      await t.insert(races).values(
        list.map((race, i) => ({
          matchId: matchIds[i]!,
          sportId: race.sport_id,
          distance: race.distance,
          going: race.going,
          surface: race.surface,
          placesPaid: race.places_paid,
          state: 'OPEN' as const,
          winMarketId: byRace[i]![0]!.marketId,
          placeMarketId: byRace[i]![1]?.marketId ?? null,
          updatedAt: at,
        })),
      );
      await t.insert(raceRunners).values(
        list.flatMap((_, i) => {
          const [win, place] = byRace[i]!;
          return cards[i]!.map((r, k) => ({
            matchId: matchIds[i]!,
            number: r.number,
            name: r.name,
            colours: [...r.colours],
            jockey: r.jockey,
            trainer: r.trainer,
            weight: r.weight,
            draw: r.draw,
            form: r.form,
            age: r.age,
            winSelectionId: win!.selectionIds[k]!,
            placeSelectionId: place ? place.selectionIds[k]! : null,
          }));
        }),
      );
      // Every node forgets that the ids were unknown (a socket may have asked for them already).
      afterCommit(t, () => {
        for (const row of created) app.bus.publish('market', { market_id: row.marketId });
      });
      return matchIds;
    };
    const matchIds = tx ? await create(tx) : await db.transaction(create);
    return { ok: true, matchIds };
  }

  return {
    placesPaidFor,

    /** The race's card, or null for a match that is no race. */
    card: (matchId: number) => cardOf(db, matchId),

    /**
     * Why an operator's generic market call (admin/market/result, …/void, …/removeRunner) is
     * refused on a race's WIN or PLACE market, or null for a market of no race. The race's card is
     * the one truth: its result, non-runners and void go through admin/racing/*, which drive both
     * markets from it (issue 40: a market result declared apart from the card let the card say
     * #1 won while the money said #2).
     */
    async marketCallRefusal(marketId: number, call: 'result' | 'void' | 'runner'): Promise<string | null> {
      const [race] = await db
        .select({ matchId: races.matchId, win: races.winMarketId })
        .from(races)
        .where(sql`${races.winMarketId} = ${marketId} or ${races.placeMarketId} = ${marketId}`)
        .limit(1);
      if (!race) return null;
      const which = `Market ${marketId} is the ${race.win === marketId ? 'WIN' : 'PLACE'} market of race ${race.matchId}`;
      switch (call) {
        case 'result':
          return `${which}: declare the race's result with admin/racing/result (match_id ${race.matchId}, placings), which settles WIN and PLACE from the card`;
        case 'void':
          return `${which}: void the race with admin/racing/void (match_id ${race.matchId}), which voids WIN and PLACE with the card`;
        case 'runner':
          return `${which}: withdraw a runner with admin/racing/nonRunner (match_id ${race.matchId}, number), which removes it from the card, WIN and PLACE together`;
      }
    },

    /**
     * Creates a race: the meeting's series ("Kempton (GB)", through the catalog), its match (the
     * off as its start), an OPEN WIN market of every runner and, when `places_paid` > 1, an OPEN
     * PLACE market, and the card. In `tx` when given, else in a transaction of its own.
     */
    async createRace(
      race: NewRace,
      tx?: Tx,
    ): Promise<{ ok: true; matchId: number } | { ok: false; message: string }> {
      const made = await createRaces([race], tx);
      return made.ok ? { ok: true, matchId: made.matchIds[0]! } : made;
    },

    createRaces,

    /**
     * Races whose off is in [from, to], in off order (the racing feed's day). With `done`, the
     * RESULTED and VOID races going off before `done.before` are left out (the feed has nothing to
     * do with them), except those in `done.keep`.
     */
    async listRaces(from: Date, to: Date, done?: { before: Date; keep?: readonly number[] }) {
      const finished = done
        ? or(
            notInArray(races.state, ['RESULTED', 'VOID']),
            gte(matches.startTime, done.before),
            ...(done.keep && done.keep.length > 0 ? [inArray(races.matchId, [...done.keep])] : []),
          )
        : undefined;
      // Only what the racing day needs of each race and runner (read every few seconds).
      const rows = await db
        .select({
          race: {
            matchId: races.matchId,
            sportId: races.sportId,
            state: races.state,
            placesPaid: races.placesPaid,
            winMarketId: races.winMarketId,
            placeMarketId: races.placeMarketId,
          },
          match: { venue: matches.venue, country: matches.country, startTime: matches.startTime },
        })
        .from(races)
        .innerJoin(matches, eq(matches.matchId, races.matchId))
        .where(and(gte(matches.startTime, from), sql`${matches.startTime} <= ${to}`, finished))
        .orderBy(asc(matches.startTime), asc(matches.matchId));
      const ids = rows.map((r) => r.race.matchId);
      const card =
        ids.length === 0
          ? []
          : await db
              .select({
                matchId: raceRunners.matchId,
                number: raceRunners.number,
                winSelectionId: raceRunners.winSelectionId,
                placeSelectionId: raceRunners.placeSelectionId,
                nonRunner: raceRunners.nonRunner,
              })
              .from(raceRunners)
              .where(inArray(raceRunners.matchId, ids))
              .orderBy(asc(raceRunners.matchId), asc(raceRunners.number));
      return rows.map(({ race, match }) => ({
        race,
        match,
        runners: card.filter((r) => r.matchId === race.matchId),
      }));
    },

    /**
     * A non-runner: withdrawn from the WIN and PLACE markets with its reduction factors (basis
     * points; the place one defaults to the win one). Before the race is finished; a runner
     * already out answers the card unchanged.
     */
    nonRunner(by: number | null, matchId: number, number: number, winRfBp: number, placeRfBp?: number) {
      return (async (): Promise<RaceOutcome> => {
        // One transaction: the race row locked, the card's row, then both markets' removals.
        const r = await inTx(async (tx) => {
          const race = await lockRace(tx, matchId);
          const card = await tx.select().from(raceRunners).where(eq(raceRunners.matchId, matchId));
          const runner = card.find((x) => x.number === number);
          if (!runner) throw new RaceRefusal(`Race ${matchId} has no runner number ${number}`);
          let target = runner;
          if (!runner.nonRunner) {
            if (race.state !== 'OPEN' && race.state !== 'OFF')
              throw new RaceRefusal(
                `The race is ${stateWord[race.state]}: a runner can no longer be withdrawn`,
              );
            if (card.filter((x) => !x.nonRunner && x.number !== number).length < 2)
              throw new RaceRefusal('A race needs two runners: void the race as a walkover instead');
            const place = race.placeMarketId === null ? null : (placeRfBp ?? winRfBp);
            const [after] = await tx
              .update(raceRunners)
              .set({ nonRunner: true, winRfBp, placeRfBp: place, removedAt: now() })
              .where(and(eq(raceRunners.matchId, matchId), eq(raceRunners.number, number)))
              .returning();
            target = after!;
          }
          // The stored factors (a repeat drives the first call's, never its own): a repeat finds
          // the markets' removals done and changes nothing.
          await removeInTx(by, tx, race, target);
          return { name: target.name, same: runner.nonRunner };
        });
        const refused = refusedOf(r);
        if (refused !== null) return refuse(refused);
        const { name, same } = r as { name: string; same: boolean };
        return answerCard(
          matchId,
          same ? `${name} is already a non-runner; the card is unchanged` : undefined,
        );
      })();
    },

    /** The off: both markets in play with the sport's bet delay. */
    off: (by: number | null, matchId: number) =>
      stepRace(by, matchId, async (race) => {
        if (race.state === 'OFF') return 'SAME';
        if (race.state !== 'OPEN')
          throw new RaceRefusal(`The race is ${stateWord[race.state]}: it cannot go off again`);
        return { state: 'OFF', offAt: now() };
      }),

    /** Past the post: both markets suspended until the weigh-in's result. */
    finish: (by: number | null, matchId: number) =>
      stepRace(by, matchId, async (race) => {
        if (race.state === 'FINISHED') return 'SAME';
        if (race.state !== 'OFF')
          throw new RaceRefusal(`The race is ${stateWord[race.state]}: only a race that is off can finish`);
        return { state: 'FINISHED', finishedAt: now() };
      }),

    /**
     * The weighed-in result, best first: settles WIN on the first placing (a dead heat shares it)
     * and PLACE on the places paid (a dead heat across the last place paid shares the places left).
     * A resulted race keeps its result: a later one is ignored and the card answered unchanged.
     */
    result: (by: number | null, matchId: number, placings: readonly (readonly number[])[]) =>
      stepRace(
        by,
        matchId,
        async (race, card, tx) => {
          if (race.state === 'RESULTED') return 'SAME';
          if (race.state !== 'OFF' && race.state !== 'FINISHED')
            throw new RaceRefusal(`The race is ${stateWord[race.state]}: it has no result to take`);
          const byNumber = new Map(card.map((r) => [r.number, r]));
          const named = placings.flat();
          for (const n of named) {
            const r = byNumber.get(n);
            if (!r) throw new RaceRefusal(`Race ${matchId} has no runner number ${n}`);
            if (r.nonRunner) throw new RaceRefusal(`${n}. ${r.name} is a non-runner and cannot be placed`);
          }
          if (new Set(named).size !== named.length) throw new RaceRefusal('A runner is placed twice');
          const running = card.filter((r) => !r.nonRunner).length;
          const required = numbersRequired(race.placeMarketId === null ? 1 : race.placesPaid, running);
          if (named.length < required)
            throw new RaceRefusal(
              `The result must name the first ${required} home: the race pays ${race.placesPaid} places`,
            );
          const stored: StoredPlacing[] = positionsOf(placings);
          // The lists and the race's page show the winner in place of In Play.
          const first = (placings[0] ?? []).map((n) => byNumber.get(n)!.name);
          await setMatchResult(
            tx,
            matchId,
            first.length > 1 ? `Dead heat: ${first.join(' and ')}` : `Won by ${first[0]}`,
          );
          return { state: 'RESULTED', result: stored, resultedAt: now() };
        },
        (_race, same) => (same ? 'The race is resulted (weigh-in): a later result is ignored' : undefined),
      ),

    /** Void: abandoned, a walkover, moved venue or not run on the day; every bet of both markets void. */
    voidRace: (by: number | null, matchId: number, reason: RaceVoidReason) =>
      stepRace(
        by,
        matchId,
        async (race) => {
          if (race.state === 'VOID') return 'SAME';
          if (race.state === 'RESULTED')
            throw new RaceRefusal('The race is resulted (weigh-in): it can no longer be voided');
          return { state: 'VOID', voidReason: reason };
        },
        (race, same) =>
          same && race.voidReason !== reason ? `The race is already void (${race.voidReason})` : undefined,
      ),

    /** A surface change (turf to all weather): recorded; bets stand. */
    surface: (by: number | null, matchId: number, surface: string) =>
      stepRace(by, matchId, async (race) => {
        if (race.state === 'VOID' || race.state === 'RESULTED')
          throw new RaceRefusal(`The race is ${stateWord[race.state]}: its surface is history`);
        if (race.surface === surface) return 'SAME';
        // Only the card changes; the markets stay where the race's state has them.
        return { surface };
      }),
  };
}

export type RacingService = ReturnType<typeof createRacingService>;
