import { newPassword } from '@backlay/contract';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../src/logging.ts';
import { ok, registerEndpoint } from '../src/http/route.ts';
import { JUST_LOCKED } from '../src/modules/account/service.ts';
import { snapshotStore } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

/** Spec §5: at least 8 characters, a letter and a digit, only letters, digits and @$!%*#?&. */
const VALID_PASSWORDS = [
  'abcdefg1',
  'Passw0rd',
  '1234567a',
  'p@ssw0rd!',
  'A1@$!%*#?&',
  'x'.repeat(127) + '1',
];
const INVALID_PASSWORDS: [string, string][] = [
  ['', 'New password is required'],
  ['abc1', 'New password must be at least 8 characters'],
  ['abcdef1', 'New password must be at least 8 characters'],
  ['abcdefgh', 'New password must contain at least one digit'],
  ['12345678', 'New password must contain at least one letter'],
  ['@$!%*#?&', 'New password must contain at least one letter'],
  ['abcd efg1', 'New password may only use letters, digits and @$!%*#?&'],
  ['abcdefg1^', 'New password may only use letters, digits and @$!%*#?&'],
  ['pässwort1', 'New password may only use letters, digits and @$!%*#?&'],
  ['abcdefg1-', 'New password may only use letters, digits and @$!%*#?&'],
  ['a'.repeat(128) + '1', 'New password must be at most 128 characters'],
];

