// Deposits, withdrawals, the gateway's webhook and responsible-gaming limits (issue 12), with the
// operator's ledger check after every money scenario, on both stores.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { hmacGateway, signWebhook } from '../src/modules/payments/gateway.ts';
import type { Api } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { createMarket } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

const clock = new TestClock();
const SECRET = 'test-gateway-secret-0123456789';
let n = 0;
const rid = (p: string) => `${p}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
type View = { payment_id: number; status: string; amount: number; reason: string | null };

describeStores(
  'payments and responsible gaming',
  (ctx) => {
    // A fresh operator session each time: the tests move the clock past a token's life.
    const op = async () => {
      const operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
      return operator;
    };
    async function ledgerClean() {
      const check = await (await op()).call('adminLedgerCheck');
      expect(check.body.data).toMatchObject({ ok: true, problems: [] });
    }
    /** A sign-up user under the operator (spec §6 allows payments), signed in. */
    async function member(): Promise<Api & { userId: number }> {
      const [o] = await ctx.app.db.select().from(users).where(eq(users.userName, 'operator'));
      const userName = `pay${++n}${Math.random().toString(36).slice(2, 6)}`;
      const userId = await ctx.app.account.createUser({
        userName,
        password: 'secret1234',
        parentId: o!.userId,
        isSignupUser: true,
      });
      const api = ctx.api.fork();
      await api.login(userName, 'secret1234');
      return Object.assign(api, { userId });
    }
    const balance = async (api: Api) =>
      (await api.call('getUserBalance')).body.data as { total_balance: number; liability: number };
    const methodId = async (api: Api) =>
      ((await api.call('getPaymentMethods')).body.data as { methods: { method_id: number; kind: string }[] })
        .methods[0]!.method_id;
    async function deposited(api: Api, amount: number) {
      const d = await api.call('requestDeposit', {
        amount,
        method_id: await methodId(api),
        reference: rid('UTR').replace(/[^A-Za-z0-9-]/g, ''),
        request_id: rid('dep'),
      });
      expect(d.body.status, d.body.message).toBe(true);
      const id = (d.body.data as View).payment_id;
      expect((await (await op()).call('adminDepositApprove', { payment_id: id })).body.status).toBe(true);
    }

    it('a deposit waits, is approved once from the house; a reference counts once; a repeat answers the first', async () => {
      const u = await member();
      const m = await methodId(u);
      const body = { amount: 1500, method_id: m, reference: 'UTR998877665', request_id: rid('dep') };
      const first = await u.call('requestDeposit', body);
      expect(first.body).toMatchObject({
        status: true,
        data: { status: 'PENDING', amount: 1500, type: 'DEPOSIT' },
      });
      const repeat = await u.call('requestDeposit', body);
      expect(repeat.body).toMatchObject({ status: true, message: 'Deposit request already received' });
      expect((repeat.body.data as View).payment_id).toBe((first.body.data as View).payment_id);
      const twice = await u.call('requestDeposit', {
        ...body,
        reference: 'utr998877665',
        request_id: rid('dep'),
      });
      expect(twice.body).toMatchObject({
        status: false,
        message: 'This payment reference has already been submitted',
      });
      expect(await balance(u)).toEqual({ total_balance: 0, liability: 0 });
      const id = (first.body.data as View).payment_id;
      const ok = await (await op()).call('adminDepositApprove', { payment_id: id });
      expect(ok.body).toMatchObject({ status: true, data: { status: 'APPROVED' } });
      const again = await (await op()).call('adminDepositApprove', { payment_id: id });
      expect(again.body).toMatchObject({ status: true, message: 'Already approved' });
      expect(await balance(u)).toEqual({ total_balance: 1500, liability: 0 });
      const late = await (await op()).call('adminDepositReject', { payment_id: id, reason: 'too late' });
      expect(late.body).toMatchObject({ status: false, message: `Deposit ${id} was already approved` });
      await ledgerClean();
    });

    it('a rejected deposit moves nothing and shows its reason on the payment statement (IST days)', async () => {
      const u = await member();
      const d = await u.call('requestDeposit', {
        amount: 700,
        method_id: await methodId(u),
        reference: 'UPI55554444',
        request_id: rid('dep'),
      });
      const id = (d.body.data as View).payment_id;
      await (
        await op()
      ).call('adminDepositReject', { payment_id: id, reason: 'No money arrived with this reference' });
      expect(await balance(u)).toEqual({ total_balance: 0, liability: 0 });
      const ist = new Date(clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
      const st = await u.call('getPaymentStatement', { from_date: ist, to_date: ist });
      expect(st.body.data).toMatchObject({
        rows: [
          {
            payment_id: id,
            type: 'DEPOSIT',
            status: 'REJECTED',
            reason: 'No money arrived with this reference',
          },
        ],
      });
      // By state: the pending list of the Deposit/Withdraw screen asks for PENDING only.
      const pending = await u.call('getPaymentStatement', {
        from_date: ist,
        to_date: ist,
        status: 'PENDING',
      });
      expect(pending.body.data).toMatchObject({ rows: [], total_rows: 0 });
      const rejected = await u.call('getPaymentStatement', {
        from_date: ist,
        to_date: ist,
        status: 'REJECTED',
      });
      expect(rejected.body.data).toMatchObject({ rows: [{ payment_id: id }], total_rows: 1 });
      const bad = await u.call('getPaymentStatement', { from_date: ist, to_date: ist, status: 'LOST' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toMatch(/status/);
      await ledgerClean();
    });

    it('who is not a sign-up user with a parent gets no payments (spec §6)', async () => {
      const demoLike = ctx.api.fork();
      await demoLike.login('newbie', 'newbie123').catch(() => undefined);
      const r = await demoLike.call('getPaymentStatement', {
        from_date: '2025-01-01',
        to_date: '2025-01-02',
      });
      expect(r.body.status).toBe(false);
    });

    it('bank accounts added at once: never more than 5, never the same one twice', async () => {
      const u = await member();
      const add = (n: number) =>
        u.call('addBankAccount', {
          account_name: 'A Bettor',
          account_number: `1234567890${String(n).padStart(2, '0')}`,
          confirm_account_number: `1234567890${String(n).padStart(2, '0')}`,
          ifsc: 'HDFC0001234',
          bank_name: 'HDFC Bank',
        });
      const same = await Promise.all(Array.from({ length: 4 }, () => add(0)));
      expect(same.filter((r) => r.body.status)).toHaveLength(1);
      for (const r of same.filter((x) => !x.body.status))
        expect(r.body.message).toBe('This bank account is already saved');
      const many = await Promise.all(Array.from({ length: 8 }, (_, i) => add(i + 1)));
      expect(many.filter((r) => r.body.status)).toHaveLength(4);
      for (const r of many.filter((x) => !x.body.status))
        expect(r.body.message).toBe('At most 5 bank accounts; remove one first');
      const list = await u.call('getBankAccounts');
      expect((list.body.data as unknown[]).length).toBe(5);
    });

    it('a withdrawal is held at once (available falls, bets see it), then paid; above available is refused', async () => {
      const u = await member();
      await deposited(u, 2000);
      const bad = await u.call('addBankAccount', {
        account_name: 'A Bettor',
        account_number: '123456789012',
        confirm_account_number: '123456789012',
        ifsc: 'HDFC123456',
        bank_name: 'HDFC Bank',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toMatch(/^ifsc: IFSC must be 11 characters/);
      const acct = await u.call('addBankAccount', {
        account_name: 'A Bettor',
        account_number: '123456789012',
        confirm_account_number: '123456789012',
        ifsc: 'hdfc0001234',
        bank_name: 'HDFC Bank',
      });
      expect(acct.body).toMatchObject({
        status: true,
        data: { account_number: '••••9012', ifsc: 'HDFC0001234' },
      });
      const bankId = (acct.body.data as { bank_account_id: number }).bank_account_id;
      const over = await u.call('requestWithdraw', {
        amount: 2000.01,
        bank_account_id: bankId,
        request_id: rid('wd'),
      });
      expect(over.body).toMatchObject({
        status: false,
        message: 'Withdrawal of ₹2000.01 is more than your available balance of ₹2000.00',
      });
      const wd = await u.call('requestWithdraw', {
        amount: 1500,
        bank_account_id: bankId,
        request_id: rid('wd'),
      });
      expect(wd.body).toMatchObject({ status: true, data: { status: 'PENDING', type: 'WITHDRAW' } });
      expect(await balance(u)).toEqual({ total_balance: 500, liability: 0 });
      await ledgerClean();
      // A bet needing more than the ₹500 left is refused; one within it stands.
      const mk = await createMarket(ctx.app);
      const bet = (stack: number) => ({
        match_id: mk.matchId,
        market_id: mk.marketId,
        selection_id: mk.selectionIds[0],
        is_back: '1',
        odds: 2,
        stack,
        request_id: rid('bet'),
      });
      expect((await u.call('placeMarketBet', bet(600))).body.status).toBe(false);
      expect((await u.call('placeMarketBet', bet(500))).body.status).toBe(true);
      // Nothing left to withdraw while the bet holds it.
      const more = await u.call('requestWithdraw', {
        amount: 100,
        bank_account_id: bankId,
        request_id: rid('wd'),
      });
      expect(more.body.status).toBe(false);
      const id = (wd.body.data as View).payment_id;
      expect(
        (await (await op()).call('adminWithdrawPay', { payment_id: id, payout_reference: 'NEFT123' })).body,
      ).toMatchObject({ status: true, data: { status: 'PAID' } });
      expect(
        (await (await op()).call('adminWithdrawReject', { payment_id: id, reason: 'late' })).body.status,
      ).toBe(false);
      expect(await balance(u)).toEqual({ total_balance: 500, liability: 500 });
      await ledgerClean();
    });

    it('a rejected withdrawal gives the held amount back', async () => {
      const u = await member();
      await deposited(u, 1000);
      const bankId = (
        (
          await u.call('addBankAccount', {
            account_name: 'B Bettor',
            account_number: '99887766554',
            confirm_account_number: '99887766554',
            ifsc: 'SBIN0000001',
            bank_name: 'SBI',
          })
        ).body.data as { bank_account_id: number }
      ).bank_account_id;
      const wd = await u.call('requestWithdraw', {
        amount: 800,
        bank_account_id: bankId,
        request_id: rid('wd'),
      });
      expect(await balance(u)).toMatchObject({ total_balance: 200 });
      await (
        await op()
      ).call('adminWithdrawReject', {
        payment_id: (wd.body.data as View).payment_id,
        reason: 'Name does not match the account',
      });
      expect(await balance(u)).toMatchObject({ total_balance: 1000 });
      await ledgerClean();
    });

    it("the gateway's webhook: a bad signature changes nothing (401); a signed one applies once, without the CSRF cookie", async () => {
      const u = await member();
      const d = await u.call('requestDeposit', {
        amount: 2500,
        method_id: await methodId(u),
        reference: 'GW12345678',
        request_id: rid('dep'),
      });
      const id = (d.body.data as View).payment_id;
      const event = JSON.stringify({
        id: rid('evt'),
        type: 'deposit.succeeded',
        payment_id: id,
        amount: 2500,
        gateway_reference: 'pg_1',
      });
      const t = Math.floor(clock.now().getTime() / 1000);
      const forged = await u.raw('POST', '/api/payment/webhook', undefined, {
        rawBody: event,
        token: null,
        csrf: false,
      });
      expect(forged.statusCode).toBe(401);
      const wrongKey = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: {
          'content-type': 'application/json',
          'x-gateway-signature': signWebhook('not-the-secret-at-all', event, t),
        },
        payload: event,
      });
      expect(wrongKey.statusCode).toBe(401);
      // One byte changed after signing: refused.
      const tampered = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'x-gateway-signature': signWebhook(SECRET, event, t) },
        payload: event.replace('2500', '2501'),
      });
      expect(tampered.statusCode).toBe(401);
      expect(await balance(u)).toMatchObject({ total_balance: 0 });
      const send = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: {
            'content-type': 'application/json',
            'x-gateway-signature': signWebhook(SECRET, event, t),
          },
          payload: event,
        });
      const first = await send();
      expect(first.json()).toMatchObject({ status: true, data: { duplicate: false, outcome: 'approved' } });
      const second = await send();
      expect(second.json()).toMatchObject({ status: true, data: { duplicate: true } });
      expect(await balance(u)).toMatchObject({ total_balance: 2500 });
      await ledgerClean();
    });

    it('deposit limit: exceeding is refused; lowering counts at once, raising after 24 hours', async () => {
      const u = await member();
      const m = await methodId(u);
      const dep = (amount: number) =>
        u.call('requestDeposit', {
          amount,
          method_id: m,
          reference: rid('R').replace(/[^A-Za-z0-9-]/g, ''),
          request_id: rid('dep'),
        });
      await u.call('setResponsibleLimit', { kind: 'DEPOSIT', period: 'DAY', amount: 1000 });
      expect((await dep(800)).body.status).toBe(true);
      const over = await dep(300);
      expect(over.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/over your daily deposit limit of ₹1,000\.00 \(₹200\.00 left\)/),
      });
      const raise = await u.call('setResponsibleLimit', { kind: 'DEPOSIT', period: 'DAY', amount: 5000 });
      expect(raise.body.message).toMatch(/after 24 hours/);
      expect((await dep(300)).body.status).toBe(false);
      clock.advance(24 * 3_600_000 + 60_000);
      await u.login((await ctx.app.account.userById(u.userId))!.userName, 'secret1234');
      expect((await dep(3000)).body.status).toBe(true);
      await u.call('setResponsibleLimit', { kind: 'DEPOSIT', period: 'WEEK', amount: 3500 });
      expect((await dep(100)).body.status).toBe(false);
    });

    it('loss limit caps what a bet may risk; time-out ends every session and refuses login until it ends', async () => {
      const u = await member();
      await deposited(u, 5000);
      await u.call('setResponsibleLimit', { kind: 'LOSS', period: 'DAY', amount: 400 });
      const mk = await createMarket(ctx.app);
      const bet = (stack: number) => ({
        match_id: mk.matchId,
        market_id: mk.marketId,
        selection_id: mk.selectionIds[0],
        is_back: '1',
        odds: 2,
        stack,
        request_id: rid('bet'),
      });
      expect((await u.call('placeMarketBet', bet(500))).body.status).toBe(false);
      expect((await u.call('placeMarketBet', bet(400))).body.status).toBe(true);
      expect((await u.call('placeMarketBet', bet(100))).body.status).toBe(false);
      const view = (await u.call('getResponsibleGaming')).body.data as {
        limits: { kind: string; period: string; amount: number }[];
      };
      expect(view.limits.find((l) => l.kind === 'LOSS' && l.period === 'DAY')?.amount).toBe(400);

      const name = (await ctx.app.account.userById(u.userId))!.userName;
      expect(
        (await u.call('selfExclude', { kind: 'TIME_OUT', period: '24h', password: 'wrong-one-1' })).body
          .status,
      ).toBe(false);
      const out = await u.call('selfExclude', { kind: 'TIME_OUT', period: '24h', password: 'secret1234' });
      expect(out.body.status).toBe(true);
      expect((await u.call('getUserBalance')).statusCode).toBe(401);
      const login = await u.call('login', { user_name: name, password: 'secret1234' }, { token: null });
      expect(login.body).toMatchObject({
        status: false,
        message: expect.stringMatching(/on a time-out until .* Open bets stand/),
      });
      // Open bets stand.
      expect(await ctx.app.wallet.liabilityPaise(u.userId)).toBe(40_000);
      clock.advance(24 * 3_600_000 + 60_000);
      expect(
        (await u.call('login', { user_name: name, password: 'secret1234' }, { token: null })).body.status,
      ).toBe(true);
      await ledgerClean();
    });
  },
  { clock, outboxPollMs: 0, paymentGateway: hmacGateway({ name: 'testpg', secret: SECRET }) },
);
