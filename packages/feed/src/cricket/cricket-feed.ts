// The in-play cricket simulator. For each in-play demo cricket match it bowls a ball every
// `ball_interval_ms`, in two phases on separate ticks:
//   1. start: every ACTIVE fancy (all in one write) and the bookmaker go BALL_RUNNING, then the
//      score is published with `ball_running_until_ms` (the ball starts only once all of them are
//      suspended);
//   2. after `ball_running_ms`: the delivery's outcome is drawn (model.ts), the new score is
//      published, every fancy whose event is now decided is settled, the open fancies are quoted
//      again from the projected score (all in one write) and set ACTIVE (all in one write), and
//      the bookmaker is quoted near the match-odds prices and set ACTIVE ("upkeep").
// Everything goes through CricketFeedApi (the operator's own quoting calls); the clock and the
// randomness come in. The persisted Scoreboard is the game's state: every tick reads it back from
// listCricketMatches, so a restarted or new leader continues the same game. What lives in memory
// is only timing (when the next ball may start) and what has been done since the last score
// (upkeep, refusals); losing it costs one repeated upkeep, nothing else.
//
// What a tick reads: the match list as summaries (scores, in play), then in full (fancies,
// bookmaker, elevens: readCricketMatches) only the matches with work due. Each tick reports when a
// match next needs work (`next_due_ms`: a ball's end, the next ball's start, a match's start), and
// `start()` ticks then rather than every `tick_ms`: between balls nothing is read (issue 48). A tick
// still comes at least every `idle_tick_ms` to see what changed meanwhile (a match turned in play
// early, a score changed by hand).
//
// One writer per match: each publish names the score sequence it continues (`score_seq`); one the
// store refuses (a stale read: two feeds on one match, a deposed leader finishing its step) ends
// the step before anything is settled or quoted from it, and the next tick reads the match again.
//
// Failures: a failed call is logged and its step retried on the next tick; tick() never throws.
// A settlement that threw (not a refusal) holds the match: no ball is bowled until it went
// through, since the scoreboard after another ball no longer shows the value it settles on. A
// failed quote only keeps its fancy suspended until a later upkeep goes through.
import type { Random } from '../pricing.ts';
import type { FeedClock, FeedLog } from '../types.ts';
import { bowlBall } from './ball.ts';
import { isPlayerEvent, playerLineQuote } from './player-lines.ts';
import {
  bookmakerRates,
  DEFAULT_CRICKET_MODEL,
  eventState,
  fancyQuote,
  rainsAfter,
  startBall,
  stopMatch,
  winProbability,
  type CricketModelOptions,
} from './model.ts';
import type {
  CricketFeedApi,
  CricketMatch,
  CricketMatchSummary,
  FancyQuote,
  FeedFancy,
  Scoreboard,
} from './types.ts';

export interface CricketFeedOptions extends CricketModelOptions {
  /**
   * `start()`: the wait after a tick that left work due at once (a retry, more matches due than a
   * tick takes, a match past its start not yet in play); otherwise it ticks when a match is due.
   */
  tick_ms: number;
  /** A ball starts this long after the previous one started. */
  ball_interval_ms: number;
  /** A ball runs (fancies and bookmaker suspended) this long, then its outcome is published. */
  ball_running_ms: number;
  /** Between the innings, at least this long. */
  innings_break_ms: number;
  /** Matches with work done per tick at most (the ones waiting longest first). */
  max_matches_per_tick: number;
  /**
   * `start()`: the longest wait between two ticks when no match is due sooner (matches turned in
   * play early, a score changed by the operator are seen within it). Work due now (a retry, more
   * matches due than a tick takes) waits `tick_ms`.
   */
  idle_tick_ms: number;
}

export const DEFAULT_CRICKET_FEED_OPTIONS: CricketFeedOptions = {
  ...DEFAULT_CRICKET_MODEL,
  tick_ms: 500,
  ball_interval_ms: 5_000,
  ball_running_ms: 2_000,
  innings_break_ms: 30_000,
  max_matches_per_tick: 4,
  idle_tick_ms: 5_000,
};

