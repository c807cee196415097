// The seamless wallet: what a provider calls for every bet and win (docs/providers.md). Each call
// runs in one transaction that first locks the player's cash row (the lock every bet and
// withdrawal takes, DESIGN.md §6), then reads what was recorded for the transaction id, decides on
// the locked rows, moves the money (one ledger transfer) and records the call with its answer's
// exact bytes. A repeat, a rollback racing its debit, 50 debits at once: all serialise on that row.
import {
  LAUNCH_TOKEN_TTL_S,
  PROVIDER_ROUND_WIN_MAX_MULTIPLE,
  SESSION_IDLE_TTL_S,
  type ProviderAuthenticateRequest,
  type ProviderBalanceRequest,
  type ProviderWalletAnswer,
  type ProviderWalletCode,
  type ProviderTransactionType,
} from '@backlay/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { hash, randomBytes } from 'node:crypto';
import { countEvent } from '../../db/rate-counters.ts';
import { sessions, users } from '../account/schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import type { ResponsibleService } from '../responsible/service.ts';
import { lockGameShares, writeGameShares, type LockedShares } from '../shares/settle.ts';
import { CASINO_SPORT_ID } from '../casino/tables.ts';
import { providerHouseCode, type WalletService } from '../wallet/service.ts';
import {
  gameProviders,
  providerGames,
  providerLaunchTokens,
  providerRounds,
  providerSessions,
  providerTransactions,
} from './schema.ts';

/**
 * First key of the two-int advisory lock on a (provider, transaction id) (db/rate-counters.ts lists
 * the others): calls naming one id, for any players, run one after another on every node.
 */
const TRANSACTION_LOCK_NAMESPACE = 74_142_263;

/**
 * Game launches a bettor may make in any minute (each is a token row and a signed call to the
 * provider): far above a person opening games, far below a script's 150 in 3 s. Counted in the
 * store (db/rate-counters.ts), so on every node alike.
 */
export const PROVIDER_LAUNCHES_PER_MINUTE = 20;

/** Dead launch tokens or sessions cleared per launch at most. */
const PRUNE_BATCH = 100;

/** What the HTTP layer sends: a status and the exact body. */
export type CallAnswer = { http: 200 | 400 | 401 | 503; body: string };

/**
 * A player's money calls run one after another on a node (and across nodes, on the wallet row's
 * lock): waiting here holds no pooled connection, so a burst for one player cannot starve the
 * node's other requests. At most this many wait; beyond it the call is answered 503 unrecorded
 * (the provider sends it again, as after any 503).
 */
export const PLAYER_QUEUE_MAX = 64;
export const BUSY_ANSWER: CallAnswer = {
  http: 503,
  body: JSON.stringify({ status: false, message: 'Too many calls for this player at once: send it again' }),
};

const MESSAGES: Record<ProviderWalletCode, string | undefined> = {
  OK: undefined,
  INVALID_SIGNATURE: 'The signature is missing or wrong',
  INVALID_REQUEST: 'The request is not the call’s shape',
  PROVIDER_DISABLED: 'This provider is switched off',
  UNKNOWN_PLAYER: 'No such player',
  TOKEN_INVALID: 'Unknown launch token',
  TOKEN_EXPIRED: 'The launch token has expired',
  TOKEN_USED: 'The launch token was already used',
  GAME_MISMATCH: 'The launch token is for another game',
  SESSION_EXPIRED: 'The game session has ended: launch the game again',
  PLAYER_BLOCKED: 'This account may not bet now',
  GAME_DISABLED: 'This game is switched off',
  INSUFFICIENT_FUNDS: 'Insufficient balance',
  ROLLED_BACK: 'This transaction was already rolled back',
  STAKE_LIMIT_EXCEEDED: 'The stake is over the maximum your upline set for casino games',
  ROUND_CLOSED: 'This round is closed',
  UNKNOWN_TRANSACTION: 'No such debit: nothing to roll back (recorded)',
  DUPLICATE_TRANSACTION: 'This transaction id was already used for another call',
  UNKNOWN_ROUND: 'No round of this player was opened with a debit: nothing to credit (recorded)',
  WIN_LIMIT_EXCEEDED: `A round's credits may be at most ${PROVIDER_ROUND_WIN_MAX_MULTIPLE} times its stake`,
};

