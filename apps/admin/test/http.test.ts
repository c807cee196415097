import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, resetConsoleClearForTests } from '../src/lib/http.ts';
import { mockApi } from './helpers.tsx';

describe("the console's HTTP client", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("never clears the browser console: the bettor's 1,115,000 ms clear (spec §9) is the site's alone", async () => {
    vi.useFakeTimers();
    resetConsoleClearForTests();
    const clear = vi.spyOn(console, 'clear').mockImplementation(() => {});
    mockApi({ 'admin/dashboard': {} });
    await apiGet('admin/dashboard');
    vi.advanceTimersByTime(3 * 1_115_000);
    expect(clear).not.toHaveBeenCalled();
  });
});
