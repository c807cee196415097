import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NOTICE_MS, NoticeProvider, useNotify } from '../src/lib/notices';

function Notifies({ text }: { text: string }) {
  const notify = useNotify();
  useEffect(() => notify('ok', text), [notify, text]);
  return null;
}

describe('notices', () => {
  it('a notice leaves after NOTICE_MS', () => {
    vi.useFakeTimers();
    render(
      <NoticeProvider>
        <Notifies text="Market 12 suspended" />
      </NoticeProvider>,
    );
    expect(screen.getByText('Market 12 suspended')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(NOTICE_MS));
    expect(screen.queryByText('Market 12 suspended')).toBeNull();
  });

  // A console closed (or a test's page torn down) with a notice showing must leave no timer
  // behind: the late dismissal set state on an unmounted tree, and in CI it fired after the
  // test environment had gone ("window is not defined").
  it('leaves no timer behind when the console unmounts with a notice showing', () => {
    vi.useFakeTimers();
    const view = render(
      <NoticeProvider>
        <Notifies text="Settled" />
      </NoticeProvider>,
    );
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
