// The provider's HTTP face without the operator: the operator's calls must be signed, and the
// page's calls refuse bad input with a readable message (never a 500) before any wallet call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signPayload } from '@backlay/contract/provider-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { Journal } from '../src/journal.ts';
import type { Wallet } from '../src/wallet-client.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'provider-http-'));
const config = loadConfig({ PROVIDER_DEMO_DATA: dir, PROVIDER_DEMO_PORT: '8090' });
const walletCalls: string[] = [];
// Nothing here should reach the wallet: a call is recorded and answered "unreachable".
const wallet: Wallet = {
  async call(name) {
    walletCalls.push(name);
    return { reached: false, reason: 'no wallet in this test' };
  },
};
const journal = new Journal(path.join(dir, 'rounds.jsonl'));
const { app } = buildProviderApp({ config, wallet, journal });
beforeAll(() => app.ready());
afterAll(async () => {
  await app.close();
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
const signed = (body: string, secret = config.secret, at = Math.floor(Date.now() / 1000)) => ({
  'x-provider-signature': signPayload(secret, body, at),
});

describe('the provider API (the operator calls it)', () => {
  it('answers a signed call and refuses an unsigned, wrongly signed or stale one', async () => {
    const ok = await post('/games', '{}', signed('{}'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().games.map((g: { game_id: string }) => g.game_id)).toEqual([
      'jaipur-jewels',
      'monsoon-tiger',
      'european-roulette',
      'live-dragon_tiger_20',
      'live-lucky7',
      'live-teen_patti_20',
      'live-andar_bahar',
      'live-thirty_two_cards',
      'live-amar_akbar_anthony',
    ]);
    expect((await post('/games', '{}')).statusCode).toBe(401);
    expect((await post('/games', '{}', signed('{}', 'another-secret-0123456789'))).statusCode).toBe(401);
    expect(
      (await post('/games', '{}', signed('{}', config.secret, Math.floor(Date.now() / 1000) - 3600)))
        .statusCode,
    ).toBe(401);
  });

  it('launch: a page URL carrying the token; a bad body or unknown game is a 4xx naming it', async () => {
    const body = JSON.stringify({
      token: 't'.repeat(43),
      player_id: '9',
      game_id: 'monsoon-tiger',
      currency: 'INR',
      language: 'en',
      display_name: 'demo',
    });
    const res = await post('/launch', body, signed(body));
    expect(res.json()).toEqual({ url: `${config.public_url}/play/monsoon-tiger?token=${'t'.repeat(43)}` });
    const unknown = body.replace('monsoon-tiger', 'no-such-game');
    expect((await post('/launch', unknown, signed(unknown))).statusCode).toBe(404);
    const bad = JSON.stringify({ token: 5 });
    const refused = await post('/launch', bad, signed(bad));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status).toBe(false);
  });
});

describe('the live card tables (the in-house games through the provider flow)', () => {
  it('lists every in-house card game as a LIVE table with its page and thumbnail', async () => {
    const games = (await post('/games', '{}', signed('{}'))).json().games as {
      game_id: string;
      name: string;
      category: string;
    }[];
    const live = games.filter((g) => g.game_id.startsWith('live-'));
    expect(live.map((g) => g.name)).toContain('Dragon Tiger 20-20 Live');
    expect(live.every((g) => g.category === 'LIVE')).toBe(true);
    const page = await app.inject({ method: 'GET', url: '/play/live-dragon_tiger_20' });
    expect(page.body).toContain('<h1>Dragon Tiger 20-20 Live</h1>');
    expect(page.body).toContain('/static/cards.js');
    expect((await app.inject({ method: 'GET', url: '/static/cards.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/thumbs/live-dragon_tiger_20.svg' })).statusCode).toBe(
      200,
    );
  });
});

describe("the game page's calls", () => {
  const cases: [string, string][] = [
    ['/api/session', '{}'],
    ['/api/session', '{"token":"short","game_id":"jaipur-jewels"}'],
    ['/api/session', `{"token":"${'t'.repeat(43)}","game_id":"nope"}`],
    ['/api/session', 'null'],
    ['/api/session', '[1,2]'],
    ['/api/spin', '{}'],
    ['/api/spin', '{"page_session":"nope","stake_paise":1000}'],
    ['/api/spin', '"text"'],
    ['/api/balance', '{"page_session":5}'],
    ['/api/balance', '7'],
    ['/api/roulette/state', '{"page_session":"nope"}'],
    ['/api/roulette/bet', '{"page_session":"nope","bets":[{"bet":"red","stake_paise":1000}]}'],
    ['/api/roulette/bet', '[]'],
    ['/api/table/state', '{"page_session":"nope"}'],
    ['/api/table/state', 'null'],
    ['/api/table/bet', '{"page_session":"nope","bets":[{"option_id":"dragon","stake_paise":1000}]}'],
    ['/api/table/bet', '{"bets":"dragon"}'],
    ['/api/table/bet', '7'],
  ];
  it.each(cases)('%s %s: status false with a message, no 500, no wallet call', async (url, body) => {
    const res = await post(url, body);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe(false);
    expect(res.json().message).toMatch(/\w/);
    expect(walletCalls).toEqual([]);
  });

  it('a body that is not JSON is a 400', async () => {
    const res = await post('/api/spin', '{not json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: 'The body is not JSON' });
  });

  it('serves the game page framed only by the site, and 404 for an unknown game', async () => {
    const page = await app.inject({ method: 'GET', url: '/play/jaipur-jewels' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors');
    expect(page.body).toContain('<h1>Jaipur Jewels</h1>');
    expect((await app.inject({ method: 'GET', url: '/play/nope' })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/thumbs/monsoon-tiger.svg' })).headers['content-type'],
    ).toContain('image/svg+xml');
  });
});
