import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEndpointClient, queryString } from '../src/api.ts';
import { setTokenSource } from '../src/http.ts';

const { callEndpoint } = createEndpointClient(() => import('@backlay/contract').then((m) => m.endpoints));

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(() => null);
});

describe('queryString', () => {
  it('sends scalar fields in key order and leaves out empty ones', () => {
    expect(queryString({ page: 2, search: 'a b&c', status: undefined, sport_id: null, q: '' })).toBe(
      '?page=2&search=a+b%26c',
    );
    expect(queryString({ on: true })).toBe('?on=true');
    expect(queryString({})).toBe('');
  });

  it('refuses a list or an object (a GET call takes scalars only)', () => {
    expect(() => queryString({ ids: [1, 2] })).toThrow(/ids must be a string, number or boolean/);
  });
});

describe('callEndpoint', () => {
  it("puts a GET call's parameters in the query string and the app's token in the header", async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(
          JSON.stringify({
            status: true,
            data: {
              ok: true,
              problems: [],
              owed: [],
              checked: { accounts: 1, transfers: 0, exposures: 0, users: 0 },
            },
          }),
          {
            status: 200,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    setTokenSource(() => 'tok-1');
    const r = await callEndpoint('adminLedgerCheck');
    expect(r.status).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/ledger/check');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends no Authorization header when the app has no token', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ status: false, message: 'no' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint('getGlobalSetting');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has('Authorization')).toBe(false);
  });
});
