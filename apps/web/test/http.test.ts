import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '@backlay/contract/bettor/auth';
import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import { sessionEndpoints } from '@backlay/contract/bettor/session';
import { callEndpoint } from '../src/lib/api.ts';
import { apiGet, apiPost, HttpError, request, setUnauthorizedHandler } from '../src/lib/http.ts';
import { STORAGE_KEYS } from '../src/lib/storage.ts';
import { json, mockApi } from './helpers.tsx';

function headersOf(fetchMock: ReturnType<typeof vi.fn>, call = 0): Headers {
  return (fetchMock.mock.calls[call]![1] as RequestInit).headers as Headers;
}

describe('HTTP client', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.userToken, 'tok-123');
    document.cookie = 'XSRF-TOKEN=xsrf-abc; path=/';
  });
  afterEach(() => setUnauthorizedHandler(() => {}));

  it('sends Cache-Control and the bearer token on every request', async () => {
    const fetchMock = mockApi({ 'user/getUserBalance': { total_balance: 1, liability: 0 } });
    await apiGet('user/getUserBalance');
    const h = headersOf(fetchMock);
    expect(h.get('Cache-Control')).toBe('no-store, no-cache');
    expect(h.get('Authorization')).toBe('Bearer tok-123');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/getUserBalance');
  });

  it('omits Authorization when no token is stored', async () => {
    localStorage.removeItem(STORAGE_KEYS.userToken);
    const fetchMock = mockApi();
    await apiGet('globalSetting/getGlobalSetting');
    expect(headersOf(fetchMock).get('Authorization')).toBeNull();
    expect(headersOf(fetchMock).get('Cache-Control')).toBe('no-store, no-cache');
  });

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on non-GET requests to relative URLs only', async () => {
    const fetchMock = mockApi({ 'x/post': null, 'x/get': null });
    await apiPost('x/post', { a: 1 });
    await apiGet('x/get');
    await request('HEAD', '/api/x/get');
    await request('POST', 'https://other.example/api/x/post', {});
    await request('POST', '//other.example/api/x/post', {});
    expect(headersOf(fetchMock, 0).get('X-XSRF-TOKEN')).toBe('xsrf-abc');
    expect(headersOf(fetchMock, 0).get('Content-Type')).toBe('application/json');
    expect((fetchMock.mock.calls[0]![1] as RequestInit).body).toBe('{"a":1}');
    expect(headersOf(fetchMock, 1).get('X-XSRF-TOKEN')).toBeNull();
    expect(headersOf(fetchMock, 2).get('X-XSRF-TOKEN')).toBeNull();
    expect(headersOf(fetchMock, 3).get('X-XSRF-TOKEN')).toBeNull();
    expect(headersOf(fetchMock, 4).get('X-XSRF-TOKEN')).toBeNull();
  });

  it.each([401, 403])('on %i runs the logout handler and returns the error as a value', async (status) => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockApi({ 'user/getUserBalance': json({ status: false, message: 'Session expired' }, status) });
    const result = await apiGet('user/getUserBalance');
    expect(handler).toHaveBeenCalledWith(status);
    expect(result).toEqual({
      status: false,
      message: 'Session expired',
      unauthorized: true,
      httpStatus: status,
    });
  });

  it('re-throws any other HTTP error unchanged', async () => {
    mockApi({ 'x/fail': json({ status: false, message: 'Boom' }, 500) });
    const err = await apiGet('x/fail').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(500);
    expect((err as HttpError).message).toBe('Boom');
    expect((err as HttpError).body).toEqual({ status: false, message: 'Boom' });
  });

  it('passes network errors on as they are', async () => {
    const boom = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(boom));
    await expect(apiGet('x')).rejects.toBe(boom);
  });

  it('schedules the one console clear 1,115,000 ms after a request', async () => {
    vi.useFakeTimers();
    const { resetConsoleClearForTests } = await import('../src/lib/http.ts');
    resetConsoleClearForTests();
    const clear = vi.spyOn(console, 'clear').mockImplementation(() => {});
    mockApi();
    await apiGet('a');
    await apiGet('b');
    vi.advanceTimersByTime(1_114_999);
    expect(clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clear).toHaveBeenCalledTimes(1);
    // Once: requests after the clear schedule no other.
    await apiGet('c');
    vi.advanceTimersByTime(3 * 1_115_000);
    expect(clear).toHaveBeenCalledTimes(1);
    clear.mockRestore();
    vi.useRealTimers();
  });
});

describe('typed endpoint calls', () => {
  it('uses the contract method and path, and validates data', async () => {
    const fetchMock = mockApi({
      'sport/getSports': [{ sport_id: 4, name: 'Cricket', is_active: 1, order: 1 }],
    });
    const result = await callEndpoint(catalogEndpoints.getSports, { is_active: 1 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/sport/getSports');
    expect((fetchMock.mock.calls[0]![1] as RequestInit).method).toBe('POST');
    expect(result).toEqual({
      status: true,
      data: [{ sport_id: 4, name: 'Cricket', is_active: 1, order: 1 }],
    });
  });

  it('accepts data as a JSON string where the spec allows it', async () => {
    const rows = [{ button_name: '1k', button_value: 1000, type: 'Game' }];
    mockApi({ 'user/getButtonValue': JSON.stringify(rows) });
    const result = await callEndpoint(sessionEndpoints.getButtonValue);
    expect(result).toEqual({ status: true, data: rows });
    const casino = [{ sport_id: 'matka', name: 'Matka', is_active: 1, order: 1, category: 'indian' }];
    mockApi({ 'casino/getCasinoSport': JSON.stringify(casino) });
    expect(await callEndpoint(catalogEndpoints.getCasinoSport)).toEqual({ status: true, data: casino });
  });

  it('returns a business refusal as status false with its message', async () => {
    mockApi({ 'user/login': json({ status: false, message: 'Wrong user name or password.' }) });
    const result = await callEndpoint(authEndpoints.login, { user_name: 'demo', password: 'nope' });
    expect(result).toEqual({ status: false, message: 'Wrong user name or password.' });
  });

  it('returns 401 as an unauthorized refusal', async () => {
    mockApi({ 'user/getUserBalance': json({ status: false, message: 'Token expired' }, 401) });
    expect(await callEndpoint(sessionEndpoints.getUserBalance)).toEqual({
      status: false,
      message: 'Token expired',
      unauthorized: true,
    });
  });
});
