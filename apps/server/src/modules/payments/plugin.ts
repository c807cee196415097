import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import type { PaymentGateway } from './gateway.ts';
import { createPaymentsService } from './service.ts';
import type { PaymentsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

const rupees = (paise: number) => Math.round(paise) / 100;

/** Deposits, withdrawals, bank accounts, the payment statement, the gateway's webhook. */
export const paymentsModule = fp<{ gateway?: PaymentGateway | undefined }>(
  // Long because it registers the payment routes (deposit, withdrawal, the gateway's webhook,
  // operator), each a few lines over the service.
  async (app, opts) => {
    const payments = createPaymentsService({
      db: app.db,
      clock: app.clock,
      wallet: app.wallet,
      settings: app.settings,
      responsible: app.responsible,
    });
    app.decorate('payments', payments);

    route(app, 'getPaymentMethods', async ({ user }) => {
      if (!(await payments.allowed(user.userId)))
        return refuse('Deposits and withdrawals are not available for this account');
      const [balance, exposure] = await Promise.all([
        app.wallet.balancePaise(user.userId),
        app.wallet.liabilityPaise(user.userId),
      ]);
      return ok({
        methods: await payments.methods(),
        min_deposit: 100,
        max_deposit: 10_00_000,
        min_withdraw: 100,
        max_withdraw: 10_00_000,
        available: rupees(Math.max(0, balance - exposure)),
      });
    });
    route(app, 'requestDeposit', async ({ user, body }) => {
      const r = await payments.requestDeposit(user.userId, body);
      if (!r.ok) return refuse(r.message);
      return ok(
        r.value,
        r.repeated
          ? 'Deposit request already received'
          : 'Deposit request received: it is credited once checked',
      );
    });
    route(app, 'getBankAccounts', async ({ user }) => ok(await payments.bankAccounts(user.userId)));
    route(app, 'addBankAccount', async ({ user, body }) => {
      const r = await payments.addBankAccount(user.userId, body);
      return r.ok ? ok(r.value, 'Bank account saved') : refuse(r.message);
    });
    route(app, 'removeBankAccount', async ({ user, body }) => {
      const r = await payments.removeBankAccount(user.userId, body.bank_account_id);
      return r.ok ? ok(null, 'Bank account removed') : refuse(r.message);
    });
    route(app, 'requestWithdraw', async ({ user, body }) => {
      const r = await payments.requestWithdraw(user.userId, body);
      if (!r.ok) return refuse(r.message);
      return ok(
        r.value,
        r.repeated
          ? 'Withdrawal request already received'
          : 'Withdrawal requested: the amount is held until it is paid',
      );
    });
    route(app, 'getPaymentStatement', async ({ user, body }) => {
      if (!(await payments.allowed(user.userId)))
        return refuse('Payment Statement is not available for this account');
      return ok(await payments.statement(user.userId, body));
    });

    route(app, 'adminPayments', async ({ body }) => ok(await payments.adminList(body)));
    const operator = (id: number) => ({ operatorId: id, via: 'operator' });
    route(app, 'adminDepositApprove', async ({ user, body }) =>
      audited(app, user.userId, 'payment/deposit/approve', body, async () => {
        const r = await payments.approveDeposit(body.payment_id, operator(user.userId));
        return r.ok ? ok(r.value, r.repeated ? 'Already approved' : 'Deposit approved') : refuse(r.message);
      }),
    );
    route(app, 'adminDepositReject', async ({ user, body }) =>
      audited(app, user.userId, 'payment/deposit/reject', body, async () => {
        const r = await payments.rejectDeposit(body.payment_id, body.reason, operator(user.userId));
        return r.ok ? ok(r.value, 'Deposit rejected') : refuse(r.message);
      }),
    );
    route(app, 'adminWithdrawPay', async ({ user, body }) =>
      audited(app, user.userId, 'payment/withdraw/pay', body, async () => {
        const r = await payments.payWithdrawal(body.payment_id, operator(user.userId), body.payout_reference);
        return r.ok ? ok(r.value, r.repeated ? 'Already paid' : 'Withdrawal paid') : refuse(r.message);
      }),
    );
    route(app, 'adminWithdrawReject', async ({ user, body }) =>
      audited(app, user.userId, 'payment/withdraw/reject', body, async () => {
        const r = await payments.rejectWithdrawal(body.payment_id, body.reason, operator(user.userId));
        return r.ok
          ? ok(r.value, 'Withdrawal rejected: the amount is back in the balance')
          : refuse(r.message);
      }),
    );
    route(app, 'adminPaymentDiscrepancies', async ({ body }) => ok(await payments.discrepancies(body)));
    route(app, 'adminPaymentDiscrepancyResolve', async ({ user, body }) =>
      audited(app, user.userId, 'payment/discrepancy/resolve', body, async () => {
        const r = await payments.resolveDiscrepancy(
          body.discrepancy_id,
          Math.round(body.move * 100),
          user.userId,
        );
        if (!r.ok) return refuse(r.message);
        const move = r.value.move ?? 0;
        return ok(
          r.value,
          move > 0
            ? `₹${move.toFixed(2)} credited to ${r.value.user_name}`
            : move < 0
              ? `₹${(-move).toFixed(2)} taken back from ${r.value.user_name}`
              : 'Resolved: no money moved',
        );
      }),
    );
    route(app, 'adminPaymentDiscrepancyDismiss', async ({ user, body }) =>
      audited(app, user.userId, 'payment/discrepancy/dismiss', body, async () => {
        const r = await payments.dismissDiscrepancy(body.discrepancy_id, body.note, user.userId);
        return r.ok ? ok(r.value, 'Dismissed: no money moved') : refuse(r.message);
      }),
    );
    route(app, 'adminPaymentMethodSet', async ({ user, body }) =>
      audited(app, user.userId, 'payment/method', body, async () => {
        const r = await payments.setMethod(body);
        return r.ok ? ok(r.value, 'Saved') : refuse(r.message);
      }),
    );

    // The gateway's webhook: its own raw-body parser (the signature covers the exact bytes),
    // exempt from the CSRF cookie check (a server calls it, with no cookie), never from the signature.
    app.registeredEndpoints.add('paymentWebhook');
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post('/api/payment/webhook', { config: { csrf: false } }, async (req, reply) => {
        const gateway = opts.gateway;
        if (!gateway)
          return reply.code(404).send({ status: false, message: 'No payment gateway is configured' });
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const verified = gateway.verifyWebhook(raw, req.headers, app.clock.now());
        if (!verified.ok) {
          req.log.warn({ reason: verified.message }, 'payment webhook refused');
          return reply.code(verified.status).send({ status: false, message: verified.message });
        }
        const r = await payments.applyGatewayEvent(gateway.name, verified.event);
        return reply.send({
          status: true,
          data: { received: true, duplicate: r.duplicate, outcome: r.outcome },
        });
      });
    });
  },
  { name: 'payments', dependencies: ['db', 'auth', 'wallet', 'settings', 'responsible'] },
);
