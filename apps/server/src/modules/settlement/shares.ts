// Shares of the result (issue 41, docs/hierarchy.md "Shares"): after a market's settlement moves
// each bettor's result between the bettor and the house, each master and agent above the bettor
// takes its share of what the house gained (or pays its share of what the house lost), commission
// included, through the ledger. The chains are pinned at the market's first settlement, so an
// unsettle reverses and a re-settlement re-applies exactly the same shares.
import { splitResultShares, type UplineShare } from '@backlay/engine';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { uplineChainsAt } from '../hierarchy/share-history.ts';
import { firstStakeAt } from '../wallet/holds.ts';
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
  const out = new Map<number, UplineShare[]>();
  if (userIds.length === 0) return out;
  const stored = await tx
    .select()
    .from(settlementShareChains)
    .where(
      and(eq(settlementShareChains.marketId, marketId), inArray(settlementShareChains.userId, [...userIds])),
    )
    .orderBy(asc(settlementShareChains.userId), asc(settlementShareChains.position));
  for (const r of stored) {
    const chain = out.get(r.userId) ?? [];
    chain.push({ uplineId: r.uplineId, shareBp: r.shareBp });
    out.set(r.userId, chain);
  }
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
 * The share movements of one settlement: for each bettor (in id order), the house's gain is minus
 * the bettor's moves (win, loss, commission), split along its chain (one rounding per upline).
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