describe('spec §5 new-password rule (the shared zod schema)', () => {
  it.each(VALID_PASSWORDS)('accepts %j', (p) => {
    expect(newPassword.safeParse(p).success).toBe(true);
  });
  it.each(INVALID_PASSWORDS)('refuses %j: %s', (p, message) => {
    const r = newPassword.safeParse(p);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

const clock = new TestClock();
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

describeStores(
  'accounts and sessions',
  (ctx) => {
    it('a wrong password is HTTP 200 with status:false (never 401: the client logs out on 401)', async () => {
      const api = ctx.api.fork();
      for (const body of [
        { user_name: 'demo', password: 'wrong-password' },
        { user_name: 'nobody', password: 'demo1234' },
      ]) {
        const r = await api.call('login', body);
        expect(r.statusCode).toBe(200);
        expect(r.body).toEqual({ status: false, message: 'Invalid user name or password' });
      }
      // One failure does not lock: the right password still works (and clears the count).
      await api.login('demo', 'demo1234');
    });

    it('five failures within 15 minutes lock the account for 15 minutes', async () => {
      const api = ctx.api.fork();
      const wrong = { user_name: 'newbie', password: 'not-it-1' };
      for (let i = 1; i <= 4; i++) {
        expect((await api.call('login', wrong)).body.message).toBe('Invalid user name or password');
        clock.advance(60_000);
      }
      expect((await api.call('login', wrong)).body).toEqual({ status: false, message: JUST_LOCKED });
      // Locked: even the right password is refused, with the time left.
      const locked = await api.call('login', { user_name: 'newbie', password: 'newbie123' });
      expect(locked.statusCode).toBe(200);
      expect(locked.body.message).toMatch(/locked .*try again in 15 minutes/);
      clock.advance(14 * 60_000);
      expect((await api.call('login', { user_name: 'newbie', password: 'newbie123' })).body.message).toMatch(
        /try again in 1 minute$/,
      );
      clock.advance(60_001);
      await api.login('newbie', 'newbie123');
    });

    it('failures spread over more than 15 minutes do not lock', async () => {
      const api = ctx.api.fork();
      const wrong = { user_name: 'newbie', password: 'not-it-2' };
      for (let i = 0; i < 4; i++) await api.call('login', wrong);
      clock.advance(15 * 60_000 + 1);
      for (let i = 0; i < 4; i++) {
        expect((await api.call('login', wrong)).body.message).toBe('Invalid user name or password');
      }
      await api.login('newbie', 'newbie123');
    });

    it('login is rate-limited per IP', async () => {
      const api = ctx.api.fork();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await api.call('login', { user_name: 'ghost', password: 'x' })).statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
      const r = await api.call('login', { user_name: 'ghost', password: 'x' });
      expect(r.body).toMatchObject({ status: false, message: expect.stringMatching(/Too many requests/) });
      // Another address is not affected.
      expect((await ctx.api.fork().call('login', { user_name: 'ghost', password: 'x' })).statusCode).toBe(
        200,
      );
    });

    it('a token expires after TOKEN_TTL_HOURS (fractional hours allowed)', async () => {
      const api = ctx.api.fork();
      await api.login('demo', 'demo1234');
      clock.advance(3_500); // ttl here is 0.001 h = 3.6 s
      expect((await api.call('getUserBalance')).statusCode).toBe(200);
      clock.advance(200);
      const r = await api.call('getUserBalance');
      expect(r.statusCode).toBe(401);
      expect(r.body.message).toMatch(/log in again/);
    });

    it('logout revokes only that token', async () => {
      const a = ctx.api.fork();
      const b = ctx.api.fork();
      const tokenA = await a.login('demo', 'demo1234');
      await b.login('demo', 'demo1234');
      const me = await a.call('getButtonValue');
      expect(me.statusCode).toBe(200);
      const userId = (await a.call('login', { user_name: 'demo', password: 'demo1234' }, { token: null }))
        .body.data as { user_id: number };
      expect((await a.call('logout', { user_id: userId.user_id, token: tokenA })).body.status).toBe(true);
      expect((await a.call('getUserBalance')).statusCode).toBe(401);
      expect((await b.call('getUserBalance')).statusCode).toBe(200);
      // Logging out again with the revoked token: 401, nothing else happens.
      expect((await a.call('logout', { user_id: userId.user_id, token: tokenA })).statusCode).toBe(401);
    });

    it('password change: keeps this session, revokes the others, clears is_change_password', async () => {
      const a = ctx.api.fork();
      const b = ctx.api.fork();
      await a.login('newbie', 'newbie123');
      await b.login('newbie', 'newbie123');
      const r = await a.call('changePassword', {
        master_password: 'newbie123',
        old_password: 'newbie123',
        new_password: 'Fresh2026!',
        confirm_password: 'Fresh2026!',
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).toEqual({ status: true, message: 'Password changed', data: null });
      expect((await a.call('getUserBalance')).statusCode).toBe(200);
      expect((await b.call('getUserBalance')).statusCode).toBe(401);
      const old = await ctx.api.fork().call('login', { user_name: 'newbie', password: 'newbie123' });
      expect(old.body.status).toBe(false);
      const fresh = ctx.api.fork();
      await fresh.login('newbie', 'Fresh2026!');
      const info = await fresh.call(
        'login',
        { user_name: 'newbie', password: 'Fresh2026!' },
        { token: null },
      );
      expect(info.body.data).toMatchObject({ is_change_password: '0' });
    });

    it('password change refusals: wrong master password, same password → status:false, nothing changed', async () => {
      const api = ctx.api.fork();
      await api.login('operator', 'operator123');
      const before = await snapshotStore(ctx.app);
      const wrong = await api.call('changePassword', {
        master_password: 'not-my-password',
        new_password: 'Another123',
        confirm_password: 'Another123',
      });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toEqual({ status: false, message: 'Current password is incorrect' });
      const same = await api.call('changePassword', {
        master_password: 'operator123',
        new_password: 'operator123',
        confirm_password: 'operator123',
      });
      expect(same.body).toEqual({
        status: false,
        message: 'New password must differ from the current password',
      });
      expect(await snapshotStore(ctx.app)).toBe(before);
    });

    it.each(INVALID_PASSWORDS)(
      'changePassword refuses new_password %j with a 400 naming the field',
      async (p, message) => {
        const api = ctx.api.fork();
        await api.login('operator', 'operator123');
        const before = await snapshotStore(ctx.app);
        const r = await api.call('changePassword', {
          master_password: 'operator123',
          new_password: p,
          confirm_password: p,
        });
        expect(r.statusCode).toBe(400);
        expect(r.body).toEqual({ status: false, message: `new_password: ${message}` });
        expect(await snapshotStore(ctx.app)).toBe(before);
      },
    );

    it('changePassword: confirm_password must match', async () => {
      const api = ctx.api.fork();
      await api.login('operator', 'operator123');
      const r = await api.call('changePassword', {
        master_password: 'operator123',
        new_password: 'Another123',
        confirm_password: 'Another124',
      });
      expect(r.statusCode).toBe(400);
      expect(r.body.message).toBe('confirm_password: Passwords do not match');
    });

    it.each(VALID_PASSWORDS)('changePassword accepts new_password %j', async (p) => {
      const api = ctx.api.fork();
      await api.login('demo', 'demo1234');
      const r = await api.call('changePassword', {
        master_password: 'demo1234',
        new_password: p,
        confirm_password: p,
      });
      expect(r.body).toMatchObject({ status: true });
      const back = await api.call('changePassword', {
        master_password: p,
        new_password: 'demo1234',
        confirm_password: 'demo1234',
      });
      expect(back.body).toMatchObject({ status: true });
    });

    it('operator-only calls answer 403 to a bettor and 200 to the operator', async () => {
      const bettor = ctx.api.fork();
      await bettor.login('demo', 'demo1234');
      const r = await bettor.raw('GET', '/api/test/operatorOnly');
      expect(r.statusCode).toBe(403);
      expect(r.body).toEqual({ status: false, message: 'This call is for operators only' });
      const operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
      expect((await operator.raw('GET', '/api/test/operatorOnly')).body).toEqual({
        status: true,
        data: 'hello',
      });
      expect((await ctx.api.fork().raw('GET', '/api/test/operatorOnly')).statusCode).toBe(401);
    });

    it('logs carry a request id and never a password or a token', async () => {
      const api = ctx.api.fork();
      const token = await api.login('demo', 'demo1234');
      await api.call('changePassword', {
        master_password: 'demo1234',
        new_password: 'Secret999',
        confirm_password: 'Secret999',
      });
      await api.call('changePassword', {
        master_password: 'Secret999',
        new_password: 'demo1234',
        confirm_password: 'demo1234',
      });
      await api.call('changePassword', {
        master_password: 'Secret999',
        new_password: 'weak',
        confirm_password: 'x',
      });
      await api.raw('POST', '/api/user/login', undefined, {
        rawBody: '{"password": "Secret999"',
        token: null,
      });
      const text = logLines.join('');
      expect(logLines.length).toBeGreaterThan(10);
      expect(text).toContain('"reqId"');
      for (const secret of [token, 'demo1234', 'Secret999', 'operator123', 'newbie123']) {
        expect(text).not.toContain(secret);
      }
    });

    it('the ledger still balances', async () => {
      await expectLedgerBalanced(ctx.app);
    });
  },
  {
    clock,
    tokenTtlHours: 0.001,
    rateLimits: { globalPerMinute: 100_000, loginPerMinute: 10, loginPerAccountPerMinute: 1_000 },
    logger: { level: 'trace', stream: logStream, redact: { paths: LOG_REDACT, censor: '[redacted]' } },
  },
  (app) => {
    registerEndpoint(
      app,
      'operatorOnly',
      { method: 'GET', path: 'test/operatorOnly', access: 'operator', response: z.string() },
      async () => ok('hello'),
    );
  },
);
