import { sendResolved, useIntent } from '@backlay/ui/intent';
import { useCallback, useState } from 'react';
import type { ApiResult } from '../../lib/api.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { t } from './i18n.ts';

/** Long enough for a slow answer; past it the answer counts as lost and is asked again. */
export const PLACE_TIMEOUT_MS = 30_000;

/** The answer was lost: what the slip says, in the language active when it is said. */
const notConfirmed = (): string => t('casino.place.notConfirmed');

export type CasinoSlipNotice = { key: string; tone: 'ok' | 'error'; text: string };

/**
 * One click, one bet (docs/decisions.md "One intent, one bet", as features/market/usePlaceOnce.ts):
 * a click takes a fresh request_id; a second click while the first is out is dropped by the
 * synchronous lock; a lost answer is asked again with the same id (the server answers a repeated id
 * with the first bet), and a press after "Not confirmed" reuses it. A refusal is shown in the
 * server's words. `refresh` runs after every answer (balance, exposure, the round's bets).
 */
export function usePlaceCasinoBet(refresh: () => void) {
  const { intent, busy, run } = useIntent();
  const [notice, setNotice] = useState<CasinoSlipNotice>();

  const place = useCallback(
    async <T>(
      key: string,
      send: (requestId: string, signal: AbortSignal | undefined) => Promise<ApiResult<T>>,
      onPlaced: (data: T) => void,
    ) => {
      setNotice(undefined);
      let sent;
      try {
        sent = await run(key, (id) =>
          sendResolved(() =>
            send(
              id,
              typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(PLACE_TIMEOUT_MS) : undefined,
            ),
          ),
        );
      } catch (err) {
        const message = err instanceof Error ? translateAnswer(err.message) : t('casino.place.requestFailed');
        setNotice({ key, tone: 'error', text: `${message}. ${notConfirmed()}` });
        refresh();
        return;
      }
      if (!sent.ran) return;
      const res = sent.value;
      if (res.outcome === 'unknown') {
        setNotice({ key, tone: 'error', text: notConfirmed() });
      } else {
        intent.done();
        if (res.value.status) {
          onPlaced(res.value.data);
          if (res.retried) setNotice({ key, tone: 'ok', text: t('casino.place.placedOnce') });
        } else {
          setNotice({ key, tone: 'error', text: translateAnswer(res.value.message) });
        }
      }
      refresh();
    },
    [intent, refresh, run],
  );

  /** The notice of the last Place while the slip still means the same bet. */
  const noticeFor = (key: string | null): CasinoSlipNotice | undefined =>
    notice && key != null && notice.key === key ? notice : undefined;

  return { place, placing: busy, noticeFor };
}
