// Two nodes on one PostgreSQL taking bets on one fancy: each node keeps a copy of the fancy's open
// bets (modules/fancy/open-bets.ts), and a bet taken by the other node must reach its next batch
// (the per-user stake cap and the hold are computed from every open bet, wherever it was taken).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { matches, series } from '../src/modules/catalog/schema.ts';
import { fancies } from '../src/modules/fancy/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { setUpCricketMatch } from '../src/seed/cricket-match.ts';
import { createBettor, expectExchangeInvariants } from './helpers/exchange.ts';
import { availableStores, openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

const SPORT_CRICKET = 4;
const CAP_PAISE = 30_000; // ₹300 a bettor on this fancy

describe.skipIf(!availableStores().includes('postgres'))('a fancy on two nodes of one store', () => {
  const apps: FastifyInstance[] = [];
  let cleanupStore = async () => {};
  afterAll(async () => {
    for (const app of apps) await app.close();
    await cleanupStore();
  });

  it("each node's next batch sees the bets the other node took (stake cap and hold)", async () => {
    const opened = await openStore('postgres');
    cleanupStore = opened.cleanup;
    for (let i = 0; i < 2; i++) {
      apps.push(
        await buildApp({
          store: opened.options,
          seedDemo: i === 0,
          rateLimits: TEST_RATE_LIMITS,
          secretHashCost: TEST_SECRET_HASH_COST,
          logger: false,
        }),
      );
    }
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const [s] = await a.db.select().from(series).where(eq(series.sportId, SPORT_CRICKET)).limit(1);
    const start = new Date(Date.now() + 86_400_000);
    const { matchId, fancyId } = await a.db.transaction(async (tx) => {
      const [m] = await tx
        .insert(matches)
        .values({
          seriesId: s!.seriesId,
          sportId: SPORT_CRICKET,
          matchName: 'Nodes v Copies',
          startTime: start,
          openDate: start,
        })
        .returning();
      const up = await setUpCricketMatch(tx, {
        matchId: m!.matchId,
        format: 'T20',
        competition: 'IPL',
        teams: ['Nodes', 'Copies'],
        startTime: start,
        inPlay: false,
        at: new Date(),
      });
      return { matchId: m!.matchId, fancyId: up.fancyIds[0]! };
    });
    await a.db.update(fancies).set({ maxUserStakePaise: CAP_PAISE }).where(eq(fancies.marketId, fancyId));
    const f = (await a.fancy.fancyRow(fancyId))!.fancy;
    const bettor = await createBettor(a, 10_000_000);
    let n = 0;
    const yes = (app: FastifyInstance, stake_paise: number) =>
      app.fancy.place(
        bettor.userId,
        {
          match_id: matchId,
          fancy_id: fancyId,
          is_yes: true,
          line: f.yesLine!,
          rate: f.yesRate!,
          stake_paise,
          request_id: `nodes-${++n}`,
        },
        SYSTEM_STAKER,
      );
    const held = () => a.wallet.holds.heldPaise(a.db, bettor.userId, fancyId);

    expect(await yes(a, 10_000)).toMatchObject({ ok: true }); // node A: ₹100, its copy says ₹100
    expect(await yes(b, 10_000)).toMatchObject({ ok: true }); // node B: ₹200 in all
    expect(await held()).toBe(20_000);
    // Node A's copy still says ₹100: trusting it would take ₹150 (₹250 ≤ ₹300).
    expect(await yes(a, 15_000)).toEqual({ ok: false, message: 'Your stake on this fancy would exceed 300' });
    expect(await yes(a, 10_000)).toMatchObject({ ok: true });
    expect(await held()).toBe(30_000);
    expect(await yes(b, 10_000)).toEqual({ ok: false, message: 'Your stake on this fancy would exceed 300' });

    expect(await checkLedger(a)).toMatchObject({ ok: true, problems: [] });
    await expectExchangeInvariants(a);
  });
});
