// Base data (every start, idempotent) and demo data (first start on an empty store).
import { count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { inPlayBetDelayS } from '@backlay/feed';
import type { FastifyInstance } from 'fastify';
import { CASINO_SPORT_ID } from '../modules/casino/tables.ts';
import { BINARY_SPORT_ID } from '../modules/binary/service.ts';
import { setUpCricketMatch } from './cricket-match.ts';
import { demoRaces } from './seed-racing.ts';
import { HOUSE_CASH } from '../modules/wallet/service.ts';
import { userAccount } from '../modules/wallet/queries.ts';
import { CREDIT_GIVEN } from '../modules/hierarchy/credit.ts';
import { users } from '../modules/account/schema.ts';
import { casinoSports, cups, matches, series, sports } from '../modules/catalog/schema.ts';
import { markets, runners } from '../modules/markets/schema.ts';
import { paymentMethods } from '../modules/payments/schema.ts';
import { globalSettings } from '../modules/settings/schema.ts';
import { referralCodes } from '../modules/signup/schema.ts';
import type { Executor, Tx } from '../db/store.ts';

/** The spec's sports; -17 and -1 exist in the data but the client's sidebar excludes them. */
export const SPORTS = [
  { sportId: 4, name: 'Cricket', sortOrder: 1, isRacing: false },
  { sportId: 1, name: 'Football', sortOrder: 2, isRacing: false },
  { sportId: 2, name: 'Tennis', sortOrder: 3, isRacing: false },
  { sportId: 7, name: 'Horse Racing', sortOrder: 4, isRacing: true },
  { sportId: 4339, name: 'Greyhound Racing', sortOrder: 5, isRacing: true },
  { sportId: 998917, name: 'Volleyball', sortOrder: 6, isRacing: false },
  { sportId: 7522, name: 'Basketball', sortOrder: 7, isRacing: false },
  { sportId: 2378961, name: 'Politics', sortOrder: 8, isRacing: false },
  { sportId: -17, name: 'Binary', sortOrder: 98, isRacing: false },
  { sportId: -1, name: 'Casino', sortOrder: 99, isRacing: false },
] as const;

/** The casino catalog: the in-house series (modules/casino, one per RoundGame series) and world casino. */
export const CASINO_SPORTS = [
  { sportId: 'ourcasino', name: 'Our Casino', category: 'indian', sortOrder: 1 },
  { sportId: 'virtual', name: 'Our Virtual', category: 'indian', sortOrder: 2 },
  { sportId: 'worldcasino', name: 'World Casino', category: 'world', sortOrder: 3 },
] as const;

export const DEMO_USERS = {
  operator: { userName: 'operator', password: 'operator123' },
  demo: { userName: 'demo', password: 'demo1234' },
  /** A second funded bettor: the other side of demo's bets (two-user browser test, manual trials). */
  demo2: { userName: 'demo2', password: 'demo1234' },
  newbie: { userName: 'newbie', password: 'newbie123' },
  /** The tree under the operator (docs/hierarchy.md): a master, its agent, the agent's two bettors. */
  master: { userName: 'master', password: 'master123' },
  agent: { userName: 'agent', password: 'agent123' },
  bettor1: { userName: 'bettor1', password: 'bettor123' },
  bettor2: { userName: 'bettor2', password: 'bettor123' },
} as const;

/** The demo tree's credit: the house to the master, the master to the agent, the agent to each bettor. */
export const DEMO_TREE_CREDIT_PAISE = {
  master: 10_00_000_00,
  agent: 2_00_000_00,
  bettor: 25_000_00,
} as const;

/** The demo referral code (the operator's): #/auth/sign-up/BACKLAY. */
export const DEMO_REFERRAL_CODE = 'BACKLAY';

/** Where demo deposits are sent: the operator's payment settings (changed by admin/payment/method). */
export const DEMO_PAYMENT_METHODS: {
  kind: 'BANK' | 'UPI';
  label: string;
  details: Record<string, string>;
}[] = [
  {
    kind: 'UPI',
    label: 'Backlay UPI',
    details: { upi_id: 'backlay@upi', payee_name: 'Backlay Exchange' },
  },
  {
    kind: 'BANK',
    label: 'HDFC Bank',
    details: {
      account_name: 'Backlay Exchange Pvt Ltd',
      account_number: '50200012345678',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
    },
  },
];

/** ₹1,00,000.00 */
export const DEMO_BALANCE_PAISE = 10_000_000;

/** Served from apps/server/public/upload/image/ whether or not demo data is seeded. */
export const DEFAULT_IMAGES = {
  logo: '/api/upload/image/logo.svg',
  welcomeBanner: '/api/upload/image/welcome-banner.svg',
  favicon: '/api/upload/image/favicon.svg',
};

/** Rows every store needs whether or not it has demo data: house account, settings, sports. */
export async function seedBase(app: Pick<FastifyInstance, 'binary' | 'casino' | 'db' | 'wallet'>) {
  await app.db.transaction(async (tx) => {
    await app.wallet.houseAccount(tx, HOUSE_CASH);
    await tx
      .insert(globalSettings)
      .values({ id: 1, ...DEFAULT_IMAGES })
      .onConflictDoNothing();
    await tx
      .insert(sports)
      .values(SPORTS.map((s) => ({ ...s })))
      .onConflictDoNothing();
    await tx
      .insert(casinoSports)
      .values(CASINO_SPORTS.map((s) => ({ ...s })))
      .onConflictDoNothing();
  });
  // A table (a match of sport -1) for each game of the engine's registry that has none yet.
  await app.casino.ensureTables();
  // The binary instruments (matches of sport -17), base data like the casino tables.
  await app.binary.ensureInstruments();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type MatchSeed = {
  name: string;
  /** Minutes from now; negative = already started (in play). */
  startsIn: number;
  country?: string;
  venue?: string;
  runners?: string[];
  marketName?: string;
  marketType?: string;
};
type SeriesSeed = { sportId: number; name: string; matches: MatchSeed[] };

// Long because it is data: the demo catalog's sports, series and matches as one literal.
function demoCatalog(): SeriesSeed[] {
  const day = 24 * 60;
  return [
    {
      sportId: 4,
      name: 'India tour of Australia T20I Series',
      matches: [
        { name: 'Australia v India', startsIn: -55 },
        { name: 'Australia v India (2nd T20I)', startsIn: 2 * day + 180 },
      ],
    },
    {
      sportId: 4,
      name: 'Big Bash League',
      matches: [
        { name: 'Sydney Sixers v Perth Scorchers', startsIn: 150 },
        { name: 'Melbourne Stars v Brisbane Heat', startsIn: day + 120 },
        { name: 'Adelaide Strikers v Hobart Hurricanes', startsIn: 2 * day + 60 },
      ],
    },
    {
      sportId: 4,
      name: 'Ranji Trophy',
      matches: [
        { name: 'Mumbai v Karnataka', startsIn: -180 },
        { name: 'Delhi v Tamil Nadu', startsIn: day + 300 },
      ],
    },
    {
      sportId: 1,
      name: 'English Premier League',
      matches: [
        { name: 'Arsenal v Chelsea', startsIn: -35 },
        { name: 'Liverpool v Manchester City', startsIn: 95 },
        { name: 'Tottenham v Newcastle', startsIn: day + 90 },
        { name: 'Manchester United v Aston Villa', startsIn: 2 * day + 210 },
      ],
    },
    {
      sportId: 1,
      name: 'Spanish La Liga',
      matches: [
        { name: 'Real Madrid v Barcelona', startsIn: 200 },
        { name: 'Atletico Madrid v Sevilla', startsIn: day + 240 },
      ],
    },
    {
      sportId: 1,
      name: 'Indian Super League',
      matches: [{ name: 'Mohun Bagan v East Bengal', startsIn: 3 * day + 60 }],
    },
    {
      sportId: 2,
      name: 'ATP Finals',
      matches: [
        { name: 'Jannik Sinner v Carlos Alcaraz', startsIn: -25 },
        { name: 'Alexander Zverev v Novak Djokovic', startsIn: 170 },
      ],
    },
    {
      sportId: 2,
      name: 'WTA Finals',
      matches: [{ name: 'Aryna Sabalenka v Iga Swiatek', startsIn: day + 30 }],
    },
    {
      sportId: 998917,
      name: 'Italian SuperLega',
      matches: [
        { name: 'Trentino v Perugia', startsIn: -15 },
        { name: 'Modena v Milano', startsIn: day + 150 },
      ],
    },
    {
      sportId: 7522,
      name: 'NBA',
      matches: [
        { name: 'Los Angeles Lakers v Boston Celtics', startsIn: -20 },
        { name: 'Golden State Warriors v Denver Nuggets', startsIn: 260 },
        { name: 'Miami Heat v New York Knicks', startsIn: day + 270 },
      ],
    },
    {
      sportId: 7522,
      name: 'EuroLeague',
      matches: [{ name: 'Real Madrid v Olympiacos', startsIn: 2 * day + 120 }],
    },
    {
      sportId: 2378961,
      name: 'US Politics',
      matches: [
        {
          name: '2028 US Presidential Election',
          startsIn: 700 * day,
          country: 'US',
          runners: ['Democratic Party', 'Republican Party', 'Any Other Party'],
          marketName: 'Winning Party',
        },
      ],
    },
    {
      sportId: 2378961,
      name: 'UK Politics',
      matches: [
        {
          name: 'Next UK General Election',
          startsIn: 900 * day,
          country: 'GB',
          runners: ['Labour', 'Conservative', 'Reform UK', 'Liberal Democrats', 'Any Other Party'],
          marketName: 'Most Seats',
        },
      ],
    },
  ];
}

const COUNTRY_OF_SERIES: Record<string, string> = {
  'India tour of Australia T20I Series': 'AU',
  'Big Bash League': 'AU',
  'Ranji Trophy': 'IN',
  'English Premier League': 'GB',
  'Spanish La Liga': 'ES',
  'Indian Super League': 'IN',
  'ATP Finals': 'IT',
  'WTA Finals': 'SA',
  'Italian SuperLega': 'IT',
  NBA: 'US',
  EuroLeague: 'ES',
};

function runnersFor(sportId: number, m: MatchSeed): string[] {
  if (m.runners) return m.runners;
  const sides = m.name.replace(/\s*\(.*\)$/, '').split(' v ');
  return sportId === 1 ? [...sides, 'The Draw'] : sides;
}

/** Rounds to the minute so seeded times look like a real fixture list. */
const atMinute = (ms: number) => new Date(Math.floor(ms / MINUTE) * MINUTE);

const SPORT_CRICKET = 4;

/** A demo cricket series' format and fancy-averages competition. */
function CRICKET_FORMAT_OF_SERIES(name: string): { format: 'T20' | 'ODI' | 'TEST'; competition: string } {
  if (name.includes('Big Bash')) return { format: 'T20', competition: 'BBL' };
  if (name.includes('Ranji')) return { format: 'TEST', competition: 'ODI' };
  return { format: 'T20', competition: 'T20' };
}

async function seedCatalog(tx: Tx, now: Date) {
  let seriesOrder = 0;
  for (const s of demoCatalog()) {
    const [sr] = await tx
      .insert(series)
      .values({ sportId: s.sportId, name: s.name, sortOrder: ++seriesOrder })
      .returning({ seriesId: series.seriesId });
    const matchRows = await tx
      .insert(matches)
      .values(
        s.matches.map((m) => {
          const start = atMinute(now.getTime() + m.startsIn * MINUTE);
          return {
            seriesId: sr!.seriesId,
            sportId: s.sportId,
            matchName: m.name,
            country: m.country ?? COUNTRY_OF_SERIES[s.name] ?? null,
            venue: m.venue ?? null,
            startTime: start,
            openDate: new Date(Math.min(start.getTime(), now.getTime()) - 2 * 24 * HOUR),
            inPlay: m.startsIn < 0,
          };
        }),
      )
      .returning({ matchId: matches.matchId, startTime: matches.startTime, inPlay: matches.inPlay });
    const marketRows = await tx
      .insert(markets)
      .values(
        matchRows.map((row, i) => {
          const m = s.matches[i]!;
          return {
            matchId: row.matchId,
            marketName: m.marketName ?? 'Match Odds',
            marketType: m.marketType ?? 'MATCH_ODDS',
            status: 'OPEN' as const,
            inPlay: row.inPlay,
            // The demo feed's in-play delays (football and cricket 5 s, others 3 s), so a market seeded in
            // play has the delay the feed gives one that goes in play later.
            betDelayS: row.inPlay ? inPlayBetDelayS(s.sportId) : 0,
            startTime: row.startTime,
          };
        }),
      )
      .returning({ marketId: markets.marketId });
    if (s.sportId === SPORT_CRICKET) {
      for (const [i, row] of matchRows.entries()) {
        const teams = s.matches[i]!.name.replace(/ \(.*\)$/, '').split(' v ') as [string, string];
        await setUpCricketMatch(tx, {
          matchId: row.matchId,
          ...CRICKET_FORMAT_OF_SERIES(s.name),
          teams,
          startTime: row.startTime,
          inPlay: row.inPlay,
          at: now,
        });
      }
    }
    await tx.insert(runners).values(
      marketRows.flatMap((mk, i) =>
        runnersFor(s.sportId, s.matches[i]!).map((name, order) => ({
          marketId: mk.marketId,
          name,
          sortOrder: order,
        })),
      ),
    );
  }
  const seriesIds = new Map(
    (await tx.select({ id: series.seriesId, name: series.name }).from(series)).map((r) => [r.name, r.id]),
  );
  await tx.insert(cups).values([
    { name: 'Big Bash League', sportId: 4, seriesId: seriesIds.get('Big Bash League') ?? null, sortOrder: 1 },
    {
      name: 'Premier League',
      sportId: 1,
      seriesId: seriesIds.get('English Premier League') ?? null,
      sortOrder: 2,
    },
    { name: 'ATP Finals', sportId: 2, seriesId: seriesIds.get('ATP Finals') ?? null, sortOrder: 3 },
  ]);
}

async function seedSettings(tx: Executor) {
  await tx
    .update(globalSettings)
    .set({
      ...DEFAULT_IMAGES,
      siteMessage:
        'Welcome to Backlay! Back and lay on cricket, football, tennis and racing. Never share your password: our staff will never ask for it.',
      paymentGateway: true,
      isShowApk: false,
      siteTitle: 'Backlay Exchange',
      bgPrimaryColor: '#0b3d2e',
      bgSecondryColor: '#145c43',
      textPrimaryColor: '#ffffff',
      textSecondryColor: '#f5c518',
      otherColor: '#72bbef',
      fbLink: 'https://www.facebook.com/backlay.example',
      instaLink: 'https://www.instagram.com/backlay.example',
      telegramLink: 'https://t.me/backlay_example',
      twiterLink: 'https://twitter.com/backlay_example',
      whatsappLink: 'https://wa.me/910000000000',
      supportChannel: 'EMAIL',
      supportContact: 'support@backlay.example',
      supportEmail: 'support@backlay.example',
    })
    .where(sql`${globalSettings.id} = 1`);
}

/** Any number; the same on every node, so concurrent first starts seed once. */
const SEED_LOCK_KEY = 74_142_261;

/** Seeds the demo data when the store has no users and no matches (but the casino tables) yet. Returns whether it did. */
export async function seedDemo(
  app: Pick<FastifyInstance, 'account' | 'clock' | 'db' | 'racing' | 'wallet'>,
): Promise<boolean> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [u] = await tx.select({ n: count() }).from(users);
    // The casino tables (sport -1) and binary instruments (sport -17) are base data, there before any demo data.
    const [m] = await tx
      .select({ n: count() })
      .from(matches)
      .where(notInArray(matches.sportId, [CASINO_SPORT_ID, BINARY_SPORT_ID]));
    if ((u?.n ?? 0) > 0 || (m?.n ?? 0) > 0) return false;

    await seedSettings(tx);
    await seedCatalog(tx, now);
    // Racing: each meeting is a series; full cards today and tomorrow, through the racing module
    // (all the races in one insert per table: one by one they were most of the demo seed's time).
    const made = await app.racing.createRaces(demoRaces(now), tx);
    if (!made.ok) throw new Error(`seed: races: ${made.message}`);
    const operatorId = await app.account.createUser(
      { ...DEMO_USERS.operator, role: 'operator', parentId: null },
      tx,
    );
    const demoId = await app.account.createUser(
      { ...DEMO_USERS.demo, parentId: operatorId, isSignupUser: true, isChangePassword: false },
      tx,
    );
    await app.account.createUser({ ...DEMO_USERS.newbie, parentId: operatorId, isChangePassword: true }, tx);
    await app.wallet.deposit(demoId, DEMO_BALANCE_PAISE, `seed:deposit:${demoId}`, 'Demo balance', tx);
    const demo2Id = await app.account.createUser(
      { ...DEMO_USERS.demo2, parentId: operatorId, isSignupUser: true, isChangePassword: false },
      tx,
    );
    await app.wallet.deposit(demo2Id, DEMO_BALANCE_PAISE, `seed:deposit:${demo2Id}`, 'Demo balance', tx);
    await seedTree(app, tx, operatorId);
    // Sign-up: #/auth/sign-up/BACKLAY opens an account under the operator's account.
    await tx
      .insert(referralCodes)
      .values({ code: DEMO_REFERRAL_CODE.toLowerCase(), userId: operatorId, createdAt: now });
    await tx.insert(paymentMethods).values(DEMO_PAYMENT_METHODS.map((m, i) => ({ ...m, sortOrder: i + 1 })));
    return true;
  });
}

