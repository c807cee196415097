// The gateway's word against the operator's decision (issue 28, item 7): every disagreement is
// queued (Needs attention), resolving moves the difference through the ledger, on both stores.
// And one request_id reused for two users at once (issue 28, LOW): a refusal, never a 500.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { adminActions } from '../src/modules/audit/schema.ts';
import { hmacGateway, signWebhook } from '../src/modules/payments/gateway.ts';
import type { Api } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

const clock = new TestClock();
const SECRET = 'reconcile-gateway-secret-0123456789';
let n = 0;
const rid = (p: string) => `${p}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
type View = { payment_id: number; status: string; amount: number };
type Discrepancy = {
  discrepancy_id: number;
  kind: string;
  status: string;
  payment_id: number;
  payment_status: string;
  move: number | null;
  settled_amount: number | null;
  gateway: { type: string; amount: number };
};

describeStores(
  'payments: the gateway against the decision',
  (ctx) => {
    const op = async () => {
      const operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
      return operator;
    };
    async function invariants() {
      await expectLedgerBalanced(ctx.app);
      const check = await (await op()).call('adminLedgerCheck');
      expect(check.body.data).toMatchObject({ ok: true, problems: [] });
    }
    async function member(): Promise<Api & { userId: number }> {
      const [o] = await ctx.app.db.select().from(users).where(eq(users.userName, 'operator'));
      const userName = `rec${++n}${Math.random().toString(36).slice(2, 6)}`;
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
      ((await api.call('getUserBalance')).body.data as { total_balance: number }).total_balance;
    async function depositRequest(u: Api, amount: number): Promise<number> {
      const methods = (await u.call('getPaymentMethods')).body.data as { methods: { method_id: number }[] };
      const d = await u.call('requestDeposit', {
        amount,
        method_id: methods.methods[0]!.method_id,
        reference: rid('UTR').replace(/[^A-Za-z0-9-]/g, ''),
        request_id: rid('dep'),
      });
      expect(d.body.status, d.body.message).toBe(true);
      return (d.body.data as View).payment_id;
    }
    async function gateway(type: string, paymentId: number, amount: number, extra: object = {}) {
      const body = JSON.stringify({ id: rid('evt'), type, payment_id: paymentId, amount, ...extra });
      const t = Math.floor(clock.now().getTime() / 1000);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'x-gateway-signature': signWebhook(SECRET, body, t) },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { outcome: string } }).data.outcome;
    }
    const paymentRow = async (paymentId: number) => {
      const r = await (await op()).call('adminPayments', { limit: 200 });
      return (r.body.data as { rows: (View & Record<string, unknown>)[] }).rows.find(
        (x) => x.payment_id === paymentId,
      )!;
    };
    const queued = async (paymentId: number): Promise<Discrepancy | undefined> => {
      const r = await (await op()).call('adminPaymentDiscrepancies', {});
      expect(r.body.status, r.body.message).toBe(true);
      return (r.body.data as { rows: Discrepancy[] }).rows.find((d) => d.payment_id === paymentId);
    };

    it('deposit succeeded after the operator rejected it: queued, shown beside the decision; resolving credits what the gateway took, once', async () => {
      const u = await member();
      const id = await depositRequest(u, 1000);
      const operator = await op();
      await operator.call('adminDepositReject', { payment_id: id, reason: 'No money seen' });
      expect(await gateway('deposit.succeeded', id, 1000, { gateway_reference: 'pg_77' })).toMatch(
        /needs attention/i,
      );
      expect(await balance(u)).toBe(0);
      const row = await paymentRow(id);
      expect(row).toMatchObject({
        status: 'REJECTED',
        gateway: { type: 'deposit.succeeded', amount: 1000, reference: 'pg_77' },
        attention: { kind: 'SUCCEEDED_AFTER_REJECT' },
      });
      const d = (await queued(id))!;
      expect(d).toMatchObject({ kind: 'SUCCEEDED_AFTER_REJECT', status: 'OPEN', move: 1000 });
      await invariants();

      const request_id = rid('res');
      const resolve = { discrepancy_id: d.discrepancy_id, move: 1000, request_id };
      const r = await operator.call('adminPaymentDiscrepancyResolve', resolve);
      expect(r.body, r.body.message).toMatchObject({
        status: true,
        data: { status: 'RESOLVED', move: 1000, payment_status: 'APPROVED' },
      });
      expect(await balance(u)).toBe(1000);
      // The same request again, and the same resolution under a new request_id: nothing moves.
      expect((await operator.call('adminPaymentDiscrepancyResolve', resolve)).body).toEqual(r.body);
      const again = await operator.call('adminPaymentDiscrepancyResolve', {
        ...resolve,
        request_id: rid('r'),
      });
      expect(again.body).toMatchObject({ status: false, message: expect.stringMatching(/already resolved/) });
      expect(await balance(u)).toBe(1000);
      expect(await queued(id)).toBeUndefined();
      const [audit] = await ctx.app.db
        .select()
        .from(adminActions)
        .where(
          and(eq(adminActions.action, 'payment/discrepancy/resolve'), eq(adminActions.requestId, request_id)),
        );
      expect(audit).toBeDefined();
      await invariants();
    });

    it('gateway amount ₹500 against a ₹50,000 request: approving is refused; resolving credits ₹500, never the request', async () => {
      const u = await member();
      const id = await depositRequest(u, 50_000);
      await gateway('deposit.succeeded', id, 500);
      const operator = await op();
      const approve = await operator.call('adminDepositApprove', { payment_id: id });
      expect(approve.body).toMatchObject({ status: false, message: expect.stringMatching(/₹500\.00/) });
      expect(await balance(u)).toBe(0);
      const d = (await queued(id))!;
      expect(d).toMatchObject({ kind: 'AMOUNT_DIFFERS', move: 500, gateway: { amount: 500 } });
      // The money named must be the money that moves.
      const wrong = await operator.call('adminPaymentDiscrepancyResolve', {
        discrepancy_id: d.discrepancy_id,
        move: 50_000,
        request_id: rid('res'),
      });
      expect(wrong.body).toMatchObject({ status: false, message: expect.stringMatching(/₹500\.00/) });
      expect(await balance(u)).toBe(0);
      const r = await operator.call('adminPaymentDiscrepancyResolve', {
        discrepancy_id: d.discrepancy_id,
        move: 500,
        request_id: rid('res'),
      });
      expect(r.body).toMatchObject({
        status: true,
        data: { payment_status: 'APPROVED', settled_amount: 500, move: 500 },
      });
      expect(await balance(u)).toBe(500);
      expect(await paymentRow(id)).toMatchObject({ status: 'APPROVED', amount: 50_000, settled_amount: 500 });
      await invariants();
    });

    it('approved at the request, then the gateway says less: resolving takes the difference back', async () => {
      const u = await member();
      const id = await depositRequest(u, 2000);
      const operator = await op();
      await operator.call('adminDepositApprove', { payment_id: id });
      await gateway('deposit.succeeded', id, 1500);
      const d = (await queued(id))!;
      expect(d).toMatchObject({ kind: 'AMOUNT_DIFFERS', move: -500, payment_status: 'APPROVED' });
      const r = await operator.call('adminPaymentDiscrepancyResolve', {
        discrepancy_id: d.discrepancy_id,
        move: -500,
        request_id: rid('res'),
      });
      expect(r.body, r.body.message).toMatchObject({ status: true, data: { settled_amount: 1500 } });
      expect(await balance(u)).toBe(1500);
      await invariants();
    });

    it('payout failed after payout succeeded: queued; resolving returns the ₹800 from the house', async () => {
      const u = await member();
      const dep = await depositRequest(u, 1000);
      const operator = await op();
      await operator.call('adminDepositApprove', { payment_id: dep });
      const bank = await u.call('addBankAccount', {
        account_name: 'A Punter',
        account_number: '123456789012',
        confirm_account_number: '123456789012',
        ifsc: 'HDFC0001234',
        bank_name: 'HDFC Bank',
      });
      const w = await u.call('requestWithdraw', {
        amount: 800,
        bank_account_id: (bank.body.data as { bank_account_id: number }).bank_account_id,
        request_id: rid('wd'),
      });
      const id = (w.body.data as View).payment_id;
      expect(await gateway('payout.succeeded', id, 800)).toBe('paid');
      expect(await balance(u)).toBe(200);
      expect(await gateway('payout.failed', id, 800, { reason: 'Beneficiary bank rejected' })).toMatch(
        /needs attention/i,
      );
      expect(await paymentRow(id)).toMatchObject({
        status: 'PAID',
        gateway: { type: 'payout.failed', reason: 'Beneficiary bank rejected' },
        attention: { kind: 'FAILED_AFTER_PAID' },
      });
      const d = (await queued(id))!;
      expect(d).toMatchObject({ kind: 'FAILED_AFTER_PAID', move: 800 });
      await invariants();
      const r = await operator.call('adminPaymentDiscrepancyResolve', {
        discrepancy_id: d.discrepancy_id,
        move: 800,
        request_id: rid('res'),
      });
      expect(r.body, r.body.message).toMatchObject({ status: true, data: { payment_status: 'REJECTED' } });
      expect(await balance(u)).toBe(1000);
      await invariants();
    });

    it('a webhook amount with more than 2 decimals is refused naming the field (200.004 is not a ₹200 match)', async () => {
      const u = await member();
      const id = await depositRequest(u, 200);
      const send = async (amount: string) => {
        // The raw JSON as a gateway would write it: the number's own digits.
        const body = `{"id":"${rid('evt')}","type":"deposit.succeeded","payment_id":${id},"amount":${amount}}`;
        const t = Math.floor(clock.now().getTime() / 1000);
        return ctx.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: {
            'content-type': 'application/json',
            'x-gateway-signature': signWebhook(SECRET, body, t),
          },
          payload: body,
        });
      };
      for (const amount of ['200.004', '199.999', '200.0001']) {
        const r = await send(amount);
        expect(r.statusCode, amount).toBe(400);
        expect(r.json()).toMatchObject({
          status: false,
          message: expect.stringMatching(/amount.*2 decimals/),
        });
      }
      expect(await balance(u)).toBe(0);
      expect(await paymentRow(id)).toMatchObject({ status: 'PENDING' });
      // Two decimals (and trailing zeros) are fine.
      expect((await send('200.00')).json()).toMatchObject({ status: true, data: { outcome: 'approved' } });
      expect(await balance(u)).toBe(200);
    });

    it('dismissed with a note moves nothing; bad input is a clear answer', async () => {
      const u = await member();
      const id = await depositRequest(u, 300);
      const operator = await op();
      await operator.call('adminDepositReject', { payment_id: id, reason: 'Duplicate' });
      await gateway('deposit.succeeded', id, 300);
      const d = (await queued(id))!;
      const noNote = await operator.call('adminPaymentDiscrepancyDismiss', {
        discrepancy_id: d.discrepancy_id,
        note: '',
        request_id: rid('dis'),
      });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.body.message).toMatch(/note/);
      const badMove = await operator.call('adminPaymentDiscrepancyResolve', {
        discrepancy_id: d.discrepancy_id,
        move: 'all',
        request_id: rid('res'),
      });
      expect(badMove.statusCode).toBe(400);
      expect(badMove.body.message).toMatch(/move/);
      const unknown = await operator.call('adminPaymentDiscrepancyResolve', {
        discrepancy_id: 99_999_999,
        move: 0,
        request_id: rid('res'),
      });
      expect(unknown.body).toMatchObject({ status: false, message: expect.stringMatching(/99999999/) });
      const dismissed = await operator.call('adminPaymentDiscrepancyDismiss', {
        discrepancy_id: d.discrepancy_id,
        note: 'Refunded by the gateway on 12/03, ticket 4411',
        request_id: rid('dis'),
      });
      expect(dismissed.body).toMatchObject({ status: true, data: { status: 'DISMISSED', move: null } });
      expect(await balance(u)).toBe(0);
      expect(await queued(id)).toBeUndefined();
      await invariants();
    });

    it('one request_id for two users at once (operator deposit and withdraw): one is done, the other refused, never a 500', async () => {
      const operator = await op();
      const [a, b] = [await member(), await member()];
      for (const u of [a, b]) {
        const f = await operator.call('adminWalletDeposit', {
          user_id: u.userId,
          amount: 1000,
          request_id: rid('f'),
        });
        expect(f.body.status, f.body.message).toBe(true);
      }
      for (let round = 0; round < 4; round++) {
        for (const call of ['adminWalletWithdraw', 'adminWalletDeposit'] as const) {
          const before = [await balance(a), await balance(b)];
          const request_id = rid('same');
          const answers = await Promise.all(
            [a, b].map((u) => operator.call(call, { user_id: u.userId, amount: 10, request_id })),
          );
          for (const x of answers) expect(x.statusCode, x.body.message).toBe(200);
          expect(answers.filter((x) => x.body.status)).toHaveLength(1);
          const refused = answers.find((x) => !x.body.status)!;
          expect(refused.body.message).toMatch(/request_id was already used/);
          // The one told "done" is the one whose money moved.
          const sign = call === 'adminWalletWithdraw' ? -10 : 10;
          const after = [await balance(a), await balance(b)];
          expect(after.map((v, i) => v - before[i]!)).toEqual(answers.map((x) => (x.body.status ? sign : 0)));
          // And asked again, each gets the answer it got.
          for (const [i, u] of [a, b].entries()) {
            const again = await operator.call(call, { user_id: u.userId, amount: 10, request_id });
            expect(again.body.status).toBe(answers[i]!.body.status);
          }
        }
      }
      await invariants();
    });
  },
  { clock, outboxPollMs: 0, paymentGateway: hmacGateway({ name: 'recpg', secret: SECRET }) },
);
