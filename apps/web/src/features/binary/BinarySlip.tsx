import { formatMoney } from '@backlay/ui/money';
import { useId } from 'react';
import { useButtonValues } from '../../lib/api/button-values.ts';
import { formatLine } from './format.ts';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import { stakeToPaise, type BinarySlipState } from './usePlaceBinary.ts';
import type { SlipNotice } from '../../lib/usePlaceOnce.ts';

/**
 * Yes wins stake × rate / 100 when the session settles at or above the line and loses the stake;
 * No wins the stake when it settles below and loses stake × rate / 100 (the fancy rule, DOMAIN.md
 * "Binary sessions").
 */
export function binaryOutcomePaise(yes: boolean, rate: number, stakePaise: number) {
  const atRate = Math.floor((stakePaise * rate) / 100);
  return yes ? { win_paise: atRate, lose_paise: stakePaise } : { win_paise: stakePaise, lose_paise: atRate };
}

/** The binary bet slip: side, line and rate as quoted (fixed), stake typed or from the Game buttons. */
export function BinarySlip({
  slip,
  code,
  minStake,
  maxStake,
  blocked,
  moved,
  placing,
  notice,
  onChange,
  onPlace,
  onCancel,
}: {
  slip: BinarySlipState;
  code: string;
  minStake: number;
  maxStake: number;
  /** Why no bet can be taken now ("Closed", "Weekend"); null when open. */
  blocked: string | null;
  /** The line quoted now for this side when it moved since the pick ("24,360 @100"). */
  moved: { quote: string; onTake: () => void } | null;
  placing: boolean;
  notice: SlipNotice | undefined;
  onChange: (slip: BinarySlipState) => void;
  onPlace: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const stakeId = useId();
  const quick = (useButtonValues().data ?? []).filter((b) => b.type === 'Game');
  const paise = stakeToPaise(slip.stake);
  const rupees = paise == null ? null : paise / 100;
  const outOfRange = rupees != null && (rupees < minStake || rupees > maxStake);
  const canPlace = paise != null && !outOfRange && !placing && blocked == null;
  const { win_paise, lose_paise } = binaryOutcomePaise(slip.yes, slip.rate, paise ?? 0);
  const title = { code, line: formatLine(slip.line), rate: slip.rate };
  return (
    <form
      className={`slip slip--${slip.yes ? 'back' : 'lay'} binary-slip`}
      aria-label={t('binary.slip.label')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        if (canPlace) onPlace();
      }}
    >
      <div className="slip__title">
        {slip.yes ? (
          <Trans id="binary.slip.titleYes" values={title} components={{ 0: <strong /> }} />
        ) : (
          <Trans id="binary.slip.titleNo" values={title} components={{ 0: <strong /> }} />
        )}
      </div>
      <div className="slip__row">
        <div className="slip__field">
          <label htmlFor={stakeId}>{t('binary.slip.stake')}</label>
          <input
            id={stakeId}
            // The slip opens with the cursor in its stake: the side picked, the stake comes next.
            autoFocus
            inputMode="decimal"
            autoComplete="off"
            value={slip.stake}
            aria-invalid={slip.stake !== '' && (paise == null || outOfRange)}
            onChange={(e) => onChange({ ...slip, stake: e.target.value.replace(/[^\d.]/g, '') })}
          />
        </div>
      </div>
      {quick.length > 0 ? (
        <div className="slip__quick" role="group" aria-label={t('binary.slip.quickStakes')}>
          {quick.map((b) => (
            <button
              key={`${b.button_name}-${b.button_value}`}
              type="button"
              className="slip__chip"
              onClick={() => onChange({ ...slip, stake: String(b.button_value) })}
            >
              {b.button_name}
            </button>
          ))}
        </div>
      ) : null}
      {outOfRange ? (
        <p className="slip__warn" role="alert">
          {t('binary.slip.outOfRange', {
            min: minStake.toLocaleString('en-IN'),
            max: maxStake.toLocaleString('en-IN'),
          })}
        </p>
      ) : null}
      {blocked ? (
        <p className="slip__warn" role="alert">
          {t('binary.slip.blocked', { reason: blocked })}
        </p>
      ) : null}
      {moved && !blocked ? (
        <p className="slip__warn" role="status">
          {t('binary.slip.moved', { quote: moved.quote })}{' '}
          <button type="button" className="kind-slip__take" onClick={moved.onTake}>
            {t('binary.slip.take', { quote: moved.quote })}
          </button>
        </p>
      ) : null}
      <div className="slip__summary kind-slip__summary" data-testid="slip-summary">
        <span>
          {t('binary.slip.profit')} <strong className="pos--up">{formatMoney(win_paise / 100)}</strong>
        </span>
        <span>
          {t('binary.slip.liability')} <strong className="pos--down">{formatMoney(lose_paise / 100)}</strong>
        </span>
      </div>
      {notice ? (
        <p
          className={`slip__result slip__result--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="slip-result"
        >
          {notice.text}
        </p>
      ) : null}
      <div className="slip__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('binary.slip.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary slip__place"
          disabled={!canPlace}
          aria-busy={placing}
        >
          {placing ? t('binary.slip.placing') : t('binary.slip.place')}
        </button>
      </div>
    </form>
  );
}
