import type { MarketDetail } from '@backlay/contract';
import { formatOdds } from '@backlay/engine';
import { useId, useState, type KeyboardEvent } from 'react';
import { useButtonValues } from '../../lib/api/button-values.ts';
import { formatMoney } from '@backlay/ui/money';
import { showOdds, toHundredths } from './format.ts';
import { QuickStakes, StakeField } from './SlipStake.tsx';
import { profitOrLiability, stakeToPaise, stepDown, stepUp, type SlipSelection } from './slip.ts';
import type { SlipNotice } from '../../lib/usePlaceOnce.ts';
import { SlipStaleLine, useSlipHeld } from './StaleWarning.tsx';
import { useT } from './i18n.ts';

export type SlipState = SlipSelection & { stake: string; keepInPlay?: boolean };

/** The slip's last answer ("Not placed: Market is suspended"), until the bettor changes something. */
export function SlipNoticeLine({ notice }: { notice: SlipNotice | undefined }) {
  if (!notice) return null;
  return (
    <p
      className={`slip__result slip__result--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid="slip-result"
    >
      {notice.text}
    </p>
  );
}

/**
 * The bet slip: side and runner, odds moved by ladder ticks only (− / + or ArrowUp / ArrowDown),
 * stake typed or from the Game quick-stake buttons, profit (back) or liability (lay), Place.
 */
export function BetSlip({
  market,
  slip,
  placing,
  notice,
  onChange,
  onPlace,
  onCancel,
}: {
  market: MarketDetail;
  slip: SlipState;
  placing: boolean;
  notice?: SlipNotice | undefined;
  onChange: (slip: SlipState) => void;
  onPlace: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const oddsId = useId();
  const stakeId = useId();
  const buttons = useButtonValues();
  const quick = (buttons.data ?? []).filter((b) => b.type === 'Game');
  const runner = market.runners.find((r) => r.selection_id === slip.selection_id);
  const stakePaise = stakeToPaise(slip.stake);
  const amount = profitOrLiability(slip.side, slip.price, stakePaise);
  const back = slip.side === 'BACK';
  // The price the bettor set with the stepper; any other is the one clicked on the ladder.
  const [stepped, setStepped] = useState<number | null>(null);
  const setPrice = (price: number) => {
    setStepped(price);
    onChange({ ...slip, price });
  };
  // The ladder's best price on the slip's side now: when it has moved away from the clicked odds the
  // slip says so and offers it (the old price stays a valid limit, so Place is not blocked).
  const best = (back ? runner?.back : runner?.lay)?.[0]?.price;
  const bestNow = best == null ? null : toHundredths(best);
  const moved = bestNow != null && slip.price !== stepped && bestNow !== slip.price ? bestNow : null;
  const onOddsKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      setPrice(stepUp(slip.price));
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      setPrice(stepDown(slip.price));
    }
  };
  const stakeRupees = stakePaise == null ? null : stakePaise / 100;
  const outOfRange =
    stakeRupees != null && (stakeRupees < market.min_stake || stakeRupees > market.max_stake);
  const held = useSlipHeld();
  const canPlace = stakePaise != null && !outOfRange && !placing && market.status === 'OPEN' && !held;

  return (
    <form
      className={`slip slip--${back ? 'back' : 'lay'}`}
      aria-label={t('market.slip.label')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        if (canPlace) onPlace();
      }}
    >
      <div className="slip__title">
        <strong>{back ? t('market.side.back') : t('market.side.lay')}</strong> {runner?.name ?? ''}
        <span className="slip__market">{market.market_name}</span>
      </div>
      <div className="slip__row">
        <div className="slip__field">
          <label htmlFor={oddsId}>{t('market.field.odds')}</label>
          <div className="stepper">
            <button
              type="button"
              className="stepper__btn"
              aria-label={t('market.slip.oddsDown')}
              onClick={() => setPrice(stepDown(slip.price))}
            >
              −
            </button>
            <input
              id={oddsId}
              className="stepper__value"
              value={formatOdds(slip.price)}
              readOnly
              inputMode="none"
              onKeyDown={onOddsKey}
              aria-describedby={`${oddsId}-hint`}
            />
            <button
              type="button"
              className="stepper__btn"
              aria-label={t('market.slip.oddsUp')}
              onClick={() => setPrice(stepUp(slip.price))}
            >
              +
            </button>
          </div>
          <span id={`${oddsId}-hint`} className="visually-hidden">
            {t('market.slip.oddsHint')}
          </span>
        </div>
        <StakeField
          id={stakeId}
          value={slip.stake}
          min={market.min_stake}
          max={market.max_stake}
          invalid={slip.stake !== '' && (stakePaise == null || outOfRange)}
          onChange={(stake) => onChange({ ...slip, stake })}
        />
      </div>
      <QuickStakes buttons={quick} onPick={(stake) => onChange({ ...slip, stake })} />
      {outOfRange ? (
        <p className="slip__warn" role="alert">
          {t('market.slip.stakeRange', {
            min: String(market.min_stake),
            max: market.max_stake.toLocaleString('en-IN'),
          })}
        </p>
      ) : null}
      {moved != null ? (
        <p className="slip__warn kind-slip__moved" role="alert">
          {t('market.slip.priceMoved', { odds: showOdds(moved / 100) })}{' '}
          <button
            type="button"
            className="kind-slip__take"
            onClick={() => {
              setStepped(null);
              onChange({ ...slip, price: moved });
            }}
          >
            {t('market.slip.take', { price: showOdds(moved / 100) })}
          </button>
        </p>
      ) : null}
      {market.in_play && market.bet_delay > 0 ? (
        <p className="slip__note">{t('market.slip.inPlayDelay', { seconds: String(market.bet_delay) })}</p>
      ) : !market.in_play ? (
        <label className="slip__keep">
          <input
            type="checkbox"
            checked={slip.keepInPlay === true}
            onChange={(e) => onChange({ ...slip, keepInPlay: e.target.checked })}
          />
          {t('market.slip.keepInPlay')}
        </label>
      ) : null}
      <div className="slip__summary" data-testid="slip-summary">
        {back ? t('market.slip.profit') : t('market.slip.liability')}: <strong>{formatMoney(amount)}</strong>
      </div>
      <SlipNoticeLine notice={notice} />
      <SlipStaleLine held={held} />
      <div className="slip__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('market.action.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary slip__place"
          disabled={!canPlace}
          aria-busy={placing}
        >
          {placing ? t('market.slip.placing') : t('market.slip.place')}
        </button>
      </div>
    </form>
  );
}
