// A RacingFeedApi in memory over the fake exchange: a race's WIN and PLACE markets are fake
// exchange markets, so the racing feed's quotes and bets go through the engine's order book.
import type {
  FeedRace,
  FeedRaceVoidReason,
  NewRace,
  RaceListFilter,
  RacingFeedApi,
  RacingResult,
} from '../src/index.ts';
import type { FakeExchange } from './fake-exchange.ts';

export type RacingCall =
  | { op: 'list'; from_ms: number; to_ms: number; filter?: RaceListFilter }
  | { op: 'create'; race: NewRace }
  | { op: 'nonRunner'; match_id: number; number: number; win_rf_bp: number; place_rf_bp: number }
  | { op: 'off' | 'finish'; match_id: number }
  | { op: 'result'; match_id: number; placings: readonly (readonly number[])[] }
  | { op: 'void'; match_id: number; reason: FeedRaceVoidReason };

export interface StoredRace {
  race: FeedRace;
  card: NewRace;
  placings: number[][] | null;
  rf: Map<number, { win_rf_bp: number; place_rf_bp: number }>;
}

export class FakeRacing implements RacingFeedApi {
  readonly races = new Map<number, StoredRace>();
  readonly calls: RacingCall[] = [];
  /** When set, every call throws (a store that is down). */
  broken = false;
  private nextMatch = 1;
  private nextMarket = 10;

  constructor(readonly exchange: FakeExchange) {}

  private check() {
    if (this.broken) throw new Error('store down');
  }

  private set(match_id: number, patch: Partial<FeedRace>) {
    const r = this.races.get(match_id)!;
    r.race = { ...r.race, ...patch };
  }

  async listRaces(from_ms: number, to_ms: number, filter?: RaceListFilter): Promise<FeedRace[]> {
    this.check();
    this.calls.push(filter ? { op: 'list', from_ms, to_ms, filter } : { op: 'list', from_ms, to_ms });
    const done = (r: FeedRace) =>
      filter !== undefined &&
      (r.state === 'RESULTED' || r.state === 'VOID') &&
      r.off_time_ms < filter.done_before_ms &&
      !filter.keep_ids?.includes(r.match_id);
    return [...this.races.values()]
      .map((r) => r.race)
      .filter((r) => r.off_time_ms >= from_ms && r.off_time_ms <= to_ms && !done(r))
      .sort((a, b) => a.off_time_ms - b.off_time_ms);
  }

  async createRace(race: NewRace): Promise<FeedRace> {
    this.check();
    this.calls.push({ op: 'create', race });
    const match_id = this.nextMatch++;
    const n = race.runners.length;
    const win = this.exchange.addMarket(
      { market_id: this.nextMarket, start_time_ms: race.off_time_ms, sport_id: race.sport_id },
      n,
    );
    this.nextMarket += 10;
    const place =
      race.places_paid > 1
        ? this.exchange.addMarket(
            { market_id: this.nextMarket, start_time_ms: race.off_time_ms, sport_id: race.sport_id },
            n,
          )
        : null;
    if (place) this.nextMarket += 10;
    const stored: FeedRace = {
      match_id,
      sport_id: race.sport_id,
      venue: `${race.venue} (${race.country})`,
      country: race.country,
      off_time_ms: race.off_time_ms,
      state: 'OPEN',
      places_paid: race.places_paid,
      win_market_id: win.market_id,
      place_market_id: place?.market_id ?? null,
      runners: race.runners.map((r, i) => ({
        number: r.number,
        win_selection_id: win.runners[i]!.selection_id,
        place_selection_id: place ? place.runners[i]!.selection_id : null,
        non_runner: false,
      })),
    };
    this.races.set(match_id, { race: stored, card: race, placings: null, rf: new Map() });
    return stored;
  }

  /** Adds a race as another party would (the seed, an operator): no card kept beyond the runners. */
  async addForeignRace(race: NewRace) {
    return this.createRace(race);
  }

