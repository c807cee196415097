// The race test's operations (docs/reliability.md): what a bettor and the operator can do, each
// through the public API of one of the two app instances. An operation is generated as a name and
// a few small integers; what they pick (a runner, a bet, a window, an amount) is read from the
// store when it runs, so every operation stays meaningful in any interleaving and shrinks well.
import type { EndpointName } from '@backlay/contract';
import { addDays, istDay, roundGame, serverSeedHash, sessionBounds } from '@backlay/engine';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { users } from '../../src/modules/account/schema.ts';
import { binarySessions, binaryBets } from '../../src/modules/binary/schema.ts';
import { bookmakerBets, bookmakerQuotes } from '../../src/modules/bookmaker/schema.ts';
import { casinoBets, casinoRounds } from '../../src/modules/casino/schema.ts';
import { matches } from '../../src/modules/catalog/schema.ts';
import { bets } from '../../src/modules/exchange/schema.ts';
import { fancies, fancyBets } from '../../src/modules/fancy/schema.ts';
import { marketSettlements } from '../../src/modules/markets/schema.ts';
import { ledgerAccounts } from '../../src/modules/wallet/schema.ts';
import { publishScore } from '../../src/modules/cricket/plugin.ts';
import { hmacSha256, sha256 } from '../../src/modules/casino/fair.ts';
import { tablesOf } from '../../src/modules/casino/views.ts';
import { FencedOut, type Fence } from '../../src/plugins/leader.ts';
import { shardLeaseName } from '../../src/plugins/shard-leases.ts';
import type { FeedTick, Scoreboard } from '@backlay/feed';
import type { ProviderConfig } from '../../src/config.ts';
import { Api, type Answer } from './api.ts';
import {
  newBook,
  openSessions,
  RACE_PROVIDER_GAME,
  record,
  sendCall,
  type ProviderBook,
  type RaceProvider,
  type WalletCall,
} from './race-provider.ts';
import { termOf } from './casino.ts';
import { raceCasinoSeed, RACE_CASINO_WINDOW_MS, RACE_PASSWORD, type World } from './race-world.ts';

export const OPS = [
  'place', // an exchange bet (back or lay) on the match odds
  'placePlaced', // an exchange bet on the place market (any 2 of 4 placed)
  'cashOut', // the match odds cash out at the quoted figure (hedge bets, fill-or-kill)
  'placeMax', // an exchange bet whose worst case is the whole available balance
  'placeWrongKind', // an exchange order naming the bookmaker market (must be refused)
  'cancel', // cancel one resting exchange bet, or all of a user's on the market
  'bmPlace', // a bookmaker bet at the quoted rate
  'fancyPlace', // a fancy bet at the quoted line and rate
  'voidRunner', // admin/market/void with selection_id (exchange or bookmaker)
  'voidWindow', // admin/market/voidWindow between two bets' placing times
  'voidBets', // admin/market/voidBets on one exchange bet
  'voidMarket', // the whole market void (admin/market/void, admin/fancy/void)
  'marketStatus', // admin/market/status OPEN / SUSPENDED / CLOSED on any kind's market
  'kindStatus', // admin/bookmaker/status, admin/fancy/status
  'quote', // admin/bookmaker/quote, admin/fancy/quote: the rate moves
  'settle', // admin/market/result, admin/fancy/result
  'unsettle', // admin/market/unsettle
  'casinoBet', // a casino bet on the table's newest round (bet/placeCasinoBet)
  'casinoVoid', // the operator on a casino round: a wrong-rate window over its bets, the whole round void, or suspend/open
  'casinoClose', // the table closes its round, deals and settles it and opens the next (now and then only closes it)
  'binaryTick', // the binary feed's step: a batch of NFY ticks (now and then across the close), lines, states, settlement
  'binaryBet', // a binary bet at the session's line (now and then a line that has moved)
  'binarySettle', // the leader's settlement pass, the operator's binary/settle (now and then with a price) or binary/void
  'fantasyJoin', // a fantasy contest entry (the fee leaves the balance), now and then a repeat of the last request
  'fantasyStart', // the fantasy match starts (its start moved past) and the runner's pass: contests LIVE or refunded short of their minimum
  'fantasyEnd', // the fantasy match ends (a result, or abandoned now and then) and the runner's pass: prizes or refunds
  'providerDebit', // the provider's debit: a new round or another bet in the last one; now and then an id a rollback named first, or another player's id
  'providerCredit', // the provider's credit of a round (a loss, a win, over the round's bound), closing it or not; now and then another player's round
  'providerRollback', // the provider's rollback of a debit (open or closed round), now and then of an id not yet sent
  'providerRepeat', // a call sent again exactly (a retry, or the replay of a provider restarting): the first answer again
  'sessionEnds', // the bettor's session ends on another node whose notice is lost: stakes through a node that still trusts it must all be refused (the stake gate); then it signs in again
  'ownerMoves', // the exchange markets' owner changes: a node gives the shard up, or another's takeover (the shard's term moved on in the store) that the owner has not heard of yet
  'deposit', // admin/wallet/deposit
  'withdraw', // admin/wallet/withdraw: all, half or ₹1 more than what is available
  'check', // the snapshot invariants while other calls are in flight
] as const;
export type OpName = (typeof OPS)[number];

export const KINDS = ['exchange', 'place', 'bookmaker', 'fancy', 'casino', 'binary'] as const;
/** The kinds whose markets the program makes as it runs (a casino round, a binary session a day). */
const RUNTIME_KINDS: readonly KindName[] = ['casino', 'binary'];
export type KindName = (typeof KINDS)[number];

export type Op = {
  op: OpName;
  /** Which app instance answers it. */
  node: 0 | 1;
  /** Which bettor (index into the world's bettors). */
  user: number;
  /** Free choices, read per operation (runner, side, price, amount, which bet …). */
  a: number;
  b: number;
  /** Waits this long after the scheduler releases it (ms): spreads a burst's calls. */
  delayMs: number;
};

/** RACE_KINDS names market kinds and the two products without a market of ours. */
export const PRODUCTS = [...KINDS, 'fantasy', 'provider'] as const;
export type ProductName = (typeof PRODUCTS)[number];

export type Switches = { ops: readonly OpName[]; kinds: readonly ProductName[] };

/** Reads RACE_OPS / RACE_KINDS (comma lists; unset: all) so that the lead can enable them one at a time. */
export function switchesFromEnv(env: NodeJS.ProcessEnv = process.env): Switches {
  const list = <T extends string>(raw: string | undefined, all: readonly T[], what: string): T[] => {
    if (!raw) return [...all];
    const names = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const n of names)
      if (!all.includes(n as T)) throw new Error(`${what}: unknown name ${n} (known: ${all.join(', ')})`);
    return names as T[];
  };
  return { ops: list(env.RACE_OPS, OPS, 'RACE_OPS'), kinds: list(env.RACE_KINDS, PRODUCTS, 'RACE_KINDS') };
}

/**
 * How often an operation is drawn against the others (1 unless named): a product's life (a round
 * opened, bet on and dealt) must fit in a short program, so its steps come more often.
 */
