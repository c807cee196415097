import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { matches, sports } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { ledgerAccounts } from './schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import * as holds from './holds.ts';
import * as q from './queries.ts';
import * as reservations from './reservations.ts';
import { checkFence, type Fence } from '../../plugins/leader.ts';
import {
  gateRefusals,
  readTreeLimits,
  SESSION_ENDED_MESSAGE,
  sessionOf,
  sportCommittedSql,
  sportLimitedSql,
  stakeLimitRefusal,
  stakerLiveSql,
  treeLimitsSql,
  type Staker,
  type TreeLimit,
} from './stake-gate.ts';

/** House account that funds deposits and receives withdrawals. */
export const HOUSE_CASH = 'HOUSE_CASH';
/**
 * House account holding the money of withdrawals asked for and not yet paid or rejected: a
 * withdrawal's amount leaves the user's cash for it at once (so it is gone from the available
 * balance every bet checks), then goes on to HOUSE_CASH when paid or back to the user when not.
 */
export const HOUSE_WITHDRAWALS = 'HOUSE_WITHDRAWALS';

/**
 * A cap on a user's betting budget (responsible gaming's loss limit), as an SQL expression of the
 * user id giving paise as text, or null when there is none.
 */
/** A game provider's house account (issue 23): its bets come in, its wins and refunds go out. */
export const providerHouseCode = (providerId: string) => `PROVIDER:${providerId}`;
/** The ledger kinds of a provider game's movements: a bet, a win, a bet rolled back. */
export const PROVIDER_TRANSFER_KINDS = ['provider_bet', 'provider_win', 'provider_refund'] as const;
export type ProviderTransferKind = (typeof PROVIDER_TRANSFER_KINDS)[number];
/** The ledger kinds of a fantasy contest's movements with a bettor: an entry fee, a prize, a fee refunded. */
export const FANTASY_TRANSFER_KINDS = ['fantasy_entry', 'fantasy_prize', 'fantasy_refund'] as const;
/**
 * The game movements with no market of ours (a provider's games, fantasy contests, and a master's
 * or an agent's share of either: shares/settle.ts writeGameShares): the statement's Game filter
 * takes them, its Deposit/Withdraw filter leaves them out. (A market's shares carry its id.)
 */
export const MARKETLESS_GAME_KINDS: readonly string[] = [
  ...PROVIDER_TRANSFER_KINDS,
  ...FANTASY_TRANSFER_KINDS,
  'share_win',
  'share_loss',
];

/**
 * The one definition of a game movement: a transfer that is a stake or a result of any product. A
 * market's money (exchange, bookmaker, fancy, racing, the in-house casino, binary) carries its
 * market id; a game with no market of ours carries its own kind (MARKETLESS_GAME_KINDS: a
 * provider's bets, wins and refunds, fantasy entry fees, prizes and refunds). Cash in and out
 * (deposits, withdrawals, payment reconciliations) is neither. The loss limit's sum, the limits
 * screen's "used" and the reality check's session net all count these, through this predicate
 * over a `transfers` row aliased `alias`; a new marketless product adds its kinds to that list.
 */
export function gameMovementSql(alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`bad SQL alias ${alias}`);
  const kinds = MARKETLESS_GAME_KINDS.map((k) => {
    if (!/^[a-z_]+$/.test(k)) throw new Error(`bad transfer kind ${k}`);
    return `'${k}'`;
  }).join(', ');
  return sql.raw(`(${alias}.market_id is not null or ${alias}.kind in (${kinds}))`);
}

export type BudgetCap = (userId: SQLWrapper, now: Date) => SQL<string | null>;

/**
 * The transfer kinds that make a bettor's money a stake at once (a provider's bet, a contest's
 * entry fee): the ledger writes them only through `takeStake`, with the pass the stake gate gave
 * (`lockStake`); `transfer` and `providerTransfer` refuse them. The kinds that hold a bet instead
 * (exchange, bookmaker, fancy, casino, binary) take their stake as a hold through the gate
 * (`reserve`, `passStakeGate`), and their settlement moves only the result.
 */
export const STAKE_TRANSFER_KINDS = ['provider_bet', 'fantasy_entry'] as const;
export type StakeTransferKind = (typeof STAKE_TRANSFER_KINDS)[number];

declare const gatePassBrand: unique symbol;
/** What the stake gate let through: one stake of at most `maxPaise` by `userId`, once. */
export type GatePass = { readonly userId: number; readonly maxPaise: number; readonly [gatePassBrand]: true };
/** The passes the gate issued and not yet used (a pass made anywhere else is refused). */
const issuedPasses = new WeakSet<GatePass>();
function issuePass(userId: number, maxPaise: number): GatePass {
  const pass = Object.freeze({ userId, maxPaise }) as GatePass;
  issuedPasses.add(pass);
  return pass;
}
function refuseStakeKind(kind: string) {
  if ((STAKE_TRANSFER_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`a ${kind} transfer is a stake: it goes through the stake gate (wallet.takeStake)`);
  }
}

/**
 * A stake's check by the wallet (lockStake): taken, or refused for the available balance
 * (balance − holds − reservations) or for the loss limit's budget; `availablePaise` is what may be
 * staked now (the lesser of the two, never below 0).
 */
export type StakeCheck =
  | { ok: true; availablePaise: number; pass: GatePass }
  | { ok: false; reason: 'BALANCE' | 'LOSS_LIMIT'; availablePaise: number }
  /** Over an upline's maximum stake on the sport (issue 41): `message` names the limit. */
  | { ok: false; reason: 'STAKE_LIMIT'; message: string; availablePaise: number }
  /**
   * The stake gate refused the staker: its session ended (on any node), the account is a master's
   * or an agent's, or an upline locked its betting; `message` says which, in words.
   */
  | { ok: false; reason: 'GATE'; message: string; sessionEnded: boolean; availablePaise: number };

export type ExposureEntry = {
  sport_name: string;
  match_name: string;
  sport_id?: number;
  match_id?: number;
  market_id?: number;
  market_details: { sub_type: string; bet_count: number }[];
};