/**
 * A match whose start has passed but which is not in play yet is looked at every `tick_ms` for
 * this long (the match-odds feed turns it in play at its start, on its own tick); after that, it
 * waits for the idle tick.
 */
const START_WATCH_MS = 60_000;
/** `start()` ticks this long after a due time, so that the tick's clock has passed it. */
const DUE_MARGIN_MS = 2;

export interface CricketTickReport {
  /** Matches whose ball started this tick. */
  balls_started: number[];
  /** Deliveries bowled this tick, as their strip entry. */
  balls: { match_id: number; ball: string }[];
  settled: { fancy_id: number; result: number }[];
  /** Fancies of a stopped or cut-short innings settled by the incomplete rules (value null: void). */
  incomplete: { fancy_id: number; decision: string; value: number | null }[];
  /** Matches whose first innings ended this tick. */
  innings_ended: number[];
  completed: { match_id: number; result_text: string }[];
  /** Matches whose score write was refused as stale (the step dropped; read again next tick). */
  stale: number[];
  /** Calls that failed (logged; retried on the next tick). */
  failures: number;
  /** True when tick() was called while the previous tick was still running (nothing done). */
  skipped: boolean;
  /**
   * When a listed match next needs work (epoch ms; at or before the tick's time: as soon as
   * possible), or null when none will without something changing (no match in play, all wrapped up).
   */
  next_due_ms: number | null;
}

export interface CricketFeed {
  /** One tick; resolves when its work is done. Never throws. */
  tick(): Promise<CricketTickReport>;
  /**
   * Ticks until `stop`: each tick when the last one said a match is next due (never sooner than
   * `tick_ms` after a tick with work due at once, never later than `idle_tick_ms`).
   */
  start(): void;
  /** Stops ticking and waits for the tick in flight. */
  stop(): Promise<void>;
  readonly options: Readonly<CricketFeedOptions>;
}

/** What the feed remembers of a match (per process; a restart starts from nothing). */
interface MatchMemory {
  /** The next ball may start at this time (0: at once). */
  next_ball_ms: number;
  /**
   * The between-balls score (as JSON) whose decided fancies are all dealt with (settled, or
   * suspended and left to the operator); null: not yet in this process. No ball starts before.
   */
  upkept: string | null;
  /** Some quote or status call of the last upkeep failed: upkeep again while waiting for the ball. */
  retry: boolean;
  /** A complete match's last fancies and bookmaker have been dealt with. */
  wrapped: boolean;
  /** The bookmaker rates last quoted (as JSON). */
  bookmaker_quote: string | null;
}

type Step = { kind: 'start' | 'bowl' | 'upkeep' | 'wrapup'; due: number };
type Action = Step & { m: CricketMatch };

const OPEN_STATUSES = new Set(['ACTIVE', 'BALL_RUNNING']);

/**
 * Whether the feed may quote, open or settle a fancy: the operator wins. One the operator (or the
 * feed, leaving it to them) suspended, closed or removed, and one with a result ever declared
 * (settled, or unsettled by the operator to correct it), is theirs: the feed never settles it,
 * so a result is settled once, not at every ball it stays on the scoreboard.
 */
const feedOwns = (f: FeedFancy) => OPEN_STATUSES.has(f.status) && !f.settled && !f.result_declared;

