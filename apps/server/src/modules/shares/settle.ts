// The shares module (issue 41, docs/hierarchy.md "Shares"): each master's and agent's share over
// time (history.ts), and here its part of each result. After a market's settlement moves
// each bettor's result between the bettor and the house, each master and agent above the bettor
// takes its share of what the house gained (or pays its share of what the house lost), commission
// included, through the ledger. The chains are pinned at the market's first settlement, so an
// unsettle reverses and a re-settlement re-applies exactly the same shares.
//
// The games with no market of ours (a provider's round, a fantasy contest) are split by the same
// arithmetic, once, in the transaction that closes the round or settles the contest
// (`lockGameShares`, `writeGameShares`): docs/hierarchy.md "Shares of provider games and fantasy".
import { splitResultShares, type UplineShare } from '@backlay/engine';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import type { TransferInput } from '../wallet/queries.ts';
import { uplineChainsAt } from './history.ts';
import { firstStakeAt } from '../wallet/holds.ts';
import { cashAccounts } from '../wallet/queries.ts';
import { settlementShareChains } from './schema.ts';

/** The ledger kinds of a share: the house pays an upline its part of a loss, an upline pays its part of a win. */
export const SHARE_WIN_KIND = 'share_win';
export const SHARE_LOSS_KIND = 'share_loss';

/**
 * The chains of `userIds` in `marketId`, pinned: the stored one, else the chain as it was when the
 * user first staked on the market (its hold's first write; a share changed since applies to bets
 * placed after the change, docs/hierarchy.md "Changing a share"), stored for the next generation.
 * Nearest upline first.
 */
export async function pinnedChains(
  tx: Executor,
  marketId: number,
  userIds: readonly number[],
): Promise<Map<number, UplineShare[]>> {
  const out: Map<number, UplineShare[]> = await storedChains(tx, marketId, userIds);
  if (userIds.length === 0) return out;
  const missing = userIds.filter((u) => !out.has(u));
  const firstAt = await firstStakeAt(tx, marketId, missing);
  const now = await uplineChainsAt(
    tx,
    missing.map((userId) => ({ userId, at: firstAt.get(userId) ?? new Date() })),
  );
  const rows = [...now].flatMap(([userId, chain]) =>
    chain.map((u, position) => ({ marketId, userId, position, uplineId: u.uplineId, shareBp: u.shareBp })),
  );
  if (rows.length > 0) await tx.insert(settlementShareChains).values(rows).onConflictDoNothing();
  for (const [userId, chain] of now) out.set(userId, chain);
  return out;
}

/** Every upline of these chains (the wallets a settlement locks beside its bettors'). */
export const uplinesOf = (chains: ReadonlyMap<number, readonly UplineShare[]>): number[] => [
  ...new Set([...chains.values()].flatMap((c) => c.map((u) => u.uplineId))),
];

/** One share movement to write: `amountPaise` > 0 the house pays the upline, < 0 the upline pays. */
export interface ShareTransfer {
  readonly bettorId: number;
  readonly uplineId: number;
  readonly amountPaise: number;
}

/**
 * The share movements of one settled unit: for each bettor (in id order), the house's gain is minus
 * the bettor's moves (a market's win, loss and commission; a game's whole result), split along its
 * chain (one rounding per upline).
 */
export function shareTransfers(
  moves: readonly { userId: number; deltaPaise: number }[],
  chains: ReadonlyMap<number, readonly UplineShare[]>,
): ShareTransfer[] {
  const gain = new Map<number, number>();
  for (const m of moves) gain.set(m.userId, (gain.get(m.userId) ?? 0) - m.deltaPaise);
  return [...gain]
    .sort(([a], [b]) => a - b)
    .flatMap(([bettorId, g]) =>
      splitResultShares(g, chains.get(bettorId) ?? []).map((s) => ({ bettorId, ...s })),
    );
}

/**
 * The ledger transfer of one share between `houseAccountId` (the account that took the bettor's
 * result) and the upline's cash: the house pays a share of a loss (share_win), the upline pays a
 * share of a win (share_loss).
 */
export function shareTransferInput(
  s: ShareTransfer,
  uplineAccountId: number,
  houseAccountId: number,
): Pick<TransferInput, 'debitAccountId' | 'creditAccountId' | 'amountPaise' | 'kind'> {
  const paid = s.amountPaise > 0;
  return {
    debitAccountId: paid ? houseAccountId : uplineAccountId,
    creditAccountId: paid ? uplineAccountId : houseAccountId,
    amountPaise: Math.abs(s.amountPaise),
    kind: paid ? SHARE_WIN_KIND : SHARE_LOSS_KIND,
  };
}

// ---------------------------------------------------------------- games with no market of ours