/** SELECT … FOR UPDATE of the user's cash account row; its balance, or null without an account. */
async function lockBalance(tx: Executor, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ balancePaise: ledgerAccounts.balancePaise })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_cash')))
    .for('update');
  return row?.balancePaise ?? null;
}

/**
 * Locks several users' cash account rows (SELECT … FOR UPDATE) in user-id order, in a statement
 * of its own: a statement's snapshot is taken before it waits for a lock, so sums over other
 * tables (holds, reservations) must be read by a later statement, which sees every transaction
 * that held the lock before.
 *
 * The same statement turns bitmap scans off for the rest of the transaction (set_config, local),
 * for the Σ reservations read next. Reservations live for milliseconds: every bet inserts one and
 * its batch deletes it, so between two autovacuums (a minute apart at best) a user's entries in
 * `exposure_reservations_user_idx` are thousands of deleted rows and a handful of live ones. A
 * plain index scan marks each deleted row's entry dead as it passes, and the next scan skips it;
 * a bitmap scan never does, and visits every deleted row's page again, each time. Measured: the
 * reserving statement went from 5–18 ms (growing with the bets since the last vacuum) to 2–3 ms.
 *
 * It turns PostgreSQL's JIT off too, for the same transaction: the stake gate's statements
 * (reserving, the tree's limits) carry laterals whose estimated cost crosses jit_above_cost once
 * the tables grow, and compiling them took ~100 ms of a 3 ms statement (measured: placeBet
 * in-process fell from 4.3k to 0.5k bets/s in the bench's later rounds). A bet's statements are
 * short: compiling never pays.
 */
async function lockRows(tx: Executor, userIds: readonly number[]) {
  await tx
    .select({
      userId: ledgerAccounts.userId,
      planned: sql`set_config('enable_bitmapscan', 'off', true)`,
      compiled: sql`set_config('jit', 'off', true)`,
    })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.userId, [...userIds]), eq(ledgerAccounts.kind, 'user_cash')))
    .orderBy(asc(ledgerAccounts.userId))
    .for('update');
}

/**
 * lockRows for the reserving transaction: SKIP LOCKED, so that it never waits on a row another
 * transaction holds (one bettor's slow transaction must not queue every bet of the node behind
 * it). As one SQL value (a JSON array of the users whose rows it locked, in user id order), so
 * that a caller may read it in a statement it already sends (the exchange's round reads:
 * exchange/queries.ts `batchReadsMany`); `lockedUsers` reads the answer. The transaction's
 * planner settings for the stake gate's statement that follows are set here too. The balances
 * must be read by a later statement (`grantRows`): this one's snapshot is from before its locks.
 */
export function lockFreeRowsSql(userIds: readonly number[]): SQL {
  const ids = `{${userIds.map((u) => String(Math.trunc(u))).join(',')}}`;
  return sql`(select coalesce(json_agg(w.user_id order by w.user_id), '[]'::json) from (
      select ${ledgerAccounts.userId} as user_id,
        set_config('enable_bitmapscan', 'off', true) as planned, set_config('jit', 'off', true) as compiled
      from ${ledgerAccounts}
      where ${ledgerAccounts.userId} = any(${ids}::integer[]) and ${ledgerAccounts.kind} = 'user_cash'
      order by ${ledgerAccounts.userId} for update skip locked) w
    where w.planned is not null and w.compiled is not null)`;
}

/** The users `lockFreeRowsSql`'s value names. */
export function lockedUsers(value: unknown): Set<number> {
  const ids = (typeof value === 'string' ? JSON.parse(value) : value) as unknown;
  if (!Array.isArray(ids)) throw new Error('wallet: the wallet rows’ lock answered no list');
  return new Set(ids.map(Number));
}

/** The users whose wallet rows this transaction now holds, of `userIds` (see lockFreeRowsSql). */
async function lockFreeRows(tx: Executor, userIds: readonly number[]): Promise<Set<number>> {
  const res = await tx.execute(sql`select ${lockFreeRowsSql(userIds)} as locked`);
  return lockedUsers((res as unknown as { rows: { locked: unknown }[] }).rows[0]!.locked);
}

