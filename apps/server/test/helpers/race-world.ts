// The race test's world (docs/reliability.md): one PostgreSQL template database made once per
// test file — an operator, a master and an agent, a few bettors under them with cash passed down the
// tree (RACE_TREE), one exchange market, one bookmaker market and
// one fancy, every login's session — and a fresh copy of it for each fast-check run (CREATE
// DATABASE … TEMPLATE: about 60 ms), served by two app instances joined by a bus. A failing run
// therefore leaves nothing behind for the next one, and shrinking replays from a clean start.
import { createHash, randomBytes } from 'node:crypto';
import { inTablespace } from './ram-tablespace.ts';
import { roundGame, serverSeedHash, type UplineShare } from '@backlay/engine';
import type { FantasyPlayers, FantasyTeam } from '@backlay/contract';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { ProviderConfig } from '../../src/config.ts';
import { casinoRounds } from '../../src/modules/casino/schema.ts';
import { matches, series } from '../../src/modules/catalog/schema.ts';
import { fancies } from '../../src/modules/fancy/schema.ts';
import { fantasyContests } from '../../src/modules/fantasy/schema.ts';
import { markets, runners } from '../../src/modules/markets/schema.ts';
import { sha256 } from '../../src/modules/casino/fair.ts';
import { tablesOf } from '../../src/modules/casino/views.ts';
import { setUpCricketMatch } from '../../src/seed/cricket-match.ts';
import { createInProcessBus, createResponders, type Bus } from '../../src/plugins/bus.ts';
import { Api } from './api.ts';
import { termOf } from './casino.ts';
import { validTeam } from './fantasy.ts';
import { TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './stores.ts';

const SPORT_CRICKET = 4;
/** The bettors' opening cash: small, so that balance checks and withdrawals bite. */
export const OPENING_CASH_PAISE = 200_000;
export const BETTORS = 4;
/**
 * The tree (issue 41, docs/hierarchy.md): operator → master (33.33 %) → agent (16.67 %) → bettors
 * 0 and 1 (shares that leave a fraction of a paisa on almost any result, so every split rounds);
 * bettor 2 directly under the master, bettor 3 under the operator. Every run has chains of 2, 1 and
 * 0 uplines (the world is one template for every seed of a file). The master and the agent keep a
 * float beside what they pass down, to pay their shares of the bettors' wins.
 */
export const RACE_TREE = {
  masterSharePct: 33.33,
  agentSharePct: 16.67,
  parents: ['agent', 'agent', 'master', 'operator'] as const,
  masterFloatPaise: 3_000_000,
  agentFloatPaise: 2_000_000,
};
/** The last bettor has a daily loss limit of ₹500 (a quarter of the opening cash). */
const LIMITED_BETTOR = 3;
const LOSS_LIMIT_PAISE = 50_000;
/** Every race account's password (a bettor signs in again after its session ends). */
export const RACE_PASSWORD = 'secret1234';
const PASSWORD = RACE_PASSWORD;

export type World = {
  operator: { userId: number; token: string };
  bettors: { userId: number; token: string }[];
  /**
   * The tree the bettors live under (issue 41, RACE_TREE): a master and its agent, and each
   * bettor's uplines with their shares, nearest first (by bettor index; [] under the operator).
   */
  tree: {
    master: { userId: number; token: string };
    agent: { userId: number; token: string };
    chains: UplineShare[][];
  };
  exchange: { matchId: number; marketId: number; selectionIds: number[] };
  /** A place market on the exchange: 4 runners, 2 places (any 2 of 4 placed; issue 40). */
  place: { matchId: number; marketId: number; selectionIds: number[] };
  bookmaker: { matchId: number; marketId: number; selectionIds: number[] };
  fancy: { matchId: number; marketId: number };
  /**
   * A second cricket match for fantasy (two days away): its three contests (Head to Head ₹50, Small
   * League ₹100, Mega Contest ₹25), every bettor's two teams, and the players the final score names.
   */
  fantasy: {
    matchId: number;
    contestIds: number[];
    teams: number[][];
    batters: number[];
    bowler: number;
  };
  /** One binary instrument (NFY, equity hours 10:00–14:30 IST, line step 10): its sessions, one a trading day. */
  binary: { matchId: number; code: string; stepC: number };
  /** The bettor with a daily loss limit (responsible gaming): never able to lose more than it. */
  limited: { bettor: number; userId: number; limitPaise: number };
  /** One in-house casino table (its rounds are opened and closed by the program's operations). */
  casino: { matchId: number; gameId: string };
};

/** The casino table the race runs: Dragon Tiger (a tie loses half a Dragon or Tiger stake). */
export const RACE_CASINO_GAME = 'dragon_tiger_20';
/** A casino round's betting window: long, so that only the program's casinoClose ends it. */
export const RACE_CASINO_WINDOW_MS = 1_800_000;

/** A round's seed, fixed by the program (the table's random one replaced, as the casino tests do). */
export const raceCasinoSeed = (roundId: number, b: number) =>
  createHash('sha256').update(`race-casino:${roundId}:${b}`).digest('hex');

async function adminQuery(adminUrl: string, text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

const dbUrl = (adminUrl: string, name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Builds the template database on the TEST_DATABASE_URL server; returns what runs need. */
export async function createTemplate(
  adminUrl: string,
  provider: ProviderConfig,
  /** Where the template (and so every run's copy) is made: '' for the server's default. */
  tablespace = '',
): Promise<{ name: string; world: World; drop(): Promise<void> }> {
  const name = `backlay_race_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${inTablespace(tablespace)}`);
  const app = await buildApp({
    store: { kind: 'postgres', url: dbUrl(adminUrl, name), poolMax: 4 },
    seedDemo: false,
    rateLimits: TEST_RATE_LIMITS,
    secretHashCost: TEST_SECRET_HASH_COST,
    logger: false,
    providers: { list: [provider] },
  });
  try {
    await app.ready();
    // The provider's catalog (its one slot game), as the server's sync copies it.
    const synced = await app.providers.sync(provider.id);
    if (!synced.ok) throw new Error(`the provider's catalog did not sync: ${synced.message}`);
    const world = await furnish(app);
    return {
      name,
      world,
      drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
    };
  } finally {
    // A template must have no connection when it is copied.
    await app.close();
  }
}

async function login(app: FastifyInstance, userName: string): Promise<string> {
  return new Api(app).login(userName, PASSWORD);
}

async function furnish(app: FastifyInstance): Promise<World> {
  const tag = randomBytes(3).toString('hex');
  const operatorId = await app.account.createUser({
    userName: `race_op_${tag}`,
    password: PASSWORD,
    role: 'operator',
    parentId: null,
    isChangePassword: false,
  });
  const operator = { userId: operatorId, token: await login(app, `race_op_${tag}`) };
  const { bettors, tree } = await furnishTree(app, operator, tag);
  const [s] = await app.db.insert(series).values({ sportId: SPORT_CRICKET, name: 'Race Series' }).returning();
  const start = new Date(Date.now() + 86_400_000);
  const nfy = (await app.binary.instruments()).find((i) => i.spec.code === 'NFY');
  if (!nfy) throw new Error('no binary instrument NFY');
  const table = (await tablesOf(app.db)).find((t) => t.gameId === RACE_CASINO_GAME);
  if (!table) throw new Error(`no casino table of ${RACE_CASINO_GAME}`);
  const world = await app.db.transaction(async (tx): Promise<World> => {
    const [m] = await tx
      .insert(matches)
      .values({
        seriesId: s!.seriesId,
        sportId: SPORT_CRICKET,
        matchName: 'Races v Locks',
        startTime: start,
        openDate: start,
      })
      .returning();
    const matchId = m!.matchId;
    const cricket = await setUpCricketMatch(tx, {
      matchId,
      format: 'T20',
      competition: 'IPL',
      teams: ['Races', 'Locks'],
      startTime: start,
      inPlay: false,
      at: new Date(),
    });
    // Match odds of the same match: 3 runners, commission 2%, stakes from ₹1.
    const [mk] = await tx
      .insert(markets)
      .values({
        matchId,
        marketName: 'Match Odds',
        marketType: 'MATCH_ODDS',
        status: 'OPEN',
        startTime: start,
        minStakePaise: 100,
        commissionBps: 200,
      })
      .returning();
    const rs = await tx
      .insert(runners)
      .values(
        ['Races', 'Locks', 'The Draw'].map((name, sortOrder) => ({
          marketId: mk!.marketId,
          name,
          sortOrder,
        })),
      )
      .returning();
    // A place market of the same match (its outcome space: any 2 of 4 runners placed).
    const [pm] = await tx
      .insert(markets)
      .values({
        matchId,
        marketName: 'To Be Placed (2 places)',
        marketType: 'PLACE',
        status: 'OPEN',
        startTime: start,
        minStakePaise: 100,
        commissionBps: 200,
        winners: 2,
      })
      .returning();
    const prs = await tx
      .insert(runners)
      .values(
        ['Swift', 'Steady', 'Stayer', 'Sprinter'].map((name, sortOrder) => ({
          marketId: pm!.marketId,
          name,
          sortOrder,
        })),
      )
      .returning();
    const fancyRows = await tx.select().from(fancies).where(eq(fancies.matchId, matchId));
    const runs = fancyRows.find((f) => f.variant === 'RUNS');
    if (!runs) throw new Error('the cricket set-up made no RUNS fancy');
    return {
      operator,
      bettors,
      tree,
      exchange: { matchId, marketId: mk!.marketId, selectionIds: rs.map((r) => r.selectionId) },
      place: { matchId, marketId: pm!.marketId, selectionIds: prs.map((r) => r.selectionId) },
      bookmaker: { matchId, marketId: cricket.bookmakerMarketId, selectionIds: cricket.selectionIds },
      fancy: { matchId, marketId: runs.marketId },
      casino: { matchId: table.matchId, gameId: RACE_CASINO_GAME },
      binary: { matchId: nfy.matchId, code: 'NFY', stepC: nfy.spec.line_step_c },
      fantasy: { matchId: 0, contestIds: [], teams: [], batters: [], bowler: 0 },
      limited: {
        bettor: LIMITED_BETTOR,
        userId: bettors[LIMITED_BETTOR]!.userId,
        limitPaise: LOSS_LIMIT_PAISE,
      },
    };
  });
  const api = new Api(app);
  api.token = bettors[LIMITED_BETTOR]!.token;
  const limit = await api.call('setResponsibleLimit', {
    kind: 'LOSS',
    period: 'DAY',
    amount: LOSS_LIMIT_PAISE / 100,
  });
  if (!limit.body.status) throw new Error(`the loss limit was refused: ${String(limit.body.message)}`);
  const fantasy = await furnishFantasy(app, s!.seriesId, bettors);
  world.fantasy = fantasy;
  // Bettor 0 opens with two resting lays on the place market (₹100 at 3.0 on each of two runners):
  // both can place, so ₹400 is held over the market's outcome space (one winner of n would hold
  // ₹100) from the first step on.
  api.token = bettors[0]!.token;
  for (const selection_id of world.place.selectionIds.slice(0, 2)) {
    const r = await api.call('placeMarketBet', {
      match_id: world.place.matchId,
      market_id: world.place.marketId,
      selection_id,
      is_back: '0',
      odds: 3,
      stack: 100,
      request_id: `race-open-lay-${tag}-${selection_id}`,
    });
    if (!r.body.status) throw new Error(`the opening lay was refused: ${String(r.body.message)}`);
  }
  // The casino table opens with a round in its window (its seed fixed, as the program's rounds'
  // are) and two bets on it: every run has a round to bet on, void and settle from its first step.
  const game = roundGame(RACE_CASINO_GAME)!;
  const round = await app.casino.rounds.open(table, game, await termOf(app), RACE_CASINO_WINDOW_MS);
  const seed = raceCasinoSeed(round.roundId, 0);
  await app.db
    .update(casinoRounds)
    .set({ serverSeed: seed, serverSeedHash: serverSeedHash(seed, sha256) })
    .where(eq(casinoRounds.roundId, round.roundId));
  for (const [i, option_id, stack] of [
    [1, 'dragon', 100],
    [2, 'tie', 25],
  ] as const) {
    api.token = bettors[i]!.token;
    const r = await api.call('placeCasinoBet', {
      match_id: table.matchId,
      round_id: round.roundId,
      option_id,
      stack,
      request_id: `race-open-casino-${tag}-${i}`,
    });
    if (!r.body.status) throw new Error(`the opening casino bet was refused: ${String(r.body.message)}`);
  }
  return world;
}

/**
 * The tree and its money, as the demo seeds it but through the console's calls: each account
 * created by its parent (admin/user/create), each opening balance passed down by admin/wallet/deposit
 * as the parent — the house to the master (and to the bettor under the operator), the master's cash
 * to the agent and its own bettor, the agent's to its bettors — so it all comes through the ledger.
 */
async function furnishTree(
  app: FastifyInstance,
  operator: World['operator'],
  tag: string,
): Promise<{ bettors: World['bettors']; tree: World['tree'] }> {
  let n = 0;
  const as = (token: string) => {
    const api = new Api(app);
    api.token = token;
    return api;
  };
  const create = async (
    by: string,
    role: 'master' | 'agent' | 'bettor',
    userName: string,
    share_pct?: number,
  ) => {
    const r = await as(by).call('adminUserCreate', {
      user_name: userName,
      password: PASSWORD,
      role,
      must_change_password: false,
      ...(share_pct === undefined ? {} : { share_pct }),
      request_id: `race-tree-${tag}-${++n}`,
    });
    if (!r.body.status) throw new Error(`${role} ${userName} was refused: ${String(r.body.message)}`);
    const userId = (r.body.data as { user_id: number }).user_id;
    return { userId, token: await login(app, userName) };
  };
  const give = async (by: string, userId: number, paise: number) => {
    const r = await as(by).call('adminWalletDeposit', {
      user_id: userId,
      amount: paise / 100,
      request_id: `race-tree-${tag}-${++n}`,
    });
    if (!r.body.status) throw new Error(`the deposit to ${userId} was refused: ${String(r.body.message)}`);
  };
  const master = await create(operator.token, 'master', `race_m_${tag}`, RACE_TREE.masterSharePct);
  const agent = await create(master.token, 'agent', `race_a_${tag}`, RACE_TREE.agentSharePct);
  const parentOf = { operator, master, agent };
  const under = (p: (typeof RACE_TREE.parents)[number]) => RACE_TREE.parents.filter((x) => x === p).length;
  await give(
    operator.token,
    master.userId,
    RACE_TREE.masterFloatPaise +
      RACE_TREE.agentFloatPaise +
      (under('master') + under('agent')) * OPENING_CASH_PAISE,
  );
  await give(master.token, agent.userId, RACE_TREE.agentFloatPaise + under('agent') * OPENING_CASH_PAISE);
  const bettors: World['bettors'] = [];
  const chains: UplineShare[][] = [];
  const bp = (pct: number) => Math.round(pct * 100);
  for (let i = 0; i < BETTORS; i++) {
    const parent = RACE_TREE.parents[i % RACE_TREE.parents.length]!;
    const b = await create(parentOf[parent].token, 'bettor', `race_b${i}_${tag}`);
    await give(parentOf[parent].token, b.userId, OPENING_CASH_PAISE);
    bettors.push(b);
    const agentShare = { uplineId: agent.userId, shareBp: bp(RACE_TREE.agentSharePct) };
    const masterShare = { uplineId: master.userId, shareBp: bp(RACE_TREE.masterSharePct) };
    chains.push(parent === 'agent' ? [agentShare, masterShare] : parent === 'master' ? [masterShare] : []);
  }
  return { bettors, tree: { master, agent, chains } };
}

/** The fantasy match, its contests (made by the runner's pass) and two teams a bettor. */
async function furnishFantasy(
  app: FastifyInstance,
  seriesId: number,
  bettors: World['bettors'],
): Promise<World['fantasy']> {
  const start = new Date(Date.now() + 2 * 86_400_000);
  const matchId = await app.db.transaction(async (tx) => {
    const [m] = await tx
      .insert(matches)
      .values({
        seriesId,
        sportId: SPORT_CRICKET,
        matchName: 'Aces v Kings',
        startTime: start,
        openDate: start,
      })
      .returning();
    await setUpCricketMatch(tx, {
      matchId: m!.matchId,
      format: 'T20',
      competition: 'IPL',
      teams: ['Aces', 'Kings'],
      startTime: start,
      inPlay: false,
      at: new Date(),
    });
    return m!.matchId;
  });
  await app.fantasy.step(null);
  const contestIds = (
    await app.db
      .select({ id: fantasyContests.contestId })
      .from(fantasyContests)
      .where(eq(fantasyContests.matchId, matchId))
      .orderBy(asc(fantasyContests.contestId))
  ).map((c) => c.id);
  if (contestIds.length !== 3) throw new Error(`the fantasy match has ${contestIds.length} contests`);
  const api = new Api(app);
  const teams: number[][] = [];
  let players: FantasyPlayers['players'] = [];
  for (const [i, b] of bettors.entries()) {
    api.token = b.token;
    players = ((await api.call('getFantasyPlayers', { match_id: matchId })).body.data as FantasyPlayers)
      .players;
    const mine: number[] = [];
    // Two teams: the cheapest valid eleven, then one with the dearest batter in it; captains vary
    // by bettor, so the final score ranks them apart (and ties some).
    const dearest = [...players].filter((p) => p.role === 'BAT').sort((a, c) => c.credits - a.credits)[0]!;
    for (const ids of [validTeam(players), validTeam(players, [dearest.player_id])]) {
      const r = await api.call('saveFantasyTeam', {
        match_id: matchId,
        player_ids: ids,
        captain_id: ids[i % ids.length],
        vice_captain_id: ids[(i + 1) % ids.length],
      });
      if (!r.body.status) throw new Error(`a fantasy team was refused: ${String(r.body.message)}`);
      mine.push((r.body.data as { team: FantasyTeam }).team.team_id);
    }
    teams.push(mine);
  }
  const side = (n: 0 | 1) => players.filter((p) => p.side === n);
  return {
    matchId,
    contestIds,
    teams,
    batters: side(0)
      .filter((p) => p.role !== 'BOWL')
      .map((p) => p.player_id),
    bowler: side(1).find((p) => p.role === 'BOWL')!.player_id,
  };
}

/**
 * Two buses joined as NATS joins nodes: a publish runs the node's own handlers at once and reaches
 * the other node a moment later (never in the same tick), with no order between the two nodes.
 */
export function pairedBuses(): [Bus, Bus] {
  const local = [createInProcessBus(), createInProcessBus()] as const;
  // A node's requests reach the other node's answerers only (NATS's noEcho).
  const answerers = [createResponders(), createResponders()] as const;
  const joined = local.map((bus, i): Bus => {
    const other = () => local[1 - i]!;
    return {
      kind: 'nats',
      stats: bus.stats,
      publish(channel, message) {
        bus.publish(channel, message);
        setImmediate(() => other().publish(channel, message));
      },
      subscribe: (channel, handler) => bus.subscribe(channel, handler),
      request: (subject, payload, timeout_ms) => answerers[1 - i]!.request(subject, payload, timeout_ms),
      respond: (subject, handler) => answerers[i]!.respond(subject, handler),
      onResync: () => () => {},
      close: async () => {
        answerers[i]!.clear();
        await bus.close();
      },
    };
  });
  return [joined[0]!, joined[1]!];
}

export type Run = {
  apps: [FastifyInstance, FastifyInstance];
  /**
   * The binary clock both nodes keep the hours by (one clock, as every node of a deployment reads
   * the same time): it stands still until the program's binaryTick moves it.
   */
  binaryClock: { ms: number };
  close(): Promise<void>;
};

/** Where each run's binary clock starts: Monday 23 Nov 2026, 14:20 IST, ten minutes before NFY's close. */
export const RACE_BINARY_START_MS = Date.parse('2026-11-23T14:20:00+05:30');

/** A fresh copy of the template and two app instances on it. */
export async function openRun(
  adminUrl: string,
  template: string,
  natsUrl: string | null,
  provider: ProviderConfig,
): Promise<Run> {
  const name = `${template}_r${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const prefix = `race_${randomBytes(4).toString('hex')}`;
  const buses = natsUrl ? null : pairedBuses();
  const apps: FastifyInstance[] = [];
  const binaryClock = { ms: RACE_BINARY_START_MS };
  try {
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        store: { kind: 'postgres', url: dbUrl(adminUrl, name), poolMax: 4 },
        seedDemo: false,
        rateLimits: TEST_RATE_LIMITS,
        secretHashCost: TEST_SECRET_HASH_COST,
        logger: false,
        bus: buses ? buses[i]! : { url: natsUrl!, prefix, reconnectTimeWaitMs: 100 },
        binary: { clock: { now: () => new Date(binaryClock.ms) } },
        providers: { list: [provider] },
      });
      apps.push(app);
      await app.ready();
    }
  } catch (err) {
    for (const app of apps) await app.close();
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    throw err;
  }
  return {
    apps: [apps[0]!, apps[1]!],
    binaryClock,
    async close() {
      for (const app of apps) await app.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
