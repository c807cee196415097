import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GLOBAL_SETTINGS_REFRESH_MS, useGlobalSetting } from '../src/lib/api/global-settings.ts';
import { mockApi, settings } from './helpers.tsx';

// The settings have their own store (no React Query on the login route, issue 19): it must keep
// what the query did — the last settings stored paint at once, and an open page asks again every
// minute, so an operator's change reaches it. (vi.waitFor: testing-library's waitFor polls with the faked setInterval.)
describe('global settings store', () => {
  afterEach(() => vi.useRealTimers());

  const calls = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith('globalSetting/getGlobalSetting')).length;

  it('shows the stored settings first, then the server’s, and asks again every minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    localStorage.setItem('globalData', JSON.stringify({ ...settings, site_title: 'Stored' }));
    let title = 'Fresh';
    const fetchMock = mockApi({
      'globalSetting/getGlobalSetting': () => ({ ...settings, site_title: title }),
    });
    const { result, unmount } = renderHook(() => useGlobalSetting());
    expect(result.current.data?.site_title).toBe('Stored');
    await vi.waitFor(() => expect(result.current.data?.site_title).toBe('Fresh'));
    expect(calls(fetchMock)).toBe(1);

    title = 'Changed by the operator';
    await act(() => vi.advanceTimersByTimeAsync(GLOBAL_SETTINGS_REFRESH_MS));
    await vi.waitFor(() => expect(result.current.data?.site_title).toBe('Changed by the operator'));
    expect(calls(fetchMock)).toBe(2);
    expect(JSON.parse(localStorage.getItem('globalData') ?? '{}')).toMatchObject({
      site_title: 'Changed by the operator',
    });

    // No reader, no polling.
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(3 * GLOBAL_SETTINGS_REFRESH_MS));
    expect(calls(fetchMock)).toBe(2);
  });
});