/** PostgreSQL's answer to a lock not granted within lock_timeout. */
function isLockTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '55P03') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The wallet rows of `userIds` (user id order), which another transaction held when this one
 * tried them SKIP LOCKED: waits up to `wait_ms` for the first, then tries the others SKIP LOCKED
 * again (the transaction that held the first often held them too, and has now ended); answers the
 * users whose rows it then holds. The wait is in a savepoint, with lock_timeout set for its one
 * statement (set_config in its select list runs before the row's lock, and `set local … to
 * default` puts back the pool's value after). A timeout rolls back to the savepoint and answers
 * none: their bets go back to their queue, as without the wait. Two rounds each waiting for the
 * other's row part at the first timeout, long before PostgreSQL's deadlock check (1 s).
 * What the round read before the wait may be a moment old: a bet the other transaction committed
 * under the same (user, request_id) makes the round's insert fail on the unique index, and its
 * commands run again one by one, where the repeat is answered with the first bet (exchange/rounds.ts).
 */
async function waitForRows(tx: Executor, userIds: readonly number[], wait_ms: number): Promise<Set<number>> {
  const [first, ...rest] = userIds;
  if (first === undefined) return new Set();
  await tx.execute(sql`savepoint wallet_wait`);
  try {
    await tx.execute(sql`select ${ledgerAccounts.userId} as user_id,
        set_config('lock_timeout', ${`${Math.trunc(wait_ms)}ms`}, true) as waits
      from ${ledgerAccounts}
      where ${ledgerAccounts.userId} = ${Math.trunc(first)} and ${ledgerAccounts.kind} = 'user_cash'
      for update`);
    await tx.execute(sql`release savepoint wallet_wait`);
    await tx.execute(sql`set local lock_timeout to default`);
  } catch (err) {
    if (!isLockTimeout(err)) throw err;
    // Also undoes the statement's set_config: the savepoint began before it.
    await tx.execute(sql`rollback to savepoint wallet_wait`);
    await tx.execute(sql`release savepoint wallet_wait`);
    return new Set();
  }
  const got = rest.length === 0 ? new Set<number>() : await lockFreeRows(tx, rest);
  return got.add(first);
}

/** Budgets of users whose cash rows this transaction has locked: the stake gate's (passStakeGate), lockAvailablePaise's. */
async function readBudgets(
  tx: Executor,
  userIds: readonly number[],
  alongside: (userId: SQLWrapper) => SQL<string>,
  budgetExpr: (user: SQLWrapper, balance: SQLWrapper) => SQL<string>,
): Promise<Map<number, { balancePaise: number; alongside: string }>> {
  // Qualified by hand: drizzle writes a one-table select's columns bare ("user_id"), which
  // inside the caller's subquery would name the subquery's own column.
  const user = sql`${ledgerAccounts}.${sql.identifier(ledgerAccounts.userId.name)}`;
  const rows = await tx
    .select({
      userId: ledgerAccounts.userId,
      balancePaise: sql<string>`((${budgetExpr(user, ledgerAccounts.balancePaise)})::bigint - (${reservations.totalExpr(user)})::bigint)::text`,
      alongside: alongside(user),
    })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.userId, [...userIds]), eq(ledgerAccounts.kind, 'user_cash')))
    .orderBy(asc(ledgerAccounts.userId));
  return new Map(
    rows.map((r) => [r.userId!, { balancePaise: Number(r.balancePaise), alongside: r.alongside }]),
  );
}

/** Which of these users have a cash account (read without a lock). */
async function accountsOf(tx: Executor, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.userId, [...userIds]), eq(ledgerAccounts.kind, 'user_cash')));
  return new Set(rows.map((r) => r.userId!));
}

/**
 * Σ holds + Σ reservations of a user as an SQL expression (paise as text): what their balance must
 * cover. Available balance = balance − this, in every check (read it after the wallet row's lock).
 */
export function committedExpr(userId: SQLWrapper | number) {
  return sql<string>`((${holds.totalExpr(userId)})::bigint + (${reservations.totalExpr(userId)})::bigint)::text`;
}

/** Σ holds + Σ reservations of a user (paise). */
async function committedPaise(tx: Executor, userId: number): Promise<number> {
  const res = await tx.execute(sql`select ${committedExpr(userId)} as c`);
  return Number((res as unknown as { rows: { c: string }[] }).rows[0]?.c ?? 0);
}

/**
 * lockFreeRows for a batch that must not queue behind one bettor: SKIP LOCKED, a busy row tried
 * again HOUSE_LOCK_TRIES times in all (jittered), then given up; the budgets of the users whose
 * rows it locked, read after the locks, and the users it gave up on (`busy`).
 */
async function lockFree(
  tx: Executor,
  userIds: readonly number[],
  alongside: (userId: SQLWrapper) => SQL<string>,
  budgetExpr: (user: SQLWrapper, balance: SQLWrapper) => SQL<string>,
): Promise<{ wallets: Map<number, { balancePaise: number; alongside: string }>; busy: Set<number> }> {
  const locked = new Set<number>();
  let left = [...userIds];
  for (let attempt = 1; left.length > 0 && attempt <= HOUSE_LOCK_TRIES; attempt++) {
    if (attempt > 1) {
      const delay_ms = HOUSE_LOCK_RETRY_BASE_MS * 2 ** (attempt - 2) * (0.5 + Math.random());
      await new Promise((r) => setTimeout(r, delay_ms));
    }
    for (const u of await lockFreeRows(tx, left)) locked.add(u);
    // A user with no cash account is never locked: not busy, unknown (the caller says so).
    const exists = await accountsOf(
      tx,
      left.filter((u) => !locked.has(u)),
    );
    left = left.filter((u) => !locked.has(u) && exists.has(u));
  }
  const wallets = locked.size === 0 ? new Map() : await readBudgets(tx, [...locked], alongside, budgetExpr);
  return { wallets, busy: new Set(left) };
}

/** The stakes' sessions that are live now ("user:session"), read after the wallet locks (stake-gate.ts). */
async function liveSessions(
  tx: Executor,
  stakes: readonly { userId: number; staker: Staker }[],
): Promise<Set<string>> {
  const pairs = stakes.flatMap((s) => {
    const sessionId = sessionOf(s.staker);
    return sessionId === null ? [] : [{ user_id: s.userId, session_id: sessionId }];
  });
  if (pairs.length === 0) return new Set();
  const res = await tx.execute(sql`select p.user_id, p.session_id from
      json_to_recordset(${JSON.stringify(pairs)}::json) as p(user_id integer, session_id integer)
      where ${stakerLiveSql(sql`p.user_id`, sql`p.session_id`)}`);
  const rows = (res as unknown as { rows: { user_id: number; session_id: number }[] }).rows;
  return new Set(rows.map((r) => `${r.user_id}:${r.session_id}`));
}

/**
 * A bet's worst case to grant in its market's round, by `staker` (the stake gate: a session no
 * longer live is granted nothing and is refused in words).
 */
export type GrantRequest = {
  userId: number;
  marketId: number;
  wantPaise: number;
  staker: Staker;
  /** The bet's stake as entered, for an upline's maximum stake (0: a cash out, which stakes nothing new). */
  stakePaise: number;
};

/** One stake through passStakeGate: whose, through which session, and its stake as entered. */
export type GateStake = { readonly userId: number; readonly staker: Staker; readonly stakePaise: number };
/**
 * What a bet's round may add to its user's worst case: `paise` (0 ≤ paise ≤ wantPaise: as much as
 * the available balance allowed); or no wallet for the user; or the stake gate's refusal.
 */
export type Grant =
  | { hasWallet: false; refusal?: string }
  | {
      hasWallet: true;
      refusal?: undefined;
      paise: number;
      /**
       * Set when an upline's exposure limit on the sport cut the grant: the batch words a refusal
       * with it (stake-gate.ts exposureLimitMessage). Its committed figure counts this market's hold.
       */
      limit?: TreeLimit;
    };

/** One request's row of the granting statement. */
type GrantedRow = {
  i: number;
  paise: string;
  live: boolean;
  stake_ok: boolean;
  capped: boolean;
  sport_name: string;
  max_stake_paise: string | null;
  max_exposure_paise: string | null;
  committed: string;
};

/**
 * A bet whose wallet row another transaction holds when its round runs goes back to its market's
 * queue: it is tried this many times in all, the n-th retry after GRANT_RETRY_BASE_MS × 2^(n−1),
 * jittered ±50% (so that retries of many bets do not arrive together): about 0.8 s in all, then
 * refused with WALLET_BUSY_MESSAGE.
 */
export const GRANT_TRIES = 6;
export const GRANT_RETRY_BASE_MS = 25;
/**
 * A house-kind batch (bookmaker, fancy) holds its market's lock: it tries a busy wallet row this
 * many times in all, HOUSE_LOCK_RETRY_BASE_MS × 2^(n−1) apart, jittered ±50% (about 0.1 s at
 * most), then refuses that bettor's bets with WALLET_BUSY_MESSAGE and goes on with the others.
 */
export const HOUSE_LOCK_TRIES = 3;
export const HOUSE_LOCK_RETRY_BASE_MS = 15;
/**
 * An exchange round that finds bettors' wallet rows held by another transaction (another node's
 * round, most often, committing a moment later) waits this long for the first of them, then
 * tries the others without waiting (`waitForRows`), before sending the bets still without theirs
 * back: so a round is held up this long at most.
 */
export const WALLET_WAIT_MS = 10;
export const WALLET_BUSY_MESSAGE =
  'Your wallet is busy with another transaction (a withdrawal, a settlement or another bet); please try again';

/**
 * The ledger: one cash account per user plus house accounts, immutable double-entry transfers.
 * A user's balance is the sum of their transfers (cached on the account in the same transaction).
 * Available balance = balance − Σ exposure holds − Σ exposure reservations: every check of a
 * bet, a withdrawal or a withdrawal hold reads it here (`passStakeGate`, `grant`,
 * `withdraw`, `holdWithdrawal`).
 * Long because it is a factory: its inner functions, each short, share the ledger's accounts, the
 * balance cache and the lock order (one user's cash row before anything else); holds and
 * reservations are units of their own.
 */
export function createWalletService(
  db: Db,
  clock: { now(): Date } = { now: () => new Date() },
  opts: { rowWaitMs?: number } = {},
) {
  const rowWait_ms = opts.rowWaitMs ?? WALLET_WAIT_MS;
  if (!Number.isSafeInteger(rowWait_ms) || rowWait_ms < 1 || rowWait_ms > 1_000)
    throw new RangeError(`rowWaitMs must be whole ms in 1..1000, got ${rowWait_ms}`);
  /** Rounds that waited for a held wallet row (`waitForRows`), and those whose wait timed out. */
  const rowWaits = { waited: 0, timed_out: 0 };
  let budgetCap: BudgetCap | null = null;
  /** House accounts that hold bettors' money for a while (declareHeldAccount): not the house's. */
  const heldAccounts = new Set<string>();

  /** A user's betting budget as SQL: the balance, lowered by a loss limit when one binds. */
  const budgetExpr = (user: SQLWrapper, balance: SQLWrapper) =>
    budgetCap
      ? sql<string>`least(${balance}, coalesce((${budgetCap(user, clock.now())})::bigint, ${balance}))`
      : sql<string>`${balance}`;

  /**
   * What each request's worst case may take off its user's available balance now, in the caller's
   * transaction `tx` (a market's round): the users' wallet rows locked in user-id order (SKIP
   * LOCKED; rows another transaction holds are waited for WALLET_WAIT_MS at most, then 'busy':
   * the round never queues behind a slow wallet), then
   * one statement that reads the stake gate and each user's available budget (budget − Σ holds −
   * Σ reservations) after the locks, granted in the requests' order (a user's k-th request gets
   * min(want, what the earlier ones left)). Nothing is written: the round turns the grants into
   * holds in the same transaction, under the same locks. `av` is materialized so that each user's
   * available budget is summed once, not twice per request.
   * Long because it is the gate's one statement sequence (lock, read the gate and the budget).
   */
  async function grantRows(
    tx: Executor,
    reqs: readonly GrantRequest[],
    lockedBefore?: ReadonlySet<number>,
  ): Promise<(Grant | 'busy')[]> {
    const sessionIds = reqs.map((r) => sessionOf(r.staker));
    for (const id of sessionIds) {
      if (id !== null && !Number.isSafeInteger(id)) throw new Error(`bad session id ${String(id)}`);
    }
    for (const r of reqs) {
      if (!Number.isSafeInteger(r.wantPaise) || r.wantPaise < 0)
        throw new Error(`reservation must be whole paise ≥ 0, got ${r.wantPaise}`);
    }
    const users = [...new Set(reqs.map((r) => r.userId))].sort((a, b) => a - b);
    const busy = new Set<number>();
    // Locked by an earlier statement of this transaction (`lockFreeRowsSql` in the caller's), else now.
    const locked = lockedBefore ?? (await lockFreeRows(tx, users));
    // Not locked: no wallet at all (answered below), or locked by another transaction (busy).
    // (`locked` may name more users than asked here: counting it would hide one missing.)
    const missing = users.filter((u) => !locked.has(u));
    if (missing.length > 0) {
      const exist = await tx
        .select({ userId: ledgerAccounts.userId })
        .from(ledgerAccounts)
        .where(and(inArray(ledgerAccounts.userId, missing), eq(ledgerAccounts.kind, 'user_cash')));
      for (const r of exist) busy.add(r.userId!);
    }
    if (busy.size > 0) {
      // A short wait first, most often for another node's round to commit, rather than a trip
      // back to the queue for the bet.
      rowWaits.waited += 1;
      const got = await waitForRows(
        tx,
        [...busy].sort((a, b) => a - b),
        rowWait_ms,
      );
      if (got.size === 0) rowWaits.timed_out += 1;
      for (const u of got) busy.delete(u);
    }
    const json = JSON.stringify(
      reqs.flatMap((r, i) =>
        busy.has(r.userId)
          ? []
          : [
              {
                i,
                user_id: r.userId,
                market_id: r.marketId,
                want: r.wantPaise,
                stake: r.stakePaise,
                session_id: sessionIds[i],
              },
            ],
      ),
    );
    const a = sql`a.${sql.identifier(ledgerAccounts.userId.name)}`;
    const res = await tx.execute(sql`with
      req as (select * from json_to_recordset(${json}::json)
        as r(i integer, user_id integer, market_id integer, want bigint, stake bigint, session_id integer)),
      -- The stake gate (stake-gate.ts), read after the wallet rows' lock: a request whose session
      -- ended (on any node) is granted nothing; nor one over an upline's maximum stake on the sport.
      -- Each market's sport, once, and whether any account has a limit on it (else no walk).
      ms as materialized (select m.market_id, mt.sport_id, sp.name as sport_name,
          ${sportLimitedSql(sql`mt.sport_id`)} as limited
        from ${markets} m join ${matches} mt on mt.match_id = m.match_id
        join ${sports} sp on sp.sport_id = mt.sport_id
        where m.market_id in (select distinct q.market_id from req q)),
      lim as materialized (select r.*, ms.sport_id, ms.sport_name, l.max_stake_paise, l.max_exposure_paise,
          -- Summed only under an exposure limit: most bettors have none.
          case when l.max_exposure_paise is null then 0
            else (${sportCommittedSql(sql`r.user_id`, sql`ms.sport_id`, null)})::bigint end as committed,
          ${stakerLiveSql(sql`r.user_id`, sql`r.session_id`)} or r.session_id is null as live
        from req r left join ms on ms.market_id = r.market_id
        left join lateral ${treeLimitsSql(sql`r.user_id`, sql`ms.sport_id`, sql`ms.limited`)} l on true),
      live as materialized (select lim.*, lim.max_stake_paise is null or lim.stake <= lim.max_stake_paise as stake_ok,
          lim.live and (lim.max_stake_paise is null or lim.stake <= lim.max_stake_paise) as takes
        from lim),
      av as materialized (select a.user_id, greatest((${budgetExpr(a, sql`a.balance_paise`)})::bigint
          - (${holds.totalExpr(a)})::bigint - (${reservations.totalExpr(a)})::bigint, 0) as avail
        from ${ledgerAccounts} a
        where a.kind = 'user_cash' and a.user_id = any(${`{${users.join(',')}}`}::integer[])),
      u as materialized (select r.*,
          case when r.takes then least(sum(r.want) filter (where r.takes) over w, av.avail)
            - least(sum(r.want) filter (where r.takes) over w - r.want, av.avail) else 0 end as user_paise
        from live r join av on av.user_id = r.user_id
        window w as (partition by r.user_id order by r.i)),
      -- What the user's balance grants, cut to what an upline's exposure limit leaves on the sport
      -- (its holds and reservations on the sport's markets, this one's included).
      g as materialized (select r.*, case when r.max_exposure_paise is null then r.user_paise
            else least(sum(r.user_paise) over w, greatest(r.max_exposure_paise - r.committed, 0))
              - least(sum(r.user_paise) over w - r.user_paise, greatest(r.max_exposure_paise - r.committed, 0))
          end as paise
        from u r window w as (partition by r.user_id, r.sport_id order by r.i))
      select n.i, n.paise::text as paise, n.live, n.stake_ok, n.paise < n.user_paise as capped,
        n.sport_name, n.max_stake_paise::text as max_stake_paise,
        n.max_exposure_paise::text as max_exposure_paise, n.committed::text as committed from g n`);
    const rows = (res as unknown as { rows: GrantedRow[] }).rows;
    const out: (Grant | 'busy')[] = reqs.map((r) => (busy.has(r.userId) ? 'busy' : { hasWallet: false }));
    const refused = rows.filter((r) => !r.live).map((r) => reqs[Number(r.i)]!.userId);
    const why = await gateRefusals(tx, refused);
    for (const r of rows) {
      const req = reqs[Number(r.i)]!;
      const limit: TreeLimit = {
        sportName: r.sport_name,
        maxStakePaise: r.max_stake_paise === null ? null : Number(r.max_stake_paise),
        maxExposurePaise: r.max_exposure_paise === null ? null : Number(r.max_exposure_paise),
        sportCommittedPaise: Number(r.committed),
      };
      out[Number(r.i)] = !r.live
        ? { hasWallet: false, refusal: why.get(req.userId) ?? SESSION_ENDED_MESSAGE }
        : !r.stake_ok
          ? { hasWallet: false, refusal: stakeLimitRefusal(limit, req.stakePaise) ?? SESSION_ENDED_MESSAGE }
          : {
              hasWallet: true,
              paise: Number(r.paise),
              ...(r.capped ? { limit } : {}),
            };
    }
    return out;
  }

  /** wallet.withdraw's transaction (a key taken meanwhile throws IdempotencyKeyReused). */
  function withdrawNow(userId: number, amountPaise: number, idempotencyKey: string, memo?: string) {
    return db.transaction(async (t) => {
      const balance = await lockBalance(t, userId);
      if (balance === null) return { ok: false as const, message: 'Unknown user' };
      const account = await q.userAccount(t, userId);
      const repeated = await q.transferByKey(t, idempotencyKey);
      if (repeated) {
        if (repeated.debitAccountId !== account!.accountId || repeated.amountPaise !== amountPaise) {
          return { ok: false as const, message: 'request_id was already used for a different withdrawal' };
        }
        return { ok: true as const, transferId: repeated.transferId, repeated: true };
      }
      const available = balance - (await committedPaise(t, userId));
      if (amountPaise > available) {
        return {
          ok: false as const,
          message: `Withdrawal of ₹${(amountPaise / 100).toFixed(2)} is more than the available ₹${(Math.max(available, 0) / 100).toFixed(2)}`,
        };
      }
      const house = await q.ensureHouseAccount(t, HOUSE_CASH);
      const r = await q.insertTransfer(t, {
        debitAccountId: account!.accountId,
        creditAccountId: house,
        amountPaise,
        kind: 'withdrawal',
        idempotencyKey,
        ...(memo === undefined ? {} : { memo }),
      });
      return { ok: true as const, transferId: r.transferId, repeated: r.repeated };
    });
  }

  return {
    /**
     * What each request's worst case may take off its user's available balance, decided in the
     * caller's transaction `tx` (an exchange market's round), per request in order: a Grant
     * (`paise`: as much of `wantPaise` as the balance allows; nothing is written, the round's holds
     * in the same transaction take it), a refusal by the stake gate, or 'busy' (the user's wallet row
     * was held by another transaction: the round tries that bet again later, GRANT_TRIES in all).
     * The wallet rows stay locked until `tx` ends. `locked`: the users whose rows an earlier
     * statement of `tx` locked with `lockFreeRowsSql` (a superset of the requests' users tried);
     * without it the rows are locked here, one statement more.
     */
    grant(
      tx: Executor,
      reqs: readonly GrantRequest[],
      locked?: ReadonlySet<number>,
    ): Promise<(Grant | 'busy')[]> {
      return grantRows(tx, reqs, locked);
    },
    /** Rounds that waited for a wallet row another transaction held, and those whose wait timed out (/metrics). */
    rowWaits: rowWaits as Readonly<typeof rowWaits>,
    /** The reservations' table functions: take (in a batch), release, sweep, all. */
    reservations,
    /** Σ holds + Σ reservations of a user as SQL: available balance = balance − this. */
    committedExpr,
    /**
     * Releases the reservations older than `olderThanMs` (RESERVATION_TIMEOUT_MS) by the database's
     * clock, never this node's (left by a node that died between reserving and its batch). Safe on
     * any node, any number of times; with `fence`, only while that leader term is current.
     */
    sweepReservations(opts: { olderThanMs?: number; fence?: Fence | null } = {}) {
      return db.transaction(async (tx) => {
        if (opts.fence !== undefined) await checkFence(tx, opts.fence);
        return reservations.sweep(tx, opts.olderThanMs ?? reservations.RESERVATION_TIMEOUT_MS);
      });
    },
    /** Installs the cap on betting budgets (one: the responsible-gaming module's loss limit). */
    setBudgetCap(cap: BudgetCap) {
      budgetCap = cap;
    },
    openUserAccount: (tx: Executor, userId: number) => q.insertUserAccount(tx, userId),
    houseAccount: (tx: Executor, code: string) => q.ensureHouseAccount(tx, code),
    /**
     * A product declares a house account that holds bettors' money until an event ends (a fantasy
     * contest's pool): money moving into it or out of it is not the house's result.
     */
    declareHeldAccount(code: string) {
      heldAccounts.add(code);
    },
    /** The house accounts declared held, for the house's result (the console's dashboard). */
    heldAccounts: (): readonly string[] => [...heldAccounts],

    /** Must run inside a transaction (it writes the transfer and two balances). */
    transfer: (tx: Executor, t: q.TransferInput) => {
      refuseStakeKind(t.kind);
      return q.insertTransfer(tx, t);
    },

    /**
     * A stake's transfer from the bettor to `houseCode`'s account, with the pass the stake gate gave
     * for it in this transaction (lockStake): the pass's user, at most its amount, used once.
     */
    async takeStake(
      tx: Executor,
      pass: GatePass,
      t: { kind: StakeTransferKind; houseCode: string; amountPaise: number; key: string; memo: string },
    ) {
      if (!issuedPasses.delete(pass)) throw new Error('a stake needs a pass of the stake gate, used once');
      if (!Number.isSafeInteger(t.amountPaise) || t.amountPaise <= 0 || t.amountPaise > pass.maxPaise) {
        throw new Error(`stake of ${t.amountPaise} paise outside the gate's pass of ${pass.maxPaise}`);
      }
      const account = await q.userAccount(tx, pass.userId);
      if (!account) throw new Error(`user ${pass.userId} has no cash account`);
      const house = await q.ensureHouseAccount(tx, t.houseCode);
      return q.insertTransfer(tx, {
        debitAccountId: account.accountId,
        creditAccountId: house,
        amountPaise: t.amountPaise,
        kind: t.kind,
        idempotencyKey: t.key,
        memo: t.memo,
      });
    },

    /** Credits the user from the house; idempotent on the key. */
    async deposit(userId: number, amountPaise: number, idempotencyKey: string, memo?: string, tx?: Executor) {
      const run = async (t: Executor) => {
        // Lock order everywhere: user wallets (by user id) before house accounts.
        await lockBalance(t, userId);
        const account = await q.userAccount(t, userId);
        if (!account) throw new Error(`user ${userId} has no cash account`);
        const house = await q.ensureHouseAccount(t, HOUSE_CASH);
        return q.insertTransfer(t, {
          debitAccountId: house,
          creditAccountId: account.accountId,
          amountPaise,
          kind: 'deposit',
          idempotencyKey,
          ...(memo === undefined ? {} : { memo }),
        });
      };
      return tx ? run(tx) : db.transaction(run);
    },

    /**
     * Pays out from the user to the house, at most the available balance (balance − holds − reservations),
     * checked under the wallet row's lock (bets take the same lock). Idempotent on the key.
     * Returns the transfer, or a refusal message.
     */
    async withdraw(userId: number, amountPaise: number, idempotencyKey: string, memo?: string) {
      try {
        return await withdrawNow(userId, amountPaise, idempotencyKey, memo);
      } catch (err) {
        // The key was taken meanwhile by another user's transfer (one request_id, two users at once).
        if (err instanceof q.IdempotencyKeyReused)
          return { ok: false as const, message: 'request_id was already used for a different withdrawal' };
        throw err;
      }
    },

    /**
     * Settles a payment's difference with the gateway against the house's cash: `deltaPaise` > 0
     * credits the user, < 0 takes it back, at most the available balance (checked under the wallet
     * row's lock). Inside the caller's transaction; idempotent on the key.
     */
    async settleWithHouse(
      tx: Executor,
      userId: number,
      deltaPaise: number,
      idempotencyKey: string,
      memo: string,
    ): Promise<{ ok: true } | { ok: false; message: string }> {
      const balance = await lockBalance(tx, userId);
      const account = await q.userAccount(tx, userId);
      if (balance === null || !account) return { ok: false, message: `User ${userId} has no cash account` };
      if (deltaPaise < 0 && !(await q.transferByKey(tx, idempotencyKey))) {
        const available = balance - (await committedPaise(tx, userId));
        if (-deltaPaise > available) {
          return {
            ok: false,
            message: `Taking back ₹${(-deltaPaise / 100).toFixed(2)} needs more than the bettor's available ₹${(Math.max(available, 0) / 100).toFixed(2)}`,
          };
        }
      }
      const house = await q.ensureHouseAccount(tx, HOUSE_CASH);
      await q.insertTransfer(tx, {
        debitAccountId: deltaPaise > 0 ? house : account.accountId,
        creditAccountId: deltaPaise > 0 ? account.accountId : house,
        amountPaise: Math.abs(deltaPaise),
        kind: 'payment_reconciled',
        idempotencyKey,
        memo,
      });
      return { ok: true };
    },

    /**
     * Holds a withdrawal: moves the amount from the user's cash to HOUSE_WITHDRAWALS, at most the
     * available balance (balance − holds − reservations) checked under the wallet row's lock, as bets take
     * it. Must run inside the caller's transaction (which records the request). Idempotent on the key.
     */
    async holdWithdrawal(
      tx: Executor,
      userId: number,
      amountPaise: number,
      idempotencyKey: string,
      memo: string,
    ): Promise<{ ok: true; transferId: number } | { ok: false; message: string; availablePaise: number }> {
      const balance = await lockBalance(tx, userId);
      if (balance === null) return { ok: false, message: 'Unknown user', availablePaise: 0 };
      const repeated = await q.transferByKey(tx, idempotencyKey);
      if (repeated) return { ok: true, transferId: repeated.transferId };
      const available = balance - (await committedPaise(tx, userId));
      if (amountPaise > available) {
        return {
          ok: false,
          message: `Withdrawal of ₹${(amountPaise / 100).toFixed(2)} is more than your available balance of ₹${(Math.max(available, 0) / 100).toFixed(2)}`,
          availablePaise: Math.max(available, 0),
        };
      }
      const account = await q.userAccount(tx, userId);
      const pending = await q.ensureHouseAccount(tx, HOUSE_WITHDRAWALS);
      const r = await q.insertTransfer(tx, {
        debitAccountId: account!.accountId,
        creditAccountId: pending,
        amountPaise,
        kind: 'withdrawal',
        idempotencyKey,
        memo,
      });
      return { ok: true, transferId: r.transferId };
    },

    /** A held withdrawal goes back to the user (rejected). Locks the wallet row first. */
    async releaseWithdrawal(
      tx: Executor,
      userId: number,
      amountPaise: number,
      idempotencyKey: string,
      memo: string,
    ) {
      await lockBalance(tx, userId);
      const account = await q.userAccount(tx, userId);
      const pending = await q.ensureHouseAccount(tx, HOUSE_WITHDRAWALS);
      return q.insertTransfer(tx, {
        debitAccountId: pending,
        creditAccountId: account!.accountId,
        amountPaise,
        kind: 'withdrawal_returned',
        idempotencyKey,
        memo,
      });
    },

    /** A held withdrawal is paid out: HOUSE_WITHDRAWALS → HOUSE_CASH (the user's cash already left). */
    async payWithdrawal(tx: Executor, amountPaise: number, idempotencyKey: string, memo: string) {
      const pending = await q.ensureHouseAccount(tx, HOUSE_WITHDRAWALS);
      const house = await q.ensureHouseAccount(tx, HOUSE_CASH);
      return q.insertTransfer(tx, {
        debitAccountId: pending,
        creditAccountId: house,
        amountPaise,
        kind: 'withdrawal_paid',
        idempotencyKey,
        memo,
      });
    },

    /** A house account's balance by code (0 when it does not exist yet). */
    async houseBalancePaise(tx: Executor, code: string): Promise<number> {
      const [row] = await tx
        .select({ balancePaise: ledgerAccounts.balancePaise })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, code));
      return row?.balancePaise ?? 0;
    },

    async balancePaise(userId: number, tx: Executor = db): Promise<number> {
      return (await q.userAccount(tx, userId))?.balancePaise ?? 0;
    },

    /**
     * Locks the user's cash account row (SELECT … FOR UPDATE) for the rest of the transaction and
     * returns its balance, or null when the user has no account. The exchange takes it after the
     * market's row, always in that order.
     */
    lockBalancePaise: lockBalance,

    /**
     * The stake gate of the kinds that hold a bet's exposure (bookmaker, fancy, casino, binary;
     * stake-gate.ts): in the batch's transaction, the stakers' wallet rows locked (lockFree: SKIP
     * LOCKED, a busy row tried a few times, never queued behind one bettor), then, in statements
     * after the locks, each stake's session (its row live and of the user's current generation)
     * and each user's budget. `refusalOf` says why a stake may not be taken (a busy wallet, a
     * session ended on any node), or null; the kind then decides the bet on the budget and on the
     * market's own answer under the market's lock.
     */
    async passStakeGate(
      tx: Executor,
      marketId: number,
      stakes: readonly GateStake[],
      alongside: (userId: SQLWrapper) => SQL<string>,
    ) {
      const users = [...new Set(stakes.map((s) => s.userId))].sort((a, b) => a - b);
      const { wallets, busy } = await lockFree(tx, users, alongside, budgetExpr);
      const live = await liveSessions(tx, stakes);
      // The uplines' limits on the market's sport, read after the locks (stake-gate.ts).
      const limits = await readTreeLimits(tx, [...wallets.keys()], { marketId });
      const notLive = (stake: { userId: number; staker: Staker }) => {
        const sessionId = sessionOf(stake.staker);
        return sessionId !== null && !live.has(`${stake.userId}:${sessionId}`);
      };
      const why = await gateRefusals(
        tx,
        stakes.filter(notLive).map((s) => s.userId),
      );
      return {
        wallets,
        /** Why this stake may not be taken (a busy wallet, an ended session, an upline's maximum stake), or null. */
        refusalOf(stake: GateStake): string | null {
          if (busy.has(stake.userId)) return WALLET_BUSY_MESSAGE;
          if (notLive(stake)) return why.get(stake.userId) ?? SESSION_ENDED_MESSAGE;
          return stakeLimitRefusal(limits.get(stake.userId), stake.stakePaise);
        },
        /** The uplines' limits on the market's sport for a user the gate locked (for exposureLimitRefusal). */
        limitOf: (userId: number): TreeLimit | undefined => limits.get(userId),
      };
    },

    /**
     * Locks the user's cash row (the lock every bet and withdrawal takes) and answers what they may
     * spend: the betting budget (balance, lowered by a binding loss limit) less their exposure holds
     * and reservations; null without an account. A provider's debit is checked against it in the
     * caller's transaction, then moved with `providerTransfer`.
     */
    async lockAvailablePaise(tx: Executor, userId: number): Promise<number | null> {
      await lockRows(tx, [userId]);
      const budgets = await readBudgets(
        tx,
        [userId],
        (u) => sql<string>`(${holds.totalExpr(u)})::text`,
        budgetExpr,
      );
      const b = budgets.get(userId);
      return b === undefined ? null : b.balancePaise - Number(b.alongside);
    },

    /**
     * The stake check of a game with no market of ours (a fantasy entry fee; a provider's debit
     * reads the same figure through lockAvailablePaise): locks the user's cash row (the lock every
     * bet and withdrawal takes, DESIGN.md §6), then reads, in a statement after the lock, the
     * balance, the holds and reservations and the loss limit's cap. `stakePaise` is taken only when
     * it is within both the available balance and what the loss limit leaves of the budget. Call
     * it in the transaction that moves the stake, before the transfer; null without an account.
     */
    async lockStake(
      tx: Executor,
      userId: number,
      stakePaise: number,
      staker: Staker,
      /** The sport the stake counts under, for an upline's maximum stake (stake-gate.ts). */
      sportId: number,
    ): Promise<StakeCheck | null> {
      await lockRows(tx, [userId]);
      const user = sql`a.user_id`;
      const cap = budgetCap ? sql`(${budgetCap(user, clock.now())})::bigint` : sql`null::bigint`;
      const res = await tx.execute(sql`select a.balance_paise::text as balance,
          (${committedExpr(user)})::text as committed, ${cap}::text as cap,
          ${stakerLiveSql(userId, sessionOf(staker))} as live
        from ${ledgerAccounts} a where a.user_id = ${userId} and a.kind = 'user_cash'`);
      const row = (
        res as unknown as {
          rows: { balance: string; committed: string; cap: string | null; live: boolean }[];
        }
      ).rows[0];
      if (!row) return null;
      if (!row.live) {
        const message = (await gateRefusals(tx, [userId])).get(userId) ?? SESSION_ENDED_MESSAGE;
        const sessionEnded = message === SESSION_ENDED_MESSAGE;
        return { ok: false, reason: 'GATE', message, sessionEnded, availablePaise: 0 };
      }
      const limits = await readTreeLimits(tx, [userId], { sportId });
      const overStake = stakeLimitRefusal(limits.get(userId), stakePaise);
      if (overStake) return { ok: false, reason: 'STAKE_LIMIT', message: overStake, availablePaise: 0 };
      const free = Number(row.balance) - Number(row.committed);
      const capped =
        row.cap === null ? free : Math.min(Number(row.balance), Number(row.cap)) - Number(row.committed);
      const availablePaise = Math.max(0, Math.min(free, capped));
      if (stakePaise <= availablePaise) {
        return { ok: true, availablePaise, pass: issuePass(userId, stakePaise) };
      }
      return { ok: false, reason: stakePaise > free ? 'BALANCE' : 'LOSS_LIMIT', availablePaise };
    },

    /** The same figure without the lock (an answer's balance, a display); null without an account. */
    async availablePaise(userId: number, tx: Executor = db): Promise<number | null> {
      const budgets = await readBudgets(
        tx,
        [userId],
        (u) => sql<string>`(${holds.totalExpr(u)})::text`,
        budgetExpr,
      );
      const b = budgets.get(userId);
      return b === undefined ? null : b.balancePaise - Number(b.alongside);
    },

    /**
     * A provider game's movement back to the user (issue 23): a win or a refund, from the provider's
     * house account. (Its bet is a stake: takeStake, to providerHouseCode.) Inside the caller's
     * transaction, which holds the user's cash row. Idempotent on the key.
     */
    async providerTransfer(
      tx: Executor,
      t: {
        userId: number;
        providerId: string;
        kind: Exclude<ProviderTransferKind, 'provider_bet'>;
        amountPaise: number;
        key: string;
        memo: string;
      },
    ) {
      refuseStakeKind(t.kind);
      const account = await q.userAccount(tx, t.userId);
      if (!account) throw new Error(`user ${t.userId} has no cash account`);
      const house = await q.ensureHouseAccount(tx, providerHouseCode(t.providerId));
      return q.insertTransfer(tx, {
        debitAccountId: house,
        creditAccountId: account.accountId,
        amountPaise: t.amountPaise,
        kind: t.kind,
        idempotencyKey: t.key,
        memo: t.memo,
      });
    },

    /** Σ of the user's exposure holds over every market of every kind (getUserBalance.liability). */
    liabilityPaise: (userId: number, tx: Executor = db) => holds.totalPaise(tx, userId),
    /** The generic exposure holds: every market kind writes its users' worst losses here. */
    holds,

    /** Ledger invariants: the sum of all balances is zero and every cached balance equals its transfers. */
    async audit() {
      // One snapshot: three reads in parallel on a pool would each see another committed state,
      // and a transfer committing between them shows as a false mismatch.
      const accounts = await db.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read`);
        return q.auditAccounts(tx);
      });
      return {
        accounts: accounts.length,
        sumPaise: accounts.reduce((s, a) => s + a.computedPaise, 0),
        mismatches: accounts.filter((a) => a.cachedPaise !== a.computedPaise),
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

/** Paise → rupees for the wire (2 decimals, exact for safe integers). */
export const toRupees = (paise: number) => Math.round(paise) / 100;