/** The exact bytes of an answer: the API's envelope around the wallet answer. */
export function answerBody(code: ProviderWalletCode, data: Omit<ProviderWalletAnswer, 'code' | 'currency'>) {
  const message = MESSAGES[code];
  return JSON.stringify({
    status: code === 'OK',
    ...(message === undefined ? {} : { message }),
    data: { code, ...data, balance_kind: 'AVAILABLE', currency: 'INR' },
  });
}
export const refusedCall = (http: 400 | 401, code: ProviderWalletCode, message: string): CallAnswer => ({
  http,
  body: JSON.stringify({
    status: false,
    message,
    data: { code, balance: null, balance_kind: 'AVAILABLE', currency: 'INR' },
  }),
});

export const sha256 = (s: string) => hash('sha256', s, 'hex');
/** 32 random bytes, base64url: a launch token or a session id. */
export const newSecretRef = () => randomBytes(32).toString('base64url');

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The statement's label of a movement (docs/providers.md). */
export const movementLabel = (gameName: string, roundId: string) =>
  `Live Casino › ${gameName} round ${roundId}`;

type MoneyBody = {
  player_id: string;
  transaction_id: string;
  round_id: string;
  game_id: string;
  session_id?: string | undefined;
};
export type DebitBody = MoneyBody & { session_id: string; amount: number };
export type CreditBody = MoneyBody & { amount: number; round_closed: boolean };
export type RollbackBody = MoneyBody & { reference_transaction_id: string };

type Player = { userId: number; userName: string; lockedUntil: Date | null };

/**
 * Decides a money call on the locked rows. `shares`: the player's chain with every upline's wallet
 * locked (only for a call that may close a round; null otherwise).
 */
type Decide = (
  tx: Executor,
  player: Player,
  availablePaise: number,
  shares: LockedShares | null,
) => Promise<Decision>;
/** Locks the wallets a call's shares move (the player's and its uplines'), before the player's own lock. */
type LockShares = (tx: Executor, player: Player) => Promise<LockedShares>;

/** What a decision did: its code, the money it moved and how the available balance changed. */
type Decision = {
  code: ProviderWalletCode;
  movedPaise: number;
  /** What the call asked to move (a rollback: its debit's amount). */
  amountPaise: number;
  deltaPaise: number;
  transferId: number | null;
  roundKey: number | null;
  referenceId?: string;
};
const refused = (code: ProviderWalletCode, amountPaise: number): Decision => ({
  code,
  movedPaise: 0,
  amountPaise,
  deltaPaise: 0,
  transferId: null,
  roundKey: null,
});

