import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../http/route.ts';
import fp from 'fastify-plugin';
import type { ExposureEntry } from '../wallet/service.ts';
import { createKindRegistry } from './registry.ts';
import type { KindRegistry } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market-kind registry (modules/markets). */
    kinds: KindRegistry;
  }
}

/** A user's My Market: the markets holding their exposure, with their live bets on each. */
export async function exposureDetailOf(
  app: Pick<FastifyInstance, 'db' | 'kinds' | 'wallet'>,
  userId: number,
): Promise<ExposureEntry[]> {
  const rows = await app.wallet.holds.detail(app.db, userId);
  const counts = new Map<number, number>();
  for (const kind of new Set(rows.map((r) => r.marketKind))) {
    const ids = rows.filter((r) => r.marketKind === kind).map((r) => r.marketId);
    for (const [id, n] of await app.kinds.of(kind).betCounts(app.db, userId, ids)) counts.set(id, n);
  }
  return rows.map((r) => ({
    sport_id: r.sportId,
    match_id: r.matchId,
    market_id: r.marketId,
    sport_name: r.sportName,
    match_name: r.matchName,
    market_details: [{ sub_type: r.marketName, bet_count: counts.get(r.marketId) ?? 0 }],
  }));
}

/**
 * The market-kind registry (app.kinds) and what reads across kinds: My Market. Registered before
 * every kind module (src/kinds.ts lists them), each of which registers itself here.
 */
export const marketsModule = fp(
  async (app) => {
    app.decorate('kinds', createKindRegistry());

    route(app, 'getExposureDetail', async ({ user }) =>
      ok({ data: await exposureDetailOf(app, user.userId) }),
    );
  },
  { name: 'markets', dependencies: ['db', 'auth', 'wallet'] },
);
