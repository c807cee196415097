// A CricketFeedApi in memory: matches, fancies and bookmaker markets as the operator's calls leave
// them, every call recorded, and failures or refusals to order.
import type {
  BookmakerRate,
  BookmakerStatus,
  CricketFeedApi,
  CricketFormat,
  CricketMatch,
  CricketMatchSummary,
  FancyEvent,
  FancyQuote,
  FancyStatus,
  FancyVariant,
  FeedFancy,
  IncompleteFacts,
  PlayerFancyEvent,
  Scoreboard,
} from '../src/index.ts';

export type CricketCall =
  | { op: 'publishScore'; match_id: number; score: Scoreboard }
  | { op: 'quoteFancy'; fancy_id: number; quote: FancyQuote }
  | { op: 'setFancyStatus'; fancy_id: number; status: FancyStatus }
  | { op: 'settleFancy'; fancy_id: number; result: number; dead_heat_count?: number }
  | { op: 'openPlayerFancy'; match_id: number; name: string; event: PlayerFancyEvent }
  | { op: 'settleFancyIncomplete'; fancy_id: number; facts: IncompleteFacts }
  | { op: 'settleBookmakerIncomplete'; market_id: number }
  | { op: 'settleBookmakerWinner'; market_id: number; selection_id: number }
  | { op: 'matchOddsBackPrices'; market_id: number }
  | { op: 'quoteBookmaker'; market_id: number; rates: BookmakerRate[] }
  | { op: 'setBookmakerStatus'; market_id: number; status: BookmakerStatus };

type Op = CricketCall['op'] | 'listCricketMatches' | 'readCricketMatches';

export interface FakeBookmaker {
  status: BookmakerStatus;
  rates: BookmakerRate[];
  /** Settled by the incomplete rules (the server's 10 / 25-over comparison). */
  settled_incomplete?: boolean;
  /** Settled on this winner's runner (a match won on the field). */
  winner?: number;
}

/** A fancy as a test declares it: name, variant and event; id and quote filled in. */
export type FancySpec = { name: string; variant: FancyVariant; event: FancyEvent } & Partial<FeedFancy>;

/** The sessions an operator typically offers on a limited-overs match, for both innings. */
export function standardFancies(
  teams: readonly [string, string],
  format: CricketFormat = 'T20',
): FancySpec[] {
  const sessions = format === 'T20' ? [6, 10, 15] : format === 'ODI' ? [10, 20, 40] : [10, 30, 60];
  const specs: FancySpec[] = [];
  for (const innings of [1, 2] as const) {
    const team = teams[innings - 1];
    for (const over of sessions) {
      specs.push({
        name: `${over} over runs ${team}`,
        variant: 'RUNS',
        event: { innings, kind: 'RUNS_AT_OVER', over },
      });
    }
    specs.push({ name: `${team} lambi`, variant: 'LAMBI', event: { innings, kind: 'INNINGS_TOTAL' } });
    specs.push({
      name: `${sessions[0]} over khado ${team}`,
      variant: 'KHADO',
      event: { innings, kind: 'RUNS_AT_OVER', over: sessions[0]! },
    });
    specs.push({
      name: `${sessions[1]} over meter ${team}`,
      variant: 'METER',
      event: { innings, kind: 'RUNS_AT_OVER', over: sessions[1]! },
    });
    specs.push({
      name: `1st over odd/even ${team}`,
      variant: 'ODD_EVEN',
      event: { innings, kind: 'RUNS_AT_OVER', over: 1 },
    });
    specs.push({
      name: `wicket in the first 3 overs ${team}`,
      variant: 'FANCY1',
      event: { innings, kind: 'WICKET_BEFORE_OVER', over: 3 },
    });
  }
  return specs;
}

/** The object with its keys in reverse order (at every level). */
function reverseKeys<T>(x: T): T {
  if (Array.isArray(x)) return x.map(reverseKeys) as T;
  if (x === null || typeof x !== 'object') return x;
  return Object.fromEntries(
    Object.entries(x)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  ) as T;
}

export class FakeCricketApi implements CricketFeedApi {
  readonly matches = new Map<number, CricketMatch>();
  readonly fancies = new Map<
    number,
    FeedFancy & { match_id: number; result: number | null; decision?: string }
  >();
  readonly bookmakers = new Map<number, FakeBookmaker>();
  /** Match-odds best back prices by market. */
  readonly prices = new Map<number, Map<number, number | null>>();
  readonly calls: CricketCall[] = [];
  /** Each quoteFancies call: the fancies it quoted together. */
  readonly quoteBatches: number[][] = [];
  /** Each setFancyStatuses call: the fancies it set together. */
  readonly batches: { fancy_ids: number[]; status: FancyStatus }[] = [];
  /** Calls of an op that throw, counted down. */
  readonly failNext = new Map<Op, number>();
  /** Fancies whose settlement is refused. */
  readonly refuse = new Set<number>();
  /** Fancies whose quotes throw. */
  readonly failQuotes = new Set<number>();
  /** listCricketMatches calls so far. */
  listings = 0;
  /** readCricketMatches calls so far: the matches each read in full. */
  readonly reads: number[][] = [];
  private nextFancy = 1;

