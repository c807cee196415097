import type { CasinoBet } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';

/** A bet's outcome in words: open, won, lost or returned. */
export function betOutcome(bet: CasinoBet): { tone: 'open' | 'won' | 'lost' | 'void'; text: string } {
  if (bet.status === 'VOIDED') return { tone: 'void', text: 'Void: stake returned' };
  if (bet.status !== 'SETTLED' || bet.profit_loss == null)
    return { tone: 'open', text: 'Waiting for the result' };
  if (bet.profit_loss > 0) return { tone: 'won', text: `Won ₹${formatMoney(bet.profit_loss)}` };
  if (bet.profit_loss < 0) return { tone: 'lost', text: `Lost ₹${formatMoney(-bet.profit_loss)}` };
  return { tone: 'void', text: 'Stake returned' };
}

/** "My bets this round": each bet with its stake and payout, and its outcome once settled. */
export function RoundBets({ bets }: { bets: readonly CasinoBet[] }) {
  return (
    <section className="cbets" aria-labelledby="cbets-title">
      <h2 id="cbets-title" className="cbets__title">
        My bets this round
      </h2>
      {bets.length === 0 ? (
        <p className="cbets__none">No bets on this round yet.</p>
      ) : (
        <ul className="cbets__list">
          {bets.map((b) => {
            const outcome = betOutcome(b);
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
