import { voidWords } from '@backlay/ui/bets';
import type { MarketDetail, MarketRunner, PriceSize } from '@backlay/contract';
import { Fragment, type ReactNode } from 'react';
import { BackLayHeads } from './SlipStake.tsx';
import { showOdds, showSize, signedMoney, toHundredths } from './format.ts';
import type { Side, SlipSelection } from './slip.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';

export const LEVELS = 3;

/** Three cells a side, best price nearest the centre: back shows level 3, 2, 1; lay shows 1, 2, 3. */
export function ladderCells(runner: Pick<MarketRunner, 'back' | 'lay'>) {
  const pad = (levels: PriceSize[]) =>
    Array.from({ length: LEVELS }, (_, i) => levels[i] ?? null) as (PriceSize | null)[];
  return { back: pad(runner.back).reverse(), lay: pad(runner.lay) };
}

/** A price for an empty cell: next to the other side's best, else evens-ish 2.0. */
export function fallbackPrice(runner: MarketRunner, side: Side): number {
  const other = side === 'BACK' ? runner.lay[0] : runner.back[0];
  return other ? toHundredths(other.price) : 200;
}

export function PriceCell({
  level,
  side,
  depth,
  runnerName,
  disabled,
  onPick,
}: {
  level: PriceSize | null;
  side: Side;
  depth: number;
  runnerName: string;
  disabled: boolean;
  onPick: (price: number | null) => void;
}) {
  const t = useT();
  const back = side === 'BACK';
  // The name starts with the text the button shows ("2.4 840"), then says what it does (WCAG
  // 2.5.3, label in name): a voice user says what they see.
  const shown = level
    ? { odds: showOdds(level.price), size: showSize(level.size), runner: runnerName }
    : null;
  const label = shown
    ? back
      ? t('market.price.backAt', shown)
      : t('market.price.layAt', shown)
    : back
      ? t('market.price.back', { runner: runnerName })
      : t('market.price.lay', { runner: runnerName });
  return (
    <button
      type="button"
      className={`price price--${side.toLowerCase()} price--l${depth}`}
      aria-label={label}
      disabled={disabled}
      onClick={() => onPick(level ? toHundredths(level.price) : null)}
    >
      {level ? (
        // Keyed on price and size: a change remounts it, and its short highlight plays.
        <span className="price__inner" key={`${level.price}:${level.size}`}>
          <span className="price__odds">{showOdds(level.price)}</span>{' '}
          <span className="price__size">{showSize(level.size)}</span>
        </span>
      ) : (
        <span className="price__odds price__odds--empty">{'\u00a0'}</span>
      )}
    </button>
  );
}

/**
 * Something inside a price table that is not a runner (the bet slip, the Suspended cover): a row
 * of one cell, since a table may own only rows (ARIA; axe aria-required-children).
 */
export function FullRow({ className, children }: { className?: string; children: ReactNode }) {
  if (children == null || children === false) return null;
  return (
    <div className={className} role="row">
      <div role="cell">{children}</div>
    </div>
  );
}

export function Position({ value, after }: { value: number; after?: number }) {
  const cls = (v: number) => (v > 0 ? 'pos pos--up' : v < 0 ? 'pos pos--down' : 'pos');
  return (
    <span className="runner__pos">
      {value !== 0 ? <span className={cls(value)}>{signedMoney(value)}</span> : null}
      {after !== undefined ? (
        <span className={cls(after)} data-testid="what-if">
          {' » '}
          {signedMoney(after)}
        </span>
      ) : null}
    </span>
  );
}

/** What covers a market that takes no bets, by its status (message ids). */
export const STATUS_WORD: Partial<Record<MarketDetail['status'], string>> = {
  SUSPENDED: msgId('market.status.suspended'),
  CLOSED: msgId('market.status.closed'),
  INACTIVE: msgId('market.status.notOpen'),
};

/** A runner's status other than ACTIVE, in words (message ids; REMOVED says why: voidWords). */
const RUNNER_STATUS: Partial<Record<MarketRunner['status'], string>> = {
  WINNER: msgId('market.card.runnerWinner'),
  LOSER: msgId('market.card.runnerLoser'),
};

