import { formatDateTime } from '@backlay/ui/time';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/index.ts';
import { useLogout } from '../../lib/api/logout.ts';
import { useClientStore } from '../../lib/store.ts';
import { useResponsibleGaming } from './api/responsible-gaming.ts';
import { resultClass, signedRupees } from './format.ts';
import { t, useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';

/** "1 hour 5 minutes", "45 minutes". */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (hours === 0) return t('responsible.duration.minutes', { minutes: m });
  return m === 0
    ? t('responsible.duration.hours', { hours })
    : t('responsible.duration.hoursMinutes', { hours, minutes: m });
}

/**
 * When the next reminder is due: the first whole multiple of the interval since the session
 * started that is later than the last one shown (and than now, at the start).
 */
export function nextReminderAt(startedAt: number, intervalMs: number, after: number): number {
  const k = Math.floor((after - startedAt) / intervalMs) + 1;
  return startedAt + Math.max(1, k) * intervalMs;
}

/**
 * The reality check while signed in: every N minutes of the session (the user's choice on the
 * Responsible Gaming screen), how long they have been logged in and the session's net result.
 */
export function RealityCheckReminder() {
  const t = useT();
  const isLoggedIn = useClientStore((s) => s.isLoggedIn);
  const q = useResponsibleGaming(isLoggedIn);
  const logout = useLogout();
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [lastShown, setLastShown] = useState(() => Date.now());
  const minutes = q.data?.reality_check_minutes ?? 0;
  const startedIso = q.data?.session_started_at;
  const refetch = q.refetch;

  useEffect(() => {
    if (!isLoggedIn || minutes <= 0 || !startedIso || shownAt !== null) return;
    const started = Date.parse(startedIso);
    if (Number.isNaN(started)) return;
    const due = nextReminderAt(started, minutes * 60_000, lastShown);
    const timer = setTimeout(
      () => {
        // The result is fetched fresh for the reminder; it shows either way.
        void refetch();
        setShownAt(Date.now());
      },
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [isLoggedIn, minutes, startedIso, shownAt, lastShown, refetch]);

  if (shownAt === null || !q.data) return null;
  const started = Date.parse(q.data.session_started_at);
  const net = q.data.session_net;
  const close = () => {
    setLastShown(shownAt);
    setShownAt(null);
  };
  return (
    <Modal
      open
      onClose={close}
      title={t('responsible.reminder.title')}
      closeLabel={t('responsible.reminder.close')}
      className="modal--small reality-check"
    >
      <p>
        <Trans
          id="responsible.reminder.loggedInFor"
          values={{ duration: durationText(shownAt - started), time: formatDateTime(started, 'HH:mm') }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p>
        <Trans
          id="responsible.reminder.result"
          values={{ result: signedRupees(net) }}
          components={{ 0: <strong className={resultClass(net)} /> }}
        />
      </p>
      <div className="reality-check__actions">
        <button type="button" className="btn btn--primary" onClick={close}>
          {t('responsible.reminder.continue')}
        </button>
        <Link to="/report/account-statement" className="btn btn--secondary" onClick={close}>
          {t('responsible.reminder.accountStatement')}
        </Link>
        <button type="button" className="btn btn--secondary" onClick={() => logout.mutate()}>
          {t('responsible.reminder.logOut')}
        </button>
      </div>
      <p className="reality-check__more">
        <Trans
          id="responsible.reminder.changeHowOften"
          components={{ 0: <Link to="/setting/responsible-gaming" onClick={close} /> }}
        />
      </p>
    </Modal>
  );
}
