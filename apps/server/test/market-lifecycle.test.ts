// The market row's lifecycle (modules/markets/lifecycle.ts, issue 42): one state machine for its
// status, whoever asks — the operator or a kind following its own state — and a version that moves
// with every change, on PGlite and PostgreSQL.
import { asc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { marketSettlements, marketVoids, markets, runners } from '../src/modules/markets/schema.ts';
import {
  bumpMarketVersion,
  clearRunnerResults,
  closeMarkets,
  createMarkets,
  editMarket,
  followKindStatus,
  kindLineMoved,
  removeRunner,
  settleRunners,
  MarketLifecycleRefusal,
  nextMarketStatus,
  recordSettlement,
  recordVoids,
  SettlementStepError,
  settlementStepRefusal,
  SETTLED_MARKET_REOPEN_MESSAGE,
  setStatusByOperator,
  type MarketStatus,
} from '../src/modules/markets/lifecycle.ts';
import { describeStores } from './helpers/stores.ts';

const STATUSES: MarketStatus[] = ['OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE'];

it('the state machine: closing always; a kind never reopens a closed market; the operator never a settled one', () => {
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      for (const settled of [false, true]) {
        const kind = nextMarketStatus(from, to, 'kind', settled);
        const operator = nextMarketStatus(from, to, 'operator', settled);
        if (to === 'CLOSED' || from === to) {
          expect([kind, operator]).toEqual([to, to]);
        } else if (from === 'CLOSED') {
          expect(kind).toBe('CLOSED');
          expect(operator).toEqual(settled ? { refusal: SETTLED_MARKET_REOPEN_MESSAGE } : to);
        } else {
          // A settled market is closed by its settlement; a kind's state never asks about it.
          expect(kind).toBe(to);
          expect(operator).toEqual(settled ? { refusal: SETTLED_MARKET_REOPEN_MESSAGE } : to);
        }
      }
    }
  }
});

it('the settlement machine: a settlement is the next generation; an unsettle keeps the settled one', () => {
  const S = (generation: number) => ({ state: 'SETTLED' as const, generation });
  const U = (generation: number) => ({ state: 'UNSETTLED' as const, generation });
  expect(settlementStepRefusal(null, S(1))).toBeNull();
  expect(settlementStepRefusal(S(1), S(2))).toBeNull(); // a re-settlement (a void on a settled market)
  expect(settlementStepRefusal(U(2), S(3))).toBeNull();
  expect(settlementStepRefusal(S(2), U(2))).toBeNull();
  expect(settlementStepRefusal(null, S(2))).toMatch(/generation 1/);
  expect(settlementStepRefusal(S(1), S(1))).toMatch(/generation 2/);
  expect(settlementStepRefusal(U(2), S(2))).toMatch(/generation 3/);
  expect(settlementStepRefusal(null, U(0))).toMatch(/only a settled market/);
  expect(settlementStepRefusal(U(1), U(1))).toMatch(/only a settled market/);
  expect(settlementStepRefusal(S(2), U(1))).toMatch(/keeps the generation/);
});

