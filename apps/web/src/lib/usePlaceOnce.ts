// One bet per intent, shared by every bet slip (the exchange's, the cricket kinds', binary's).
import { sendResolved, useIntent } from '@backlay/ui/intent';
import { useCallback, useState } from 'react';
import { t } from '../components/i18n.ts';
import { translateAnswer } from './i18n/index.ts';
import { toast } from './toast.ts';
import type { ApiResult } from './api.ts';

/** What the slip says about its last Place: kept while the slip is the same (its key). */
export type SlipNotice = { tone: 'ok' | 'error'; text: string };

/** Long enough for an in-play bet delay; past it the answer counts as lost and is asked again. */
export const PLACE_TIMEOUT_MS = 30_000;

/**
 * Places one bet per intent (docs/decisions.md "One intent, one bet"). `key` says what the bettor
 * means (selection, side, price or line and rate, stake): its request_id is kept until the key
 * changes or the server answers, so a double click (dropped by the synchronous lock) or a retry
 * after a lost answer (sent again with the same id; the server answers with the first bet) never
 * places two bets. The outcome stays in `notice` for that key; every answer and every error
 * refreshes balance, exposure and bets.
 */
export function usePlaceOnce(refresh: () => void) {
  const { intent, busy, run } = useIntent();
  const [notice, setNotice] = useState<{ key: string } & SlipNotice>();

  const place = useCallback(
    async <T>(
      key: string,
      send: (requestId: string, signal: AbortSignal | undefined) => Promise<ApiResult<T>>,
      onPlaced: (data: T, retried: boolean) => void,
      /** This bet's refresh when not the hook's (the exchange's: only when the socket cannot bring it). */
      refreshThis: () => void = refresh,
    ) => {
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
        // Not an ambiguous failure (an answer the client cannot read): keep the id, say so.
        const message =
          err instanceof Error ? translateAnswer(err.message) : t('components.bet.requestFailed');
        setNotice({
          key,
          tone: 'error',
          text: t('components.bet.failedNotConfirmed', {
            reason: message,
            notConfirmed: t('components.bet.notConfirmed'),
          }),
        });
        toast.error(message);
        refreshThis();
        return;
      }
      if (!sent.ran) return;
      const res = sent.value;
      if (res.outcome === 'unknown') {
        setNotice({ key, tone: 'error', text: t('components.bet.notConfirmed') });
        toast.error(translateAnswer(res.message));
      } else {
        intent.done();
        const r = res.value;
        if (r.status) {
          setNotice(res.retried ? { key, tone: 'ok', text: t('components.bet.placedOnce') } : undefined);
          onPlaced(r.data, res.retried);
        } else {
          setNotice({
            key,
            tone: 'error',
            text: t('components.bet.notPlaced', { reason: translateAnswer(r.message) }),
          });
          toast.error(translateAnswer(r.message));
        }
      }
      refreshThis();
    },
    [intent, refresh, run],
  );

  /** The notice for the slip with this key, or none once the bettor changed something. */
  const noticeFor = (key: string | null): SlipNotice | undefined =>
    notice && key != null && notice.key === key ? notice : undefined;

  return { place, placing: busy, noticeFor };
}
