import type { CasinoLimits, CasinoOptionWire } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import { useId } from 'react';
import { useButtonValues } from '../../lib/api/button-values.ts';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import { profitPaise, stakeText, stakeToPaise } from './stake.ts';
import type { CasinoSlipNotice } from './usePlaceCasinoBet.ts';

export type CasinoSlipState = { option_id: string | null; stake: string };

/**
 * The casino bet slip: the option picked on the table, a Casino button (Set Button Values'
 * Casino Buttons) or a typed stake, what a win pays, Place Bet. Placing is off while the window
 * is closed; the server's refusal is shown as it worded it.
 */
export function CasinoSlip({
  option,
  slip,
  limits,
  open,
  placing,
  notice,
  onChange,
  onPlace,
}: {
  option: CasinoOptionWire | undefined;
  slip: CasinoSlipState;
  limits: CasinoLimits;
  open: boolean;
  placing: boolean;
  notice: CasinoSlipNotice | undefined;
  onChange: (slip: CasinoSlipState) => void;
  onPlace: () => void;
}) {
  const t = useT();
  const stakeId = useId();
  const buttons = (useButtonValues().data ?? []).filter((b) => b.type === 'Casino');
  const paise = stakeToPaise(slip.stake);
  const rupees = paise == null ? null : paise / 100;
  const outOfRange = rupees != null && (rupees < limits.min_stake || rupees > limits.max_per_option);
  const canPlace = open && option != null && rupees != null && !outOfRange && !placing;
  return (
    <form
      className="cslip"
      aria-label={t('casino.slip.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (canPlace) onPlace();
      }}
    >
      <h2 className="cslip__title">{t('casino.slip.title')}</h2>
      {option ? (
        <p className="cslip__pick" data-testid="slip-pick">
          <Trans
            id="casino.slip.pick"
            values={{ option: option.label, payout: option.payout.toFixed(2) }}
            components={{ 0: <strong />, 1: <strong /> }}
          />
        </p>
      ) : (
        <p className="cslip__pick cslip__pick--none">{t('casino.slip.pickOption')}</p>
      )}
      {buttons.length > 0 ? (
        <div className="cslip__buttons" role="group" aria-label={t('casino.slip.buttons')}>
          {buttons.map((b) => (
            <button
              key={`${b.button_name}-${b.button_value}`}
              type="button"
              className={`cslip__chip${slip.stake === String(b.button_value) ? ' is-on' : ''}`}
              aria-pressed={slip.stake === String(b.button_value)}
              onClick={() => onChange({ ...slip, stake: String(b.button_value) })}
            >
              {b.button_name}
            </button>
          ))}
        </div>
      ) : null}
      <div className="cslip__field">
        <label htmlFor={stakeId}>{t('casino.slip.stake')}</label>
        <input
          id={stakeId}
          className="cslip__stake"
          inputMode="decimal"
          autoComplete="off"
          placeholder={`${limits.min_stake}–${limits.max_per_option}`}
          value={slip.stake}
          aria-invalid={slip.stake !== '' && (paise == null || outOfRange)}
          onChange={(e) => onChange({ ...slip, stake: stakeText(e.target.value) })}
        />
      </div>
      {outOfRange ? (
        <p className="cslip__warn" role="alert">
          {t('casino.slip.outOfRange', {
            min: String(limits.min_stake),
            max: limits.max_per_option.toLocaleString('en-IN'),
          })}
        </p>
      ) : null}
      {option && paise != null ? (
        <p className="cslip__win" data-testid="slip-win">
          {t('casino.slip.winPays', { amount: formatMoney(profitPaise(paise, option.payout) / 100) })}
        </p>
      ) : null}
      {notice ? (
        <p
          className={`cslip__notice cslip__notice--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="slip-result"
        >
          {notice.text}
        </p>
      ) : null}
      {!open ? <p className="cslip__closed">{t('casino.slip.closed')}</p> : null}
      <button
        type="submit"
        className="btn btn--primary cslip__place"
        disabled={!canPlace}
        aria-busy={placing}
      >
        {placing ? t('casino.slip.placing') : t('casino.slip.placeBet')}
      </button>
    </form>
  );
}
