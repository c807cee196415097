// Fancy bets beside match-odds bets, in the same run: HTTP → committed bets/s with 64 requests in
// flight (BENCH_FANCY_IN_FLIGHT) on ONE fancy, against the same load on ONE match-odds market as
// the baseline, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL (BENCH_STORE=pglite|
// postgres runs one). Same server set-up as http-bets (buildApp with the demo data, autocannon in a
// worker thread, login and CSRF the same way); 64 bettors (BENCH_FANCY_USERS), each with ₹1 crore,
// and each request takes the next bettor's token in turn, so the requests in flight are mostly of
// different bettors (their wallet row locks do not queue them behind each other).
//
// Rounds (BENCH_FANCY_ROUNDS, default 3) alternate match odds then fancy, each phase BENCH_HTTP_MS
// (default 4 s) on a fresh market and a fresh fancy, so machine noise hits both kinds alike and
// neither sees the other's history; the figure is the median round. Match odds: back or lay at
// random at 1.96–2.04 on a 3-runner market (about half match), as http-bets. Fancy: Yes or No at
// random at the fancy's quoted line and rate ("6 over runs" of a T20 cricket match set up by
// setUpCricketMatch: No 48 / Yes 49 at rate 100), ₹100–₹120 a bet (the fancy's minimum is ₹100,
// its maximum ₹1 lakh; a bettor may stake ₹2 lakh in all on it, far above what a round reaches).
// The fancy's quote is read before and after each round and must not have moved; refused answers
// are counted by their message and printed; the bets the store holds for the round's fancy are
// counted (≥ the answered ones: a request still in flight when the phase ends may commit unseen).
// Then the same two kinds in-process (app.fancy.place vs app.exchange.placeBet, no HTTP), one
// phase each, to tell the server's HTTP work from the store's.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { matches, series } from '../apps/server/src/modules/catalog/schema.ts';
import { bets } from '../apps/server/src/modules/exchange/schema.ts';
import { fancyBets } from '../apps/server/src/modules/fancy/schema.ts';
import { setUpCricketMatch } from '../apps/server/src/seed/cricket-match.ts';
import {
  benchMarket,
  betLine as line,
  betsHeld,
  bettors,
  load,
  serveBench,
  onEachStore,
  httpLoad,
  type Store,
} from './http-bets.bench.ts';
import type { LoadResult } from './http-load.ts';
import { median, mulberry32, randInt, report, type Benchmark, type Figure } from './lib.ts';
import { SYSTEM_STAKER } from '../apps/server/src/modules/wallet/stake-gate.ts';

const DURATION_MS = Number(process.env.BENCH_HTTP_MS ?? 4_000);
const IN_FLIGHT = Number(process.env.BENCH_FANCY_IN_FLIGHT ?? 64);
const USERS = Number(process.env.BENCH_FANCY_USERS ?? 64);
const ROUNDS = Number(process.env.BENCH_FANCY_ROUNDS ?? 3);
/** Match-odds prices, hundredths (as http-bets). */
const PRICES = [196, 198, 200, 202, 204];
/** Fancy stakes, whole rupees. */
const FANCY_STAKE = { min: 100, max: 120 };
const SPORT_CRICKET = 4;

/** A T20 cricket match starting tomorrow with its bookmaker market and fancies; its first fancy. */
async function benchFancy(app: FastifyInstance, k: number) {
  const [s] = await app.db.select().from(series).where(eq(series.sportId, SPORT_CRICKET)).limit(1);
  if (!s) throw new Error('no cricket series in the demo data');
  const start = new Date(Date.now() + 86_400_000);
  const at = new Date();
  const made = await app.db.transaction(async (tx) => {
    const [m] = await tx
      .insert(matches)
      .values({
        seriesId: s.seriesId,
        sportId: s.sportId,
        matchName: `Benchers v Markers ${k}`,
        startTime: start,
        openDate: at,
      })
      .returning();
    const up = await setUpCricketMatch(tx, {
      matchId: m!.matchId,
      format: 'T20',
      competition: 'IPL',
      teams: ['Benchers', 'Markers'],
      startTime: start,
      inPlay: false,
      at,
    });
    return { match_id: m!.matchId, fancy_id: up.fancyIds[0]! };
  });
  const row = await app.fancy.fancyRow(made.fancy_id);
  const f = row!.fancy;
  if (f.variant !== 'RUNS' || f.status !== 'ACTIVE' || f.noLine === null || f.yesLine === null)
    throw new Error(`fancy ${made.fancy_id} is not an active RUNS fancy`);
  if (FANCY_STAKE.min * 100 < row!.market.minStakePaise || FANCY_STAKE.max * 100 > row!.market.maxStakePaise)
    throw new Error('bench stakes outside the fancy’s limits');
  return {
    ...made,
    name: row!.market.marketName,
    maxUserStakePaise: f.maxUserStakePaise,
    sides: [
      { is_yes: true, line: f.yesLine, rate: f.yesRate! },
      { is_yes: false, line: f.noLine, rate: f.noRate! },
    ],
  };
}

