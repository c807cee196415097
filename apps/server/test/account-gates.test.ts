// Issue 29: a lock, a self-exclusion or a new password holds at once, whatever login is under
// way. Every scenario goes through HTTP on both stores; the races run many rounds so that a fix
// which only narrows the window fails.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { rgSettings } from '../src/modules/responsible/schema.ts';
import { EXCLUSION_MS } from '../src/modules/responsible/service.ts';
import { totpAt } from '../src/modules/security/totp.ts';
import type { Api } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { createBettor } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

const clock = new TestClock();
const epoch = () => Math.floor(clock.now().getTime() / 1000);
const ROUNDS = 20;
let n = 0;
const nextMobile = () =>
  `9${String(200_000_000 + ++n * 7919 + Math.floor(Math.random() * 1000)).slice(0, 9)}`;
const nextName = (p = 'gt') => `${p}${++n}${Math.random().toString(36).slice(2, 6)}`;

type LoginData = { token: string; challenge?: { second_step: string; challenge_token: string } };

describeStores(
  'account gates (issue 29)',
  (ctx) => {
    let operator: Api;
    const op = async () => {
      if (!operator) {
        operator = ctx.api.fork();
        await operator.login('operator', 'operator123');
      }
      return operator;
    };

    /** Whether a token still opens a session (a call that needs one). */
    const live = async (token: string | undefined) =>
      !!token && (await ctx.api.call('getUserBalance', undefined, { token })).statusCode === 200;

    /** A bettor with Security Auth on; returns its TOTP secret and a signed-in client. */
    async function totpBettor() {
      const u = await createBettor(ctx.app, 0, 'gtf');
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      const { secret } = (await api.call('twoFactorSetup', {})).body.data as { secret: string };
      expect((await api.call('twoFactorEnable', { code: await totpAt(secret, epoch()) })).body.status).toBe(
        true,
      );
      return { ...u, secret, api };
    }

    async function challengeOf(userName: string, password: string) {
      const r = await ctx.api.call('login', { user_name: userName, password }, { token: null });
      const data = r.body.data as LoginData;
      expect(data.challenge?.second_step).toBe('totp');
      return data.challenge!.challenge_token;
    }

    async function secondStep(token: string, secret: string) {
      // Each call its own time step: a code is accepted once per step.
      clock.advance(30_000);
      return ctx.api.call(
        'loginTwoFactor',
        { challenge_token: token, code: await totpAt(secret, epoch()) },
        {
          token: null,
        },
      );
    }

    it('a TOTP challenge dies when the operator locks the account', async () => {
      const u = await totpBettor();
      const c = await challengeOf(u.userName, u.password);
      expect(
        (await (await op()).call('adminUserLock', { user_id: u.userId, locked: true })).body.status,
      ).toBe(true);
      const r = await secondStep(c, u.secret);
      expect(r.body.status).toBe(false);
      expect((r.body.data as LoginData | undefined)?.token).toBeUndefined();
    });

    it('a TOTP challenge dies when the bettor self-excludes from another device', async () => {
      const u = await totpBettor();
      const c = await challengeOf(u.userName, u.password);
      const ex = await u.api.call('selfExclude', {
        kind: 'SELF_EXCLUSION',
        period: '6m',
        password: u.password,
      });
      expect(ex.body.status).toBe(true);
      const r = await secondStep(c, u.secret);
      expect(r.body.status).toBe(false);
      expect(r.body.message).toMatch(/self-excluded|expired/);
    });

    it('a TOTP challenge dies when the operator resets the password', async () => {
      const u = await totpBettor();
      const c = await challengeOf(u.userName, u.password);
      const reset = await (
        await op()
      ).call('adminUserResetPassword', {
        user_id: u.userId,
        new_password: 'temporary99',
      });
      expect(reset.body.status).toBe(true);
      const r = await secondStep(c, u.secret);
      expect(r.body.status).toBe(false);
    });

    it('a sign-up locked before its SMS code gets no session from user/verifyOtp', async () => {
      const api = ctx.api.fork();
      const mobile = nextMobile();
      const userName = nextName('gsu');
      const r = await api.call(
        'signUp',
        {
          referral_code: 'BACKLAY',
          user_name: userName,
          password: 'secret123',
          confirm_password: 'secret123',
          country_code: 'IN',
          mobile,
        },
        { token: null },
      );
      expect(r.body.status).toBe(true);
      const { challenge_token } = r.body.data as { challenge_token: string };
      await ctx.app.outbox.deliverDue();
      const msgs = await (await op()).call('adminMessages', { limit: 5, recipient: `+91${mobile}` });
      const [m] = (msgs.body.data as { messages: { body: string }[] }).messages;
      const code = /(\d{6})/.exec(m!.body)![1]!;
      const [row] = await ctx.app.db.select().from(users).where(eq(users.userName, userName));
      expect(
        (await (await op()).call('adminUserLock', { user_id: row!.userId, locked: true })).body.status,
      ).toBe(true);
      const v = await api.call('verifyOtp', { challenge_token, otp: code }, { token: null });
      expect(v.body.status).toBe(false);
      expect((v.body.data as LoginData | undefined)?.token).toBeUndefined();
      // Logging in again says why.
      const again = await api.call('login', { user_name: userName, password: 'secret123' }, { token: null });
      expect(again.body).toMatchObject({ status: false, message: expect.stringMatching(/locked/) });
    });

    it(`a lock during a right-password login holds and leaves no session (${ROUNDS} rounds)`, async () => {
      const o = await op();
      for (let round = 0; round < ROUNDS; round += 1) {
        const u = await createBettor(ctx.app, 0, 'glk');
        const [login, lock] = await Promise.all([
          ctx.api.call('login', { user_name: u.userName, password: u.password }, { token: null }),
          o.call('adminUserLock', { user_id: u.userId, locked: true }),
        ]);
        expect(lock.body.status).toBe(true);
        const [row] = await ctx.app.db.select().from(users).where(eq(users.userId, u.userId));
        expect(row!.lockedUntil?.getUTCFullYear(), `round ${round}: the lock stays`).toBe(9999);
        expect(await live((login.body.data as LoginData | undefined)?.token), `round ${round}`).toBe(false);
      }
    });

    it(`a login with the old password racing a password change leaves no session (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const u = await createBettor(ctx.app, 0, 'gpw');
        const owner = ctx.api.fork();
        await owner.login(u.userName, u.password);
        const [login, change] = await Promise.all([
          ctx.api.call('login', { user_name: u.userName, password: u.password }, { token: null }),
          owner.call('changePassword', {
            master_password: u.password,
            new_password: 'newSecret77',
            confirm_password: 'newSecret77',
          }),
        ]);
        expect(change.body.status).toBe(true);
        // The owner's own session stays; the old-password one does not.
        expect(await live(owner.token!)).toBe(true);
        expect(await live((login.body.data as LoginData | undefined)?.token), `round ${round}`).toBe(false);
      }
    });

    it(`a 5-year self-exclusion and a 24-hour time-out sent together end as 5 years (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const u = await createBettor(ctx.app, 0, 'gex');
        const a = ctx.api.fork();
        const b = ctx.api.fork();
        await a.login(u.userName, u.password);
        await b.login(u.userName, u.password);
        const [five, day] = await Promise.all([
          a.call('selfExclude', { kind: 'SELF_EXCLUSION', period: '5y', password: u.password }),
          b.call('selfExclude', { kind: 'TIME_OUT', period: '24h', password: u.password }),
        ]);
        const [s] = await ctx.app.db.select().from(rgSettings).where(eq(rgSettings.userId, u.userId));
        const minEnd = clock.now().getTime() + EXCLUSION_MS['5y'] - 60_000;
        expect(s!.excludedUntil!.getTime(), `round ${round}`).toBeGreaterThan(minEnd);
        expect(s!.exclusionKind).toBe('SELF_EXCLUSION');
        // Each answer names the end that holds once it committed: never less than what is stored.
        if (five.body.status) {
          expect((five.body.data as { until: string }).until).toBe(s!.excludedUntil!.toISOString());
        }
        if (day.body.status) {
          const until = new Date((day.body.data as { until: string }).until).getTime();
          if (until < minEnd) expect(five.body.status).toBe(true);
        }
      }
    });

    it('parallel wrong guesses: at most 5 are checked, and a right password in the burst does not sign in', async () => {
      for (let round = 0; round < 5; round += 1) {
        const u = await createBettor(ctx.app, 0, 'ggs');
        const guesses = Array.from({ length: 24 }, (_, i) => `wrong-${i}-guess`);
        const answers = await Promise.all(
          [...guesses, u.password].map((password) =>
            ctx.api.call('login', { user_name: u.userName, password }, { token: null }),
          ),
        );
        const checked = answers.filter((r) => /Invalid user name|Too many failed/.test(r.body.message ?? ''));
        expect(checked.length, `round ${round}: wrong passwords checked`).toBeLessThanOrEqual(5);
        const right = answers.at(-1)!;
        expect(right.body.status, `round ${round}: right password after the lockout`).toBe(false);
        for (const r of answers) expect(r.statusCode).toBe(200);
      }
    });

    it('must-change-password: only changing it and logging out work until it is changed', async () => {
      const u = await createBettor(ctx.app, 100_000, 'gmc');
      const o = await op();
      await o.call('adminUserResetPassword', { user_id: u.userId, new_password: 'temporary99' });
      const api = ctx.api.fork();
      const login = await api.call(
        'login',
        { user_name: u.userName, password: 'temporary99' },
        { token: null },
      );
      expect(login.body.data).toMatchObject({ is_change_password: '1' });
      api.token = (login.body.data as LoginData).token;
      const balance = await api.call('getUserBalance');
      expect(balance.statusCode).toBe(428);
      expect(balance.body.message).toMatch(/change your password/i);
      const bank = await api.call('getBankAccounts');
      expect(bank.statusCode).toBe(428);
      const changed = await api.call('changePassword', {
        master_password: 'temporary99',
        new_password: 'chosen2024x',
        confirm_password: 'chosen2024x',
      });
      expect(changed.body.status).toBe(true);
      expect((await api.call('getUserBalance')).statusCode).toBe(200);
      // Logging out works on a must-change session too.
      await o.call('adminUserResetPassword', { user_id: u.userId, new_password: 'temporary98' });
      await api.login(u.userName, 'temporary98');
      const out = await api.call('logout', { user_id: u.userId, token: '' });
      expect(out.body.status).toBe(true);
    });

    it('the console lists open sessions and ends one or all of them', async () => {
      const u = await createBettor(ctx.app, 0, 'gcs');
      const a = ctx.api.fork();
      const b = ctx.api.fork();
      await a.login(u.userName, u.password);
      await b.login(u.userName, u.password);
      const o = await op();
      const list = await o.call('adminUserSessions', { user_id: u.userId });
      expect(list.body.status).toBe(true);
      const open = (list.body.data as { sessions: { session_id: number; ip: string | null }[] }).sessions;
      expect(open).toHaveLength(2);
      const end = await o.call('adminUserSessionsEnd', {
        user_id: u.userId,
        session_id: open[0]!.session_id,
      });
      expect(end.body.status).toBe(true);
      expect([await live(a.token!), await live(b.token!)].filter(Boolean)).toHaveLength(1);
      const all = await o.call('adminUserSessionsEnd', { user_id: u.userId });
      expect(all.body.status).toBe(true);
      expect(await live(a.token!)).toBe(false);
      expect(await live(b.token!)).toBe(false);
      const after = await o.call('adminUserSessions', { user_id: u.userId });
      expect((after.body.data as { sessions: unknown[] }).sessions).toHaveLength(0);
      // A session of another user is not this user's to end.
      const other = await o.call('adminUserSessionsEnd', { user_id: u.userId, session_id: 999_999_999 });
      expect(other.body).toMatchObject({ status: false, message: expect.stringMatching(/session/i) });
    });
  },
  { clock, outboxPollMs: 0 },
);
