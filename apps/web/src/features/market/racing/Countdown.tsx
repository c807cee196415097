import { useEffect, useState } from 'react';
import type { Translate } from '../../../lib/i18n/catalog.ts';
import { t as translate, useT } from '../i18n.ts';

/** How often the countdown moves. */
export const COUNTDOWN_TICK_MS = 1000;

/** Time to the off as the card says it: "1h 05m" an hour or more out, "4:07" under, "Due off" at 0. */
export function formatCountdown(ms: number, t: Translate = translate): string {
  if (ms <= 0) return t('market.racing.dueOff');
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('market.racing.offInHours', { h: String(h), m: String(m).padStart(2, '0') });
  return t('market.racing.offInMinutes', { m: String(m), s: String(s).padStart(2, '0') });
}

/**
 * The off time counting down, once a second, in its own component so only it re-renders. A timer
 * role: screen readers do not announce each tick.
 */
export function Countdown({ offTime }: { offTime: string }) {
  const t = useT();
  const off = Date.parse(offTime);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="race-state race-state--open" role="timer" data-testid="countdown">
      {formatCountdown(off - now, t)}
    </span>
  );
}
