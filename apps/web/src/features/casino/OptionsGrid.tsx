import type { CasinoOptionWire } from '@backlay/contract';
import { useT } from './i18n.ts';

/** The round's options as big buttons (label and payout); off while the window is closed. */
export function OptionsGrid({
  options,
  open,
  picked,
  winners,
  onPick,
}: {
  options: readonly CasinoOptionWire[];
  open: boolean;
  picked: string | null;
  /** Options that won the round on show (highlighted once it is settled). */
  winners: readonly string[];
  onPick: (optionId: string) => void;
}) {
  const t = useT();
  return (
    <div className="coptions" role="group" aria-label={t('casino.options.label')}>
      {options.map((o) => {
        const won = winners.includes(o.option_id);
        return (
          <button
            key={o.option_id}
            type="button"
            className={`coption${picked === o.option_id ? ' is-picked' : ''}${won ? ' is-won' : ''}`}
            disabled={!open}
            aria-pressed={picked === o.option_id}
            onClick={() => onPick(o.option_id)}
          >
            <span className="coption__label">{o.label}</span>
            <span className="coption__payout">{o.payout.toFixed(2)}</span>
            {won ? <span className="visually-hidden"> {t('casino.options.won')}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
