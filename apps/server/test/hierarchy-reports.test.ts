// Issue 41, what each level sees (docs/hierarchy.md "What each level sees"): a three-level tree,
// operator → master M 30 % → agent A 20 % → bettors B1, B2, and bettor C straight under M. Markets
// settled on a loss, on a win with commission, unsettled and settled again: the downline P/L by
// child and by market equals what the ledger moved for the bettors and each level's shares, to the
// paisa; the risk of an open market at 100 % is the sum of the bettors' positions and at the
// caller's share the per-bettor split settlement then moves; the subtree's bets with their paths; the
// settlement between a child and its parent zeroes what is owed; another master sees none of it.
// The ledger check holds after every step. On both stores.
import { splitResultShares, type UplineShare } from '@backlay/engine';
import { expect, it } from 'vitest';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket, marketBet, nextRequestId, placedBet } from './helpers/exchange.ts';
import { treeOf } from './helpers/hierarchy.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';

const rid = (p = 'hr') => nextRequestId(p);
/** An India day `offsetDays` from today. */
const day = (offsetDays: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const range = { from_date: day(-1), to_date: day(1) };

async function ledgerClean(ctx: StoreContext) {
  const check = await checkLedger(ctx.app);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
}

type PlRow = {
  user_id: number | null;
  market_id: number | null;
  bettors_pl: number;
  commission: number;
  total: number;
  downline_share: number;
  my_share: number;
  upline: number;
  owed: number | null;
};
type Pl = { rows: PlRow[]; total_rows: number; totals: Omit<PlRow, 'user_id' | 'market_id'> };
type Risk = {
  markets: {
    market_id: number;
    exposure: number;
    bettors: number;
    outcomes: { key: string; bettors_pl: number; total: number; my_share: number }[];
  }[];
};

describeStores('hierarchy: what each level sees of its downline', (ctx) => {
  const tree = treeOf(ctx);
  const ok = async (api: Api, name: Parameters<Api['call']>[0], body: object) => {
    const r = await api.call(name, body);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
    return r.body.data;
  };
  const paise = async (userId: number) => ctx.app.wallet.balancePaise(userId);

  /** `by` deposits `amount` rupees to a direct child and sets it as the child's credit reference. */
  const give = async (by: Api, user_id: number, amount: number) => {
    await ok(by, 'adminWalletDeposit', { user_id, amount, request_id: rid('give'), memo: 'credit' });
    await ok(by, 'adminUserCreditReference', { user_id, credit_reference: amount, request_id: rid('cr') });
  };

  /** The tree, credit given down it, credit references set by each parent. */
  async function world() {
    const operator = await tree.as('operator', 'operator123');
    const m = await tree.create(operator, 'master', { share_pct: 30 });
    const master = await tree.as(m.userName);
    const a = await tree.create(master, 'agent', { share_pct: 20 });
    const c = await tree.create(master, 'bettor');
    const agent = await tree.as(a.userName);
    const b1 = await tree.create(agent, 'bettor');
    const b2 = await tree.create(agent, 'bettor');
    await give(operator, m.userId, 2_000);
    await give(master, a.userId, 1_000);
    await give(master, c.userId, 200);
    await give(agent, b1.userId, 300);
    await give(agent, b2.userId, 300);
    // The counterparty, under nobody: its result is the operator's business alone.
    const x = await createBettor(ctx.app, 1_000_000);
    return {
      operator,
      master,
      agent,
      m,
      a,
      c,
      b1,
      b2,
      x,
      bettor: {
        b1: await tree.as(b1.userName),
        b2: await tree.as(b2.userName),
        c: await tree.as(c.userName),
      },
      layer: await tree.as(x.userName, x.password),
    };
  }

  const settle = async (operator: Api, marketId: number, winner: number) => {
    await ok(operator, 'adminMarketResult', {
      market_id: marketId,
      winners: [winner],
      request_id: rid('res'),
    });
    await ledgerClean(ctx);
  };

  it('P/L by child and by market is what the ledger moved: the bettors, each level’s share, the house’s rest', async () => {
    const w = await world();
    const ids = [w.m.userId, w.a.userId, w.b1.userId, w.b2.userId, w.c.userId, w.x.userId];
    const before = new Map(await Promise.all(ids.map(async (u) => [u, await paise(u)] as const)));
    const moved = async (u: number) => (await paise(u)) - before.get(u)!;

    // Market 1: B1 backs ₹100 at 2.0 and C ₹50 at 3.0, X lays both; runner 2 wins: both lose.
    const mk1 = await createMarket(ctx.app);
    await placedBet(w.bettor.b1, marketBet(mk1, 0, true, 2, 100));
    await placedBet(w.bettor.c, marketBet(mk1, 0, true, 3, 50));
    await placedBet(w.layer, marketBet(mk1, 0, false, 2, 100));
    await placedBet(w.layer, marketBet(mk1, 0, false, 3, 50));
    await settle(w.operator, mk1.marketId, mk1.selectionIds[1]!);
    // Market 2 (2 % commission): B2 backs ₹100 at 2.0 and wins ₹100, pays ₹2.00.
    const mk2 = await createMarket(ctx.app);
    await placedBet(w.bettor.b2, marketBet(mk2, 0, true, 2, 100));
    await placedBet(w.layer, marketBet(mk2, 0, false, 2, 100));
    await settle(w.operator, mk2.marketId, mk2.selectionIds[0]!);
    // Market 1 unsettled and settled again the same way: the reversals net out in the report.
    await ok(w.operator, 'adminMarketUnsettle', { market_id: mk1.marketId, request_id: rid('un') });
    await ledgerClean(ctx);
    await settle(w.operator, mk1.marketId, mk1.selectionIds[1]!);

    // The ledger: B1 −100, C −50, B2 +98; A 20 − 19.60; M 30 + 15 − 29.40.
    expect(await moved(w.b1.userId)).toBe(-10_000);
    expect(await moved(w.c.userId)).toBe(-5_000);
    expect(await moved(w.b2.userId)).toBe(9_800);
    expect(await moved(w.a.userId)).toBe(40);
    expect(await moved(w.m.userId)).toBe(1_560);

    // M by child: A's subtree (B1, B2) and C.
    const byChild = (await ok(w.master, 'adminDownlinePl', { ...range, group_by: 'child' })) as Pl;
    const row = (id: number) => byChild.rows.find((r) => r.user_id === id);
    expect(byChild.total_rows).toBe(2);
    expect(row(w.a.userId)).toMatchObject({
      bettors_pl: -2,
      commission: 2,
      total: 2,
      downline_share: 0.4,
      my_share: 0.6,
      upline: 1,
    });
    expect(row(w.c.userId)).toMatchObject({
      bettors_pl: -50,
      total: 50,
      downline_share: 0,
      my_share: 15,
      upline: 35,
    });
    // Each figure is what moved: the bettors' balances, A's shares, M's shares.
    const bettorsMoved = (await moved(w.b1.userId)) + (await moved(w.b2.userId)) + (await moved(w.c.userId));
    expect(byChild.totals.bettors_pl * 100).toBe(bettorsMoved);
    expect(byChild.totals.downline_share * 100).toBe(await moved(w.a.userId));
    expect(byChild.totals.my_share * 100).toBe(await moved(w.m.userId));
    expect(byChild.totals).toMatchObject({ total: 52, upline: 36 });

    // M by market: the same money, cut the other way.
    const byMarket = (await ok(w.master, 'adminDownlinePl', { ...range, group_by: 'market' })) as Pl;
    const mrow = (id: number) => byMarket.rows.find((r) => r.market_id === id);
    expect(mrow(mk1.marketId)).toMatchObject({
      bettors_pl: -150,
      total: 150,
      downline_share: 20,
      my_share: 45,
      upline: 85,
    });
    expect(mrow(mk2.marketId)).toMatchObject({
      bettors_pl: 98,
      commission: 2,
      total: -98,
      downline_share: -19.6,
      my_share: -29.4,
      upline: -49,
    });
    expect(byMarket.totals).toEqual(byChild.totals);

    // A sees its own share and what goes up (M's 30 % and the house's 50 %).
    const agentPl = (await ok(w.agent, 'adminDownlinePl', { ...range, group_by: 'market' })) as Pl;
    expect(agentPl.totals).toMatchObject({
      bettors_pl: -2,
      total: 2,
      downline_share: 0,
      my_share: 0.4,
      upline: 1.6,
    });
    expect(agentPl.totals.my_share * 100).toBe(await moved(w.a.userId));

    // The operator: what the house kept of these two markets is its own share; nothing goes up.
    const opPl = (await ok(w.operator, 'adminDownlinePl', { ...range, group_by: 'market' })) as Pl;
    const op = (id: number) => opPl.rows.find((r) => r.market_id === id)!;
    // X won ₹150 less ₹3 commission on market 1 and lost ₹100 on market 2.
    expect(await moved(w.x.userId)).toBe(4_700);
    expect(op(mk1.marketId)).toMatchObject({
      bettors_pl: -3,
      total: 3,
      downline_share: 65,
      my_share: -62,
      upline: 0,
    });
    expect(op(mk2.marketId)).toMatchObject({
      bettors_pl: -2,
      total: 2,
      downline_share: -49,
      my_share: 51,
      upline: 0,
    });

    // Another master sees nothing of M's downline.
    const other = await tree.as((await tree.create(w.operator, 'master', { share_pct: 10 })).userName);
    const otherPl = (await ok(other, 'adminDownlinePl', { ...range, group_by: 'child' })) as Pl;
    expect(otherPl).toEqual({
      rows: [],
      total_rows: 0,
      totals: { bettors_pl: 0, commission: 0, total: 0, downline_share: 0, my_share: 0, upline: 0 },
    });
    await ledgerClean(ctx);
  });

  it('risk per outcome: at 100 % the sum of the bettors’ positions, at share their split, and settlement moves exactly that', async () => {
    const w = await world();
    const mk = await createMarket(ctx.app);
    // B1 backs runner 1 ₹100 at 2.0; B2 lays runner 1 ₹50 at 3.0; C backs runner 2 ₹33.33 at 3.1.
    await placedBet(w.bettor.b1, marketBet(mk, 0, true, 2, 100));
    await placedBet(w.layer, marketBet(mk, 0, false, 2, 100));
    await placedBet(w.layer, marketBet(mk, 0, true, 3, 50));
    await placedBet(w.bettor.b2, marketBet(mk, 0, false, 3, 50));
    await placedBet(w.layer, marketBet(mk, 1, false, 3.1, 33.33));
    await placedBet(w.bettor.c, marketBet(mk, 1, true, 3.1, 33.33));

    // Each bettor's position per outcome, as the console's market risk reads them.
    const marketRisk = (await ok(w.operator, 'adminMarketRisk', { market_id: mk.marketId })) as {
      outcomes: { key: string }[];
      users: { user_id: number; positions: number[] }[];
    };
    const positions = new Map(
      marketRisk.users.map((u) => [u.user_id, u.positions.map((p) => Math.round(p * 100))]),
    );
    const chains: Record<number, UplineShare[]> = {
      [w.b1.userId]: [
        { uplineId: w.a.userId, shareBp: 2_000 },
        { uplineId: w.m.userId, shareBp: 3_000 },
      ],
      [w.b2.userId]: [
        { uplineId: w.a.userId, shareBp: 2_000 },
        { uplineId: w.m.userId, shareBp: 3_000 },
      ],
      [w.c.userId]: [{ uplineId: w.m.userId, shareBp: 3_000 }],
    };
    const mine = [w.b1.userId, w.b2.userId, w.c.userId];
    const gain = (pnl: number) => -pnl + (pnl > 0 ? Math.floor((pnl * 200) / 10_000) : 0);
    const expected = (who: number, i: number) =>
      mine.reduce(
        (t, u) =>
          t +
          (splitResultShares(gain(positions.get(u)![i]!), chains[u]!).find((s) => s.uplineId === who)
            ?.amountPaise ?? 0),
        0,
      );

    const risk = (await ok(w.master, 'adminDownlineRisk', {})) as Risk;
    const mkRisk = risk.markets.find((m) => m.market_id === mk.marketId)!;
    expect(mkRisk.bettors).toBe(3);
    mkRisk.outcomes.forEach((o, i) => {
      expect(Math.round(o.bettors_pl * 100)).toBe(mine.reduce((t, u) => t + positions.get(u)![i]!, 0));
      expect(Math.round(o.total * 100)).toBe(mine.reduce((t, u) => t + gain(positions.get(u)![i]!), 0));
      expect(Math.round(o.my_share * 100)).toBe(expected(w.m.userId, i));
    });
    // The agent's view: only B1 and B2, at 20 %.
    const agentRisk = (await ok(w.agent, 'adminDownlineRisk', { market_id: mk.marketId })) as Risk;
    expect(agentRisk.markets[0]!.bettors).toBe(2);
    agentRisk.markets[0]!.outcomes.forEach((o, i) =>
      expect(Math.round(o.my_share * 100)).toBe(expected(w.a.userId, i)),
    );
    // Another master sees no market of M's downline.
    const other = await tree.as((await tree.create(w.operator, 'master', { share_pct: 10 })).userName);
    expect(
      ((await ok(other, 'adminDownlineRisk', {})) as Risk).markets.map((m) => m.market_id),
    ).not.toContain(mk.marketId);

    // Settled on runner 2: M's and A's balances move by exactly the risk's figure at that outcome.
    const at = mkRisk.outcomes.findIndex((o) => o.key === String(mk.selectionIds[1]));
    expect(at).toBeGreaterThanOrEqual(0);
    const [m0, a0] = [await paise(w.m.userId), await paise(w.a.userId)];
    await settle(w.operator, mk.marketId, mk.selectionIds[1]!);
    expect((await paise(w.m.userId)) - m0).toBe(Math.round(mkRisk.outcomes[at]!.my_share * 100));
    expect((await paise(w.a.userId)) - a0).toBe(
      Math.round(agentRisk.markets[0]!.outcomes[at]!.my_share * 100),
    );
  });

  it('risk after a share change: each bettor split at the share of its first stake, as settlement splits it', async () => {
    const w = await world();
    const mk = await createMarket(ctx.app);
    // B1 stakes while A has 20 %; then M cuts A to 10 %; B2 stakes after.
    await placedBet(w.bettor.b1, marketBet(mk, 0, true, 2, 100));
    await placedBet(w.layer, marketBet(mk, 0, false, 2, 100));
    await ok(w.master, 'adminUserShare', { user_id: w.a.userId, share_pct: 10, request_id: rid('share') });
    await placedBet(w.layer, marketBet(mk, 1, true, 3, 40));
    await placedBet(w.bettor.b2, marketBet(mk, 1, false, 3, 40));
    const risk = (await ok(w.agent, 'adminDownlineRisk', { market_id: mk.marketId })) as Risk;
    const outcomes = risk.markets[0]!.outcomes;
    // Runner 1 wins: B1 +₹100 less ₹2 commission (A pays 20 % of ₹98), B2 +₹40 less ₹0.80 (A pays 10 % of ₹39.20).
    expect(outcomes[0]!.my_share).toBe(-23.52);
    // Runner 2 wins: B1 −₹100 (A gets 20 %), B2 −₹80 (A gets 10 %).
    expect(outcomes[1]!.my_share).toBe(28);
    const a0 = await paise(w.a.userId);
    await settle(w.operator, mk.marketId, mk.selectionIds[0]!);
    expect((await paise(w.a.userId)) - a0).toBe(-2_352);
  });

  it('bets of the subtree, current and history, each with its bettor and path; filters; not another master’s', async () => {
    const w = await world();
    const mk = await createMarket(ctx.app);
    await placedBet(w.bettor.b1, marketBet(mk, 0, true, 2, 10));
    await placedBet(w.bettor.c, marketBet(mk, 0, true, 2, 20));
    await placedBet(w.layer, marketBet(mk, 0, false, 2, 30));
    type Bets = {
      bets: {
        user_id: number;
        user_name: string;
        market_id: number;
        path: { user_id: number }[];
        result: string | null;
      }[];
      total: number;
    };
    const list = async (api: Api, body: object) => (await ok(api, 'adminDownlineBets', body)) as Bets;
    const current = await list(w.master, { view: 'current', bet_type: 'M', market_id: mk.marketId });
    expect(current.bets.map((b) => b.user_id).sort()).toEqual([w.b1.userId, w.c.userId].sort());
    expect(current.bets.find((b) => b.user_id === w.b1.userId)).toMatchObject({
      user_name: w.b1.userName,
      path: [{ user_id: w.a.userId }, { user_id: w.m.userId }],
    });
    // One child's subtree.
    const underA = await list(w.master, { view: 'current', user_id: w.a.userId, market_id: mk.marketId });
    expect(underA.bets.map((b) => b.user_id)).toEqual([w.b1.userId]);
    // The operator sees the layer too.
    expect((await list(w.operator, { market_id: mk.marketId })).total).toBe(3);

    await settle(w.operator, mk.marketId, mk.selectionIds[0]!);
    expect((await list(w.master, { view: 'current', market_id: mk.marketId })).total).toBe(0);
    const history = await list(w.master, { view: 'history', market_id: mk.marketId, ...range });
    expect(history.bets.map((b) => [b.user_id, b.result]).sort()).toEqual(
      [
        [w.b1.userId, 'WON'],
        [w.c.userId, 'WON'],
      ].sort(),
    );

    // The downline list drills down level by level, with the way back up from the caller.
    const level = (await ok(w.master, 'adminUsers', { parent_id: w.a.userId })) as {
      rows: { user_id: number; bet_locked: boolean; credit_reference: number; share_pct: number | null }[];
      trail: { user_id: number }[];
    };
    expect(level.rows.map((r) => r.user_id).sort()).toEqual([w.b1.userId, w.b2.userId].sort());
    expect(level.rows[0]).toMatchObject({ bet_locked: false, credit_reference: 300, share_pct: null });
    expect(level.trail.map((t) => t.user_id)).toEqual([w.m.userId, w.a.userId]);

    // Another master: its list is empty, and naming M's bettor is refused.
    const other = await tree.as((await tree.create(w.operator, 'master', { share_pct: 10 })).userName);
    expect((await list(other, { view: 'history', market_id: mk.marketId })).total).toBe(0);
    const r = await other.call('adminDownlineBets', { user_id: w.b1.userId });
    expect(r.statusCode).toBe(403);
  });

  it('settlement with the parent zeroes what is owed, in part or whole, bounded by what is available, idempotent', async () => {
    const w = await world();
    const mk = await createMarket(ctx.app);
    await placedBet(w.bettor.b2, marketBet(mk, 0, true, 2, 100));
    await placedBet(w.layer, marketBet(mk, 0, false, 2, 100));
    await settle(w.operator, mk.marketId, mk.selectionIds[0]!);
    // B2: ₹398 against a credit reference of ₹300: A owes it ₹98.
    const settleAs = async (api: Api, body: object) =>
      api.call('adminDownlineSettle', { note: 'cash at the shop', request_id: rid('set'), ...body });

    const part = await settleAs(w.agent, { user_id: w.b2.userId, amount: 50 });
    expect(part.body).toMatchObject({
      status: true,
      data: {
        kind: 'settlement_up',
        amount: 50,
        owed_before: 98,
        owed_after: 48,
        balance: 348,
        credit_reference: 300,
      },
    });
    await ledgerClean(ctx);
    // More than is owed: refused, never past zero.
    const over = await settleAs(w.agent, { user_id: w.b2.userId, amount: 48.01 });
    expect(over.body.status).toBe(false);
    expect(over.body.message).toMatch(/more than what is owed \(₹48\.00\)/);
    const request_id = rid('whole');
    const whole = await settleAs(w.agent, { user_id: w.b2.userId, request_id });
    expect(whole.body).toMatchObject({ status: true, data: { amount: 48, owed_after: 0, balance: 300 } });
    // The same request again: the same answer, nothing moves.
    const a0 = await paise(w.a.userId);
    const again = await settleAs(w.agent, { user_id: w.b2.userId, request_id });
    expect(again.body).toEqual(whole.body);
    expect(await paise(w.a.userId)).toBe(a0);
    const none = await settleAs(w.agent, { user_id: w.b2.userId });
    expect(none.body).toEqual({
      status: false,
      message: `Nothing is owed between ${w.b2.userName} and its parent`,
    });
    // Both statements carry the note.
    const stmt = await w.agent.call('getAccountStatement', { ...range, page: 1 });
    expect(JSON.stringify(stmt.body)).toMatch(/Settlement up — cash at the shop/);
    await ledgerClean(ctx);

    // A: ₹1,000 lent, ₹600 lent on, its ₹19.60 share paid, ₹98 settled up from B2: ₹478.40 held and
    // ₹600 lent down against ₹1,000, so M owes A ₹78.40 (M's 30 % and the house's 50 % of the ₹98 A
    // paid B2); settled, A's ledger cash pays it up to M's.
    expect(await paise(w.a.userId)).toBe(47_840);
    expect((await settleAs(w.master, { user_id: w.a.userId })).body).toMatchObject({
      status: true,
      data: { kind: 'settlement_up', amount: 78.4, owed_before: 78.4, owed_after: 0, balance: 400 },
    });
    await ledgerClean(ctx);
    // M (₹800 − ₹29.40 + ₹78.40 = ₹849.00) cannot make good ₹1,800 owed by C: refused in words.
    expect(await paise(w.m.userId)).toBe(84_900);
    const setRef = async (credit_reference: number) =>
      ok(w.master, 'adminUserCreditReference', {
        user_id: w.c.userId,
        credit_reference,
        request_id: rid('cr'),
      });
    await setRef(2_000);
    const short = await settleAs(w.master, { user_id: w.c.userId });
    expect(short.body).toEqual({
      status: false,
      message: 'Your available balance is ₹849.00: not enough to settle ₹1800.00',
    });
    await setRef(200);

    // B1 has a bet open: what can be taken from it is its available balance, not its balance.
    const mk2 = await createMarket(ctx.app);
    await ok(w.operator, 'adminWalletDeposit', { user_id: w.b1.userId, amount: 100, request_id: rid('top') });
    await placedBet(w.bettor.b1, marketBet(mk2, 0, true, 2, 350));
    const held = await settleAs(w.agent, { user_id: w.b1.userId });
    expect(held.body.status).toBe(false);
    expect(held.body.message).toBe(
      `${w.b1.userName}'s available balance is ₹50.00 (the rest is held for open bets): settle at most that now`,
    );
    expect((await settleAs(w.agent, { user_id: w.b1.userId, amount: 50 })).body).toMatchObject({
      status: true,
      data: { owed_after: 50 },
    });

    // The operator settles M with the house: ₹849.00 held and ₹1,200 lent down against ₹2,000, so
    // the house owes M ₹49.00 (its 50 % of B2's ₹98, which M paid A): M's cash pays it up.
    const op = await settleAs(w.operator, { user_id: w.m.userId });
    expect(op.body).toMatchObject({
      status: true,
      data: { kind: 'settlement_up', amount: 49, owed_before: 49, owed_after: 0, balance: 800 },
    });
    await ledgerClean(ctx);

    // Not a direct child, not in the downline, bad input: refused, naming what is wrong.
    const notDirect = await settleAs(w.master, { user_id: w.b1.userId });
    expect(notDirect.body.message).toMatch(/is not directly under you/);
    const other = await tree.as((await tree.create(w.operator, 'master', { share_pct: 10 })).userName);
    expect((await settleAs(other, { user_id: w.a.userId })).statusCode).toBe(403);
    for (const [body, field] of [
      [{ user_id: w.b2.userId, amount: 0 }, 'amount'],
      [{ user_id: w.b2.userId, amount: 1.234 }, 'amount'],
      [{ user_id: w.b2.userId, amount: '5' }, 'amount'],
      [{ user_id: w.b2.userId, note: '' }, 'note'],
      [{ user_id: w.b2.userId, request_id: '' }, 'request_id'],
      [{ user_id: 'abc' }, 'user_id'],
    ] as const) {
      const bad = await settleAs(w.operator, body);
      expect(bad.statusCode, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.message).toContain(field);
    }
    for (const [body, field] of [
      [{ from_date: 'x', to_date: day(0) }, 'from_date'],
      [{ from_date: day(1), to_date: day(0) }, 'from_date'],
      [{ ...range, group_by: 'sport' }, 'group_by'],
    ] as const) {
      const bad = await w.master.call('adminDownlinePl', body);
      expect(bad.statusCode, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.message).toContain(field);
    }
    const badBets = await w.master.call('adminDownlineBets', { view: 'all' });
    expect(badBets.statusCode).toBe(400);
    expect(badBets.body.message).toContain('view');
    await ledgerClean(ctx);
  });
  it('owed counts what a master or an agent lent down: the worked example, settled up the tree to zero', async () => {
    // docs/hierarchy.md "Settlement": M 30 % → A 20 % → B and B2; M lent A ₹2,00,000, A lent each
    // bettor ₹25,000. Owed = balance + Σ the direct children's credit references − credit reference.
    const operator = await tree.as('operator', 'operator123');
    const m = await tree.create(operator, 'master', { share_pct: 30 });
    const master = await tree.as(m.userName);
    const a = await tree.create(master, 'agent', { share_pct: 20 });
    const agent = await tree.as(a.userName);
    const b = await tree.create(agent, 'bettor');
    const b2 = await tree.create(agent, 'bettor');
    await give(operator, m.userId, 1_000_000);
    await give(master, a.userId, 200_000);
    await give(agent, b.userId, 25_000);
    await give(agent, b2.userId, 25_000);
    const x = await createBettor(ctx.app, 1_000_000);
    /** Each one's owed figure as its parent's Users list and the operator's user page show it. */
    const owed = async () => {
      const listed = async (by: Api, u: { userId: number; userName: string }) => {
        const list = (await ok(by, 'adminUsers', { search: u.userName })) as {
          rows: { user_id: number; owed: number }[];
        };
        const row = list.rows.find((r) => r.user_id === u.userId)!;
        const page = (await ok(operator, 'adminUser', { user_id: u.userId })) as { owed: number };
        expect(page.owed).toBe(row.owed);
        return row.owed;
      };
      return { b: await listed(agent, b), a: await listed(master, a), m: await listed(operator, m) };
    };
    // A holds ₹1,50,000 and lent ₹50,000 down against the ₹2,00,000 it was lent: it owes nothing.
    expect(await paise(a.userId)).toBe(15_000_000);
    expect(await owed()).toEqual({ b: 0, a: 0, m: 0 });

    // B backs ₹100 at 2.0 and loses: the house pays A its 20 % and M its 30 % at settlement.
    const mk = await createMarket(ctx.app);
    await placedBet(await tree.as(b.userName), marketBet(mk, 0, true, 2, 100));
    await placedBet(await tree.as(x.userName, x.password), marketBet(mk, 0, false, 2, 100));
    await settle(operator, mk.marketId, mk.selectionIds[1]!);
    // B owes A ₹100; A is owed its ₹20 (the house paid it its share of a loss A has not collected
    // yet) and M its ₹30, until the cash comes up the tree.
    expect(await owed()).toEqual({ b: -100, a: 20, m: 30 });
    // The P/L by child shows the same figure.
    const plOwed = async (by: Api, userId: number) =>
      ((await ok(by, 'adminDownlinePl', { ...range, group_by: 'child' })) as Pl).rows.find(
        (r) => r.user_id === userId,
      )!.owed;
    expect(await plOwed(agent, b.userId)).toBe(-100);
    expect(await plOwed(master, a.userId)).toBe(20);
    expect(await plOwed(operator, m.userId)).toBe(30);

    const settleAs = async (api: Api, user_id: number) =>
      ok(api, 'adminDownlineSettle', { user_id, note: 'cash', request_id: rid('wx') });
    // B pays A ₹100 cash: A's cash pays ₹100 into B's account. A now owes M ₹80: M's ₹30 and the
    // house's ₹50 of B's loss.
    expect(await settleAs(agent, b.userId)).toMatchObject({
      kind: 'settlement_down',
      amount: 100,
      owed_before: -100,
    });
    expect(await owed()).toEqual({ b: 0, a: -80, m: 30 });
    await ledgerClean(ctx);
    // A pays M ₹80 cash: M's cash pays ₹80 into A's. M now owes the house its ₹50.
    expect(await settleAs(master, a.userId)).toMatchObject({
      kind: 'settlement_down',
      amount: 80,
      owed_before: -80,
    });
    expect(await owed()).toEqual({ b: 0, a: 0, m: -50 });
    // M pays the house ₹50 cash: the house's cash pays ₹50 into M's. Every balance is what was lent.
    expect(await settleAs(operator, m.userId)).toMatchObject({
      kind: 'settlement_down',
      amount: 50,
      owed_after: 0,
    });
    expect(await owed()).toEqual({ b: 0, a: 0, m: 0 });
    expect([await paise(b.userId), await paise(a.userId), await paise(m.userId)]).toEqual([
      2_500_000, 15_000_000, 80_000_000,
    ]);
    await ledgerClean(ctx);
  });
});
