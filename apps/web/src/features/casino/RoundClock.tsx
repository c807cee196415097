import type { CasinoRoundHead, CasinoRoundState } from '@backlay/contract';
import { useEffect, useState } from 'react';
import { msgId } from '../../lib/i18n/catalog.ts';
import { secondsShown, windowLeftMs } from './clock.ts';
import { useT } from './i18n.ts';

/** How often a countdown moves (it shows whole seconds). */
export const CLOCK_TICK_MS = 250;

/** A round's state in words: message ids, translated where shown (`t(STATE_WORDS[state])`). */
export const STATE_WORDS: Record<CasinoRoundState, string> = {
  BETTING: msgId('casino.state.betting'),
  CLOSED: msgId('casino.state.closed'),
  DEALING: msgId('casino.state.dealing'),
  RESULT: msgId('casino.state.result'),
  VOID: msgId('casino.state.void'),
};

/** The local clock, moved on every `tickMs` (only the component that shows it re-renders). */
export function useNow(tickMs: number = CLOCK_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

/**
 * The seconds left in the betting window by the server's clock (clock.ts). A timer role, so screen
 * readers do not announce each second; the state beside it is the live region.
 */
export function WindowCountdown({
  head,
  className,
}: {
  head: Pick<CasinoRoundHead, 'state' | 'closes_at'>;
  className: string;
}) {
  const t = useT();
  const now = useNow();
  const left = windowLeftMs(head, now);
  return (
    <span
      className={className}
      role="timer"
      aria-label={t('casino.clock.secondsLeft')}
      data-testid="countdown"
    >
      {secondsShown(left)}
    </span>
  );
}

/**
 * True while bets are taken: BETTING and the window still open by the server's clock. One timer
 * for the window's close, so the screen does not re-render every tick.
 */
export function useWindowOpen(head: Pick<CasinoRoundHead, 'state' | 'closes_at'>): boolean {
  const key = `${head.state}|${head.closes_at}`;
  const [closedKey, setClosedKey] = useState<string | null>(null);
  useEffect(() => {
    if (head.state !== 'BETTING') return;
    const timer = setTimeout(() => setClosedKey(key), windowLeftMs(head, Date.now()));
    return () => clearTimeout(timer);
    // The window is the key (state and closing time); the head object changes with every message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return head.state === 'BETTING' && closedKey !== key;
}
