import { useId } from 'react';
import { useButtonValues } from '../../../lib/api/button-values.ts';
import { formatMoney } from '@backlay/ui/money';
import { SlipNoticeLine } from '../BetSlip.tsx';
import { SlipStaleLine, useSlipHeld } from '../StaleWarning.tsx';
import { QuickStakes, StakeField } from '../SlipStake.tsx';
import type { SlipNotice } from '../../../lib/usePlaceOnce.ts';
import { stakeToPaise } from '../slip.ts';
import { outcomeOf, type FancyShape, type KindSlipState } from './kind-slip.ts';
import { useT } from '../i18n.ts';

/**
 * The bet slip for a house-quoted bet (bookmaker runner or fancy row). The rate — and a fancy's
 * line — are the house's quote and cannot be edited; the stake is typed or taken from the Game
 * quick-stake buttons; what the bet wins (profit) and what it can lose (liability) are shown.
 */
export function KindBetSlip({
  slip,
  title,
  marketName,
  lineText,
  minStake,
  maxStake,
  blocked,
  perRun,
  fancy,
  moved,
  placing,
  notice,
  onChange,
  onPlace,
  onCancel,
}: {
  slip: KindSlipState;
  /** "Back India", "Yes 6 over runs AUS". */
  title: { side: string; name: string };
  marketName: string;
  /** Fancy: the line as the row shows it (a KHADO band "150-159"); bookmaker: none. */
  lineText?: string;
  minStake: number;
  maxStake: number;
  /** Why no bet can be taken now (the message id of "Ball running", "Suspended"); null when open. */
  blocked: string | null;
  /** METER pays per run beyond the line: the amounts are per run. */
  perRun?: boolean;
  /** A fancy slip's variant and band: its figures follow the variant's rule (Odd/Even: two backs). */
  fancy?: FancyShape;
  /** The house quotes something else now ("46 @ 100"); the slip offers to take it. */
  moved?: { quote: string; onTake: () => void } | null;
  placing: boolean;
  /** The last answer to Place, kept until the bettor changes something. */
  notice?: SlipNotice | undefined;
  onChange: (slip: KindSlipState) => void;
  onPlace: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const lineId = useId();
  const rateId = useId();
  const stakeId = useId();
  const buttons = useButtonValues();
  const quick = (buttons.data ?? []).filter((b) => b.type === 'Game');
  const stakePaise = stakeToPaise(slip.stake);
  const { win_paise, lose_paise } = outcomeOf(slip, stakePaise, fancy);
  const backish = slip.kind === 'BOOKMAKER' ? slip.side === 'BACK' : slip.yes;
  const stakeRupees = stakePaise == null ? null : stakePaise / 100;
  const outOfRange = stakeRupees != null && (stakeRupees < minStake || stakeRupees > maxStake);
  const held = useSlipHeld();
  const canPlace = stakePaise != null && !outOfRange && !placing && blocked == null && !moved && !held;

  return (
    <form
      className={`slip slip--${backish ? 'back' : 'lay'} kind-slip`}
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
        <strong>{title.side}</strong> {title.name}
        <span className="slip__market">{marketName}</span>
      </div>
      <div className="slip__row">
        {lineText != null ? (
          <div className="slip__field">
            <label htmlFor={lineId}>{t('market.field.line')}</label>
            <input id={lineId} className="slip__fixed" value={lineText} readOnly tabIndex={-1} />
          </div>
        ) : null}
        <div className="slip__field">
          <label htmlFor={rateId}>{t('market.field.rate')}</label>
          <input id={rateId} className="slip__fixed" value={String(slip.rate)} readOnly tabIndex={-1} />
        </div>
        <StakeField
          id={stakeId}
          value={slip.stake}
          min={minStake}
          max={maxStake}
          invalid={slip.stake !== '' && (stakePaise == null || outOfRange)}
          onChange={(stake) => onChange({ ...slip, stake })}
        />
      </div>
      <QuickStakes buttons={quick} onPick={(stake) => onChange({ ...slip, stake })} />
      {outOfRange ? (
        <p className="slip__warn" role="alert">
          {t('market.slip.stakeRange', {
            min: minStake.toLocaleString('en-IN'),
            max: maxStake.toLocaleString('en-IN'),
          })}
        </p>
      ) : null}
      {blocked ? (
        <p className="slip__warn" role="alert">
          {t('market.kindSlip.blocked', { reason: t(blocked) })}
        </p>
      ) : null}
      {moved && !blocked ? (
        <p className="slip__warn kind-slip__moved" role="alert">
          {t('market.kindSlip.quoteMoved', { quote: moved.quote })}{' '}
          <button type="button" className="kind-slip__take" onClick={moved.onTake}>
            {t('market.slip.take', { price: moved.quote })}
          </button>
        </p>
      ) : null}
      <div className="slip__summary kind-slip__summary" data-testid="slip-summary">
        <span>
          {perRun ? t('market.kindSlip.profitPerRun') : t('market.slip.profit')}:{' '}
          <strong className="pos--up">{formatMoney(win_paise / 100)}</strong>
        </span>
        <span>
          {perRun ? t('market.kindSlip.liabilityPerRun') : t('market.slip.liability')}:{' '}
          <strong className="pos--down">{formatMoney(lose_paise / 100)}</strong>
        </span>
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