/**
 * The demo tree (issue 41): master (30 %) under the operator, agent (20 %) under the master,
 * bettor1 and bettor2 under the agent. Credit moves down through the ledger as the console's
 * deposits do (the house to the master; then each parent's own cash), with each child's credit
 * reference set to what its parent gave.
 */
async function seedTree(app: Pick<FastifyInstance, 'account' | 'wallet'>, tx: Tx, operatorId: number) {
  const make = (
    u: { userName: string; password: string },
    role: 'master' | 'agent' | 'bettor',
    parentId: number,
    shareBp: number | null,
  ) => app.account.createUser({ ...u, role, parentId, shareBp, isChangePassword: false }, tx);
  const masterId = await make(DEMO_USERS.master, 'master', operatorId, 3000);
  const agentId = await make(DEMO_USERS.agent, 'agent', masterId, 2000);
  const bettorIds = [
    await make(DEMO_USERS.bettor1, 'bettor', agentId, null),
    await make(DEMO_USERS.bettor2, 'bettor', agentId, null),
  ];
  await app.wallet.deposit(
    masterId,
    DEMO_TREE_CREDIT_PAISE.master,
    `seed:deposit:${masterId}`,
    'Demo credit',
    tx,
  );
  const give = async (fromId: number, toId: number, paise: number) => {
    const from = await userAccount(tx, fromId);
    const to = await userAccount(tx, toId);
    await app.wallet.transfer(tx, {
      debitAccountId: from!.accountId,
      creditAccountId: to!.accountId,
      amountPaise: paise,
      kind: CREDIT_GIVEN,
      idempotencyKey: `seed:credit:${toId}`,
      memo: 'Demo credit',
    });
  };
  await give(masterId, agentId, DEMO_TREE_CREDIT_PAISE.agent);
  for (const b of bettorIds) await give(agentId, b, DEMO_TREE_CREDIT_PAISE.bettor);
  await tx
    .update(users)
    .set({ creditReferencePaise: DEMO_TREE_CREDIT_PAISE.master })
    .where(eq(users.userId, masterId));
  await tx
    .update(users)
    .set({ creditReferencePaise: DEMO_TREE_CREDIT_PAISE.agent })
    .where(eq(users.userId, agentId));
  await tx
    .update(users)
    .set({ creditReferencePaise: DEMO_TREE_CREDIT_PAISE.bettor })
    .where(inArray(users.userId, bettorIds));
}
