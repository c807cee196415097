import type { BookmakerMarket, BookmakerRunner } from '@backlay/contract';
import { Fragment, type ReactNode } from 'react';
import { FullRow, Position } from '../MarketCard.tsx';
import { BackLayHeads } from '../SlipStake.tsx';
import { shownStatus, STATUS_OVERLAY, type BookmakerPick } from './kind-slip.ts';

const RUNNER_TEXT = { ACTIVE: null, WINNER: 'Winner', LOSER: 'Loser', REMOVED: 'Removed' } as const;

function RateBox({
  side,
  runner,
  disabled,
  onPick,
}: {
  side: 'BACK' | 'LAY';
  runner: BookmakerRunner;
  disabled: boolean;
  onPick: (rate: number) => void;
}) {
  const rate = side === 'BACK' ? runner.back_rate : runner.lay_rate;
  const word = side === 'BACK' ? 'Back' : 'Lay';
  return (
    <button
      type="button"
      className={`price price--${side.toLowerCase()} price--l1 rate-box`}
      // The name starts with the rate the box shows (WCAG 2.5.3, label in name).
      aria-label={rate != null ? `${rate}, ${word} ${runner.name}` : `${word} ${runner.name}, no rate`}
      disabled={disabled || rate == null}
      onClick={() => {
        if (rate != null) onPick(rate);
      }}
    >
      {rate != null ? (
        <span className="price__inner" key={rate}>
          <span className="price__odds">{rate}</span>
        </span>
      ) : (
        <span className="price__odds price__odds--empty">–</span>
      )}
    </button>
  );
}

/**
 * A bookmaker market: per runner the caller's position (and, with a stake in the slip, the
 * position after the bet), the house's back (blue) and lay (pink) rates per 100.
 */
export function BookmakerTable({
  market,
  ballRunningUntilMs,
  now,
  whatIf,
  onPick,
  renderBelow,
}: {
  market: BookmakerMarket;
  ballRunningUntilMs: number | null;
  now: number;
  whatIf?: Map<number, number>;
  onPick: (pick: BookmakerPick) => void;
  renderBelow?: (selectionId: number) => ReactNode;
}) {
  const status = shownStatus(market.status, ballRunningUntilMs, now);
  const overlay = STATUS_OVERLAY[status];
  const limits = `Min ${market.min_stake.toLocaleString('en-IN')} · Max ${market.max_stake.toLocaleString('en-IN')}`;
  return (
    <section
      className="market bm"
      aria-label={market.market_name}
      data-market-id={market.market_id}
      data-status={status}
    >
      <header className="market__head">
        <h2 className="market__name">{market.market_name}</h2>
        <span className="market__meta">
          {overlay ? (
            <span className={`kind-status kind-status--${status.toLowerCase()}`} role="status">
              {overlay}
            </span>
          ) : null}
          <span className="kind-limits">{limits}</span>
        </span>
      </header>
      <div className="market__grid" role="table" aria-label={`${market.market_name} rates`}>
        <BackLayHeads runners={market.runners.length} />
        <div className="market__body">
          {market.runners.map((r) => {
            const quoted = r.back_rate != null || r.lay_rate != null;
            const runnerText = r.status !== 'ACTIVE' ? RUNNER_TEXT[r.status] : !quoted ? 'Suspended' : null;
            const cover = overlay ?? runnerText;
            const coverKind = overlay ? status : r.status !== 'ACTIVE' ? r.status : 'SUSPENDED';
            const pick = (side: 'BACK' | 'LAY') => (rate: number) =>
              onPick({
                kind: 'BOOKMAKER',
                market_id: market.market_id,
                selection_id: r.selection_id,
                side,
                rate,
              });
            return (
              <Fragment key={r.selection_id}>
                <div className="runner bm__runner" role="row" data-selection-id={r.selection_id}>
                  <div className="runner__info" role="cell">
                    <span className="runner__name">{r.name}</span>
                    <Position value={r.position} after={whatIf?.get(r.selection_id)} />
                  </div>
                  <div className="runner__prices bm__rates" role="cell">
                    <RateBox side="BACK" runner={r} disabled={cover != null} onPick={pick('BACK')} />
                    <RateBox side="LAY" runner={r} disabled={cover != null} onPick={pick('LAY')} />
                    {cover ? (
                      <span className={`kind-overlay kind-overlay--${coverKind.toLowerCase()}`}>{cover}</span>
                    ) : null}
                  </div>
                </div>
                <FullRow>{renderBelow?.(r.selection_id)}</FullRow>
              </Fragment>
            );
          })}
        </div>
      </div>
    </section>
  );
}
