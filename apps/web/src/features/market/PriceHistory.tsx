// A match-odds market's price history (issue 45): under the market, "Price history" opens the last
// traded price over time for the runner chosen, as the server keeps it (market/getPriceHistory,
// from the market's trades). Its alternative for screen readers and anyone who would rather read:
// the figure is named by a sentence, and the steps open as a table.
import type { PriceHistory as History } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { formatMoney } from '@backlay/ui/money';
import { useLazyDraw } from '@backlay/ui/lazy-draw';
import { useId, useRef, useState } from 'react';
import { usePriceHistory } from './api/price-history.ts';
import { showOdds } from './format.ts';
import { t as translate, useT } from './i18n.ts';
import type { Translate } from '../../lib/i18n/catalog.ts';

type Point = History['runners'][number]['points'][number];

const time = (iso: string) => formatDateTime(iso, 'HH:mm');

/** The runner's line in words: the last trade, the range, the stake matched. */
export function historySummary(name: string, points: readonly Point[], t: Translate = translate): string {
  if (points.length === 0) return t('market.priceHistory.notTraded', { runner: name });
  const last = points.at(-1)!;
  const low = Math.min(...points.map((p) => p.price));
  const high = Math.max(...points.map((p) => p.price));
  const matched = points.reduce((n, p) => n + Math.round(p.volume * 100), 0) / 100;
  const values = {
    runner: name,
    last: showOdds(last.price),
    at: time(last.at),
    low: showOdds(low),
    high: showOdds(high),
    since: time(points[0]!.at),
    matched: formatMoney(matched),
  };
  return low === high
    ? t('market.priceHistory.summaryFlat', values)
    : t('market.priceHistory.summaryRange', values);
}

function HistoryChart({ name, points, step_s }: { name: string; points: readonly Point[]; step_s: number }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const failed = useLazyDraw(box, JSON.stringify([points, step_s]), points.length > 0, () =>
    import('./price-history-draw.ts').then((m) => (el: HTMLElement) => {
      const at_s = points.map((p) => ({ at_s: Date.parse(p.at) / 1000, price: p.price }));
      return m.drawPriceHistory(el, at_s, at_s.at(-1)!.at_s + step_s, (v) => showOdds(v), {
        series: t('market.priceHistory.lastTradedPrice'),
      });
    }),
  );
  return (
    <figure className="price-history__figure" aria-labelledby={captionId}>
      {points.length > 0 && !failed ? (
        <div ref={box} className="price-history__plot" aria-hidden="true" />
      ) : null}
      <figcaption id={captionId} className="price-history__caption">
        {historySummary(name, points, t)}
      </figcaption>
      {points.length > 0 ? (
        <details className="price-history__table">
          <summary>{t('market.priceHistory.showTable')}</summary>
          <table className="table price-history__steps">
            <caption className="visually-hidden">
              {t('market.priceHistory.tableCaption', { runner: name, minutes: String(step_s / 60) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('market.priceHistory.colFrom')}</th>
                <th scope="col" className="num">
                  {t('market.priceHistory.colLast')}
                </th>
                <th scope="col" className="num">
                  {t('market.priceHistory.colMatched')}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.at}>
                  <th scope="row">{time(p.at)}</th>
                  <td className="num">{showOdds(p.price)}</td>
                  <td className="num">{formatMoney(p.volume)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </figure>
  );
}

/** The market's "Price history" button and, when open, the chosen runner's chart. */
export function PriceHistory({ marketId, marketName }: { marketId: number; marketName: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<number | null>(null);
  const panelId = useId();
  const selectId = useId();
  const q = usePriceHistory(marketId, open);
  const runners = q.data?.runners ?? [];
  // The first runner that traded, until the bettor picks one.
  const chosen =
    runners.find((r) => r.selection_id === selection) ??
    runners.find((r) => r.points.length > 0) ??
    runners[0];
  return (
    <div className="price-history">
      <button
        type="button"
        className="price-history__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('market.priceHistory.hide') : t('market.priceHistory.show')}
        <span className="visually-hidden"> {t('market.priceHistory.ofMarket', { market: marketName })}</span>
      </button>
      {open ? (
        <div id={panelId} className="price-history__panel">
          {q.isPending ? <p className="price-history__note">{t('market.priceHistory.loading')}</p> : null}
          {q.isError ? <p className="price-history__note">{t('market.priceHistory.failed')}</p> : null}
          {chosen ? (
            <>
              <label className="price-history__runner" htmlFor={selectId}>
                {t('market.field.runner')}{' '}
                <select
                  id={selectId}
                  value={chosen.selection_id}
                  onChange={(e) => setSelection(Number(e.target.value))}
                >
                  {runners.map((r) => (
                    <option key={r.selection_id} value={r.selection_id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </label>
              <HistoryChart name={chosen.name} points={chosen.points} step_s={q.data!.step_s} />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
