import type { MarketDetail } from '@backlay/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { cashOut } from './api/cash-out.ts';
import { useCashOutQuote } from './api/cash-out-quote.ts';
import { signedMoney } from './format.ts';
import { usePlaceOnce } from '../../lib/usePlaceOnce.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useT } from './i18n.ts';

/** The quote is asked again at most this often while the market's prices move. */
export const CASH_OUT_REFRESH_MS = 1_000;

/** Whether the caller has a matched position on the market (a runner whose result is not 0). */
export const hasMatchedPosition = (market: MarketDetail) => market.runners.some((r) => r.position !== 0);

/** What the quote depends on as the screen sees it: the best prices and sizes, positions, status. */
function liveSignature(market: MarketDetail): string {
  const top = (l: { price: number; size: number }[]) => (l[0] ? `${l[0].price}@${l[0].size}` : '-');
  return [
    market.status,
    market.version,
    ...market.runners.map((r) => `${r.status}:${top(r.back)}:${top(r.lay)}:${r.position}`),
  ].join('|');
}

/** `value`, changed at most once per `ms` (the latest value wins at the end of each wait). */
function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = Math.max(0, last.current + ms - Date.now());
    const t = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, shown, ms]);
  return shown;
}

const rupeesText = (rupees: number) => `₹${signedMoney(rupees)}`;

/** Whole seconds left of `delay_s` since `since_ms`, ticking every quarter second while any are left. */
function useSecondsLeft(since_ms: number | null, delay_s: number): number {
  const [now_ms, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since_ms === null || delay_s <= 0) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [since_ms, delay_s]);
  if (since_ms === null) return 0;
  return Math.max(0, Math.ceil(delay_s - (now_ms - since_ms) / 1000));
}

/**
 * While the cash out is with the server: in play it waits the market's bet delay before it meets
 * the book, so the bettor sees the seconds left rather than a greyed strip (issue 47).
 */
function PendingNote({ market, since_ms }: { market: MarketDetail; since_ms: number }) {
  const t = useT();
  const delay_s = market.in_play ? market.bet_delay : 0;
  const left = useSecondsLeft(since_ms, delay_s);
  return (
    <span className="cashout__note cashout__note--pending" role="status" data-testid="cash-out-pending">
      {delay_s > 0 && left > 0
        ? t('market.cashOut.pendingDelay', { seconds: String(left) })
        : t('market.cashOut.pending')}
    </span>
  );
}

/**
 * "Cash Out ₹X" on an exchange market where the caller has a matched position: the figure (the
 * profit or loss the hedge locks on every runner) follows the live prices; a click asks to confirm
 * the figure, then places the cash out (fill-or-kill on the server). Refused: the server's message
 * says the new figure and the button shows it.
 */
export function CashOut({ market, onDone }: { market: MarketDetail; onDone: () => void }) {
  const t = useT();
  const live = useThrottled(liveSignature(market), CASH_OUT_REFRESH_MS);
  // Mounted on every exchange market so that its answer outlives the position it closed (a cash
  // out to 0 leaves none); asked for a quote only while there is a position.
  const positioned = hasMatchedPosition(market);
  const quote = useCashOutQuote(market.market_id, live, positioned);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [result, setResult] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const placer = usePlaceOnce(() => {
    void quote.refetch();
    onDone();
  });
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);

  const q = quote.data;
  // Why the server offers no cash out now, in the bettor's language when known.
  const reason = q?.message == null ? undefined : translateAnswer(q.message);
  const name = market.market_name;
  const confirm = async (profit: number) => {
    const key = `cashout:${market.market_id}:${profit}`;
    setSentAt(Date.now());
    await placer.place(
      key,
      (request_id, signal) => cashOut({ market_id: market.market_id, request_id, profit }, signal),
      (data) => {
        setConfirming(null);
        const text = t('market.cashOut.done', { amount: rupeesText(data.profit) });
        setResult({ tone: 'ok', text });
        toast.success(text);
      },
    );
    setSentAt(null);
  };
  const notice =
    confirming !== null ? placer.noticeFor(`cashout:${market.market_id}:${confirming}`) : undefined;
  if (!positioned && confirming === null && result === null) return null;

  return (
    <div className="cashout" data-testid="cash-out">
      {positioned && q?.available && confirming === null ? (
        <button
          ref={openRef}
          type="button"
          className="cashout__btn"
          aria-label={t('market.cashOut.buttonLabel', { amount: rupeesText(q.profit), market: name })}
          onClick={() => {
            setResult(null);
            setConfirming(q.profit);
          }}
        >
          {t('market.cashOut.button', { amount: rupeesText(q.profit) })}
        </button>
      ) : null}
      {positioned && q && !q.available && confirming === null ? (
        <span className="cashout__off" title={reason}>
          {t('market.cashOut.unavailable', { reason: reason ?? '' })}
        </span>
      ) : null}
      {confirming !== null ? (
        <div
          className="cashout__confirm"
          role="group"
          aria-label={t('market.cashOut.confirmLabel', { market: name })}
        >
          <span>
            {t('market.cashOut.confirmQuestion', { amount: rupeesText(confirming) })}
            {q?.available && q.profit !== confirming
              ? ` ${t('market.cashOut.now', { amount: rupeesText(q.profit) })}`
              : ''}
          </span>
          <button
            ref={confirmRef}
            type="button"
            className="cashout__btn"
            disabled={placer.placing}
            onClick={() => void confirm(confirming)}
          >
            {t('market.cashOut.confirm', { amount: rupeesText(confirming) })}
          </button>
          <button
            type="button"
            className="cashout__cancel"
            onClick={() => {
              setConfirming(null);
              setTimeout(() => openRef.current?.focus(), 0);
            }}
          >
            {t('market.action.cancel')}
          </button>
          {placer.placing && sentAt !== null ? <PendingNote market={market} since_ms={sentAt} /> : null}
          {notice ? (
            <span className={`cashout__note cashout__note--${notice.tone}`} role="alert">
              {notice.text}
              {q?.available ? (
                <button type="button" className="cashout__btn" onClick={() => setConfirming(q.profit)}>
                  {t('market.cashOut.button', { amount: rupeesText(q.profit) })}
                </button>
              ) : null}
            </span>
          ) : null}
        </div>
      ) : null}
      {result ? (
        <span className={`cashout__note cashout__note--${result.tone}`} role="status">
          {result.text}
        </span>
      ) : null}
    </div>
  );
}
