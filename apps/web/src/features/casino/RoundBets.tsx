import type { CasinoBet } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import type { Translate } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';

/** A bet's outcome in words: open, won, lost or returned. */
export function betOutcome(
  bet: CasinoBet,
  t: Translate,
): { tone: 'open' | 'won' | 'lost' | 'void'; text: string } {
  if (bet.status === 'VOIDED') return { tone: 'void', text: t('casino.bets.voided') };
  if (bet.status !== 'SETTLED' || bet.profit_loss == null)
    return { tone: 'open', text: t('casino.bets.waiting') };
  if (bet.profit_loss > 0)
    return { tone: 'won', text: t('casino.bets.won', { amount: formatMoney(bet.profit_loss) }) };
  if (bet.profit_loss < 0)
    return { tone: 'lost', text: t('casino.bets.lost', { amount: formatMoney(-bet.profit_loss) }) };
  return { tone: 'void', text: t('casino.bets.returned') };
}

/** "My bets this round": each bet with its stake and payout, and its outcome once settled. */
export function RoundBets({ bets }: { bets: readonly CasinoBet[] }) {
  const t = useT();
  return (
    <section className="cbets" aria-labelledby="cbets-title">
      <h2 id="cbets-title" className="cbets__title">
        {t('casino.bets.title')}
      </h2>
      {bets.length === 0 ? (
        <p className="cbets__none">{t('casino.bets.none')}</p>
      ) : (
        <ul className="cbets__list">
          {bets.map((b) => {
            const outcome = betOutcome(b, t);
            return (
              <li key={b.bet_id} className="cbets__bet" data-testid="round-bet">
                <span className="cbets__what">
                  {b.option_label} <span className="cbets__at">@ {b.payout.toFixed(2)}</span>
                </span>
                <span className="cbets__stake">₹{formatMoney(b.stake)}</span>
                <span className={`cbets__outcome cbets__outcome--${outcome.tone}`}>{outcome.text}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