export function createCricketFeed(
  api: CricketFeedApi,
  clock: FeedClock,
  rng: Random,
  log: FeedLog,
  options?: Partial<CricketFeedOptions>,
): CricketFeed {
  const o: CricketFeedOptions = {
    ...DEFAULT_CRICKET_FEED_OPTIONS,
    ...options,
    overs: { ...DEFAULT_CRICKET_FEED_OPTIONS.overs, ...options?.overs },
    weights: { ...DEFAULT_CRICKET_FEED_OPTIONS.weights, ...options?.weights },
  };
  const memory = new Map<number, MatchMemory>();
  /** Fancies whose settlement was refused: left to the operator, not tried again in this process. */
  const refused = new Set<number>();
  /** Fancies already reported as left to the operator. */
  const leftToOperator = new Set<number>();
  /** Bookmaker markets of stopped matches whose incomplete settlement was asked for (once). */
  const bookmakerSettled = new Set<number>();
  let ticking = false;

  /** A score's identity, independent of how its store orders the keys (jsonb does not keep them). */
  const keyOf = (s: Scoreboard | null) =>
    s === null
      ? 'null'
      : JSON.stringify([
          s.innings,
          s.status,
          s.target,
          s.totals.map((x) => [x.runs, x.wickets, x.balls]),
          s.recent,
          s.ball_running_until_ms,
        ]);

  function memoryOf(match_id: number): MatchMemory {
    let mem = memory.get(match_id);
    if (!mem) {
      mem = { next_ball_ms: 0, upkept: null, retry: false, wrapped: false, bookmaker_quote: null };
      memory.set(match_id, mem);
    }
    return mem;
  }

  /** Runs the calls side by side; logs and counts the failures; true when all went through. */
  async function all(
    what: string,
    match_id: number,
    calls: (() => Promise<unknown>)[],
    report: CricketTickReport,
  ): Promise<boolean> {
    const results = await Promise.allSettled(calls.map((c) => Promise.resolve().then(c)));
    let ok = true;
    for (const r of results) {
      if (r.status === 'rejected') {
        ok = false;
        report.failures += 1;
        log.warn({ err: r.reason, match_id }, `cricket feed: ${what} failed`);
      }
    }
    return ok;
  }

  function sameQuote(f: FeedFancy, q: FancyQuote): boolean {
    return (
      f.no_line === q.no_line &&
      f.no_rate === q.no_rate &&
      f.yes_line === q.yes_line &&
      f.yes_rate === q.yes_rate
    );
  }

  async function leaveToOperator(f: FeedFancy, why: string, match_id: number): Promise<void> {
    if (!leftToOperator.has(f.fancy_id)) {
      leftToOperator.add(f.fancy_id);
      log.warn(
        { match_id, fancy_id: f.fancy_id, name: f.name },
        `cricket feed: fancy left to the operator: ${why}`,
      );
    }
    if (OPEN_STATUSES.has(f.status)) await api.setFancyStatus(f.fancy_id, 'SUSPENDED');
  }

  /**
   * One fancy whose event is decided: settled (or left to the operator). `final`: the match is
   * complete, and a fancy not decided is left to the operator too. The open fancies between balls
   * are quoted and opened by `upkeep`, all of a match's together.
   */
  async function fancyUpkeep(
    m: CricketMatch,
    f: FeedFancy,
    s: Scoreboard | null,
    final: boolean,
    report: CricketTickReport,
  ): Promise<void> {
    const st = eventState(f.event, s, o.overs[m.format]);
    if (st.state === 'INCOMPLETE') {
      // Stopped or cut short before its event was played out: the rules text decides, on the
      // server's own incomplete path (averages and overrides live there).
      if (refused.has(f.fancy_id)) return;
      const r = await api.settleFancyIncomplete(f.fancy_id, st.facts);
      if (r.ok) {
        report.incomplete.push({
          fancy_id: f.fancy_id,
          decision: r.decision ?? 'VOID',
          value: r.value ?? null,
        });
        return;
      }
      refused.add(f.fancy_id);
      await leaveToOperator(f, `the incomplete rules were refused: ${r.message ?? ''}`, m.match_id);
      return;
    }
    if (st.state === 'DONE') {
      if (refused.has(f.fancy_id)) return;
      const r = await api.settleFancy(f.fancy_id, st.value, st.dead_heat_count);
      if (r.ok) {
        report.settled.push({ fancy_id: f.fancy_id, result: st.value });
        return;
      }
      refused.add(f.fancy_id);
      await leaveToOperator(f, `settlement on ${st.value} refused: ${r.message ?? ''}`, m.match_id);
      return;
    }
    if (st.state === 'UNKNOWN') {
      // Decided, but the scoreboard has gone past the moment (a fancy added late): the feed
      // cannot know the value, the operator does.
      await leaveToOperator(f, 'its result is no longer on the scoreboard', m.match_id);
      return;
    }
    if (final) {
      // The match is complete, so every event of a played innings is decided (DONE above, or
      // UNKNOWN). What is left belongs to an innings that was never played (a scoreboard ended by
      // hand before it): the rules text decides those (void, or the competition's average;
      // DOMAIN.md), not the feed, so the fancy is suspended and left to the operator.
      await leaveToOperator(f, 'its innings was never played', m.match_id);
    }
  }

  /**
   * An open fancy's new quote between balls, or null when it keeps the one it has. Quoted only
   * while its innings is in progress; before that it stays as the operator (or the seed) quoted it.
   */
  function newQuote(m: CricketMatch, f: FeedFancy, s: Scoreboard | null): FancyQuote | null {
    const q = isPlayerEvent(f.event)
      ? playerLineQuote(m.format, f.event, s, m.elevens, o)
      : fancyQuote(m.format, f.variant, f.event, s, o);
    return q && !sameQuote(f, q) && !topBatsmanHolds(f, s) ? q : null;
  }

  /**
   * Top batsman rows (eleven a side) are quoted again at an over's end or a wicket, not every
   * ball: their chances move slowly, and each quote is a write.
   */
  function topBatsmanHolds(f: FeedFancy, s: Scoreboard | null): boolean {
    const b = s?.last_ball;
    if (f.event.kind !== 'TOP_BATSMAN' || !b || f.yes_rate === null) return false;
    return !b.wicket && !(b.legal && (b.legal_before + 1) % 6 === 0);
  }

  async function bookmakerUpkeep(m: CricketMatch, s: Scoreboard | null, mem: MatchMemory): Promise<void> {
    const bm = m.bookmaker;
    if (!bm || bm.status === 'SUSPENDED' || bm.status === 'CLOSED') return;
    let prices: [number | null, number | null] = [null, null];
    if (m.match_odds_market_id !== null) {
      const book = await api.matchOddsBackPrices(m.match_odds_market_id);
      const [a, b] = m.match_odds_selection_ids ?? bm.selection_ids;
      if (book) prices = [book.get(a) ?? null, book.get(b) ?? null];
    }
    const rates = bookmakerRates(bm.selection_ids, prices, winProbability(m.format, s, o), o);
    const key = JSON.stringify(rates);
    if (key !== mem.bookmaker_quote) {
      await api.quoteBookmaker(bm.market_id, rates);
      mem.bookmaker_quote = key;
    }
    if (bm.status !== 'ACTIVE') await api.setBookmakerStatus(bm.market_id, 'ACTIVE');
  }

  /**
   * Between balls: settle, quote and open the fancies; quote and open the bookmaker. A fancy whose
   * event is decided must be settled (or suspended) before the next ball, so a failure there holds
   * the match; a failed quote leaves its fancy suspended (BALL_RUNNING) and is tried again on the
   * next ticks without holding the game. True when all of it went through (the match waits for its
   * next ball); false: it is tried again at once.
   */
  async function upkeep(
    m: CricketMatch,
    s: Scoreboard | null,
    mem: MatchMemory,
    report: CricketTickReport,
  ): Promise<boolean> {
    const decided: (() => Promise<unknown>)[] = [];
    // The fancies quoted (or needing no quote) and still BALL_RUNNING: opened together afterwards,
    // one write for the match rather than one per fancy (a failed quote leaves its fancy out).
    const opens: number[] = [];
    // The open fancies' new quotes: written together, one write for the match (issue 48).
    const quotes: { fancy_id: number; quote: FancyQuote }[] = [];
    const openOnceQuoted = new Set<number>();
    for (const f of m.fancies) {
      if (!feedOwns(f)) continue;
      const st = eventState(f.event, s, o.overs[m.format]).state;
      if (st === 'DONE' || st === 'UNKNOWN' || st === 'INCOMPLETE') {
        decided.push(() => fancyUpkeep(m, f, s, false, report));
        continue;
      }
      const q = newQuote(m, f, s);
      if (q) {
        quotes.push({ fancy_id: f.fancy_id, quote: q });
        if (f.status === 'BALL_RUNNING') openOnceQuoted.add(f.fancy_id);
      } else if (f.status === 'BALL_RUNNING') opens.push(f.fancy_id);
    }
    /** False when a quote did not go through (its fancy stays suspended; upkeep is tried again). */
    let quotesOk = true;
    const quoteAll = async () => {
      if (quotes.length === 0) return;
      let refused: { fancy_id: number; message: string }[];
      try {
        refused = await api.quoteFancies(quotes);
      } catch (err) {
        quotesOk = false;
        report.failures += 1;
        log.warn({ err, match_id: m.match_id }, 'cricket feed: upkeep failed');
        return;
      }
      const no = new Set(refused.map((r) => r.fancy_id));
      for (const r of refused) {
        quotesOk = false;
        report.failures += 1;
        log.warn(
          { match_id: m.match_id, fancy_id: r.fancy_id, message: r.message },
          'cricket feed: upkeep failed',
        );
      }
      for (const x of quotes)
        if (!no.has(x.fancy_id) && openOnceQuoted.has(x.fancy_id)) opens.push(x.fancy_id);
    };
    const rest: (() => Promise<unknown>)[] = [
      () => bookmakerUpkeep(m, s, mem),
      ...openBatterLines(m, s),
      quoteAll,
    ];
    const [held, quoted] = await Promise.all([
      all('settlement', m.match_id, decided, report),
      all('upkeep', m.match_id, rest, report).then(
        async (ok) =>
          (await all('upkeep', m.match_id, setStatuses(opens, 'ACTIVE'), report)) && ok && quotesOk,
      ),
    ]);
    if (held) mem.upkept = keyOf(s);
    mem.retry = !quoted;
    return held && quoted;
  }

  /** One call setting these fancies to `status` together (none for no fancy). */
  function setStatuses(
    ids: readonly number[],
    status: 'ACTIVE' | 'BALL_RUNNING',
  ): (() => Promise<unknown>)[] {
    return ids.length === 0 ? [] : [() => api.setFancyStatuses(ids, status)];
  }

  /**
   * "{batter} runs" for each batter in without one yet (a batter just come in): opened quoted.
   * The store answers nothing for a line it already has, so a repeat costs one call.
   */
  function openBatterLines(m: CricketMatch, s: Scoreboard | null): (() => Promise<unknown>)[] {
    const open = api.openPlayerFancy?.bind(api);
    if (!open || !m.elevens || s?.status === 'COMPLETE') return [];
    // Before the match or at the break, the next innings' openers; else the two batters in.
    const innings: 1 | 2 =
      !s || s.status === 'NOT_STARTED' ? 1 : s.status === 'INNINGS_BREAK' ? 2 : s.innings;
    const batting = m.elevens[innings - 1]!;
    const st = s?.status === 'IN_PROGRESS' ? s.totals[innings - 1]?.players : null;
    const ids = st ? [st.striker_id, st.non_striker_id] : batting.players.slice(0, 2).map((p) => p.player_id);
    const have = new Set(
      m.fancies.flatMap((f) =>
        f.event.kind === 'PLAYER_RUNS' && f.event.innings === innings ? [f.event.player_id] : [],
      ),
    );
    const calls: (() => Promise<unknown>)[] = [];
    for (const id of ids) {
      const player = batting.players.find((p) => p.player_id === id);
      if (!player || have.has(player.player_id)) continue;
      const event = { innings, kind: 'PLAYER_RUNS' as const, player_id: player.player_id };
      const q = playerLineQuote(m.format, event, s, m.elevens, o);
      if (q) calls.push(() => open(m.match_id, `${player.name} runs`, event, q));
    }
    return calls;
  }

  /**
   * A complete match: every unsettled fancy settled on its final value (a stopped match's by the
   * incomplete rules); the bookmaker closed, and settled once by the rules text: a match won on the
   * field on its winner, a stopped match's by the 10 / 25-over comparison. A tie or a draw, a
   * refusal, or a result the operator declared (or unsettled) before is the operator's.
   */
  async function wrapup(m: CricketMatch, s: Scoreboard, mem: MatchMemory, report: CricketTickReport) {
    const calls = m.fancies.filter(feedOwns).map((f) => () => fancyUpkeep(m, f, s, true, report));
    const bm = m.bookmaker;
    if (bm && bm.status !== 'CLOSED') calls.push(() => api.setBookmakerStatus(bm.market_id, 'CLOSED'));
    const winner = s.result?.kind === 'WIN' && s.result.winner !== null ? s.result.winner : null;
    if (bm && !bm.result_declared && !bookmakerSettled.has(bm.market_id) && (s.stopped || winner !== null)) {
      calls.push(async () => {
        const r = s.stopped
          ? await api.settleBookmakerIncomplete(bm.market_id)
          : await api.settleBookmakerWinner(bm.market_id, bm.selection_ids[winner!]);
        bookmakerSettled.add(bm.market_id);
        if (!r.ok)
          log.warn(
            { match_id: m.match_id, market_id: bm.market_id },
            `cricket feed: bookmaker left to the operator: ${r.message ?? 'refused'}`,
          );
      });
    }
    mem.wrapped = await all('wrap-up', m.match_id, calls, report);
  }

  /**
   * Publishes `score` as the successor of the one `m` was listed with; false when the store refused
   * it as stale: what this process remembers of the match is dropped with the step.
   */
  async function publish(m: CricketMatch, score: Scoreboard, mem: MatchMemory, report: CricketTickReport) {
    const written = await api.publishScore(m.match_id, score, m.score_seq);
    if (written !== false) return true;
    report.stale.push(m.match_id);
    mem.upkept = null;
    mem.bookmaker_quote = null;
    log.warn(
      { match_id: m.match_id, score_seq: m.score_seq },
      'cricket feed: score write refused (another writer moved the match on); reading it again',
    );
    return false;
  }

  /**
   * The other side's Top batsman rows (eleven of them) stay open through a ball of this innings:
   * no delivery of it decides or moves them, and each suspension is two writes a ball.
   */
  function restsThisBall(f: FeedFancy, s: Scoreboard): boolean {
    return f.event.kind === 'TOP_BATSMAN' && f.event.innings !== s.innings;
  }

  /**
   * Phase 1: suspend everything open, then publish the score with the ball running. Returns when
   * the match next needs work: the ball's end, or at once when the start did not go through.
   */
  async function start(
    m: CricketMatch,
    mem: MatchMemory,
    t: number,
    report: CricketTickReport,
  ): Promise<number> {
    const next = startBall(m.score, t + o.ball_running_ms);
    const calls: (() => Promise<unknown>)[] = [];
    const bm = m.bookmaker;
    if (bm && (bm.status === undefined || bm.status === 'ACTIVE')) {
      calls.push(() => api.setBookmakerStatus(bm.market_id, 'BALL_RUNNING'));
    }
    const suspend = m.fancies.filter((f) => f.status === 'ACTIVE' && feedOwns(f) && !restsThisBall(f, next));
    calls.push(
      ...setStatuses(
        suspend.map((f) => f.fancy_id),
        'BALL_RUNNING',
      ),
    );
    // The ball starts only once everything is suspended; what did not go through is tried again.
    if (!(await all('ball start', m.match_id, calls, report))) return t;
    if (!(await publish(m, next, mem, report))) return t;
    mem.next_ball_ms = t + o.ball_interval_ms;
    report.balls_started.push(m.match_id);
    return next.ball_running_until_ms ?? t;
  }

  /**
   * Phase 2: the delivery, the new score, then upkeep (or wrap-up when the match is over). Returns
   * when the match next needs work (the next ball's start; null: never, the match is wrapped up).
   */
  async function bowl(
    m: CricketMatch,
    s0: Scoreboard,
    mem: MatchMemory,
    t: number,
    report: CricketTickReport,
  ): Promise<number | null> {
    // Drawn before the first await, so matches handled side by side draw in a fixed order.
    // With playing elevens, the players' record and the ball as bowled come with the score.
    const { entry: ball, score: bowled } = bowlBall(m.format, m.teams, m.elevens, s0, rng, o);
    let s1 = bowled;
    // The demo's weather (rain_chance_per_over): rain at an over's end stops the match there.
    if (rainsAfter(m.match_id, s1, o)) {
      const stopped = stopMatch(s1, 'RAIN');
      if (typeof stopped !== 'string') s1 = stopped;
    }
    if (!(await publish(m, s1, mem, report))) return t;
    report.balls.push({ match_id: m.match_id, ball });
    if (s1.status === 'INNINGS_BREAK') {
      mem.next_ball_ms = Math.max(mem.next_ball_ms, t + o.innings_break_ms);
      report.innings_ended.push(m.match_id);
      log.info({ match_id: m.match_id, totals: s1.totals, target: s1.target }, 'cricket feed: innings break');
    }
    if (s1.status === 'COMPLETE') {
      report.completed.push({ match_id: m.match_id, result_text: s1.result_text ?? '' });
      log.info(
        { match_id: m.match_id, totals: s1.totals, result: s1.result_text },
        'cricket feed: match complete',
      );
      await wrapup(m, s1, mem, report);
      return mem.wrapped ? null : t;
    }
    return (await upkeep(m, s1, mem, report)) ? mem.next_ball_ms : t;
  }

  /** Runs a match's step; returns when the match next needs work (null: never, it is wrapped up). */
  async function run(a: Action, t: number, report: CricketTickReport): Promise<number | null> {
    const mem = memoryOf(a.m.match_id);
    try {
      switch (a.kind) {
        case 'bowl':
          return await bowl(a.m, a.m.score!, mem, t, report);
        case 'start':
          return await start(a.m, mem, t, report);
        case 'upkeep':
          return (await upkeep(a.m, a.m.score, mem, report)) ? mem.next_ball_ms : t;
        case 'wrapup':
          await wrapup(a.m, a.m.score!, mem, report);
          return mem.wrapped ? null : t;
      }
    } catch (err) {
      report.failures += 1;
      log.warn({ err, match_id: a.m.match_id, step: a.kind }, 'cricket feed: match step failed');
      return t;
    }
  }

  /** What a match needs now, if anything. */
  function stepOf(m: CricketMatchSummary, t: number): Step | null {
    const mem = memoryOf(m.match_id);
    const s = m.score;
    if (s?.status === 'COMPLETE') return mem.wrapped ? null : { kind: 'wrapup', due: 0 };
    if (s && s.ball_running_until_ms !== null) {
      return t >= s.ball_running_until_ms ? { kind: 'bowl', due: s.ball_running_until_ms } : null;
    }
    if (mem.upkept !== keyOf(s)) return { kind: 'upkeep', due: 0 };
    if (t >= mem.next_ball_ms) return { kind: 'start', due: mem.next_ball_ms };
    return mem.retry ? { kind: 'upkeep', due: t } : null;
  }

  /**
   * When a match with nothing to do at `t` next needs work: its ball's end, its next ball, its
   * start (null: not without something changing: wrapped up, or past its start and not in play).
   */
  function dueOf(m: CricketMatchSummary, t: number): number | null {
    if (!m.in_play) {
      if (m.start_time_ms > t) return m.start_time_ms;
      return t - m.start_time_ms < START_WATCH_MS ? t : null;
    }
    if (stepOf(m, t)) return t;
    const s = m.score;
    if (s?.status === 'COMPLETE') return null;
    if (s && s.ball_running_until_ms !== null) return s.ball_running_until_ms;
    return memoryOf(m.match_id).next_ball_ms;
  }

  async function tick(): Promise<CricketTickReport> {
    const report: CricketTickReport = {
      balls_started: [],
      balls: [],
      settled: [],
      incomplete: [],
      innings_ended: [],
      completed: [],
      stale: [],
      failures: 0,
      skipped: false,
      next_due_ms: null,
    };
    const t = clock.now().getTime();
    if (ticking) {
      report.skipped = true;
      report.next_due_ms = t;
      return report;
    }
    ticking = true;
    try {
      const listed = (await api.listCricketMatches()).slice().sort((a, b) => a.match_id - b.match_id);
      const ids = new Set(listed.map((m) => m.match_id));
      for (const id of memory.keys()) if (!ids.has(id)) memory.delete(id);
      const wanted = listed
        .filter((m) => m.in_play)
        .flatMap((m) => {
          const step = stepOf(m, t);
          return step ? [{ ...step, id: m.match_id }] : [];
        })
        .sort((a, b) => a.due - b.due || a.id - b.id)
        .slice(0, Math.max(0, o.max_matches_per_tick));
      // Only the matches with work due are read in full, and their step is decided on that read
      // (the one its score write continues).
      const full = wanted.length === 0 ? [] : await api.readCricketMatches(wanted.map((w) => w.id));
      const byId = new Map(full.map((m) => [m.match_id, m]));
      const due = wanted.flatMap((w): Action[] => {
        const m = byId.get(w.id);
        const step = m?.in_play ? stepOf(m, t) : null;
        return m && step ? [{ ...step, m }] : [];
      });
      // Side by side; each bowl draws its ball synchronously as it is launched, in this order.
      const after = await Promise.all(due.map((a) => run(a, t, report)));
      const acted = new Map(due.map((a, i) => [a.m.match_id, after[i]!]));
      let next: number | null = null;
      for (const m of listed) {
        const at = acted.has(m.match_id) ? acted.get(m.match_id)! : dueOf(m, t);
        if (at !== null && (next === null || at < next)) next = at;
      }
      report.next_due_ms = next === null ? null : Math.max(next, t);
    } catch (err) {
      report.failures += 1;
      report.next_due_ms = t;
      log.warn({ err }, 'cricket feed: tick failed');
    } finally {
      ticking = false;
    }
    return report;
  }

  // start(): each tick when the last one said a match is next due.
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inflight: Promise<unknown> | null = null;
  let running = false;

  /** How long after a tick (that reported `r`) the next one comes. */
  function waitAfter(r: CricketTickReport): number {
    if (r.next_due_ms === null) return o.idle_tick_ms;
    const wait = r.next_due_ms - clock.now().getTime();
    if (wait <= 0) return o.tick_ms;
    return Math.min(o.idle_tick_ms, wait + DUE_MARGIN_MS);
  }

  function schedule(wait_ms: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      inflight = tick().then(
        (r) => {
          inflight = null;
          schedule(waitAfter(r));
        },
        () => {
          inflight = null;
          schedule(o.tick_ms);
        },
      );
    }, wait_ms);
  }

  return {
    tick,
    start() {
      if (running) return;
      running = true;
      schedule(o.tick_ms);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (inflight) await inflight;
    },
    options: o,
  };
}