const WEIGHTS: Partial<Record<OpName, number>> = {
  casinoBet: 3,
  casinoClose: 2,
  casinoVoid: 2,
  binaryTick: 2,
  binaryBet: 3,
  fantasyJoin: 3,
  providerDebit: 3,
  providerCredit: 3,
  providerRollback: 3,
};

export function opArbitrary(sw: Switches, bettors: number): fc.Arbitrary<Op> {
  return fc.record({
    op: fc.oneof(...sw.ops.map((op) => ({ arbitrary: fc.constant(op), weight: WEIGHTS[op] ?? 1 }))),
    node: fc.constantFrom(0 as const, 1 as const),
    user: fc.nat({ max: bettors - 1 }),
    a: fc.nat({ max: 1_000 }),
    b: fc.nat({ max: 1_000 }),
    delayMs: fc.constantFrom(0, 0, 0, 2, 10),
  });
}

export const describeOp = (o: Op) =>
  `${o.op}(node ${o.node === 0 ? 'A' : 'B'}, bettor ${o.user}, a=${o.a}, b=${o.b})`;

/** Exchange prices and stakes from small sets, so that bets meet on the book. */
const PRICES = [1.5, 2, 2, 2.02, 3, 1.01];
const STAKES = [1, 2.5, 10, 50, 100, 100.01, 333.33];
/** Bookmaker and fancy stakes: their markets take ₹100 and up. */
const KIND_STAKES = [100, 150, 250, 500, 1000];

export type Outcome = {
  skipped?: string;
  answer?: Answer;
  endpoint?: EndpointName;
  body?: unknown;
  /** What a direct call (not through the API: a table's or a feed's own step) did. */
  note?: string;
  /** The market the operation touched, when it is chosen at run time (a casino round's). */
  marketId?: number;
  /** Every market whose betting state the operation may have changed (a feed step's sessions). */
  touches?: number[];
  /** A rule the answer broke, seen by the operation itself (a provider's closed round paid again). */
  violation?: string;
  /** Which invariant `violation` is (default provider). */
  invariant?: string;
  /** Answered with the first stake of its request_id (a repeat takes nothing new: no status rule). */
  repeat?: boolean;
};

/** A casino round's states before its end. */
const UNFINISHED_ROUND = ['BETTING', 'CLOSED', 'DEALING'];
/** Casino stakes (the table's minimum is ₹10). */
const CASINO_STAKES = [10, 25, 100, 250, 500];

/**
 * What one run's operations share: the leader term the timed work (casino rounds, binary ticks)
 * writes under, and one queue per product for the work that has one runner in the deployment
 * (a table's rounds follow one another, as its scheduler runs them).
 */
export type RunContext = {
  term(): Promise<Fence>;
  serial<T>(product: string, work: () => Promise<T>): Promise<T>;
  /** The binary clock both nodes read (ms): moved only by binaryTick. */
  binaryClock: { ms: number };
  /** Every binary tick the feed recorded (the oracle's own account of a session's last price). */
  binaryTicks: FeedTick[];
  /** The bettor with a daily loss limit, and the limit (the oracle's loss-limit invariant). */
  lossLimit: { userId: number; limitPaise: number };
  /** The game provider: its configuration and its own book of calls and answers. */
  provider: { config: ProviderConfig; book: ProviderBook };
  /** Each bettor's last fantasy join (a repeat sends it again). */
  lastJoin: Map<number, { contest_id: number; team_id: number; request_id: string }>;
  /** A bettor's token after it signed in again (sessionEnds), by bettor index. */
  tokens: Map<number, string>;
  /** Each bettor's uplines and their shares by user id, as the world built the tree (the oracle's share model). */
  chains: ReadonlyMap<number, World['tree']['chains'][number]>;
};