// Long because it is a factory: its inner functions, each short, share the provider's signature
// check and the transaction-id lock every wallet call (balance, debit, credit, rollback) takes in
// the same order.
export function createWalletCalls(deps: {
  db: Db;
  wallet: WalletService;
  responsible: ResponsibleService;
  clock: { now(): Date };
}) {
  const { db, wallet, responsible, clock } = deps;
  const queues = new Map<string, { tail: Promise<unknown>; waiting: number }>();
  /** Money calls queued or running on this node, by provider and transaction id (bounded by the queues). */
  const inflight = new Map<string, { fingerprint: string; answer: Promise<CallAnswer> }>();

  /** Runs `work` after the player's earlier calls on this node (see PLAYER_QUEUE_MAX). */
  function serial(playerId: string, work: () => Promise<CallAnswer>): Promise<CallAnswer> {
    const q = queues.get(playerId) ?? { tail: Promise.resolve(), waiting: 0 };
    if (q.waiting >= PLAYER_QUEUE_MAX) return Promise.resolve(BUSY_ANSWER);
    q.waiting += 1;
    const run = q.tail.then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    q.tail = tail;
    queues.set(playerId, q);
    void tail.then(() => {
      q.waiting -= 1;
      if (q.waiting === 0 && queues.get(playerId) === q) queues.delete(playerId);
    });
    return run;
  }

  /**
   * The player's user row, held FOR SHARE until the call commits (`lock`): the session gate's
   * lock (docs/security.md), taken first as on every path of the user. Whatever ends sessions
   * (a password change or reset, "end all sessions", a lock, an exclusion, a logout's revocation)
   * writes that row or the site session's, so it commits either before the call reads the
   * generation (the call is refused) or after the call's commit (the call came first).
   */
  async function playerOf(tx: Executor, playerId: string, lock = false): Promise<Player | null> {
    const id = Number(playerId);
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
    const q = tx
      .select({
        userId: users.userId,
        userName: users.userName,
        lockedUntil: users.lockedUntil,
        role: users.role,
      })
      .from(users)
      .where(eq(users.userId, id));
    const [row] = lock ? await q.for('share') : await q;
    return row && row.role === 'bettor' ? row : null;
  }

  async function gameOf(tx: Executor, providerId: string, providerGameId: string) {
    const [row] = await tx
      .select()
      .from(providerGames)
      .where(and(eq(providerGames.providerId, providerId), eq(providerGames.providerGameId, providerGameId)));
    return row ?? null;
  }

  async function providerEnabled(tx: Executor, providerId: string) {
    const [row] = await tx
      .select({ enabled: gameProviders.enabled })
      .from(gameProviders)
      .where(eq(gameProviders.providerId, providerId));
    return row?.enabled === true;
  }

  /** Whether the account may bet now: not locked, not on a time-out or self-excluded. */
  async function blocked(tx: Executor, player: Player): Promise<boolean> {
    const now = clock.now();
    if (player.lockedUntil && player.lockedUntil > now) return true;
    const [user] = await tx.select().from(users).where(eq(users.userId, player.userId));
    return (await responsible.exclusionGate(user!, tx)) !== null;
  }

  /**
   * Whether a site session and generation are still live, over `u` (the user's row) and `w` (the
   * site session): the generation is the user's current one (no password change or reset, "end
   * all sessions", lock or exclusion since), and the site session is neither revoked (a logout, or
   * the operator ending it) nor expired. The one definition for tokens and game sessions.
   */
  const siteLive = (siteSessionId: SQL, generation: SQL) =>
    sql`exists (select 1 from ${users} u join ${sessions} w on w.user_id = u.user_id
      where w.session_id = ${siteSessionId}
        and u.session_generation = ${generation} and w.generation = ${generation}
        and w.revoked_at is null and w.expires_at > ${clock.now().toISOString()}::timestamptz)`;

  /**
   * A live game session of this player with this provider (its site session live, its generation
   * the user's, used in the last SESSION_IDLE_TTL_S), or null; its game. Read in the caller's
   * transaction, after playerOf's lock.
   */
  async function liveSession(
    tx: Executor,
    providerId: string,
    userId: number,
    sessionId: string | null,
  ): Promise<{ sessionHash: string; gameId: number; siteSessionId: number } | null> {
    const rows = rowsOf<{ session_hash: string; game_id: number; site_session_id: number }>(
      await tx.execute(sql`select s.session_hash, s.game_id, s.site_session_id from ${providerSessions} s
        join ${providerGames} g on g.game_id = s.game_id
        where s.user_id = ${userId} and g.provider_id = ${providerId}
          ${sessionId === null ? sql`` : sql`and s.session_hash = ${sha256(sessionId)}`}
          and s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_TTL_S})
          and ${siteLive(sql`s.site_session_id`, sql`s.generation`)}
        limit 1`),
    );
    const row = rows[0];
    return row
      ? {
          sessionHash: row.session_hash,
          gameId: Number(row.game_id),
          siteSessionId: Number(row.site_session_id),
        }
      : null;
  }

  /** A live session's idle time starts again. */
  async function touch(tx: Executor, sessionHash: string) {
    await tx.execute(
      sql`update ${providerSessions} set last_seen_at = now() where session_hash = ${sessionHash}`,
    );
  }

  /** The round of (provider, round id, player), locked; null when there is none yet. */
  async function lockRound(tx: Executor, providerId: string, roundId: string, userId: number) {
    const [row] = await tx
      .select()
      .from(providerRounds)
      .where(
        and(
          eq(providerRounds.providerId, providerId),
          eq(providerRounds.roundId, roundId),
          eq(providerRounds.userId, userId),
        ),
      )
      .for('update');
    return row ?? null;
  }

  async function openRound(
    tx: Executor,
    providerId: string,
    body: MoneyBody,
    userId: number,
    gameId: number | null,
  ): Promise<number> {
    const [row] = await tx
      .insert(providerRounds)
      .values({
        providerId,
        roundId: body.round_id,
        userId,
        gameId,
        providerGameId: body.game_id,
        startedAt: sql`now()` as unknown as Date,
      })
      .onConflictDoUpdate({
        target: [providerRounds.providerId, providerRounds.roundId, providerRounds.userId],
        set: { providerGameId: sql`${providerRounds.providerGameId}` },
      })
      .returning({ roundKey: providerRounds.roundKey });
    return row!.roundKey;
  }

  // ---------------------------------------------------------------- one money call

  /**
   * Runs a debit, credit or rollback once per (provider, transaction id): the player's row locked
   * first, a recorded call answered with its recorded bytes (or DUPLICATE_TRANSACTION when the
   * repeat differs), else `decide` on the locked rows and the call recorded with its answer.
   */
  async function moneyCall(
    providerId: string,
    type: ProviderTransactionType,
    body: MoneyBody,
    fingerprint: string,
    requestedPaise: number,
    decide: Decide,
    lockShares?: LockShares,
  ): Promise<CallAnswer> {
    // A repeat sent while the first is still queued or running (a provider's retry after a 503)
    // waits for the first's answer instead of queueing again: retries never pile up.
    const key = `${providerId}\u0000${body.transaction_id}`;
    const running = inflight.get(key);
    if (running && running.fingerprint === fingerprint) return running.answer;
    const answer = serial(body.player_id, () =>
      moneyTransaction(providerId, type, body, fingerprint, requestedPaise, decide, lockShares),
    );
    if (!running) {
      inflight.set(key, { fingerprint, answer });
      void answer.then(
        () => inflight.delete(key),
        () => inflight.delete(key),
      );
    }
    return answer;
  }

  async function moneyTransaction(
    providerId: string,
    type: ProviderTransactionType,
    body: MoneyBody,
    fingerprint: string,
    requestedPaise: number,
    decide: Decide,
    lockShares: LockShares | undefined,
  ): Promise<CallAnswer> {
    return db.transaction(async (tx) => {
      // The id first: one transaction id sent for two players at once queues here (each player's
      // own lock would let both pass), so the second finds the first's record and is answered
      // DUPLICATE_TRANSACTION. Nothing else is held while waiting for it.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${TRANSACTION_LOCK_NAMESPACE}, hashtext(${`${providerId}:${body.transaction_id}`}))`,
      );
      const player = await playerOf(tx, body.player_id, true);
      // A call that closes a round writes the uplines' shares of it: their wallet rows are locked
      // with the player's, in user-id order (DESIGN §6), before the player's own lock below.
      const shares = player && lockShares ? await lockShares(tx, player) : null;
      const available = player ? await wallet.lockAvailablePaise(tx, player.userId) : null;
      const [prior] = await tx
        .select({ fingerprint: providerTransactions.fingerprint, answer: providerTransactions.answer })
        .from(providerTransactions)
        .where(
          and(
            eq(providerTransactions.providerId, providerId),
            eq(providerTransactions.transactionId, body.transaction_id),
          ),
        );
      if (prior) {
        return {
          http: 200,
          body:
            prior.fingerprint === fingerprint
              ? prior.answer
              : answerBody('DUPLICATE_TRANSACTION', { balance: available }),
        };
      }
      const d =
        player && available !== null
          ? await decide(tx, player, available, shares)
          : refused('UNKNOWN_PLAYER', requestedPaise);
      const answer = answerBody(d.code, {
        balance: available === null ? null : available + d.deltaPaise,
        operator_transaction_id: d.transferId === null ? null : String(d.transferId),
      });
      const inserted = await tx
        .insert(providerTransactions)
        .values({
          providerId,
          transactionId: body.transaction_id,
          type,
          playerId: body.player_id,
          userId: player?.userId ?? null,
          roundId: body.round_id,
          roundKey: d.roundKey,
          providerGameId: body.game_id,
          referenceId: d.referenceId ?? null,
          amountPaise: d.amountPaise,
          movedPaise: d.movedPaise,
          code: d.code,
          transferId: d.transferId,
          fingerprint,
          answer,
          createdAt: sql`now()` as unknown as Date,
        })
        .onConflictDoNothing()
        .returning({ id: providerTransactions.transactionId });
      if (inserted.length === 0) {
        // Unreachable while the id's lock holds (kept as a guard): a twin recorded it first;
        // answer what it answered, having moved nothing.
        if (d.movedPaise > 0) throw new Error('a provider call moved money without a lock on its player');
        const [twin] = await tx
          .select({ answer: providerTransactions.answer })
          .from(providerTransactions)
          .where(
            and(
              eq(providerTransactions.providerId, providerId),
              eq(providerTransactions.transactionId, body.transaction_id),
            ),
          );
        return { http: 200, body: twin!.answer };
      }
      return { http: 200, body: answer };
    });
  }

  const fingerprintOf = (type: ProviderTransactionType, b: MoneyBody, extra: unknown[]) =>
    JSON.stringify([type, b.player_id, b.round_id, b.game_id, ...extra]);

  // ---------------------------------------------------------------- the calls

  return {
    /** Exchanges a launch token (single use, short-lived, bound to player and game) for a session. */
    async authenticate(providerId: string, body: ProviderAuthenticateRequest): Promise<CallAnswer> {
      return db.transaction(async (tx) => {
        const found = rowsOf<{
          user_id: number;
          game_id: number;
          provider_game_id: string;
          site_session_id: string;
          generation: number;
          used: boolean;
          expired: boolean;
        }>(
          await tx.execute(sql`select t.user_id, t.game_id, g.provider_game_id, t.site_session_id::text,
              t.generation, t.used_at is not null as used, t.expires_at <= now() as expired
            from ${providerLaunchTokens} t join ${providerGames} g on g.game_id = t.game_id
            where t.token_hash = ${sha256(body.token)} and g.provider_id = ${providerId}
            for update of t`),
        )[0];
        const answer = (code: ProviderWalletCode, balance: number | null, more = {}) => ({
          http: 200 as const,
          body: answerBody(code, { balance, ...more }),
        });
        if (!found) return answer('TOKEN_INVALID', null);
        const player = await playerOf(tx, String(found.user_id), true);
        const balance = player ? await wallet.availablePaise(player.userId, tx) : null;
        if (found.used) return answer('TOKEN_USED', balance);
        if (found.expired) return answer('TOKEN_EXPIRED', balance);
        if (found.provider_game_id !== body.game_id) return answer('GAME_MISMATCH', balance);
        if (!player) return answer('UNKNOWN_PLAYER', null);
        // The site session that launched it ended (a logout, a new password, "end all
        // sessions", a lock or an exclusion) since it was issued: no balance for a dead session.
        const [live] = rowsOf<{ live: boolean }>(
          await tx.execute(
            sql`select ${siteLive(sql`${found.site_session_id}::bigint`, sql`${found.generation}::int`)} as live`,
          ),
        );
        if (!live?.live) return answer('SESSION_EXPIRED', null);
        await tx
          .update(providerLaunchTokens)
          .set({ usedAt: sql`now()` as unknown as Date })
          .where(eq(providerLaunchTokens.tokenHash, sha256(body.token)));
        const sessionId = newSecretRef();
        await tx.insert(providerSessions).values({
          sessionHash: sha256(sessionId),
          userId: player.userId,
          gameId: found.game_id,
          siteSessionId: Number(found.site_session_id),
          generation: found.generation,
          createdAt: sql`now()` as unknown as Date,
          lastSeenAt: sql`now()` as unknown as Date,
        });
        return answer('OK', balance, {
          session_id: sessionId,
          player_id: String(player.userId),
          display_name: player.userName,
          game_id: found.provider_game_id,
        });
      });
    },

    /**
     * The player's available balance, for a provider holding a live session of theirs (the one
     * named, or any when none is): a provider reads no other player's balance.
     */
    async balance(providerId: string, body: ProviderBalanceRequest): Promise<CallAnswer> {
      return db.transaction(async (tx) => {
        const player = await playerOf(tx, body.player_id, true);
        if (!player) return { http: 200, body: answerBody('UNKNOWN_PLAYER', { balance: null }) };
        if (!(await liveSession(tx, providerId, player.userId, body.session_id ?? null)))
          return { http: 200, body: answerBody('SESSION_EXPIRED', { balance: null }) };
        return {
          http: 200,
          body: answerBody('OK', { balance: await wallet.availablePaise(player.userId, tx) }),
        };
      });
    },

    debit(providerId: string, body: DebitBody): Promise<CallAnswer> {
      const fp = fingerprintOf('DEBIT', body, [body.amount]);
      return moneyCall(providerId, 'DEBIT', body, fp, body.amount, async (tx, player) => {
        const amount = body.amount;
        // Only this player's rollback cancels it: another player's naming this id moves nothing
        // and blocks nothing (references are scoped to the player).
        const [cancelled] = await tx
          .select({ id: providerTransactions.transactionId })
          .from(providerTransactions)
          .where(
            and(
              eq(providerTransactions.providerId, providerId),
              eq(providerTransactions.type, 'ROLLBACK'),
              eq(providerTransactions.referenceId, body.transaction_id),
              eq(providerTransactions.userId, player.userId),
            ),
          );
        if (cancelled) return refused('ROLLED_BACK', amount);
        if (!(await providerEnabled(tx, providerId))) return refused('PROVIDER_DISABLED', amount);
        const game = await gameOf(tx, providerId, body.game_id);
        if (!game || !game.enabled || !game.listed) return refused('GAME_DISABLED', amount);
        const session = await liveSession(tx, providerId, player.userId, body.session_id);
        if (!session) return refused('SESSION_EXPIRED', amount);
        // A session is good for the one game it was launched for.
        if (session.gameId !== game.gameId) return refused('GAME_MISMATCH', amount);
        await touch(tx, session.sessionHash);
        if (await blocked(tx, player)) return refused('PLAYER_BLOCKED', amount);
        const round = await lockRound(tx, providerId, body.round_id, player.userId);
        if (round?.status === 'CLOSED') return refused('ROUND_CLOSED', amount);
        if (round && round.providerGameId !== body.game_id) return refused('GAME_MISMATCH', amount);
        // The stake gate, in this transaction after the wallet's lock: the game's site session
        // (live, of the user's generation), the available balance within the loss limit.
        // Provider games count as the Casino sport for an upline's limits.
        const stake = await wallet.lockStake(
          tx,
          player.userId,
          amount,
          { sessionId: session.siteSessionId },
          CASINO_SPORT_ID,
        );
        if (!stake) return refused('PLAYER_BLOCKED', amount);
        if (!stake.ok)
          return refused(
            // The gate: an ended session has expired; a master's account or a bet lock is blocked.
            stake.reason === 'GATE'
              ? stake.sessionEnded
                ? 'SESSION_EXPIRED'
                : 'PLAYER_BLOCKED'
              : stake.reason === 'STAKE_LIMIT'
                ? 'STAKE_LIMIT_EXCEEDED'
                : 'INSUFFICIENT_FUNDS',
            amount,
          );
        const roundKey = await openRound(tx, providerId, body, player.userId, game.gameId);
        await tx
          .update(providerRounds)
          .set({ stakePaise: sql`${providerRounds.stakePaise} + ${amount}`, status: 'OPEN', closedAt: null })
          .where(eq(providerRounds.roundKey, roundKey));
        const t = await wallet.takeStake(tx, stake.pass, {
          kind: 'provider_bet',
          houseCode: providerHouseCode(providerId),
          amountPaise: amount,
          key: `provider:${providerId}:${body.transaction_id}`,
          memo: movementLabel(game.name, body.round_id),
        });
        return {
          code: 'OK',
          movedPaise: amount,
          amountPaise: amount,
          deltaPaise: -amount,
          transferId: t.transferId,
          roundKey,
        };
      });
    },

    credit(providerId: string, body: CreditBody): Promise<CallAnswer> {
      const fp = fingerprintOf('CREDIT', body, [body.amount, body.round_closed]);
      const decide: Decide = async (tx, player, _available, shares) => {
        // Never refused for money, a switched-off game or an ended session: the round was played.
        // But only a round this provider opened with a debit for this player, of that game, still
        // open, within the bound: a provider (or its leaked secret) pays out only on bets it took.
        const amount = body.amount;
        const round = await lockRound(tx, providerId, body.round_id, player.userId);
        if (!round) return refused('UNKNOWN_ROUND', amount);
        const onRound = (code: ProviderWalletCode) => ({
          ...refused(code, amount),
          roundKey: round.roundKey,
        });
        if (round.providerGameId !== body.game_id) return onRound('GAME_MISMATCH');
        if (round.status !== 'OPEN') return onRound('ROUND_CLOSED');
        if (round.winPaise + amount > round.stakePaise * PROVIDER_ROUND_WIN_MAX_MULTIPLE)
          return onRound('WIN_LIMIT_EXCEEDED');
        const game = await gameOf(tx, providerId, body.game_id);
        if (body.session_id) {
          const session = await liveSession(tx, providerId, player.userId, body.session_id);
          if (session && session.gameId === game?.gameId) await touch(tx, session.sessionHash);
        }
        await tx
          .update(providerRounds)
          .set({
            winPaise: sql`${providerRounds.winPaise} + ${amount}`,
            ...(body.round_closed ? { status: 'CLOSED', closedAt: sql`now()` as unknown as Date } : {}),
          })
          .where(eq(providerRounds.roundKey, round.roundKey));
        const memo = movementLabel(game?.name ?? body.game_id, body.round_id);
        const t =
          amount > 0
            ? await wallet.providerTransfer(tx, {
                userId: player.userId,
                providerId,
                kind: 'provider_win',
                amountPaise: amount,
                key: `provider:${providerId}:${body.transaction_id}`,
                memo,
              })
            : null;
        // Closed: the round's result for the player (its credits less its debits not rolled back)
        // is shared up the tree, against the provider's house account that took it.
        if (body.round_closed) {
          if (!shares) throw new Error('a closing credit needs the uplines locked');
          await writeGameShares(
            tx,
            wallet,
            {
              unit: `round/${round.roundKey}`,
              houseAccountId: await wallet.houseAccount(tx, providerHouseCode(providerId)),
              memo,
            },
            [{ userId: player.userId, resultPaise: round.winPaise + amount - round.stakePaise }],
            shares,
          );
        }
        return {
          code: 'OK',
          movedPaise: amount,
          amountPaise: amount,
          deltaPaise: amount,
          transferId: t?.transferId ?? null,
          roundKey: round.roundKey,
        };
      };
      // The round's chain is the one at its first debit (its start: a share changed since applies
      // to rounds started after the change); read before the round's lock, as it never changes.
      const lockShares: LockShares = async (tx, player) => {
        const [round] = await tx
          .select({ startedAt: providerRounds.startedAt })
          .from(providerRounds)
          .where(
            and(
              eq(providerRounds.providerId, providerId),
              eq(providerRounds.roundId, body.round_id),
              eq(providerRounds.userId, player.userId),
            ),
          );
        return lockGameShares(tx, [{ userId: player.userId, at: round?.startedAt ?? clock.now() }]);
      };
      return moneyCall(
        providerId,
        'CREDIT',
        body,
        fp,
        body.amount,
        decide,
        body.round_closed ? lockShares : undefined,
      );
    },

    rollback(providerId: string, body: RollbackBody): Promise<CallAnswer> {
      const fp = fingerprintOf('ROLLBACK', body, [body.reference_transaction_id]);
      return moneyCall(providerId, 'ROLLBACK', body, fp, 0, async (tx, player) => {
        const referenceId = body.reference_transaction_id;
        const [debit] = await tx
          .select()
          .from(providerTransactions)
          .where(
            and(
              eq(providerTransactions.providerId, providerId),
              eq(providerTransactions.transactionId, referenceId),
            ),
          )
          .for('update');
        const nothing = (code: ProviderWalletCode, amountPaise: number): Decision => ({
          ...refused(code, amountPaise),
          referenceId,
          roundKey: debit?.roundKey ?? null,
        });
        // Not seen yet (or not this player's debit): recorded, so that debit is refused if it comes.
        if (!debit || debit.type !== 'DEBIT' || debit.userId !== player.userId)
          return nothing('UNKNOWN_TRANSACTION', 0);
        // A debit we refused, or one already rolled back: nothing is owed back.
        if (debit.movedPaise === 0 || debit.rolledBackBy !== null) return nothing('OK', debit.amountPaise);
        // Only a debit of a round still open: once a credit closed it, the round's result is
        // final (a refund then would pay the stake back on top of the win).
        const [round] = await tx
          .select({ status: providerRounds.status })
          .from(providerRounds)
          .where(eq(providerRounds.roundKey, debit.roundKey!))
          .for('update');
        if (round?.status !== 'OPEN') return nothing('ROUND_CLOSED', debit.amountPaise);
        const amount = debit.movedPaise;
        await tx
          .update(providerTransactions)
          .set({ rolledBackBy: body.transaction_id })
          .where(
            and(
              eq(providerTransactions.providerId, providerId),
              eq(providerTransactions.transactionId, referenceId),
            ),
          );
        await tx.execute(sql`update ${providerRounds} set stake_paise = stake_paise - ${amount},
            status = case when status = 'OPEN' and stake_paise - ${amount} = 0 and win_paise = 0
              then 'CANCELLED' else status end,
            closed_at = case when status = 'OPEN' and stake_paise - ${amount} = 0 and win_paise = 0
              then now() else closed_at end
          where round_key = ${debit.roundKey}`);
        const game = await gameOf(tx, providerId, debit.providerGameId);
        const t = await wallet.providerTransfer(tx, {
          userId: player.userId,
          providerId,
          kind: 'provider_refund',
          amountPaise: amount,
          key: `provider:${providerId}:${body.transaction_id}`,
          memo: movementLabel(game?.name ?? debit.providerGameId, debit.roundId),
        });
        return {
          code: 'OK',
          movedPaise: amount,
          amountPaise: amount,
          deltaPaise: amount,
          transferId: t.transferId,
          roundKey: debit.roundKey,
          referenceId,
        };
      });
    },

    /**
     * A one-time launch token for (user, game), valid LAUNCH_TOKEN_TTL_S by the database's clock,
     * bound to the site session launching it and its generation; refused when that session has
     * ended (a node's session cache answered for it after it ended elsewhere) or the bettor made
     * PROVIDER_LAUNCHES_PER_MINUTE launches in the last minute. Each launch also
     * clears a bounded batch of dead tokens and sessions (a day past their end), so neither table
     * grows without bound.
     */
    async issueToken(
      tx: Executor,
      userId: number,
      gameId: number,
      siteSessionId: number,
    ): Promise<
      | { ok: true; token: string; expiresAt: Date }
      | { ok: false; reason: 'ended' }
      | { ok: false; reason: 'limit'; retryAt: Date }
    > {
      const [site] = rowsOf<{ generation: number }>(
        await tx.execute(sql`select w.generation from ${sessions} w
          join ${users} u on u.user_id = w.user_id
          where w.session_id = ${siteSessionId} and w.user_id = ${userId}
            and ${siteLive(sql`w.session_id`, sql`w.generation`)}
          for share of u`),
      );
      if (!site) return { ok: false, reason: 'ended' };
      const over = await countEvent(
        tx,
        [{ bucket: `provider-launch:${userId}`, max: PROVIDER_LAUNCHES_PER_MINUTE, windowMs: 60_000 }],
        clock.now(),
      );
      if (over) return { ok: false, reason: 'limit', retryAt: over.resetsAt };
      await tx.execute(sql`delete from ${providerLaunchTokens} where token_hash in (
          select token_hash from ${providerLaunchTokens}
          where expires_at < now() - interval '1 day' limit ${PRUNE_BATCH})`);
      await tx.execute(sql`delete from ${providerSessions} where session_hash in (
          select session_hash from ${providerSessions}
          where last_seen_at < now() - interval '1 day' limit ${PRUNE_BATCH})`);
      const token = newSecretRef();
      const [row] = await tx
        .insert(providerLaunchTokens)
        .values({
          tokenHash: sha256(token),
          userId,
          gameId,
          siteSessionId,
          generation: site.generation,
          expiresAt: sql`now() + make_interval(secs => ${LAUNCH_TOKEN_TTL_S})` as unknown as Date,
          createdAt: sql`now()` as unknown as Date,
        })
        .returning({ expiresAt: providerLaunchTokens.expiresAt });
      return { ok: true, token, expiresAt: row!.expiresAt };
    },
  };
}
export type WalletCalls = ReturnType<typeof createWalletCalls>;
