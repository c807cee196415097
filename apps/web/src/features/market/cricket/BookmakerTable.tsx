import type { BookmakerMarket, BookmakerRunner } from '@backlay/contract';
import { Fragment, type ReactNode } from 'react';
import { FullRow, Position } from '../MarketCard.tsx';
import { BackLayHeads } from '../SlipStake.tsx';
import { shownStatus, STATUS_OVERLAY, type BookmakerPick } from './kind-slip.ts';
import { msgId } from '../../../lib/i18n/catalog.ts';
import { useT } from '../i18n.ts';

/** A runner's status in words (message ids); an active one shows none. */
const RUNNER_TEXT = {
  ACTIVE: null,
  WINNER: msgId('market.status.winner'),
  LOSER: msgId('market.status.loser'),
  REMOVED: msgId('market.status.removed'),
} as const;

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
  const t = useT();
  const rate = side === 'BACK' ? runner.back_rate : runner.lay_rate;
  const values = { rate: String(rate), runner: runner.name };
  const label =
    side === 'BACK'
      ? rate != null
        ? t('market.rate.back', values)
        : t('market.rate.backNone', values)
      : rate != null
        ? t('market.rate.lay', values)
        : t('market.rate.layNone', values);
  return (
    <button
      type="button"
      className={`price price--${side.toLowerCase()} price--l1 rate-box`}
      // The name starts with the rate the box shows (WCAG 2.5.3, label in name).
      aria-label={label}
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
  const t = useT();
  const status = shownStatus(market.status, ballRunningUntilMs, now);
  const overlayId = STATUS_OVERLAY[status];
  const overlay = overlayId ? t(overlayId) : undefined;
  const limits = t('market.limits', {
    min: market.min_stake.toLocaleString('en-IN'),
    max: market.max_stake.toLocaleString('en-IN'),
  });
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
      <div
        className="market__grid"
        role="table"
        aria-label={t('market.bookmaker.ratesLabel', { market: market.market_name })}
      >
        <BackLayHeads runners={market.runners.length} />
        <div className="market__body">
          {market.runners.map((r) => {
            const quoted = r.back_rate != null || r.lay_rate != null;
            const runnerId =
              r.status !== 'ACTIVE'
                ? RUNNER_TEXT[r.status]
                : !quoted
                  ? msgId('market.status.suspended')
                  : null;
            const runnerText = runnerId ? t(runnerId) : null;
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