export function createRunContext(
  world: World,
  apps: readonly [FastifyInstance, FastifyInstance],
  binaryClock: { ms: number },
  provider: ProviderConfig,
): RunContext {
  let fence: Fence | null = null;
  const tails = new Map<string, Promise<unknown>>();
  return {
    binaryClock,
    binaryTicks: [],
    lossLimit: { userId: world.limited.userId, limitPaise: world.limited.limitPaise },
    provider: { config: provider, book: newBook() },
    lastJoin: new Map(),
    tokens: new Map(),
    chains: new Map(world.bettors.map((b, i) => [b.userId, world.tree.chains[i]!])),
    async term() {
      if (fence && apps[0].leader.fence()?.generation === fence.generation) return fence;
      // A loaded box (a soak beside other suites) can take a while to grant the lease.
      fence = await termOf(apps[0], 30_000);
      return fence;
    },
    serial(product, work) {
      const run = (tails.get(product) ?? Promise.resolve()).then(work, work);
      tails.set(
        product,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

let requests = 0;
const requestId = (what: string) => `race-${what}-${Date.now().toString(36)}-${++requests}`;

/**
 * Before the first step: the binary feed's first tick of the day (NFY at 24,350 at the run's start,
 * 14:20 IST), so the session exists and quotes its line from the first step on.
 */
export async function primeRun(
  world: World,
  apps: readonly [FastifyInstance, FastifyInstance],
  sw: Switches,
  ctx: RunContext,
  provider: RaceProvider,
) {
  // Every bettor's game session at the provider, opened now (a session idles out in 30 minutes),
  // and a ₹10 round open for each: credits and rollbacks have a round from the first step on.
  const book = ctx.provider.book;
  book.sessions = sw.kinds.includes('provider') ? await openSessions(apps[0], provider, world.bettors) : [];
  for (const p of book.sessions) {
    const round = {
      roundId: `rr-${++book.next}`,
      debits: [{ txid: `rd-${++book.next}`, amount: 1_000 }],
      closed: false,
    };
    book.rounds.set(p.player, [round]);
    const sent = await sendCall(apps[0], provider.config, {
      name: 'debit',
      body: {
        player_id: p.player,
        session_id: p.session,
        transaction_id: round.debits[0]!.txid,
        round_id: round.roundId,
        game_id: RACE_PROVIDER_GAME,
        amount: 1_000,
      },
    });
    if (sent.data?.code !== 'OK') throw new Error(`the opening provider debit answered ${sent.raw}`);
    record(book, sent);
  }
  if (!sw.kinds.includes('binary')) return;
  const fence = await ctx.term();
  const tick = { code: world.binary.code, t: ctx.binaryClock.ms, price: 24_350 };
  ctx.binaryTicks.push(...(await apps[0].binary.recordTicks(fence, [tick])));
  await apps[0].binary.syncStates(fence);
}

export function makeRunner(
  world: World,
  apps: readonly [FastifyInstance, FastifyInstance],
  sw: Switches,
  ctx: RunContext,
) {
  const tokenOf = (i: number) => ctx.tokens.get(i) ?? world.bettors[i]!.token;
  const bettorApi = (o: Op) => {
    const api = new Api(apps[o.node]);
    api.token = tokenOf(o.user % world.bettors.length);
    return api;
  };
  const operatorApi = (o: Op) => {
    const api = new Api(apps[o.node]);
    api.token = world.operator.token;
    return api;
  };
  const db = (o: Op) => apps[o.node].db;
  const userId = (o: Op) => world.bettors[o.user % world.bettors.length]!.userId;

  /** The casino table's newest rounds, newest first. */
  const casinoRoundsOf = (o: Op, limit = 2) =>
    db(o)
      .select()
      .from(casinoRounds)
      .where(eq(casinoRounds.matchId, world.casino.matchId))
      .orderBy(desc(casinoRounds.roundId))
      .limit(limit);

  /** The instrument's sessions, latest first. */
  const binarySessionsOf = (o: Op, limit = 2) =>
    db(o)
      .select()
      .from(binarySessions)
      .where(eq(binarySessions.matchId, world.binary.matchId))
      .orderBy(desc(binarySessions.opensAt))
      .limit(limit);

  /**
   * The markets of the enabled kinds, as {kind, id}: a casino round's is its newest round's, or now
   * and then the one before it (a void of a settled round settles it again); a binary session's
   * likewise the latest or the one before.
   */
  async function marketsOn(o: Op, kinds: readonly KindName[]) {
    const out: { kind: KindName; id: number; matchId: number }[] = [];
    for (const k of kinds) {
      if (!sw.kinds.includes(k)) continue;
      if (k === 'casino' || k === 'binary') {
        const rows = k === 'casino' ? await casinoRoundsOf(o) : await binarySessionsOf(o);
        const r = rows[Math.floor(o.a / 8) % 2] ?? rows[0];
        if (r) out.push({ kind: k, id: r.marketId, matchId: r.matchId });
        continue;
      }
      const w = world[k as Exclude<KindName, 'casino' | 'binary'>];
      out.push({ kind: k, id: w.marketId, matchId: w.matchId });
    }
    return out;
  }

  /** The table's next round, its seed fixed by the program (the table's random one replaced). */
  async function openRound(app: FastifyInstance, b: number) {
    const table = (await tablesOf(app.db, [world.casino.matchId]))[0]!;
    const game = roundGame(world.casino.gameId)!;
    const r = await underTerm((fence) => app.casino.rounds.open(table, game, fence, RACE_CASINO_WINDOW_MS));
    const seed = raceCasinoSeed(r.roundId, b);
    await app.db
      .update(casinoRounds)
      .set({ serverSeed: seed, serverSeedHash: serverSeedHash(seed, sha256) })
      .where(eq(casinoRounds.roundId, r.roundId));
    return r;
  }

  /** The fantasy match's start moved into the past (as the feed or the operator turns it in play). */
  async function startFantasyMatch(app: FastifyInstance): Promise<boolean> {
    const moved = await app.db
      .update(matches)
      .set({ startTime: sql`now() - interval '1 second'` })
      .where(and(eq(matches.matchId, world.fantasy.matchId), sql`${matches.startTime} > now()`))
      .returning({ id: matches.matchId });
    return moved.length > 0;
  }

  /** One of the rounds the provider opened (any player's, the latest most often). */
  function pickRound(book: ProviderBook, o: Op) {
    const all = [...book.rounds].flatMap(([owner, rounds]) => rounds.map((round) => ({ owner, round })));
    if (all.length === 0) return null;
    return all[all.length - 1 - (o.a % Math.min(3, all.length))]!;
  }

  /** A provider's wallet call to node `o.node`, its answer kept in the provider's book. */
  async function providerCall(
    o: Op,
    config: ProviderConfig,
    book: ProviderBook,
    closedBefore: boolean,
    call: WalletCall,
  ): Promise<Outcome> {
    const sent = await sendCall(apps[o.node], config, call);
    record(book, sent);
    const taken = sent.data?.code === 'OK';
    return {
      endpoint: `provider${call.name[0]!.toUpperCase()}${call.name.slice(1)}` as EndpointName,
      body: call.body,
      answer: sent.answer,
      // A round whose closing credit was answered OK before this call was sent takes nothing more:
      // no debit, no credit, no rollback (a stake refunded on top of its win).
      ...(closedBefore && taken
        ? {
            violation: `${call.name} ${String(call.body.transaction_id)} taken in round ${String(call.body.round_id)} after its closing credit`,
          }
        : {}),
    };
  }

  /** Runs a step of timed work under the run's leader term; a term that ended is taken again. */
  async function underTerm<T>(work: (fence: Fence) => Promise<T>): Promise<T> {
    try {
      return await work(await ctx.term());
    } catch (err) {
      if (!(err instanceof FencedOut)) throw err;
      return work(await ctx.term());
    }
  }

  async function availablePaise(o: Op): Promise<number> {
    const app = apps[o.node];
    const [acct] = await app.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId(o)));
    const holds = await app.db.execute(
      sql`select coalesce((select sum(exposure_paise) from exposure_holds where user_id = ${userId(o)}), 0)
        + coalesce((select sum(amount_paise) from exposure_reservations where user_id = ${userId(o)}), 0) as c`,
    );
    const c = Number((holds as unknown as { rows: { c: string }[] }).rows[0]!.c);
    return (acct?.balancePaise ?? 0) - c;
  }

  async function exchangeBet(
    o: Op,
    market: { id: number; matchId: number; selectionIds: number[] },
    stack: number,
    odds: number,
  ) {
    const body = {
      match_id: market.matchId,
      market_id: market.id,
      selection_id: market.selectionIds[o.a % market.selectionIds.length]!,
      is_back: o.b % 2 === 0 ? '1' : '0',
      odds,
      stack,
      request_id: requestId('bet'),
    };
    return {
      endpoint: 'placeMarketBet' as const,
      body,
      answer: await bettorApi(o).call('placeMarketBet', body),
    };
  }

  /** sessionEnds: the bettor's session ended on another node whose notice was lost. */
  async function endSession(o: Op): Promise<Outcome> {
    const i = o.user % world.bettors.length;
    // Both nodes remember the session (their caches answer the next calls without the store).
    for (const app of apps) {
      const api = new Api(app);
      api.token = tokenOf(i);
      if ((await api.call('getUserBalance')).statusCode !== 200) return { skipped: 'session already ended' };
    }
    // Another node ended it (a password change, a lock) and its bus notice was lost: the
    // generation moves in the store only.
    await db(o)
      .update(users)
      .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
      .where(eq(users.userId, userId(o)));
    // Stakes through this node, which still trusts the session: the gate must refuse each.
    const tries: Outcome[] = [
      await ops.place(o),
      await ops.bmPlace(o),
      await ops.casinoBet(o),
      await ops.fantasyJoin(o),
      await ops.providerDebit(o),
    ];
    // Its provider game ended with it: the provider may not even read the balance any more.
    const game = ctx.provider.book.sessions[i];
    if (game && sw.kinds.includes('provider')) {
      const read = await sendCall(apps[o.node], ctx.provider.config, {
        name: 'balance',
        body: { player_id: game.player, session_id: game.session },
      });
      tries.push({ endpoint: 'providerBalance', answer: read.answer });
    }
    const taken = tries
      .filter((t) => t.answer?.body.status || (t.answer?.statusCode ?? 0) >= 500)
      .map((t) => `${t.endpoint} (${t.answer!.statusCode})`);
    // The bettor signs in again: a new session of the new generation for the rest of the program.
    const [u] = await db(o)
      .select({ name: users.userName })
      .from(users)
      .where(eq(users.userId, userId(o)));
    ctx.tokens.set(i, await new Api(apps[o.node]).login(u!.name, RACE_PASSWORD));
    return {
      note: `tried ${tries.filter((t) => t.answer).length} stakes on the ended session`,
      ...(taken.length > 0
        ? {
            invariant: 'session',
            violation: `accepted on a session ended elsewhere: ${taken.join(', ')}`,
          }
        : {}),
    };
  }

  const ops: Record<OpName, (o: Op) => Promise<Outcome>> = {
    async place(o) {
      if (!sw.kinds.includes('exchange')) return { skipped: 'exchange off' };
      const odds = PRICES[Math.floor(o.a / 3) % PRICES.length]!;
      const stack = STAKES[Math.floor(o.b / 2) % STAKES.length]!;
      return exchangeBet(o, { id: world.exchange.marketId, ...world.exchange }, stack, odds);
    },
    async placePlaced(o) {
      if (!sw.kinds.includes('place')) return { skipped: 'place off' };
      const odds = PRICES[Math.floor(o.a / 3) % PRICES.length]!;
      const stack = STAKES[Math.floor(o.b / 2) % STAKES.length]!;
      return exchangeBet(o, { id: world.place.marketId, ...world.place }, stack, odds);
    },
    async cashOut(o) {
      if (!sw.kinds.includes('exchange')) return { skipped: 'exchange off' };
      const api = bettorApi(o);
      const quote = await api.call('getCashOut', { market_id: world.exchange.marketId });
      const q = quote.body.data as { available?: boolean; profit?: number } | undefined;
      if (!quote.body.status || !q?.available) return { skipped: 'no cash out quoted' };
      // The quoted figure, or ₹1 more now and then (a moved price must place nothing).
      const body = {
        market_id: world.exchange.marketId,
        request_id: requestId('co'),
        profit: q.profit! + (o.b % 5 === 0 ? 1 : 0),
      };
      return { endpoint: 'cashOut', body, answer: await api.call('cashOut', body) };
    },
    async placeMax(o) {
      if (!sw.kinds.includes('exchange')) return { skipped: 'exchange off' };
      const available = await availablePaise(o);
      if (available < 200) return { skipped: `available ₹${available / 100}` };
      // A back risks its stake; a lay at 1.5 risks half its stake: the worst case is `available`.
      const back = o.b % 2 === 0;
      const stack = back ? available / 100 : (available * 2) / 100;
      return exchangeBet(o, { id: world.exchange.marketId, ...world.exchange }, stack, back ? 2 : 1.5);
    },
    async placeWrongKind(o) {
      if (!sw.kinds.includes('bookmaker')) return { skipped: 'bookmaker off' };
      const odds = PRICES[Math.floor(o.a / 3) % PRICES.length]!;
      const stack = STAKES[Math.floor(o.b / 2) % STAKES.length]!;
      return exchangeBet(o, { id: world.bookmaker.marketId, ...world.bookmaker }, stack, odds);
    },
    async cancel(o) {
      if (!sw.kinds.includes('exchange')) return { skipped: 'exchange off' };
      if (o.b % 4 === 0) {
        const body = { market_id: world.exchange.marketId };
        return { endpoint: 'cancelBet', body, answer: await bettorApi(o).call('cancelBet', body) };
      }
      const resting = await db(o)
        .select({ betId: bets.betId })
        .from(bets)
        .where(and(eq(bets.userId, userId(o)), gt(bets.remainingPaise, 0)))
        .orderBy(asc(bets.betId));
      if (resting.length === 0) return { skipped: 'no resting bet' };
      const body = { bet_id: resting[o.a % resting.length]!.betId };
      return { endpoint: 'cancelBet', body, answer: await bettorApi(o).call('cancelBet', body) };
    },
    async bmPlace(o) {
      if (!sw.kinds.includes('bookmaker')) return { skipped: 'bookmaker off' };
      const selectionId = world.bookmaker.selectionIds[o.a % world.bookmaker.selectionIds.length]!;
      const [q] = await db(o)
        .select()
        .from(bookmakerQuotes)
        .where(eq(bookmakerQuotes.selectionId, selectionId));
      const back = o.b % 2 === 0;
      const rate = back ? q?.backRate : q?.layRate;
      if (!rate) return { skipped: 'no quote on that side' };
      const body = {
        match_id: world.bookmaker.matchId,
        market_id: world.bookmaker.marketId,
        selection_id: selectionId,
        is_back: back ? '1' : '0',
        rate,
        stack: KIND_STAKES[Math.floor(o.b / 2) % KIND_STAKES.length]!,
        request_id: requestId('bm'),
      };
      return {
        endpoint: 'placeBookmakerBet',
        body,
        answer: await bettorApi(o).call('placeBookmakerBet', body),
      };
    },
    async fancyPlace(o) {
      if (!sw.kinds.includes('fancy')) return { skipped: 'fancy off' };
      const [f] = await db(o).select().from(fancies).where(eq(fancies.marketId, world.fancy.marketId));
      const yes = o.b % 2 === 0;
      const line = yes ? f?.yesLine : f?.noLine;
      const rate = yes ? f?.yesRate : f?.noRate;
      if (line == null || rate == null) return { skipped: 'no quote on that side' };
      const body = {
        match_id: world.fancy.matchId,
        fancy_id: world.fancy.marketId,
        is_yes: yes ? '1' : '0',
        line,
        rate,
        stack: KIND_STAKES[Math.floor(o.b / 2) % KIND_STAKES.length]!,
        request_id: requestId('fancy'),
      };
      return { endpoint: 'placeFancyBet', body, answer: await bettorApi(o).call('placeFancyBet', body) };
    },
    async voidRunner(o) {
      const ms = await marketsOn(o, ['exchange', 'place', 'bookmaker']);
      if (ms.length === 0) return { skipped: 'no runner market on' };
      const m = ms[o.a % ms.length]!;
      const sels = world[m.kind as 'exchange' | 'place' | 'bookmaker'].selectionIds;
      const body = { market_id: m.id, selection_id: sels[o.b % sels.length]!, request_id: requestId('vr') };
      return {
        endpoint: 'adminMarketVoid',
        body,
        answer: await operatorApi(o).call('adminMarketVoid', body),
      };
    },
    async voidWindow(o) {
      const ms = await marketsOn(o, KINDS);
      if (ms.length === 0) return { skipped: 'no market on' };
      const m = ms[o.a % ms.length]!;
      const table =
        m.kind === 'exchange' || m.kind === 'place'
          ? bets
          : m.kind === 'bookmaker'
            ? bookmakerBets
            : m.kind === 'casino'
              ? casinoBets
              : m.kind === 'binary'
                ? binaryBets
                : fancyBets;
      const placed = (
        await db(o)
          .select({ at: table.placedAt })
          .from(table)
          .where(eq(table.marketId, m.id))
          .orderBy(asc(table.placedAt))
      ).map((r) => r.at);
      if (placed.length === 0) return { skipped: 'no bet to window' };
      // A window from one bet's placing to a later one's (both ends included): the "wrong rate" rule.
      const i = o.b % placed.length;
      const j = Math.min(placed.length - 1, i + (Math.floor(o.b / 7) % 3));
      const body = {
        market_id: m.id,
        from: placed[i]!.toISOString(),
        to: placed[j]!.toISOString(),
        request_id: requestId('vw'),
      };
      return {
        endpoint: 'adminMarketVoidWindow',
        body,
        answer: await operatorApi(o).call('adminMarketVoidWindow', body),
        marketId: m.id,
      };
    },
    async voidBets(o) {
      if (!sw.kinds.includes('exchange')) return { skipped: 'exchange off' };
      const all = await db(o)
        .select({ betId: bets.betId })
        .from(bets)
        .where(eq(bets.marketId, world.exchange.marketId))
        .orderBy(asc(bets.betId));
      if (all.length === 0) return { skipped: 'no exchange bet' };
      const body = {
        market_id: world.exchange.marketId,
        bet_ids: [all[o.a % all.length]!.betId],
        request_id: requestId('vb'),
      };
      return {
        endpoint: 'adminMarketVoidBets',
        body,
        answer: await operatorApi(o).call('adminMarketVoidBets', body),
      };
    },
    async voidMarket(o) {
      const ms = await marketsOn(o, KINDS);
      if (ms.length === 0) return { skipped: 'no market on' };
      const m = ms[o.a % ms.length]!;
      if (m.kind === 'fancy') {
        const body = { fancy_id: m.id, request_id: requestId('fv') };
        return {
          endpoint: 'adminFancyVoid',
          body,
          answer: await operatorApi(o).call('adminFancyVoid', body),
        };
      }
      const body = { market_id: m.id, request_id: requestId('vm') };
      return {
        endpoint: 'adminMarketVoid',
        body,
        answer: await operatorApi(o).call('adminMarketVoid', body),
        marketId: m.id,
      };
    },
    async marketStatus(o) {
      const ms = await marketsOn(o, KINDS);
      if (ms.length === 0) return { skipped: 'no market on' };
      const m = ms[o.a % ms.length]!;
      // OPEN most often: a market that stays shut takes no bets and finds nothing.
      const status = (['OPEN', 'OPEN', 'SUSPENDED', 'CLOSED'] as const)[o.b % 4]!;
      const body = { market_id: m.id, status, request_id: requestId('ms') };
      return {
        endpoint: 'adminMarketStatus',
        body,
        answer: await operatorApi(o).call('adminMarketStatus', body),
        marketId: m.id,
      };
    },
    async kindStatus(o) {
      const ms = await marketsOn(o, ['bookmaker', 'fancy']);
      if (ms.length === 0) return { skipped: 'no bookmaker or fancy on' };
      const m = ms[o.a % ms.length]!;
      const status = (['ACTIVE', 'ACTIVE', 'SUSPENDED', 'BALL_RUNNING'] as const)[o.b % 4]!;
      if (m.kind === 'bookmaker') {
        const body = { market_id: m.id, status, request_id: requestId('bs') };
        return {
          endpoint: 'adminBookmakerStatus',
          body,
          answer: await operatorApi(o).call('adminBookmakerStatus', body),
        };
      }
      const body = { fancy_id: m.id, status, request_id: requestId('fs') };
      return {
        endpoint: 'adminFancyStatus',
        body,
        answer: await operatorApi(o).call('adminFancyStatus', body),
      };
    },
    async quote(o) {
      const ms = await marketsOn(o, ['bookmaker', 'fancy']);
      if (ms.length === 0) return { skipped: 'no bookmaker or fancy on' };
      const m = ms[o.a % ms.length]!;
      const step = o.b % 5;
      if (m.kind === 'bookmaker') {
        const body = {
          market_id: m.id,
          runners: world.bookmaker.selectionIds.map((selection_id, i) => ({
            selection_id,
            back_rate: (i === 0 ? 85 : 110) + step * 3,
            lay_rate: (i === 0 ? 88 : 114) + step * 3,
          })),
          request_id: requestId('bq'),
        };
        return {
          endpoint: 'adminBookmakerQuote',
          body,
          answer: await operatorApi(o).call('adminBookmakerQuote', body),
        };
      }
      // The "wrong rate": a Yes line below the No line now and then, so hedges come cheap.
      const no = 40 + step;
      const yes = o.b % 3 === 0 ? no - 2 : no + 1;
      const body = {
        fancy_id: m.id,
        no_line: no,
        no_rate: 100,
        yes_line: yes,
        yes_rate: 100,
        request_id: requestId('fq'),
      };
      return {
        endpoint: 'adminFancyQuote',
        body,
        answer: await operatorApi(o).call('adminFancyQuote', body),
      };
    },
    async settle(o) {
      // A casino round is settled by its table (casinoClose), a binary session by binarySettle.
      const ms = await marketsOn(
        o,
        KINDS.filter((k) => !RUNTIME_KINDS.includes(k)),
      );
      if (ms.length === 0) return { skipped: 'no market on' };
      const m = ms[o.a % ms.length]!;
      if (m.kind === 'fancy') {
        const body = { fancy_id: m.id, result: 36 + (o.b % 12), request_id: requestId('fr') };
        return {
          endpoint: 'adminFancyResult',
          body,
          answer: await operatorApi(o).call('adminFancyResult', body),
        };
      }
      if (m.kind === 'place') {
        // Two placed, or a dead heat for second: the last two share the one place left.
        const sels = world.place.selectionIds;
        const order = sels.map((_, i) => sels[(o.b + i) % sels.length]!);
        const deadHeat = o.b % 3 === 0;
        const body = {
          market_id: m.id,
          winners: order.slice(0, deadHeat ? 3 : 2),
          ...(deadHeat ? { dead_heats: [{ selection_ids: order.slice(1, 3), places: 1 }] } : {}),
          request_id: requestId('pr'),
        };
        return {
          endpoint: 'adminMarketResult',
          body,
          answer: await operatorApi(o).call('adminMarketResult', body),
        };
      }
      const sels = m.kind === 'exchange' ? world.exchange.selectionIds : world.bookmaker.selectionIds;
      const body = { market_id: m.id, winners: [sels[o.b % sels.length]!], request_id: requestId('mr') };
      return {
        endpoint: 'adminMarketResult',
        body,
        answer: await operatorApi(o).call('adminMarketResult', body),
      };
    },
    async unsettle(o) {
      const all = await marketsOn(o, KINDS);
      if (all.length === 0) return { skipped: 'no market on' };
      // Every other one aims at a settled market (when there is one): an unsettle of a market that
      // was never settled only tests the refusal, and the shares' reversal needs settled ones.
      const settled = new Set(
        (
          await db(o)
            .select({ id: marketSettlements.marketId })
            .from(marketSettlements)
            .where(eq(marketSettlements.state, 'SETTLED'))
        ).map((r) => r.id),
      );
      const aimed = all.filter((m) => settled.has(m.id));
      const ms = o.b % 2 === 0 && aimed.length > 0 ? aimed : all;
      const body = { market_id: ms[o.a % ms.length]!.id, request_id: requestId('mu') };
      return {
        endpoint: 'adminMarketUnsettle',
        body,
        answer: await operatorApi(o).call('adminMarketUnsettle', body),
        marketId: body.market_id,
      };
    },
    async casinoBet(o) {
      if (!sw.kinds.includes('casino')) return { skipped: 'casino off' };
      const [r] = await casinoRoundsOf(o, 1);
      if (!r) return { skipped: 'no round yet' };
      const option = r.options[o.a % r.options.length]!;
      const body = {
        match_id: r.matchId,
        round_id: r.roundId,
        option_id: option.id,
        stack: CASINO_STAKES[Math.floor(o.b / 2) % CASINO_STAKES.length]!,
        request_id: requestId('cb'),
      };
      return {
        endpoint: 'placeCasinoBet',
        body,
        answer: await bettorApi(o).call('placeCasinoBet', body),
        marketId: r.marketId,
      };
    },
    async casinoVoid(o) {
      if (!sw.kinds.includes('casino')) return { skipped: 'casino off' };
      const rounds = await casinoRoundsOf(o);
      const r = rounds[Math.floor(o.a / 8) % 2] ?? rounds[0];
      if (!r) return { skipped: 'no round' };
      const mode = o.b % 4;
      if (mode <= 1) {
        // A "wrong rate" window from one of its bets' placing to a later one's (ends included).
        const placed = (
          await db(o)
            .select({ at: casinoBets.placedAt })
            .from(casinoBets)
            .where(eq(casinoBets.marketId, r.marketId))
            .orderBy(asc(casinoBets.placedAt))
        ).map((x) => x.at);
        if (placed.length === 0) return { skipped: 'no bet to window' };
        const i = o.a % placed.length;
        const j = Math.min(placed.length - 1, i + (Math.floor(o.b / 4) % 3));
        const body = {
          market_id: r.marketId,
          from: placed[i]!.toISOString(),
          to: placed[j]!.toISOString(),
          request_id: requestId('cw'),
        };
        return {
          endpoint: 'adminMarketVoidWindow',
          body,
          answer: await operatorApi(o).call('adminMarketVoidWindow', body),
          marketId: r.marketId,
        };
      }
      if (mode === 2) {
        const body = { market_id: r.marketId, request_id: requestId('cv') };
        return {
          endpoint: 'adminMarketVoid',
          body,
          answer: await operatorApi(o).call('adminMarketVoid', body),
          marketId: r.marketId,
        };
      }
      const body = {
        market_id: r.marketId,
        status: o.a % 2 === 0 ? ('SUSPENDED' as const) : ('OPEN' as const),
        request_id: requestId('cs'),
      };
      return {
        endpoint: 'adminMarketStatus',
        body,
        answer: await operatorApi(o).call('adminMarketStatus', body),
        marketId: r.marketId,
      };
    },
    async casinoClose(o) {
      if (!sw.kinds.includes('casino')) return { skipped: 'casino off' };
      return ctx.serial('casino', async () => {
        const [r] = await casinoRoundsOf(o, 1);
        if (!r || !UNFINISHED_ROUND.includes(r.state)) return { skipped: 'no round running' };
        const app = apps[o.node];
        const done: string[] = [];
        if (r.state === 'BETTING') {
          await underTerm((fence) => app.casino.rounds.close(r.roundId, fence));
          done.push('closed');
          // Now and then only closed: bets and the operator's calls meet a closed round.
          if (o.b % 3 === 0) return { note: `round ${r.roundId} ${done.join(', ')}`, marketId: r.marketId };
        }
        const steps = roundGame(world.casino.gameId)!.play(r.serverSeed, String(r.roundId), hmacSha256).steps;
        await underTerm(async (fence) => {
          for (let i = 1; i <= steps.length; i++)
            await app.casino.rounds.reveal(r.roundId, fence, steps.slice(0, i));
        });
        const change = await underTerm((fence) => app.casino.rounds.finish(r.roundId, fence));
        done.push(`dealt ${steps.join(' ')}`, change ? 'finished' : 'not finished');
        // The table goes on with its next round, as its scheduler does.
        const next = await openRound(app, o.b);
        return {
          note: `round ${r.roundId} ${done.join(', ')}; round ${next.roundId} opened`,
          marketId: r.marketId,
        };
      });
    },
    async binaryTick(o) {
      if (!sw.kinds.includes('binary')) return { skipped: 'binary off' };
      // The feed runs on the leader (node A holds the run's term), one step after another.
      return ctx.serial('binary', async () => {
        const app = apps[0];
        const clock = ctx.binaryClock;
        const day = istDay(clock.ms);
        const today = sessionBounds('EQUITY', day);
        let times: number[];
        if (clock.ms >= today.closes_at.getTime()) {
          // Past the close: the next weekday's open, a tick at the open and one a little later.
          let next = addDays(day, 1);
          while ([0, 6].includes(new Date(`${next}T12:00:00+05:30`).getUTCDay())) next = addDays(next, 1);
          const open = sessionBounds('EQUITY', next).opens_at.getTime();
          times = [open, open + (1 + (o.b % 5)) * 60_000];
        } else if (o.a % 3 === 0 || clock.ms < today.opens_at.getTime()) {
          // One batch across the close: the last tick before it (or at it, which is after) and one after.
          const close = today.closes_at.getTime();
          times = [Math.max(clock.ms + 1, close - 1_000 * (1 + (o.b % 3))), close + (o.b % 2 ? 0 : 1_000)];
        } else {
          const step = (1 + (o.b % 4)) * 60_000;
          times = [clock.ms + step / 2, clock.ms + step];
        }
        const ticks: FeedTick[] = times.map((t, k) => ({
          code: world.binary.code,
          t,
          // NFY near 24,350, whole rupees or a 0.05 tick off them: lines (every 10) move.
          price:
            24_300 +
            ((o.a * 37 + o.b * 11 + k * 53 + ctx.binaryTicks.length * 17) % 120) +
            ((o.b + k) % 2) * 0.05,
        }));
        clock.ms = Math.max(clock.ms, ...times);
        // The oracle judges the settlement by the ticks the step took: a tick refused because its
        // session was settled or voided first is not the session's price.
        const taken = await underTerm((fence) => app.binary.recordTicks(fence, ticks));
        ctx.binaryTicks.push(...taken);
        await underTerm((fence) => app.binary.syncStates(fence));
        const settled = o.b % 2 === 0 ? await underTerm((fence) => app.binary.settleDue(fence)) : 0;
        const sessions = await binarySessionsOf(o);
        return {
          note: `ticks ${ticks.map((t) => `${new Date(t.t).toISOString()} ${t.price}`).join(', ')}: ${taken.length} taken, ${settled} settled`,
          touches: sessions.map((x) => x.marketId),
        };
      });
    },
    async binaryBet(o) {
      if (!sw.kinds.includes('binary')) return { skipped: 'binary off' };
      const [s] = await binarySessionsOf(o, 1);
      if (!s || s.yesLineC === null || s.noLineC === null) return { skipped: 'no line quoted' };
      const yes = o.b % 2 === 0;
      // Now and then the line one step off (a line that moved: "Line changed").
      const lineC = (yes ? s.yesLineC : s.noLineC) + (o.a % 7 === 0 ? world.binary.stepC : 0);
      const body = {
        match_id: world.binary.matchId,
        line: lineC / 100,
        is_yes: yes ? '1' : '0',
        rate: (yes ? s.yesRate : s.noRate) ?? 100,
        stack: [100, 200, 500][Math.floor(o.b / 2) % 3]!,
        request_id: requestId('bin'),
      };
      return {
        endpoint: 'placeBinaryBet',
        body,
        answer: await bettorApi(o).call('placeBinaryBet', body),
        marketId: s.marketId,
      };
    },
    async binarySettle(o) {
      if (!sw.kinds.includes('binary')) return { skipped: 'binary off' };
      const sessions = await binarySessionsOf(o);
      const s =
        sessions.find((x) => x.state === 'LIVE' && x.closesAt.getTime() <= ctx.binaryClock.ms) ?? sessions[0];
      if (!s) return { skipped: 'no session' };
      const mode = o.b % 3;
      if (mode === 0) {
        const n = await ctx.serial('binary', () => underTerm((fence) => apps[0].binary.settleDue(fence)));
        return { note: `the leader's pass settled ${n}`, marketId: s.marketId };
      }
      if (mode === 1) {
        const body = {
          session_id: s.marketId,
          // Now and then the operator's own price.
          ...(o.a % 4 === 0 ? { price: 24_345.5 } : {}),
          request_id: requestId('bs'),
        };
        return {
          endpoint: 'adminBinarySettle',
          body,
          answer: await operatorApi(o).call('adminBinarySettle', body),
          marketId: s.marketId,
        };
      }
      const body = {
        session_id: s.marketId,
        reason: 'race: the operator voids it',
        request_id: requestId('bv'),
      };
      return {
        endpoint: 'adminBinaryVoid',
        body,
        answer: await operatorApi(o).call('adminBinaryVoid', body),
        marketId: s.marketId,
      };
    },
    async fantasyJoin(o) {
      if (!sw.kinds.includes('fantasy')) return { skipped: 'fantasy off' };
      const f = world.fantasy;
      const last = ctx.lastJoin.get(o.user);
      const body =
        last && o.b % 5 === 0
          ? last
          : {
              contest_id: f.contestIds[o.a % f.contestIds.length]!,
              team_id: f.teams[o.user]![o.b % 2]!,
              request_id: requestId('fj'),
            };
      ctx.lastJoin.set(o.user, body);
      const answer = await bettorApi(o).call('joinFantasyContest', body);
      return {
        endpoint: 'joinFantasyContest',
        body,
        answer,
        repeat: answer.body.message === 'Already joined',
        // A contest is no market: its key in the status rule is its id, negated.
        marketId: -body.contest_id,
      };
    },
    async fantasyStart(o) {
      if (!sw.kinds.includes('fantasy')) return { skipped: 'fantasy off' };
      return ctx.serial('fantasy', async () => {
        const app = apps[o.node];
        const started = await startFantasyMatch(app);
        await underTerm((fence) => app.fantasy.step(fence));
        return {
          note: `${started ? 'the match started' : 'the match had started'}; the runner's pass`,
          touches: world.fantasy.contestIds.map((id) => -id),
        };
      });
    },
    async fantasyEnd(o) {
      if (!sw.kinds.includes('fantasy')) return { skipped: 'fantasy off' };
      return ctx.serial('fantasy', async () => {
        const app = apps[o.node];
        await startFantasyMatch(app);
        const f = world.fantasy;
        const abandoned = o.b % 3 === 0;
        // One innings of the named batters (runs by the program), the one bowler: the final score.
        const batters = f.batters.slice(0, 2 + (o.a % 3)).map((player_id, k) => {
          const runs = (o.a * (k + 3) + o.b * (k + 1)) % 60;
          return {
            player_id,
            runs,
            balls: Math.max(1, runs - 5 + k),
            fours: runs % 5,
            sixes: runs % 3,
            out: null,
          };
        });
        const runs = batters.reduce((t, b) => t + b.runs, 0);
        const balls = batters.reduce((t, b) => t + b.balls, 0);
        const score: Scoreboard = {
          innings: 1,
          batting: 0,
          totals: [
            {
              runs,
              wickets: 0,
              balls,
              players: {
                striker_id: batters[0]!.player_id,
                non_striker_id: batters[1]!.player_id,
                bowler_id: f.bowler,
                last_over_bowler_id: null,
                batters,
                bowlers: [{ player_id: f.bowler, balls, runs, wickets: 0, maidens: 0 }],
                fall: [],
                over_runs_conceded: 0,
              },
            },
          ],
          recent: [],
          target: null,
          status: 'COMPLETE',
          ball_running_until_ms: null,
          result_text: abandoned ? null : 'Aces won',
          ...(abandoned
            ? { stopped: 'RAIN' as const, result: { kind: 'NO_RESULT' as const, winner: null } }
            : { result: { kind: 'WIN' as const, winner: 0 as const } }),
        } as Scoreboard;
        const published = await publishScore(app, f.matchId, score);
        await underTerm((fence) => app.fantasy.step(fence));
        return {
          note: `the match ended (${abandoned ? 'abandoned' : `Aces won, ${runs} runs`}, score ${published.ok ? 'published' : 'refused'}); the runner's pass`,
          touches: f.contestIds.map((id) => -id),
        };
      });
    },
    async providerDebit(o) {
      if (!sw.kinds.includes('provider')) return { skipped: 'provider off' };
      const { book, config } = ctx.provider;
      const p = book.sessions[o.user]!;
      const rounds = book.rounds.get(p.player) ?? [];
      book.rounds.set(p.player, rounds);
      let round = o.a % 3 === 0 ? rounds.at(-1) : undefined;
      if (!round) {
        round = { roundId: `rr-${++book.next}`, debits: [], closed: false };
        rounds.push(round);
      }
      // A fresh id; now and then one a rollback named before it came (ROLLED_BACK), or the last id
      // of another player's debit (DUPLICATE_TRANSACTION: ids are the provider's, not the player's).
      let txid = `rd-${++book.next}`;
      if (o.b % 6 === 0 && book.unseen.length > 0) txid = book.unseen.shift()!;
      else if (o.b % 6 === 1) {
        const other = book.sessions[(o.user + 1) % book.sessions.length]!.player;
        txid = book.rounds.get(other)?.at(-1)?.debits.at(-1)?.txid ?? txid;
      }
      const amount = [1_000, 5_000, 10_000, 50_000][Math.floor(o.b / 2) % 4]!;
      round.debits.push({ txid, amount });
      return providerCall(o, config, book, round.closed, {
        name: 'debit',
        body: {
          player_id: p.player,
          session_id: p.session,
          transaction_id: txid,
          round_id: round.roundId,
          game_id: RACE_PROVIDER_GAME,
          amount,
        },
      });
    },
    async providerCredit(o) {
      if (!sw.kinds.includes('provider')) return { skipped: 'provider off' };
      const { book, config } = ctx.provider;
      const picked = pickRound(book, o);
      if (!picked) return { skipped: 'no round' };
      const { owner, round } = picked;
      // Now and then sent for another player (UNKNOWN_ROUND: a provider pays only on its bets).
      const stranger = o.b % 9 === 0;
      const p = stranger
        ? book.sessions.find((x) => x.player !== owner)!
        : book.sessions.find((x) => x.player === owner)!;
      const stake = round.debits.reduce((t, d) => t + d.amount, 0);
      // A loss, the stake back, a win, half, or past the round's bound (10,000 × its stake).
      const amount = [0, stake, 2 * stake, Math.floor(stake / 2), 10_001 * stake][o.b % 5]!;
      const closing = o.a % 4 !== 0;
      const out = await providerCall(o, config, book, round.closed && !stranger, {
        name: 'credit',
        body: {
          player_id: p.player,
          session_id: p.session,
          transaction_id: `rc-${++book.next}`,
          round_id: round.roundId,
          game_id: RACE_PROVIDER_GAME,
          amount,
          round_closed: closing,
        },
      });
      if (!stranger && closing && out.answer?.body.message === 'OK') round.closed = true;
      return out;
    },
    async providerRollback(o) {
      if (!sw.kinds.includes('provider')) return { skipped: 'provider off' };
      const { book, config } = ctx.provider;
      // Now and then a debit of a round a credit has closed (a late rollback: ROUND_CLOSED).
      const closedRound = [...book.rounds]
        .flatMap(([owner, rounds]) => rounds.map((round) => ({ owner, round })))
        .filter((x) => x.round.closed)
        .at(-1);
      const picked = o.b % 6 === 0 ? null : o.b % 3 === 1 && closedRound ? closedRound : pickRound(book, o);
      const d = picked?.round.debits[o.a % Math.max(1, picked.round.debits.length)];
      let body: Record<string, unknown>;
      if (!picked || !d) {
        // A debit not sent yet: UNKNOWN_TRANSACTION, and that debit is refused ROLLED_BACK if it comes.
        const p = book.sessions[o.user]!;
        const ref = `rd-${++book.next}`;
        book.unseen.push(ref);
        body = { player_id: p.player, reference_transaction_id: ref, round_id: `rr-${++book.next}` };
      } else
        body = { player_id: picked.owner, reference_transaction_id: d.txid, round_id: picked.round.roundId };
      // Only an accepted debit not rolled back yet has money to give back: a rollback of a refused
      // one, or of one an earlier rollback already gave back, is OK moving nothing (a soak seed,
      // 1504484734: rolled back, the round closed, rolled back again).
      const answeredOk = (name: string, key: string) =>
        d !== undefined &&
        [...book.calls.values()].some(
          (c) => c.call.name === name && c.call.body[key] === d.txid && c.codes[0] === 'OK',
        );
      const owed =
        answeredOk('debit', 'transaction_id') && !answeredOk('rollback', 'reference_transaction_id');
      return providerCall(o, config, book, Boolean(owed && picked?.round.closed), {
        name: 'rollback',
        body: { ...body, transaction_id: `rb-${++book.next}`, game_id: RACE_PROVIDER_GAME },
      });
    },
    async providerRepeat(o) {
      if (!sw.kinds.includes('provider')) return { skipped: 'provider off' };
      const { book, config } = ctx.provider;
      const sent = [...book.calls.values()].filter((c) => c.call.name !== 'authenticate');
      if (sent.length === 0) return { skipped: 'nothing sent yet' };
      // A repeat is answered as the first was (the book compares every answer at the quiet moment).
      return providerCall(o, config, book, false, sent[o.a % sent.length]!.call);
    },
    sessionEnds(o) {
      // One at a time per bettor: a second end of the same bettor's session would otherwise try
      // its stakes with the token the first signed in again with (a live session, rightly taken).
      return ctx.serial(`session:${o.user % world.bettors.length}`, () => endSession(o));
    },
    async ownerMoves(o) {
      const app = apps[o.node];
      if (app.shards.kind === 'single-node') return { skipped: 'one node holds every shard' };
      const marketId = [world.exchange.marketId, world.place.marketId][o.a % 2]!;
      const k = app.shards.shardOf(marketId);
      if (o.b % 2 === 0) {
        app.shards.lost(k);
        return { note: `node ${o.node} gave shard ${k} up` };
      }
      await app.db.execute(
        sql`update leader_leases set generation = generation + 1 where name = ${shardLeaseName(k)}`,
      );
      return { note: `shard ${k}'s term moved on behind its owner` };
    },
    async deposit(o) {
      const body = {
        user_id: userId(o),
        amount: [1, 100, 500, 1000][o.b % 4]!,
        request_id: requestId('dep'),
      };
      return {
        endpoint: 'adminWalletDeposit',
        body,
        answer: await operatorApi(o).call('adminWalletDeposit', body),
      };
    },
    async withdraw(o) {
      const available = await availablePaise(o);
      // All of it, half, or ₹1 more than there is (which must be refused).
      const amount = [available, Math.floor(available / 2), available + 100][o.b % 3]!;
      if (amount < 1) return { skipped: `available ₹${available / 100}` };
      const body = { user_id: userId(o), amount: amount / 100, request_id: requestId('wd') };
      return {
        endpoint: 'adminWalletWithdraw',
        body,
        answer: await operatorApi(o).call('adminWalletWithdraw', body),
      };
    },
    async check() {
      return { skipped: 'runs in the harness' };
    },
  };
  return (o: Op) => ops[o.op](o);
}

/** The market an operation touches (for the status rule), or null. */
export function marketOfOp(world: World, sw: Switches, o: Op): number | null {
  const on = (kinds: readonly KindName[]) =>
    kinds
      .filter((k) => sw.kinds.includes(k) && !RUNTIME_KINDS.includes(k))
      .map((k) => world[k as Exclude<KindName, 'casino' | 'binary'>].marketId);
  switch (o.op) {
    case 'place':
    case 'placeMax':
    case 'cashOut':
    case 'cancel':
    case 'voidBets':
      return world.exchange.marketId;
    case 'placePlaced':
      return world.place.marketId;
    case 'placeWrongKind':
    case 'bmPlace':
      return world.bookmaker.marketId;
    case 'fancyPlace':
      return world.fancy.marketId;
    case 'casinoBet':
    case 'binaryBet':
    case 'fantasyJoin':
      return null; // the round's or the session's market: the outcome names it
    case 'voidRunner': {
      const ms = on(['exchange', 'place', 'bookmaker']);
      return ms.length ? ms[o.a % ms.length]! : null;
    }
    case 'kindStatus':
    case 'quote': {
      const ms = on(['bookmaker', 'fancy']);
      return ms.length ? ms[o.a % ms.length]! : null;
    }
    case 'voidWindow':
    case 'voidMarket':
    case 'marketStatus':
    case 'unsettle':
      // The kinds' list holds a casino round's market only at run time: the outcome names it.
      return null;
    case 'settle': {
      const ms = on(KINDS);
      return ms.length ? ms[o.a % ms.length]! : null;
    }
    default:
      return null;
  }
}

/** Operations that change whether a market takes bets. */
export const STATUS_OPS: readonly OpName[] = [
  'voidMarket',
  'marketStatus',
  'kindStatus',
  'settle',
  'unsettle',
  'binaryTick',
  'binarySettle',
  'casinoVoid',
  'fantasyStart',
  'fantasyEnd',
];
export const BET_OPS: readonly OpName[] = [
  'place',
  'placePlaced',
  'cashOut',
  'placeMax',
  'placeWrongKind',
  'bmPlace',
  'fancyPlace',
  'casinoBet',
  'binaryBet',
  'fantasyJoin',
];
