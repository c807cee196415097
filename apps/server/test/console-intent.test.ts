// Issue 31: the console's risk view reads the positions settlement pays (after a runner void, a
// window void), and a void window's preview counts what the void will void.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_AUDIT_ACTIONS } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextId = (p = 'r') => `${p}-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

type Risk = {
  outcomes: { key: string; label: string; bettors: number; house: number }[];
  users: { user_id: number; positions: number[] }[];
  totals: { bets: number };
};

describeStores('console intent: risk = settlement, void previews', (ctx) => {
  let operator: Api;
  async function op() {
    if (!operator) {
      operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
    }
    return operator;
  }
  async function bettor(balanceRupees = 10_000) {
    const u = await createBettor(ctx.app, balanceRupees * 100);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  }
  async function newMatch() {
    const o = await op();
    const series = (await o.call('adminSeries', { sport_id: 1 })).body.data as {
      rows: { series_id: number }[];
    };
    const r = await o.call('adminMatchCreate', {
      series_id: series.rows[0]!.series_id,
      match_name: `Intent FC v Risk United ${nextId()}`,
      start_time: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      market: {
        kind: 'EXCHANGE',
        market_name: 'Match Odds',
        runners: ['Intent FC', 'Risk United', 'The Draw'],
      },
      request_id: nextId('match'),
    });
    expect(r.body).toMatchObject({ status: true });
    const { match_id, market_id } = r.body.data as { match_id: number; market_id: number };
    await o.call('adminMarketStatus', { market_id, status: 'OPEN' });
    const d = (await o.call('adminMatch', { match_id })).body.data as {
      markets: { runners: { selection_id: number }[] }[];
    };
    return {
      match_id,
      market_id,
      ids: d.markets[0]!.runners.map((r) => r.selection_id) as [number, number, number],
    };
  }

  it("after a runner void, each outcome's house in the risk view is what settling it moves", async () => {
    const o = await op();
    const { match_id, market_id, ids } = await newMatch();
    const [home, away, draw] = ids;
    const a = await bettor();
    const b = await bettor();
    const place = (api: Api, selection_id: number, back: boolean, odds: number, stack: number) =>
      api.call('placeMarketBet', {
        match_id,
        market_id,
        selection_id,
        is_back: back ? '1' : '0',
        odds,
        stack,
        request_id: nextId('bet'),
      });
    // Matched pairs on each runner, different prices and sizes so each outcome differs.
    for (const [sel, odds, stake] of [
      [home, 2.5, 1000],
      [away, 3, 400],
      [draw, 4, 700],
    ] as const) {
      expect((await place(b, sel, false, odds, stake)).body.status).toBe(true);
      expect((await place(a, sel, true, odds, stake)).body).toMatchObject({
        status: true,
        data: { status: 'MATCHED' },
      });
    }
    const voided = await o.call('adminMarketVoid', { market_id, selection_id: draw, request_id: nextId() });
    expect(voided.body.status).toBe(true);

    const risk = (await o.call('adminMarketRisk', { market_id })).body.data as Risk;
    expect(risk.outcomes.map((x) => x.key)).toEqual([String(home), String(away)]);
    expect(risk.totals.bets).toBe(4);
    for (const outcome of risk.outcomes) {
      const settled = await o.call('adminMarketResult', {
        market_id,
        winners: [Number(outcome.key)],
        request_id: nextId(),
      });
      expect(settled.body).toMatchObject({ status: true, data: { state: 'SETTLED' } });
      const summary = settled.body.data as {
        house: number;
        movements: { user_id: number; amount: number }[];
      };
      expect(outcome.house).toBe(summary.house);
      // Each user's position is what settlement moves for them, before commission.
      for (const u of risk.users) {
        const i = risk.outcomes.indexOf(outcome);
        const moved = summary.movements
          .filter((m) => m.user_id === u.user_id)
          .reduce((s, m) => s + m.amount, 0);
        const commission = u.positions[i]! > 0 ? Math.floor(u.positions[i]! * 2) / 100 : 0;
        expect(Math.round((u.positions[i]! - commission) * 100)).toBe(Math.round(moved * 100));
      }
      expect((await o.call('adminMarketUnsettle', { market_id, request_id: nextId() })).body.status).toBe(
        true,
      );
    }
    await expectExchangeInvariants(ctx.app);
  });

  it('a void window: the preview counts the bets placed up to now and their stake; risk leaves them out after', async () => {
    const o = await op();
    const { match_id, market_id, ids } = await newMatch();
    const [home] = ids;
    const a = await bettor();
    const b = await bettor();
    const from = new Date(Date.now() - 60_000).toISOString();
    expect(
      (
        await b.call('placeMarketBet', {
          match_id,
          market_id,
          selection_id: home,
          is_back: '0',
          odds: 50,
          stack: 100,
          request_id: nextId('bet'),
        })
      ).body.status,
    ).toBe(true);
    expect(
      (
        await a.call('placeMarketBet', {
          match_id,
          market_id,
          selection_id: home,
          is_back: '1',
          odds: 50,
          stack: 100,
          request_id: nextId('bet'),
        })
      ).body,
    ).toMatchObject({ status: true, data: { status: 'MATCHED' } });
    // The window reaches past now: it is read up to now.
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const preview = await o.call('adminMarketVoidPreview', { market_id, from, to });
    expect(preview.body).toMatchObject({ status: true, data: { market_id, bets: 2, users: 2, stake: 200 } });
    expect(Date.parse((preview.body.data as { to: string }).to)).toBeLessThanOrEqual(Date.now());
    const before = (await o.call('adminMarketRisk', { market_id })).body.data as Risk;
    expect(before.outcomes[0]!.bettors).toBe(0);
    expect(before.users.length).toBe(2);
    expect(
      (
        await o.call('adminMarketVoidWindow', {
          market_id,
          from,
          to: new Date().toISOString(),
          request_id: nextId(),
        })
      ).body.status,
    ).toBe(true);
    const after = (await o.call('adminMarketRisk', { market_id })).body.data as Risk;
    expect(after.outcomes.every((x) => x.bettors === 0 && x.house === 0)).toBe(true);
    expect(after.totals.bets).toBe(0);
    const again = await o.call('adminMarketVoidPreview', { market_id, from, to });
    // Already void: nothing more to void.
    expect(again.body).toMatchObject({ status: true, data: { bets: 0, stake: 0 } });
  });

  it("money actions: refused for an operator account and the caller's own; a request_id reused with another amount is refused in words", async () => {
    const o = await op();
    const me = (await o.call('adminSession')).body.data as { user_id: number };
    for (const call of ['adminWalletDeposit', 'adminWalletWithdraw'] as const) {
      const own = await o.call(call, { user_id: me.user_id, amount: 100, request_id: nextId() });
      expect(own.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/Not your own account/),
      });
    }
    // Another operator's account (made an operator directly: the console creates bettors only).
    const other = await bettor(0);
    await ctx.app.db.update(users).set({ role: 'operator' }).where(eq(users.userId, other.userId));
    const r = await o.call('adminWalletDeposit', {
      user_id: other.userId,
      amount: 100,
      request_id: nextId(),
    });
    expect(r.body).toMatchObject({ status: false, message: expect.stringMatching(/operator account/) });
    const b = await bettor(1000);
    for (const call of ['adminWalletDeposit', 'adminWalletWithdraw'] as const) {
      const id = nextId();
      const first = await o.call(call, { user_id: b.userId, amount: 100, request_id: id });
      expect(first.body.status).toBe(true);
      const again = await o.call(call, { user_id: b.userId, amount: 100, request_id: id });
      expect(again.body).toMatchObject({ status: true });
      const other = await o.call(call, { user_id: b.userId, amount: 250, request_id: id });
      expect(other.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/request_id was already used for a different/),
      });
    }
    // One deposit and one withdrawal of 100 each: the balance is back where it was.
    const bal = (await b.call('getUserBalance')).body.data as { total_balance: number };
    expect(bal.total_balance).toBe(1000);
  });

  it('audit: every audited action is a filter of the Audit screen; a row names the user it concerns', async () => {
    const root = fileURLToPath(new URL('../src/', import.meta.url));
    const names = new Set<string>();
    for (const f of readdirSync(root, { recursive: true }) as string[]) {
      if (!f.endsWith('.ts')) continue;
      const text = readFileSync(join(root, f), 'utf8');
      for (const m of text.matchAll(/audited\(\s*app,\s*[\w.]+,\s*'([\w/]+)'/g)) names.add(m[1]!);
    }
    expect(names.size).toBeGreaterThan(30);
    expect([...names].filter((n) => !(ADMIN_AUDIT_ACTIONS as readonly string[]).includes(n))).toEqual([]);

    const o = await op();
    const b = await bettor(10);
    expect(
      (await o.call('adminWalletDeposit', { user_id: b.userId, amount: 5, request_id: nextId() })).body
        .status,
    ).toBe(true);
    const audit = await o.call('adminAudit', { action: 'wallet/deposit' });
    const row = (audit.body.data as { rows: { user_id: number | null; user_name: string | null }[] })
      .rows[0]!;
    expect(row.user_id).toBe(b.userId);
    expect(row.user_name).toEqual(expect.any(String));
  });

  it('a mistyped settlement call (bookmaker/incomplete on a match-odds market) raises no alert', async () => {
    const o = await op();
    const { market_id } = await newMatch();
    const r = await o.call('adminBookmakerIncomplete', {
      market_id,
      runs_at_mark: [80, 75],
      request_id: nextId(),
    });
    expect(r.body.status).toBe(false);
    const d = (await o.call('adminDashboard')).body.data as {
      alerts: { kind: string; market_id: number | null }[];
    };
    expect(d.alerts.some((a) => a.kind === 'SETTLEMENT_FAILED' && a.market_id === market_id)).toBe(false);
  });
});
