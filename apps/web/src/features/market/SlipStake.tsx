import type { ButtonValue } from '@backlay/contract';
import { useEffect, useRef } from 'react';
import { useT } from './i18n.ts';

/** Digits and one decimal point only: what a stake box keeps of what was typed. */
export const stakeText = (typed: string) => typed.replace(/[^\d.]/g, '');

/** The stake box of a bet slip (exchange or house-quoted kinds alike). */
export function StakeField({
  id,
  value,
  min,
  max,
  invalid,
  onChange,
}: {
  id: string;
  value: string;
  min: number;
  max: number;
  invalid: boolean;
  onChange: (stake: string) => void;
}) {
  // A slip opens with the cursor in its stake: the price picked, the next thing to give is the
  // stake, and a keyboard user is not left on the price (with the rest of the ladder between).
  // When the slip closes (placed, cancelled, Escape) and focus was left on nothing, it goes back
  // to the price the slip was opened from, so the keyboard user keeps their place.
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      const lost = document.activeElement == null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div className="slip__field">
      <label htmlFor={id}>{t('market.field.stake')}</label>
      <input
        ref={ref}
        id={id}
        className="slip__stake"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${min}–${max}`}
        value={value}
        onChange={(e) => onChange(stakeText(e.target.value))}
        aria-invalid={invalid}
      />
    </div>
  );
}

/** The Game quick-stake buttons under a slip's stake box; nothing when the user has none. */
export function QuickStakes({
  buttons,
  onPick,
}: {
  buttons: readonly ButtonValue[];
  onPick: (stake: string) => void;
}) {
  const t = useT();
  if (buttons.length === 0) return null;
  return (
    <div className="slip__quick" role="group" aria-label={t('market.slip.quickStakes')}>
      {buttons.map((b) => (
        <button
          key={`${b.button_name}-${b.button_value}`}
          type="button"
          className="slip__chip"
          onClick={() => onPick(String(b.button_value))}
        >
          {b.button_name}
        </button>
      ))}
    </div>
  );
}

/** The column heads of a back/lay table: the runner count, then Back and Lay. */
export function BackLayHeads({ runners }: { runners: number }) {
  const t = useT();
  return (
    <div className="market__cols" role="row">
      <span className="market__col-runner" role="columnheader">
        {t('market.card.selections', { count: runners })}
      </span>
      <span className="market__col market__col--back" role="columnheader">
        {t('market.side.back')}
      </span>
      <span className="market__col market__col--lay" role="columnheader">
        {t('market.side.lay')}
      </span>
    </div>
  );
}