  addMatch(
    m: Partial<Omit<CricketMatch, 'fancies'>> & { match_id: number },
    fancies: FancySpec[] = standardFancies(m.teams ?? ['AUS', 'IND'], m.format ?? 'T20'),
  ): CricketMatch {
    const id = m.match_id;
    const match: CricketMatch = {
      format: 'T20',
      in_play: true,
      start_time_ms: 0,
      teams: ['AUS', 'IND'],
      score: null,
      match_odds_market_id: id * 100,
      bookmaker: { market_id: id * 100 + 1, selection_ids: [id * 1000 + 1, id * 1000 + 2] },
      fancies: [],
      ...m,
    };
    this.matches.set(id, match);
    if (match.bookmaker) this.bookmakers.set(match.bookmaker.market_id, { status: 'ACTIVE', rates: [] });
    for (const spec of fancies) {
      const f = {
        fancy_id: this.nextFancy++,
        status: 'ACTIVE' as const,
        no_line: 30,
        no_rate: 100,
        yes_line: 31,
        yes_rate: 100,
        settled: false,
        result: null,
        match_id: id,
        ...spec,
      };
      this.fancies.set(f.fancy_id, f);
    }
    return match;
  }

  fancyNamed(name: string) {
    const f = [...this.fancies.values()].find((x) => x.name === name);
    if (!f) throw new Error(`no fancy ${name}`);
    return f;
  }

  fanciesOf(match_id: number) {
    return [...this.fancies.values()].filter((f) => f.match_id === match_id);
  }

  score(match_id: number): Scoreboard | null {
    return this.matches.get(match_id)!.score;
  }

  private maybeFail(op: Op) {
    const n = this.failNext.get(op) ?? 0;
    if (n > 0) {
      this.failNext.set(op, n - 1);
      throw new Error(`${op} failed (test)`);
    }
  }

  /** The matches as summaries only (as a store lists them cheaply): what is read in full is read apart. */
  async listCricketMatches(): Promise<CricketMatchSummary[]> {
    this.maybeFail('listCricketMatches');
    this.listings += 1;
    return structuredClone(
      [...this.matches.values()].map(({ match_id, format, in_play, start_time_ms, teams, score }) => ({
        match_id,
        format,
        in_play,
        start_time_ms,
        teams,
        score,
      })),
    );
  }

  async readCricketMatches(match_ids: readonly number[]): Promise<CricketMatch[]> {
    this.maybeFail('readCricketMatches');
    this.reads.push([...match_ids]);
    return structuredClone(
      [...this.matches.values()]
        .filter((m) => match_ids.includes(m.match_id))
        .map((m) => ({
          ...m,
          bookmaker: m.bookmaker
            ? { ...m.bookmaker, status: this.bookmakers.get(m.bookmaker.market_id)!.status }
            : null,
          fancies: this.fanciesOf(m.match_id).map(({ match_id: _m, result: _r, ...f }) => f),
        })),
    );
  }

  async publishScore(match_id: number, score: Scoreboard): Promise<void> {
    this.calls.push({ op: 'publishScore', match_id, score: structuredClone(score) });
    this.maybeFail('publishScore');
    // Given back with its keys in another order than published (a store need not keep them).
    this.matches.get(match_id)!.score = reverseKeys(structuredClone(score));
  }

  /**
   * One write for several (recorded as one quoteFancy call each): a failure (failNext) fails them
   * all; a fancy in failQuotes is refused, the others written.
   */
  async quoteFancies(
    quotes: readonly { fancy_id: number; quote: FancyQuote }[],
  ): Promise<{ fancy_id: number; message: string }[]> {
    this.quoteBatches.push(quotes.map((x) => x.fancy_id));
    for (const { fancy_id, quote } of quotes) this.calls.push({ op: 'quoteFancy', fancy_id, quote });
    this.maybeFail('quoteFancy');
    const refused: { fancy_id: number; message: string }[] = [];
    for (const { fancy_id, quote } of quotes) {
      if (this.failQuotes.has(fancy_id)) refused.push({ fancy_id, message: 'quote refused (test)' });
      else Object.assign(this.fancies.get(fancy_id)!, quote);
    }
    return refused;
  }