  private markets(r: FeedRace) {
    return [r.win_market_id, ...(r.place_market_id === null ? [] : [r.place_market_id])];
  }

  async nonRunner(
    match_id: number,
    number: number,
    win_rf_bp: number,
    place_rf_bp: number,
  ): Promise<RacingResult> {
    this.check();
    this.calls.push({ op: 'nonRunner', match_id, number, win_rf_bp, place_rf_bp });
    const s = this.races.get(match_id);
    if (!s) return { ok: false, message: 'unknown race' };
    if (s.race.state !== 'OPEN') return { ok: false, message: 'the race is not open' };
    const runner = s.race.runners.find((r) => r.number === number);
    if (!runner) return { ok: false, message: `no runner ${number}` };
    if (runner.non_runner) return { ok: false, message: `runner ${number} is already a non-runner` };
    s.rf.set(number, { win_rf_bp, place_rf_bp });
    this.set(match_id, {
      runners: s.race.runners.map((r) => (r.number === number ? { ...r, non_runner: true } : r)),
    });
    for (const [market_id, sel] of [
      [s.race.win_market_id, runner.win_selection_id],
      [s.race.place_market_id, runner.place_selection_id],
    ] as const) {
      if (market_id === null || sel === null) continue;
      const m = this.exchange.markets.get(market_id)!;
      m.info = {
        ...m.info,
        runners: m.info.runners.map((x) => (x.selection_id === sel ? { ...x, status: 'REMOVED' } : x)),
      };
    }
    return { ok: true };
  }

  async off(match_id: number): Promise<RacingResult> {
    this.check();
    this.calls.push({ op: 'off', match_id });
    const s = this.races.get(match_id);
    if (!s || s.race.state !== 'OPEN') return { ok: false, message: 'the race is not open' };
    for (const id of this.markets(s.race)) await this.exchange.setInPlay(id, 1);
    this.set(match_id, { state: 'OFF' });
    return { ok: true };
  }

  async finish(match_id: number): Promise<RacingResult> {
    this.check();
    this.calls.push({ op: 'finish', match_id });
    const s = this.races.get(match_id);
    if (!s || s.race.state !== 'OFF') return { ok: false, message: 'the race is not off' };
    for (const id of this.markets(s.race)) await this.exchange.setMarketOpen(id, false);
    this.set(match_id, { state: 'FINISHED' });
    return { ok: true };
  }

  async result(match_id: number, placings: readonly (readonly number[])[]): Promise<RacingResult> {
    this.check();
    this.calls.push({ op: 'result', match_id, placings });
    const s = this.races.get(match_id);
    if (!s || s.race.state !== 'FINISHED') return { ok: false, message: 'the race is not finished' };
    const ran = new Set(s.race.runners.filter((r) => !r.non_runner).map((r) => r.number));
    for (const p of placings)
      for (const n of p) if (!ran.has(n)) return { ok: false, message: `runner ${n} did not run` };
    if (placings.length > 10) return { ok: false, message: 'placings may name at most 10 positions' };
    const named = placings.reduce((k, p) => k + p.length, 0);
    if (named < Math.min(s.race.places_paid, ran.size))
      return { ok: false, message: 'fewer placings than places paid' };
    for (const id of this.markets(s.race)) await this.exchange.closeMarket(id);
    s.placings = placings.map((p) => [...p]);
    this.set(match_id, { state: 'RESULTED' });
    return { ok: true };
  }

  async voidRace(match_id: number, reason: FeedRaceVoidReason): Promise<RacingResult> {
    this.check();
    this.calls.push({ op: 'void', match_id, reason });
    const s = this.races.get(match_id);
    if (!s || s.race.state === 'RESULTED' || s.race.state === 'VOID')
      return { ok: false, message: 'too late' };
    this.set(match_id, { state: 'VOID' });
    return { ok: true };
  }

  /** Sets a race's state by hand (an operator). */
  setState(match_id: number, state: FeedRace['state']) {
    this.set(match_id, { state });
  }
}