/** The fancy's quote and version: must be the same before and after a round. */
async function quoteOf(app: FastifyInstance, fancyId: number) {
  const f = (await app.fancy.fancyRow(fancyId))!.fancy;
  return JSON.stringify([f.status, f.noLine, f.noRate, f.yesLine, f.yesRate, f.version]);
}

async function runOn(store: Store): Promise<Figure[]> {
  const { app, base } = await serveBench(store);
  const tag = store.label;
  try {
    const { users, tokens } = await bettors(app, base, 'fbench', USERS);
    const http = httpLoad(base, tokens, IN_FLIGHT, DURATION_MS);

    const mo: LoadResult[] = [];
    const fy: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const market = await benchMarket(app, 1000 + round);
      const fancy = await benchFancy(app, round);
      // One 'market' notice per committed transaction of the market or fancy (a match-odds batch;
      // a fancy bet): bets stored ÷ notices = bets per commit.
      const notices = new Map<number, number>();
      const off = app.bus.subscribe('market', (msg) => {
        const id = (msg as { market_id: number }).market_id;
        notices.set(id, (notices.get(id) ?? 0) + 1);
      });
      const m = await http({
        kind: 'bet',
        path: '/api/bet/placeMarketBet',
        markets: [market],
        prices: PRICES.map((p) => p / 100),
        request_prefix: `fm${round}-`,
      });
      const quoteBefore = await quoteOf(app, fancy.fancy_id);
      const f = await http({
        kind: 'fancy',
        path: '/api/bet/placeFancyBet',
        match_id: fancy.match_id,
        fancy_id: fancy.fancy_id,
        sides: fancy.sides,
        stake_rupees: FANCY_STAKE,
        request_prefix: `ff${round}-`,
      });
      off();
      const perCommit = (stored: number, id: number) =>
        (stored / Math.max(notices.get(id) ?? 0, 1)).toFixed(1);
      const quoteAfter = await quoteOf(app, fancy.fancy_id);
      if (quoteAfter !== quoteBefore)
        throw new Error(`fancy ${fancy.fancy_id} moved during the round: ${quoteBefore} → ${quoteAfter}`);
      // Each bettor's stake on the fancy stays far under its per-bettor maximum (no refusal for it).
      const perUser = ((f.count + f.failures) / USERS) * FANCY_STAKE.max * 100;
      if (perUser > fancy.maxUserStakePaise * 0.9)
        console.log(`  ${tag}: warning: bettors near the fancy's per-bettor maximum (${perUser} paise)`);
      const [moHeld, fyHeld] = [
        await betsHeld(app, bets, market.market_id),
        await betsHeld(app, fancyBets, fancy.fancy_id),
      ];
      console.log(
        `  ${tag}: round ${round + 1}, match odds ${IN_FLIGHT} in flight: ${line(m)}; ${moHeld} bets stored, ` +
          `${perCommit(moHeld, market.market_id)} bets per commit`,
      );
      console.log(
        `  ${tag}: round ${round + 1}, fancy "${fancy.name}" ${IN_FLIGHT} in flight: ${line(f)}; ` +
          `${fyHeld} bets stored, ${perCommit(fyHeld, fancy.fancy_id)} bets per commit; quote unchanged ` +
          `(No ${fancy.sides[1]!.line}/${fancy.sides[1]!.rate}, Yes ${fancy.sides[0]!.line}/${fancy.sides[0]!.rate})`,
      );
      mo.push(m);
      fy.push(f);
    }

    // In-process: the same two kinds without HTTP, one phase each, a bettor per worker.
    const rand = mulberry32(11);
    let n = 0;
    const market = await benchMarket(app, 2000);
    const fancy = await benchFancy(app, 1000);
    const refusedIn = new Map<string, number>();
    const note = (out: { ok: true } | { ok: false; message: string }) => {
      if (!out.ok) refusedIn.set(out.message, (refusedIn.get(out.message) ?? 0) + 1);
      return out.ok;
    };
    const moIn = await load(async (w) => {
      n += 1;
      return note(
        await app.exchange.placeBet(
          users[w % USERS]!.userId,
          {
            market_id: market.market_id,
            selection_id: market.selection_ids[randInt(rand, 0, 2)]!,
            side: rand() < 0.5 ? 'BACK' : 'LAY',
            price: PRICES[randInt(rand, 0, PRICES.length - 1)]!,
            size_paise: 100 * randInt(rand, 2, 50),
            request_id: `fd${n}`,
          },
          { staker: SYSTEM_STAKER },
        ),
      );
    }, IN_FLIGHT);
    const fyIn = await load(async (w) => {
      n += 1;
      const side = fancy.sides[randInt(rand, 0, 1)]!;
      return note(
        await app.fancy.place(
          users[w % USERS]!.userId,
          {
            match_id: fancy.match_id,
            fancy_id: fancy.fancy_id,
            is_yes: side.is_yes,
            line: side.line,
            rate: side.rate,
            stake_paise: 100 * randInt(rand, FANCY_STAKE.min, FANCY_STAKE.max),
            request_id: `fd${n}`,
          },
          SYSTEM_STAKER,
        ),
      );
    }, IN_FLIGHT);
    const inLine = (r: typeof moIn) =>
      `${r.rate.toFixed(0)} bets/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failures} refused`;
    console.log(`  ${tag}: in-process match odds ${IN_FLIGHT} in flight: ${inLine(moIn)}`);
    console.log(`  ${tag}: in-process fancy ${IN_FLIGHT} in flight: ${inLine(fyIn)}`);
    if (refusedIn.size > 0)
      console.log(
        `  ${tag}: in-process refusals: ${[...refusedIn].map(([m, k]) => `${k}× ${m}`).join('; ')}`,
      );

    const mid = (rs: LoadResult[], k: 'rate' | 'p50_ms' | 'p99_ms') => median(rs.map((r) => r[k]));
    const refused = (rs: LoadResult[]) => rs.reduce((s, r) => s + r.failures, 0);
    const of = `median of ${ROUNDS} rounds`;
    return [
      report({
        label: `${tag}: HTTP → committed fancy bets (${IN_FLIGHT} in flight, one fancy, ${of})`,
        value: mid(fy, 'rate'),
        unit: 'bets/s',
        baseline: { label: `match odds, one market, same run`, value: mid(mo, 'rate') },
      }),
      report({
        label: `${tag}: placeFancyBet p99 (${IN_FLIGHT} in flight, ${of})`,
        value: mid(fy, 'p99_ms'),
        unit: 'ms',
        baseline: { label: 'placeMarketBet p99', value: mid(mo, 'p99_ms') },
      }),
      report({
        label: `${tag}: placeFancyBet p50 (${IN_FLIGHT} in flight, ${of})`,
        value: mid(fy, 'p50_ms'),
        unit: 'ms',
        baseline: { label: 'placeMarketBet p50', value: mid(mo, 'p50_ms') },
      }),
      report({
        label: `${tag}: fancy bets refused over HTTP, all rounds (match odds: ${refused(mo)})`,
        value: refused(fy),
        unit: 'bets',
      }),
      report({
        label: `${tag}: fancy.place in-process (${IN_FLIGHT} in flight, p99 ${fyIn.p99.toFixed(1)} ms)`,
        value: fyIn.rate,
        unit: 'bets/s',
        baseline: { label: `exchange.placeBet (p99 ${moIn.p99.toFixed(1)} ms)`, value: moIn.rate },
      }),
    ];
  } finally {
    await app.close();
  }
}

export const fancyBetsBench: Benchmark = {
  name: 'fancy-bets',
  description: `HTTP → committed fancy bets/s on one fancy vs match-odds bets/s on one market, same run (${IN_FLIGHT} in flight, ${USERS} bettors, ${ROUNDS} alternating rounds of ${DURATION_MS} ms)`,
  run: () => onEachStore(runOn),
};
