import type { EndpointName } from '@backlay/contract';
import { beforeAll, expect, it } from 'vitest';
import { snapshotStore } from './helpers/api.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

const row = (over: Record<string, unknown> = {}) => ({
  button_name: 'Go',
  button_value: 100,
  type: 'Game',
  ...over,
});
const rows = (n: number, type = 'Game') =>
  Array.from({ length: n }, (_, i) => row({ button_name: `b${i}`, type }));
const huge = 'x'.repeat(20_000);

/** [call, payload, the start of the 400 message] */
const BAD: [EndpointName, unknown, string][] = [
  ['login', {}, 'user_name: User name is required'],
  ['login', { user_name: 1, password: 'x' }, 'user_name: User name is required'],
  ['login', { user_name: 'demo' }, 'password: Password is required'],
  ['login', { user_name: huge, password: 'demo1234' }, 'user_name: User name must be at most 50'],
  ['login', { user_name: 'demo', password: huge }, 'password: Password must be at most 128'],
  ['login', ['demo', 'demo1234'], 'The request body must be a JSON object'],
  ['logout', {}, 'user_id:'],
  ['logout', { user_id: 'abc', token: '' }, 'user_id: must be a whole number'],
  ['logout', { user_id: 1.5, token: '' }, 'user_id: must be a whole number'],
  ['logout', { user_id: true, token: '' }, 'user_id: must be a whole number'],
  ['logout', { user_id: 2, token: huge }, 'token:'],
  ['changePassword', {}, 'master_password: Current password is required'],
  [
    'changePassword',
    { master_password: 'demo1234', new_password: 12345678, confirm_password: 12345678 },
    'new_password: New password is required',
  ],
  [
    'changePassword',
    { master_password: huge, new_password: 'abcdefg1', confirm_password: 'abcdefg1' },
    'master_password:',
  ],
  ['setButtonValue', [], 'At least one button row is required'],
  ['setButtonValue', {}, 'The request body must be a JSON array'],
  ['setButtonValue', [row({ button_value: -100 })], '[0].button_value: Price Value must be at least 1'],
  ['setButtonValue', [row({ button_value: 0 })], '[0].button_value: Price Value must be at least 1'],
  [
    'setButtonValue',
    [row(), row({ button_value: 1.5 })],
    '[1].button_value: Price Value must be a whole number',
  ],
  ['setButtonValue', [row({ button_value: '2.5' })], '[0].button_value: Price Value must be a whole number'],
  ['setButtonValue', [row({ button_value: 100_000_000 })], '[0].button_value: Price Value must be at most'],
  ['setButtonValue', [row({ button_value: true })], '[0].button_value: Price Value must be a number'],
  ['setButtonValue', [row({ button_value: null })], '[0].button_value: Price Value must be a number'],
  ['setButtonValue', [row({ button_value: 'lots' })], '[0].button_value: Price Value must be a number'],
  ['setButtonValue', [row({ button_value: '' })], '[0].button_value: Price Value must be a number'],
  ['setButtonValue', [row({ button_name: '' })], '[0].button_name: Price Label is required'],
  ['setButtonValue', [row({ button_name: '   ' })], '[0].button_name: Price Label is required'],
  [
    'setButtonValue',
    [row({ button_name: 'elevenchars' })],
    '[0].button_name: Price Label must be at most 10',
  ],
  ['setButtonValue', [row({ button_name: huge })], '[0].button_name: Price Label must be at most 10'],
  ['setButtonValue', [row({ type: 'Sport' })], "[0].type: type must be 'Game' or 'Casino'"],
  ['setButtonValue', [row({ type: undefined })], "[0].type: type must be 'Game' or 'Casino'"],
  ['setButtonValue', rows(11), 'At most 10 Game buttons are allowed'],
  ['setButtonValue', [...rows(10), ...rows(11, 'Casino')], 'Too big'],
  ['getSports', { sport_id: 'abc' }, 'sport_id: must be a whole number'],
  ['getSports', { sport_id: 1.5 }, 'sport_id: must be a whole number'],
  ['getSports', { is_active: 2 }, 'is_active:'],
  ['getSeriesHeader', {}, 'is_sidebar_call: is_sidebar_call must be 1 or 2'],
  ['getSeriesHeader', { is_sidebar_call: 3 }, 'is_sidebar_call: is_sidebar_call must be 1 or 2'],
  ['getSeriesHeader', { is_sidebar_call: true }, 'is_sidebar_call: is_sidebar_call must be 1 or 2'],
  ['getSeries', {}, 'sport_id: must be a whole number'],
  ['getSeries', { sport_id: null }, 'sport_id: must be a whole number'],
  ['getSeries', { sport_id: 99_999_999_999 }, 'sport_id: is out of range'],
  ['getMatches', { series_id: [1] }, 'series_id: must be a whole number'],
  ['searchByMatchNameHeader', {}, 'search:'],
  ['searchByMatchNameHeader', { search: 5 }, 'search:'],
  ['searchByMatchNameHeader', { search: huge }, 'search: search must be at most 200 characters'],
  ['getMatchVenueListByCountryCodeSportId', {}, 'country:'],
  [
    'getMatchVenueListByCountryCodeSportId',
    { country: 'GBR', date: '2026-01-01', sport_id: 7 },
    'country: country must be a two-letter code',
  ],
  [
    'getMatchVenueListByCountryCodeSportId',
    { country: 'G1', date: '2026-01-01', sport_id: 7 },
    'country: country must be a two-letter code',
  ],
  [
    'getMatchVenueListByCountryCodeSportId',
    { country: 'GB', date: '01/01/2026', sport_id: 7 },
    'date: date must be a date like',
  ],
  [
    'getMatchVenueListByCountryCodeSportId',
    { country: 'GB', date: '2026-13-01', sport_id: 7 },
    'date: date must be a date like',
  ],
  [
    'getMatchVenueListByCountryCodeSportId',
    { country: 'GB', date: '2026-01-01' },
    'sport_id: must be a whole number',
  ],
];

describeStores('bad payloads', (ctx) => {
  let before = '';
  beforeAll(async () => {
    await ctx.api.login('demo', 'demo1234');
    before = await snapshotStore(ctx.app);
  });

  it.each(BAD.map(([name, payload, message], i) => [i, name, payload, message] as const))(
    '#%i %s → 400',
    async (_i, name, payload, message) => {
      const r = await ctx.api.call(name, payload);
      expect(r.statusCode).toBe(400);
      expect(r.body.status).toBe(false);
      expect(r.body.message?.startsWith(message), `${r.body.message} should start with ${message}`).toBe(
        true,
      );
    },
  );

  it('changed nothing in the store', async () => {
    expect(await snapshotStore(ctx.app)).toBe(before);
    await expectLedgerBalanced(ctx.app);
  });

  it('a numeric string is a whole number; good rows still work after the refusals', async () => {
    const r = await ctx.api.call('setButtonValue', [row({ button_value: '99999999', button_name: ' max ' })]);
    expect(r.statusCode).toBe(200);
    expect(r.body.data).toEqual(
      expect.arrayContaining([{ button_name: 'max', button_value: 99_999_999, type: 'Game' }]),
    );
    const ten = await ctx.api.call('setButtonValue', [...rows(10), ...rows(10, 'Casino')]);
    expect((ten.body.data as unknown[]).length).toBe(20);
  });
});
