// Racing bets beside match-odds bets, in the same run (issue 21: "bets/s and p99 on a win market
// with 16 runners, against match odds in the same run (goal ≥ 0.9×)"). HTTP → committed bets/s
// with 64 requests in flight (BENCH_RACING_IN_FLIGHT) on ONE win market of 16 runners, against
// the same load on ONE 3-runner match-odds market as the baseline, on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL (BENCH_STORE=pglite|postgres runs one).
//
// Same server set-up as fancy-bets (buildApp with the demo data, autocannon in a worker thread,
// 64 bettors with ₹1 crore each, requests take the bettors' tokens in turn). Rounds
// (BENCH_RACING_ROUNDS, default 3) alternate match odds then racing, each BENCH_HTTP_MS (default
// 4 s) on fresh markets; the figure is the median round. Match odds: back or lay at random at
// 1.96–2.04 on 3 runners (about half match). Win market: back or lay at random on any of its 16
// runners at 15.0–17.0 (five ladder steps around a 16-runner field's even price, the same
// matching rate): every bet's exposure is worked out over 16 outcomes instead of 3.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { matches, series } from '../apps/server/src/modules/catalog/schema.ts';
import { bets } from '../apps/server/src/modules/exchange/schema.ts';
import { markets, runners } from '../apps/server/src/modules/markets/schema.ts';
import {
  benchMarket,
  betLine as line,
  betsHeld,
  bettors,
  serveBench,
  onEachStore,
  httpLoad,
  type Store,
} from './http-bets.bench.ts';
import type { LoadResult } from './http-load.ts';
import { median, report, type Benchmark, type Figure } from './lib.ts';

const DURATION_MS = Number(process.env.BENCH_HTTP_MS ?? 4_000);
const IN_FLIGHT = Number(process.env.BENCH_RACING_IN_FLIGHT ?? 64);
const USERS = Number(process.env.BENCH_RACING_USERS ?? 64);
const ROUNDS = Number(process.env.BENCH_RACING_ROUNDS ?? 3);
const RUNNERS = 16;
const SPORT_HORSE_RACING = 7;
/** Match-odds prices (as http-bets) and win-market prices around 16.0, decimal odds. */
const MO_PRICES = [1.96, 1.98, 2, 2.02, 2.04];
const WIN_PRICES = [15, 15.5, 16, 16.5, 17];

/** A horse race tomorrow with a WIN market of 16 runners (an exchange market like match odds). */
async function benchWinMarket(app: FastifyInstance, k: number) {
  const [s] = await app.db.select().from(series).where(eq(series.sportId, SPORT_HORSE_RACING)).limit(1);
  if (!s) throw new Error('no horse-racing series in the demo data');
  const start = new Date(Date.now() + 86_400_000);
  const [m] = await app.db
    .insert(matches)
    .values({
      seriesId: s.seriesId,
      sportId: s.sportId,
      matchName: `R${k} 1m Bench Hcap`,
      venue: 'Bench Park',
      country: 'GB',
      startTime: start,
      openDate: new Date(),
    })
    .returning();
  const [mk] = await app.db
    .insert(markets)
    .values({
      matchId: m!.matchId,
      marketName: 'Win',
      marketType: 'WIN',
      startTime: start,
      minStakePaise: 100,
    })
    .returning();
  const rs = await app.db
    .insert(runners)
    .values(
      Array.from({ length: RUNNERS }, (_, i) => ({
        marketId: mk!.marketId,
        name: `Horse ${i + 1}`,
        sortOrder: i,
      })),
    )
    .returning();
  return { match_id: m!.matchId, market_id: mk!.marketId, selection_ids: rs.map((r) => r.selectionId) };
}

async function runOn(store: Store): Promise<Figure[]> {
  const { app, base } = await serveBench(store);
  const tag = store.label;
  try {
    const { tokens } = await bettors(app, base, 'rbench', USERS);
    const http = httpLoad(base, tokens, IN_FLIGHT, DURATION_MS);

    const mo: LoadResult[] = [];
    const win: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const market = await benchMarket(app, 3000 + round);
      const race = await benchWinMarket(app, round);
      const m = await http({
        kind: 'bet',
        path: '/api/bet/placeMarketBet',
        markets: [market],
        prices: MO_PRICES,
        request_prefix: `rm${round}-`,
      });
      const w = await http({
        kind: 'bet',
        path: '/api/bet/placeMarketBet',
        markets: [race],
        prices: WIN_PRICES,
        request_prefix: `rw${round}-`,
      });
      console.log(
        `  ${tag}: round ${round + 1}, match odds (3 runners): ${line(m)}; ${await betsHeld(app, bets, market.market_id)} bets stored`,
      );
      console.log(
        `  ${tag}: round ${round + 1}, win market (${RUNNERS} runners): ${line(w)}; ${await betsHeld(app, bets, race.market_id)} bets stored`,
      );
      mo.push(m);
      win.push(w);
    }
    const mid = (rs: LoadResult[], k: 'rate' | 'p50_ms' | 'p99_ms') => median(rs.map((r) => r[k]));
    const of = `median of ${ROUNDS} rounds`;
    const ratio = mid(win, 'rate') / mid(mo, 'rate');
    console.log(`  ${tag}: win market ÷ match odds = ${ratio.toFixed(2)}× (goal ≥ 0.9×)`);
    return [
      report({
        label: `${tag}: HTTP → committed bets on a ${RUNNERS}-runner win market (${IN_FLIGHT} in flight, ${of})`,
        value: mid(win, 'rate'),
        unit: 'bets/s',
        baseline: { label: 'match odds (3 runners), same run', value: mid(mo, 'rate') },
      }),
      report({
        label: `${tag}: placeMarketBet p99 on the win market (${IN_FLIGHT} in flight, ${of})`,
        value: mid(win, 'p99_ms'),
        unit: 'ms',
        baseline: { label: 'match odds p99', value: mid(mo, 'p99_ms') },
      }),
    ];
  } finally {
    await app.close();
  }
}

export const racingBetsBench: Benchmark = {
  name: 'racing-bets',
  description: `HTTP → committed bets/s on one ${RUNNERS}-runner win market vs one match-odds market, same run (${IN_FLIGHT} in flight, ${USERS} bettors, ${ROUNDS} alternating rounds of ${DURATION_MS} ms)`,
  run: () => onEachStore(runOn),
};