  async setFancyStatus(fancy_id: number, status: FancyStatus): Promise<void> {
    this.calls.push({ op: 'setFancyStatus', fancy_id, status });
    this.maybeFail('setFancyStatus');
    this.fancies.get(fancy_id)!.status = status;
  }

  /** One write for several (recorded as one setFancyStatus call each; a failure fails them all). */
  async setFancyStatuses(fancy_ids: readonly number[], status: FancyStatus): Promise<void> {
    this.batches.push({ fancy_ids: [...fancy_ids], status });
    for (const fancy_id of fancy_ids) this.calls.push({ op: 'setFancyStatus', fancy_id, status });
    this.maybeFail('setFancyStatus');
    for (const fancy_id of fancy_ids) this.fancies.get(fancy_id)!.status = status;
  }

  async openPlayerFancy(match_id: number, name: string, event: PlayerFancyEvent, quote: FancyQuote) {
    this.calls.push({ op: 'openPlayerFancy', match_id, name, event });
    const same = this.fanciesOf(match_id).some((f) => JSON.stringify(f.event) === JSON.stringify(event));
    if (same) return;
    const id = this.nextFancy++;
    this.fancies.set(id, {
      fancy_id: id,
      name,
      variant: 'RUNS',
      event,
      status: 'ACTIVE',
      ...quote,
      settled: false,
      result: null,
      match_id,
    });
  }

  async settleFancy(fancy_id: number, result: number, dead_heat_count?: number) {
    this.calls.push({
      op: 'settleFancy',
      fancy_id,
      result,
      ...(dead_heat_count === undefined ? {} : { dead_heat_count }),
    });
    this.maybeFail('settleFancy');
    const f = this.fancies.get(fancy_id)!;
    if (f.settled) return { ok: false, message: 'Fancy is already settled' };
    if (this.refuse.has(fancy_id)) return { ok: false, message: 'refused (test)' };
    f.settled = true;
    f.result = result;
    f.status = 'CLOSED';
    return { ok: true };
  }

  /**
   * A stand-in for the server's incomplete rules (which the engine's tests and the server's cover):
   * a Meter on the midpoint of its line pair, every other fancy void (no averages table here).
   */
  async settleFancyIncomplete(fancy_id: number, facts: IncompleteFacts) {
    this.calls.push({ op: 'settleFancyIncomplete', fancy_id, facts });
    this.maybeFail('settleFancyIncomplete');
    const f = this.fancies.get(fancy_id)!;
    if (f.settled) return { ok: false, message: 'Market is already settled' };
    if (this.refuse.has(fancy_id)) return { ok: false, message: 'refused (test)' };
    const meter = f.variant === 'METER' && f.no_line !== null && f.yes_line !== null;
    f.settled = true;
    f.status = 'CLOSED';
    f.result = meter ? Math.floor((f.no_line! + f.yes_line!) / 2) : null;
    f.decision = meter ? 'MIDPOINT' : 'VOID';
    return { ok: true, decision: f.decision, value: f.result };
  }

  async settleBookmakerIncomplete(market_id: number) {
    this.calls.push({ op: 'settleBookmakerIncomplete', market_id });
    this.maybeFail('settleBookmakerIncomplete');
    const bm = this.bookmakers.get(market_id)!;
    bm.status = 'CLOSED';
    bm.settled_incomplete = true;
    return { ok: true };
  }

  async settleBookmakerWinner(market_id: number, selection_id: number) {
    this.calls.push({ op: 'settleBookmakerWinner', market_id, selection_id });
    this.maybeFail('settleBookmakerWinner');
    const bm = this.bookmakers.get(market_id)!;
    bm.status = 'CLOSED';
    bm.winner = selection_id;
    return { ok: true };
  }

  async matchOddsBackPrices(market_id: number) {
    this.calls.push({ op: 'matchOddsBackPrices', market_id });
    this.maybeFail('matchOddsBackPrices');
    return this.prices.get(market_id) ?? null;
  }

  async quoteBookmaker(market_id: number, rates: BookmakerRate[]): Promise<void> {
    this.calls.push({ op: 'quoteBookmaker', market_id, rates });
    this.maybeFail('quoteBookmaker');
    this.bookmakers.get(market_id)!.rates = rates;
  }

  async setBookmakerStatus(market_id: number, status: BookmakerStatus): Promise<void> {
    this.calls.push({ op: 'setBookmakerStatus', market_id, status });
    this.maybeFail('setBookmakerStatus');
    this.bookmakers.get(market_id)!.status = status;
  }
}
