import type { MarketDetail } from '@backlay/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { cashOut } from './api/cash-out.ts';
import { useCashOutQuote } from './api/cash-out-quote.ts';
import { signedMoney } from './format.ts';
import { usePlaceOnce } from '../../lib/usePlaceOnce.ts';

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

/**
 * "Cash Out ₹X" on an exchange market where the caller has a matched position: the figure (the
 * profit or loss the hedge locks on every runner) follows the live prices; a click asks to confirm
 * the figure, then places the cash out (fill-or-kill on the server). Refused: the server's message
 * says the new figure and the button shows it.
 */
export function CashOut({ market, onDone }: { market: MarketDetail; onDone: () => void }) {
  const live = useThrottled(liveSignature(market), CASH_OUT_REFRESH_MS);
  const quote = useCashOutQuote(market.market_id, live, true);
  const [confirming, setConfirming] = useState<number | null>(null);
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
  const name = market.market_name;
  const confirm = (profit: number) => {
    const key = `cashout:${market.market_id}:${profit}`;
    void placer.place(
      key,
      (request_id, signal) => cashOut({ market_id: market.market_id, request_id, profit }, signal),
      (data) => {
        setConfirming(null);
        const text = `Cashed out: ${rupeesText(data.profit)} on every runner.`;
        setResult({ tone: 'ok', text });
        toast.success(text);
      },
    );
  };
  const notice =
    confirming !== null ? placer.noticeFor(`cashout:${market.market_id}:${confirming}`) : undefined;

  return (
    <div className="cashout" data-testid="cash-out">
      {q?.available && confirming === null ? (
        <button
          ref={openRef}
          type="button"
          className="cashout__btn"
          aria-label={`Cash Out ${rupeesText(q.profit)}, ${name}: locks ${rupeesText(q.profit)} on every runner`}
          onClick={() => {
            setResult(null);
            setConfirming(q.profit);
          }}
        >
          Cash Out {rupeesText(q.profit)}
        </button>
      ) : null}
      {q && !q.available && confirming === null ? (
        <span className="cashout__off" title={q.message}>
          No cash out: {q.message}
        </span>
      ) : null}
      {confirming !== null ? (
        <div className="cashout__confirm" role="group" aria-label={`Confirm cash out, ${name}`}>
          <span>
            Lock {rupeesText(confirming)} on every runner?
            {q?.available && q.profit !== confirming ? ` Now ${rupeesText(q.profit)}.` : ''}
          </span>
          <button
            ref={confirmRef}
            type="button"
            className="cashout__btn"
            disabled={placer.placing}
            onClick={() => confirm(confirming)}
          >
            Confirm Cash Out {rupeesText(confirming)}
          </button>
          <button
            type="button"
            className="cashout__cancel"
            onClick={() => {
              setConfirming(null);
              setTimeout(() => openRef.current?.focus(), 0);
            }}
          >
            Cancel
          </button>
          {notice ? (
            <span className={`cashout__note cashout__note--${notice.tone}`} role="alert">
              {notice.text}
              {q?.available ? (
                <button type="button" className="cashout__btn" onClick={() => setConfirming(q.profit)}>
                  Cash Out {rupeesText(q.profit)}
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
