import type { KindBet } from '@backlay/contract';
import { Spinner } from '../../../components/index.ts';
import { formatMoney } from '@backlay/ui/money';
import { formatDateTime } from '@backlay/ui/time';
import { useCricketBets } from '../api/cricket-bets.ts';
import { signedMoney } from '../format.ts';

const KIND_WORD = { MATCH_ODDS: 'Match Odds', BOOKMAKER: 'Bookmaker', FANCY: 'Fancy' } as const;

function Outcome({ bet }: { bet: KindBet }) {
  if (bet.status === 'VOIDED') return <span className="pos">Void</span>;
  if (bet.status === 'SETTLED' && bet.profit_loss != null) {
    const cls = bet.profit_loss > 0 ? 'pos pos--up' : bet.profit_loss < 0 ? 'pos pos--down' : 'pos';
    return <span className={cls}>{signedMoney(bet.profit_loss)}</span>;
  }
  return <span className="pos">Matched</span>;
}

/** The caller's bookmaker and fancy bets on this match: selection, line/rate, stake, status and P/L. */
export function CricketBets({ matchId }: { matchId: number }) {
  const q = useCricketBets(matchId);
  return (
    <section className="bets kind-bets" aria-label="Bookmaker and fancy bets">
      <h2 className="bets__title">Bookmaker &amp; Fancy Bets</h2>
      {q.isPending ? <Spinner /> : null}
      {q.isError ? (
        <p className="form-error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {q.data && q.data.bets.length === 0 ? <p className="bets__empty">No bookmaker or fancy bets.</p> : null}
      {q.data && q.data.bets.length > 0 ? (
        <table className="bets__table" data-testid="kind-bets">
          <thead>
            <tr>
              <th scope="col">Bet</th>
              <th scope="col">Rate</th>
              <th scope="col">Stake</th>
              <th scope="col">P/L</th>
            </tr>
          </thead>
          <tbody>
            {q.data.bets.map((b) => {
              const side = b.kind === 'BOOKMAKER' ? (b.is_back === '1' ? 'Back' : 'Lay') : KIND_WORD[b.kind];
              return (
                <tr
                  key={`${b.kind}-${b.bet_id}`}
                  className={b.is_back === '1' ? 'bets__row--back' : 'bets__row--lay'}
                  data-status={b.status}
                >
                  <td>
                    <span className="bets__side">{side}</span> {b.selection_name}
                    <span className="bets__market">
                      {b.market_name} ·{' '}
                      <time dateTime={b.placed_at}>{formatDateTime(b.placed_at, 'dd/MM HH:mm')}</time>
                    </span>
                  </td>
                  <td>{b.line != null ? `${b.line} @ ${b.rate}` : b.rate}</td>
                  <td>{formatMoney(b.stack)}</td>
                  <td>
                    <Outcome bet={b} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