/**
 * A unit a product settles exactly once, outside the settlement service: a provider's round when it
 * closes, a fantasy contest when it is settled. Its chain is the one at the bettor's first stake in
 * it (share history), read in the closing transaction; nothing reverses the unit, so no chain is
 * stored: the share transfers (keyed by unit, bettor and upline) are its record.
 */
export interface GameUnit {
  /** `round/<round_key>` (provider_rounds) or `contest/<contest_id>` (fantasy_contests). */
  readonly unit: string;
  /** The house account that took the bettors' results: the shares move against the same one. */
  readonly houseAccountId: number;
  /** The statement's words for the unit ("Live Casino › Roulette round 7"). */
  readonly memo: string;
}

/**
 * A product's game units settled in a range, as SQL for the reports of the tree
 * (hierarchy/downline-pl.ts), which read their bettors' results and shares from the ledger.
 * - `units(users, start, end)`: one row per (unit, bettor) of `users` (a select of user ids) settled
 *   in [start, end): unit (GameUnit.unit, the share keys' unit), unit_id bigint, user_id,
 *   settled_at, group_key (the report's row: a unit, or several, e.g. a game's day), kind
 *   ('PROVIDER', 'FANTASY'), name and detail (as the statement names them).
 * - `results(units)`: each bettor's result transfers of those units: unit, user_id, transfer_id,
 *   where `units` names a relation of the rows above (all products' together).
 */
export interface SettledGameUnits {
  units(users: SQL, start: Date, end: Date): SQL;
  results(units: SQL): SQL;
}

/** The idempotency key of one game share: unique per (unit, bettor, upline), so it is paid once. */
export const gameShareKey = (unit: string, bettorId: number, uplineId: number) =>
  `share/${unit}/${bettorId}/${uplineId}`;

/** What `lockGameShares` read and locked: each bettor's chain (nearest first) and the cash accounts by user. */
export type LockedShares = {
  readonly chains: ReadonlyMap<number, readonly UplineShare[]>;
  readonly accounts: ReadonlyMap<number, number>;
};

/**
 * Each bettor's chain as it was at its first stake in the unit (`firstStakes`: a share changed
 * since applies to bets placed after the change, docs/hierarchy.md "Changing a share"), and the
 * cash rows of `lockIds` (the bettors whose own cash the unit moves) and of every upline, locked
 * together in user-id order (DESIGN §6, as a settlement locks them), before the unit moves any
 * money. Bettors under the operator have no chain and lock nothing for it.
 */
export async function lockGameShares(
  tx: Executor,
  firstStakes: readonly { userId: number; at: Date }[],
  lockIds: readonly number[] = firstStakes.map((f) => f.userId),
): Promise<LockedShares> {
  const chains = await uplineChainsAt(tx, firstStakes);
  const ids = [...new Set([...lockIds, ...uplinesOf(chains)])].sort((a, b) => a - b);
  return { chains, accounts: await cashAccounts(tx, ids) };
}

/**
 * Writes the uplines' shares of a game unit: `results` are each bettor's result in it (+ the bettor
 * won), split along the chains `lockGameShares` read, each share one transfer against the unit's
 * house account. A repeat writes nothing new (the keys); returns the uplines paid or charged.
 */
export async function writeGameShares(
  tx: Executor,
  wallet: { transfer(tx: Executor, t: TransferInput): Promise<unknown> },
  unit: GameUnit,
  results: readonly { userId: number; resultPaise: number }[],
  locked: LockedShares,
): Promise<number[]> {
  const moves = results.map((r) => ({ userId: r.userId, deltaPaise: r.resultPaise }));
  const touched: number[] = [];
  for (const s of shareTransfers(moves, locked.chains)) {
    const upline = locked.accounts.get(s.uplineId);
    if (upline === undefined) throw new Error(`upline ${s.uplineId} has no cash account`);
    await wallet.transfer(tx, {
      ...shareTransferInput(s, upline, unit.houseAccountId),
      idempotencyKey: gameShareKey(unit.unit, s.bettorId, s.uplineId),
      memo: unit.memo,
    });
    touched.push(s.uplineId);
  }
  return touched;
}

/**
 * The chains pinned for these bettors on a market (settled once), nearest upline first; read only:
 * a bettor absent has none pinned yet (its chain is the tree's now).
 */
export async function storedChains(tx: Executor, marketId: number, userIds: readonly number[]) {
  const out = new Map<number, { uplineId: number; shareBp: number }[]>();
  if (userIds.length === 0) return out;
  const rows = await tx
    .select()
    .from(settlementShareChains)
    .where(
      and(eq(settlementShareChains.marketId, marketId), inArray(settlementShareChains.userId, [...userIds])),
    )
    .orderBy(asc(settlementShareChains.userId), asc(settlementShareChains.position));
  for (const r of rows) {
    const chain = out.get(r.userId) ?? [];
    chain.push({ uplineId: r.uplineId, shareBp: r.shareBp });
    out.set(r.userId, chain);
  }
  return out;
}