/** One market: header, the back/lay column heads and a row per runner with its ladder. */
export function MarketCard({
  market,
  stale = false,
  whatIf,
  onPick,
  renderBelow,
  cashOut,
  footer,
}: {
  market: MarketDetail;
  /** The live connection is quiet or down: the prices may be behind (shown dimmed). */
  stale?: boolean;
  /** Positions after the bet in the slip, when the slip is on this market. */
  whatIf?: Map<number, number>;
  onPick: (sel: SlipSelection) => void;
  /** The bet slip, shown under the runner it belongs to. */
  renderBelow?: (selectionId: number) => ReactNode;
  /** The cash out of the caller's matched position (CashOut.tsx), under the market's head. */
  cashOut?: ReactNode;
  /** Under the prices: the market's price history (PriceHistory.tsx). */
  footer?: ReactNode;
}) {
  const t = useT();
  // A voided market is over with every bet void: say so, not just "Closed".
  const statusWord = STATUS_WORD[market.status];
  const overlay = market.voided ? voidWords(market.void_reason) : statusWord && t(statusWord);
  const closedForBets = market.status !== 'OPEN';
  return (
    <section
      className={stale ? 'market market--stale' : 'market'}
      aria-label={market.market_name}
      data-market-id={market.market_id}
      data-stale={stale ? 'true' : undefined}
    >
      <header className="market__head">
        <h2 className="market__name">{market.market_name}</h2>
        <span className="market__meta">
          {market.in_play ? <span className="badge badge--live">{t('market.inPlay')}</span> : null}
          {market.in_play && market.bet_delay > 0 ? (
            <span className="market__delay" title={t('market.card.delayTitle')}>
              {t('market.card.delay', { seconds: String(market.bet_delay) })}
            </span>
          ) : null}
          <span className="market__limits">
            {t('market.limits', {
              min: String(market.min_stake),
              max: market.max_stake.toLocaleString('en-IN'),
            })}
          </span>
        </span>
      </header>
      {cashOut ?? null}
      <div
        className="market__grid"
        role="table"
        aria-label={t('market.card.pricesLabel', { market: market.market_name })}
      >
        <BackLayHeads runners={market.runners.length} />
        <div className="market__body">
          {market.runners.map((r) => {
            const cells = ladderCells(r);
            const runnerClosed = closedForBets || r.status !== 'ACTIVE';
            const runnerWord = RUNNER_STATUS[r.status];
            const pick = (side: Side) => (price: number | null) =>
              onPick({
                market_id: market.market_id,
                selection_id: r.selection_id,
                side,
                price: price ?? fallbackPrice(r, side),
              });
            return (
              <Fragment key={r.selection_id}>
                <div className="runner" role="row" data-selection-id={r.selection_id}>
                  <div className="runner__info" role="cell">
                    <span className="runner__name">{r.name}</span>
                    <Position value={r.position} after={whatIf?.get(r.selection_id)} />
                  </div>
                  <div className="runner__prices" role="cell">
                    {cells.back.map((lv, i) => (
                      <PriceCell
                        key={`b${i}`}
                        level={lv}
                        side="BACK"
                        depth={LEVELS - i}
                        runnerName={r.name}
                        disabled={runnerClosed}
                        onPick={pick('BACK')}
                      />
                    ))}
                    {cells.lay.map((lv, i) => (
                      <PriceCell
                        key={`l${i}`}
                        level={lv}
                        side="LAY"
                        depth={i + 1}
                        runnerName={r.name}
                        disabled={runnerClosed}
                        onPick={pick('LAY')}
                      />
                    ))}
                  </div>
                  {/* i18n-exempt: the server's runner status, compared */}
                  {r.status !== 'ACTIVE' ? (
                    <span className="runner__status">
                      {/* i18n-exempt: the server's runner status, compared; shown in words */}
                      {r.status === 'REMOVED'
                        ? voidWords(r.void_reason)
                        : runnerWord
                          ? t(runnerWord)
                          : r.status}
                    </span>
                  ) : null}
                </div>
                <FullRow>{renderBelow?.(r.selection_id)}</FullRow>
              </Fragment>
            );
          })}
          {overlay ? (
            <FullRow
              className={`market__overlay market__overlay--${market.voided ? 'void' : market.status.toLowerCase()}`}
            >
              <span role="status">{overlay}</span>
            </FullRow>
          ) : null}
        </div>
      </div>
      {footer ?? null}
    </section>
  );
}