describeStores('the market lifecycle on the store (issue 42)', (ctx) => {
  /** Three markets of the seed, set to the given statuses; their ids and versions. */
  const threeMarkets = async (statuses: [MarketStatus, MarketStatus, MarketStatus]) => {
    const rows = await ctx.app.db
      .select({ id: markets.marketId })
      .from(markets)
      .orderBy(asc(markets.marketId))
      .limit(3);
    expect(rows.length).toBe(3);
    const ids = rows.map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      await ctx.app.db.update(markets).set({ status: statuses[i]! }).where(eq(markets.marketId, id));
    }
    return ids;
  };
  const read = async (ids: number[]) =>
    new Map(
      (
        await ctx.app.db
          .select({
            id: markets.marketId,
            status: markets.status,
            version: markets.version,
            inPlay: markets.inPlay,
          })
          .from(markets)
          .where(inArray(markets.marketId, ids))
      ).map((r) => [r.id, r]),
    );

  it("a kind's state moves the generic status of open and suspended markets, never a closed one; every version moves", async () => {
    const ids = await threeMarkets(['OPEN', 'SUSPENDED', 'CLOSED']);
    const before = await read(ids);
    const versions = await ctx.app.db.transaction((tx) => followKindStatus(tx, ids, 'SUSPENDED'));
    const after = await read(ids);
    expect(ids.map((id) => after.get(id)!.status)).toEqual(['SUSPENDED', 'SUSPENDED', 'CLOSED']);
    for (const id of ids) {
      expect(after.get(id)!.version).toBe(before.get(id)!.version + 1);
      expect(versions.get(id)).toBe(after.get(id)!.version);
    }
    await ctx.app.db.transaction((tx) => followKindStatus(tx, ids, 'OPEN'));
    expect([...(await read(ids)).values()].map((r) => r.status).sort()).toEqual(['CLOSED', 'OPEN', 'OPEN']);
  });

  it('closing and a version bump (in play) move every version; nothing given, nothing written', async () => {
    const ids = await threeMarkets(['OPEN', 'SUSPENDED', 'INACTIVE']);
    const before = await read(ids);
    await ctx.app.db.transaction((tx) => closeMarkets(tx, ids.slice(0, 2)));
    await ctx.app.db.transaction((tx) => bumpMarketVersion(tx, [ids[2]!], { inPlay: true }));
    await ctx.app.db.transaction(async (tx) => {
      await closeMarkets(tx, []);
      expect((await bumpMarketVersion(tx, [])).size).toBe(0);
    });
    const after = await read(ids);
    expect(ids.map((id) => after.get(id)!.status)).toEqual(['CLOSED', 'CLOSED', 'INACTIVE']);
    expect(after.get(ids[2]!)!.inPlay).toBe(true);
    for (const id of ids) expect(after.get(id)!.version).toBe(before.get(id)!.version + 1);
  });

  it('the operator opens a closed market again only while it is not settled; the same status writes nothing', async () => {
    const [id] = await threeMarkets(['CLOSED', 'OPEN', 'OPEN']);
    const v0 = (await read([id!])).get(id!)!.version;
    expect(await ctx.app.db.transaction((tx) => setStatusByOperator(tx, id!, 'CLOSED', 'CLOSED'))).toBe(
      false,
    );
    expect((await read([id!])).get(id!)!.version).toBe(v0);

    await ctx.app.db.insert(marketSettlements).values({
      marketId: id!,
      state: 'SETTLED',
      generation: 1,
      settledAt: new Date(),
      updatedAt: new Date(),
    });
    const refused = await ctx.app.db
      .transaction((tx) => setStatusByOperator(tx, id!, 'CLOSED', 'OPEN'))
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(MarketLifecycleRefusal);
    expect((refused as Error).message).toBe(SETTLED_MARKET_REOPEN_MESSAGE);
    expect((await read([id!])).get(id!)).toMatchObject({ status: 'CLOSED', version: v0 });

    await ctx.app.db.delete(marketSettlements).where(eq(marketSettlements.marketId, id!));
    expect(await ctx.app.db.transaction((tx) => setStatusByOperator(tx, id!, 'CLOSED', 'OPEN'))).toBe(true);
    expect((await read([id!])).get(id!)).toMatchObject({ status: 'OPEN', version: v0 + 1 });
  });

  it('records a settlement only as the machine allows and only on a closed market; voids as given', async () => {
    const [open, closed] = await threeMarkets(['OPEN', 'CLOSED', 'OPEN']);
    const at = new Date();
    const settled = { state: 'SETTLED' as const, generation: 1, settledAt: at, updatedAt: at };
    const refusedOf = (marketId: number, step: Parameters<typeof recordSettlement>[2]) =>
      ctx.app.db.transaction((tx) => recordSettlement(tx, marketId, step)).catch((err: unknown) => err);
    const stored = async (marketId: number) =>
      ctx.app.db.select().from(marketSettlements).where(eq(marketSettlements.marketId, marketId));

    expect(await refusedOf(open!, settled)).toBeInstanceOf(SettlementStepError);
    expect(await stored(open!)).toEqual([]);
    expect(await refusedOf(closed!, { ...settled, state: 'UNSETTLED' })).toBeInstanceOf(SettlementStepError);
    expect(await refusedOf(closed!, { ...settled, generation: 2 })).toBeInstanceOf(SettlementStepError);
    expect(await stored(closed!)).toEqual([]);

    await ctx.app.db.transaction((tx) => recordSettlement(tx, closed!, settled));
    await ctx.app.db.transaction((tx) => recordSettlement(tx, closed!, { ...settled, state: 'UNSETTLED' }));
    expect(await refusedOf(closed!, { ...settled, state: 'UNSETTLED' })).toBeInstanceOf(SettlementStepError);
    await ctx.app.db.transaction((tx) => recordSettlement(tx, closed!, { ...settled, generation: 2 }));
    expect((await stored(closed!)).map((r) => [r.state, r.generation])).toEqual([['SETTLED', 2]]);

    await ctx.app.db.transaction((tx) =>
      recordVoids(tx, [
        { marketId: closed!, kind: 'WINDOW', fromAt: at, toAt: at, createdAt: at },
        { marketId: closed!, kind: 'BET', betId: 987_654_321, createdAt: at },
      ]),
    );
    const voids = await ctx.app.db.select().from(marketVoids).where(eq(marketVoids.marketId, closed!));
    expect(voids.map((v) => v.kind).sort()).toEqual(['BET', 'WINDOW']);
    await ctx.app.db.delete(marketVoids).where(eq(marketVoids.marketId, closed!));
    await ctx.app.db.delete(marketSettlements).where(eq(marketSettlements.marketId, closed!));
  });

  it('creates markets with their runners in order, each market its own selection ids; a result, an unsettle and a removal on them', async () => {
    const [seed] = await ctx.app.db.select({ matchId: markets.matchId }).from(markets).limit(1);
    const base = { matchId: seed!.matchId, marketType: 'MATCH_ODDS', startTime: new Date() };
    const made = await ctx.app.db.transaction((tx) =>
      createMarkets(tx, [
        { ...base, marketName: 'A', runners: ['a1', 'a2', 'a3'] },
        { ...base, marketName: 'B' },
        { ...base, marketName: 'C', runners: ['c1', 'c2'] },
      ]),
    );
    expect(made.map((m) => m.selectionIds.length)).toEqual([3, 0, 2]);
    for (const m of made) {
      const rs = await ctx.app.db
        .select({ id: runners.selectionId, name: runners.name, market: runners.marketId })
        .from(runners)
        .where(eq(runners.marketId, m.marketId))
        .orderBy(asc(runners.sortOrder));
      expect(rs.map((r) => r.id)).toEqual(m.selectionIds);
    }
    const [a, , c] = made;
    const names = async (id: number) =>
      (
        await ctx.app.db
          .select({ name: runners.name, status: runners.status })
          .from(runners)
          .where(eq(runners.marketId, id))
          .orderBy(asc(runners.sortOrder))
      ).map((r) => `${r.name}:${r.status}`);
    expect(await names(c!.marketId)).toEqual(['c1:ACTIVE', 'c2:ACTIVE']);

    const v0 = (await read([a!.marketId])).get(a!.marketId)!.version;
    await ctx.app.db.transaction((tx) => removeRunner(tx, a!.marketId, a!.selectionIds[2]!));
    await ctx.app.db.transaction((tx) => settleRunners(tx, a!.marketId, [a!.selectionIds[0]!]));
    expect(await names(a!.marketId)).toEqual(['a1:WINNER', 'a2:LOSER', 'a3:REMOVED']);
    await ctx.app.db.transaction((tx) => clearRunnerResults(tx, a!.marketId));
    expect(await names(a!.marketId)).toEqual(['a1:ACTIVE', 'a2:ACTIVE', 'a3:REMOVED']);
    expect((await read([a!.marketId])).get(a!.marketId)!.version).toBe(v0 + 1);

    const added = await ctx.app.db.transaction((tx) =>
      editMarket(tx, c!.marketId, {
        terms: { marketName: 'C2' },
        rename: [{ selectionId: c!.selectionIds[0]!, name: 'c1 renamed' }],
        add: { names: ['c3'], firstSortOrder: 2 },
      }),
    );
    expect(added).toHaveLength(1);
    expect(await names(c!.marketId)).toEqual(['c1 renamed:ACTIVE', 'c2:ACTIVE', 'c3:ACTIVE']);
  });

  it("a kind's line closes its market and moves the version, never opens one, and leaves a closed one alone", async () => {
    const ids = await threeMarkets(['SUSPENDED', 'OPEN', 'CLOSED']);
    const before = await read(ids);
    await ctx.app.db.transaction((tx) => kindLineMoved(tx, [ids[0]!], false));
    await ctx.app.db.transaction((tx) => kindLineMoved(tx, [ids[1]!, ids[2]!], true));
    const after = await read(ids);
    expect(ids.map((id) => after.get(id)!.status)).toEqual(['SUSPENDED', 'CLOSED', 'CLOSED']);
    expect(ids.map((id) => after.get(id)!.version - before.get(id)!.version)).toEqual([1, 1, 0]);
  });
});
