// The bettor's display language remembered on the server (issue 45, item 2): 'en' until the bettor
// picks one with setLanguage; every login answer (the plain one and the one after a second step)
// tells it, so the next sign-in opens in it. A bad language is refused by the contract's schema
// (400 naming the field) and changes nothing; without a session the call is refused. Both stores.
import { userInfo } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { totpAt } from '../src/modules/security/totp.ts';
import { createBettor } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('the display language, remembered per user (issue 45)', (ctx) => {
  async function freshBettor() {
    const u = await createBettor(ctx.app, 0, 'lang');
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    const loginAgain = async () => {
      const r = await ctx.api
        .fork()
        .call('login', { user_name: u.userName, password: u.password }, { token: null });
      expect(r.statusCode).toBe(200);
      expect(r.body.status, r.body.message).toBe(true);
      return userInfo.parse(r.body.data);
    };
    const stored = async () =>
      (await ctx.app.db.select({ language: users.language }).from(users).where(eq(users.userId, u.userId)))[0]
        ?.language;
    return { u, api, loginAgain, stored };
  }

  it("the login answer carries 'en' until the bettor picks a language", async () => {
    const { loginAgain, stored } = await freshBettor();
    expect((await loginAgain()).language).toBe('en');
    expect(await stored()).toBe('en');
  });

  it("setLanguage 'hi' answers it, and the next login answers 'hi'; back to 'en' likewise", async () => {
    const { api, loginAgain, stored } = await freshBettor();
    const r = await api.call('setLanguage', { language: 'hi' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toEqual({ status: true, message: 'Language saved', data: { language: 'hi' } });
    expect(await stored()).toBe('hi');
    expect((await loginAgain()).language).toBe('hi');

    const back = await api.call('setLanguage', { language: 'en' });
    expect(back.body).toEqual({ status: true, message: 'Language saved', data: { language: 'en' } });
    expect((await loginAgain()).language).toBe('en');
  });

  it("one bettor's language is theirs alone", async () => {
    const a = await freshBettor();
    const b = await freshBettor();
    await a.api.call('setLanguage', { language: 'hi' });
    expect((await a.loginAgain()).language).toBe('hi');
    expect((await b.loginAgain()).language).toBe('en');
  });

  it.each([
    ['missing', {}],
    ["'fr'", { language: 'fr' }],
    ['a number', { language: 1 }],
    ["'HI'", { language: 'HI' }],
    ['null', { language: null }],
  ])('a language %s is refused with the field named, and changes nothing', async (_, body) => {
    const { api, loginAgain, stored } = await freshBettor();
    await api.call('setLanguage', { language: 'hi' });
    const r = await api.call('setLanguage', body);
    expect(r.statusCode).toBe(400);
    expect(r.body).toEqual({ status: false, message: "language: language must be 'en' or 'hi'" });
    expect(await stored()).toBe('hi');
    expect((await loginAgain()).language).toBe('hi');
  });

  it('a body that is not an object is refused', async () => {
    const { api, stored } = await freshBettor();
    for (const body of [['hi'], 'hi']) {
      const r = await api.call('setLanguage', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.body.status).toBe(false);
    }
    expect(await stored()).toBe('en');
  });

  it('without a session (none, or a made-up token) the call is refused and nothing changes', async () => {
    const { api, stored } = await freshBettor();
    const none = await api.call('setLanguage', { language: 'hi' }, { token: null });
    expect(none.statusCode).toBe(401);
    expect(none.body.status).toBe(false);
    const madeUp = await api.call('setLanguage', { language: 'hi' }, { token: 'A'.repeat(43) });
    expect(madeUp.statusCode).toBe(401);
    expect(await stored()).toBe('en');
  });

  it("the answer after a login's second step (Security Auth) carries the language too", async () => {
    const { u, api } = await freshBettor();
    await api.call('setLanguage', { language: 'hi' });
    const setup = await api.call('twoFactorSetup', {});
    const { secret } = setup.body.data as { secret: string };
    const on = await api.call('twoFactorEnable', {
      code: await totpAt(secret, Math.floor(Date.now() / 1000)),
    });
    expect(on.body.status, on.body.message).toBe(true);
    const codes = (on.body.data as { recovery_codes: string[] }).recovery_codes;

    const step1 = await api.call('login', { user_name: u.userName, password: u.password }, { token: null });
    const { challenge } = step1.body.data as { challenge: { challenge_token: string } };
    // Nothing about the user before the second step is passed, the language included.
    expect(Object.keys(step1.body.data as object)).toEqual(['challenge']);
    const step2 = await api.call(
      'loginTwoFactor',
      { challenge_token: challenge.challenge_token, code: codes[0] },
      { token: null },
    );
    expect(step2.body.status, step2.body.message).toBe(true);
    expect(userInfo.parse(step2.body.data).language).toBe('hi');
  });
});
