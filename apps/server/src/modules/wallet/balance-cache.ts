// getUserBalance from memory. Each node keeps the last balance and liability it read per user;
// every write of money or exposure drops them when its commit is sent and keeps them from memory
// until the commit is answered, on this node (before the writer answers anyone), and on the others
// after the commit through the bus ('balance' notices: they may answer the old balance until the
// notice arrives, a few milliseconds). A read racing a
// change can never store the old value (VersionedCache). While the bus is not connected the node
// reads the store every time, and so while another node has fallen quiet (bus.stats.in_sync: it
// may be cut off and changing balances unheard); after a reconnect or a gap in another node's
// messages it forgets everything (messages of the outage are lost).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { VersionedCache } from '../../cache/versioned-cache.ts';
import { ledgerAccounts } from './schema.ts';
import { onBalancesChanged } from './changes.ts';
import * as holds from './holds.ts';

declare module '../../plugins/bus.ts' {
  interface BusChannels {
    /** A user's balance or exposure changed (published after the commit): forget it. */
    balance: { user_id: number };
  }
}

/**
 * How long a node uses a remembered balance however quiet the user: only a bound for a notice
 * lost without the bus noticing (change notices are what keep it right).
 */
export const BALANCE_CACHE_MS = 60_000;
/** Users whose balance a node remembers at most (the least recently read are forgotten first). */
export const BALANCE_CACHE_MAX_ENTRIES = 100_000;

export type Balance = { balancePaise: number; liabilityPaise: number };

export function createBalanceReader(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db'>,
  options: { enabled: boolean },
) {
  const cache = new VersionedCache<number, Balance>({
    maxEntries: options.enabled ? BALANCE_CACHE_MAX_ENTRIES : 0,
    ttlMs: BALANCE_CACHE_MS,
    now: () => app.clock.now().getTime(),
  });

  // Changes made on this node: from the moment their commit is sent until it is answered, their
  // users are read from the store (their commit may be visible already); once it has committed,
  // forget them here first, then tell the others. The bus runs this node's own handlers too;
  // forgetting twice costs nothing.
  onBalancesChanged(app.db, {
    committing: (userIds) => {
      for (const user_id of userIds) cache.hold(user_id);
    },
    ended: (userIds, committed) => {
      for (const user_id of userIds) {
        cache.release(user_id);
        if (committed) app.bus.publish('balance', { user_id });
      }
    },
  });
  app.bus.subscribe('balance', (m) => cache.invalidate(m.user_id));
  app.bus.onResync(() => cache.clear());

  /** Balance and liability (Σ exposure holds) in one prepared statement (prepared on first use). */
  let balanceQuery: ReturnType<typeof prepareBalance> | null = null;
  function prepareBalance() {
    const user = sql.placeholder('user');
    return app.db
      .select({ balance: ledgerAccounts.balancePaise, liability: holds.totalExpr(user) })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, user), eq(ledgerAccounts.kind, 'user_cash')))
      .prepare('get_user_balance');
  }

  return {
    cache,
    /** The user's balance and liability: from memory when this node may trust it, else the store. */
    async read(userId: number): Promise<Balance> {
      const trusted = app.bus.stats.in_sync;
      if (trusted) {
        const hit = cache.get(userId);
        if (hit) return hit;
      }
      const version = cache.begin();
      balanceQuery ??= prepareBalance();
      const [row] = await balanceQuery.execute({ user: userId });
      const value = { balancePaise: row?.balance ?? 0, liabilityPaise: Number(row?.liability ?? 0) };
      if (trusted && app.bus.stats.in_sync) cache.set(userId, userId, value, version);
      return value;
    },
  };
}
export type BalanceReader = ReturnType<typeof createBalanceReader>;
