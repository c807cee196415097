import type { Bet } from '@backlay/contract';
import { Spinner } from '../../components/index.ts';
import { formatMoney } from '@backlay/ui/money';
import { voidWords } from '@backlay/ui/bets';
import { useMatchBets } from './api/match-bets.ts';
import { showOdds } from './format.ts';

function BetTable({
  bets,
  kind,
  onCancel,
  busy,
}: {
  bets: Bet[];
  kind: 'matched' | 'unmatched';
  onCancel?: (bet: Bet) => void;
  busy: boolean;
}) {
  if (bets.length === 0) return <p className="bets__empty">No {kind} bets.</p>;
  return (
    <table className="bets__table">
      <thead>
        <tr>
          <th scope="col">Runner</th>
          <th scope="col">Odds</th>
          <th scope="col">Stake</th>
          {onCancel ? <th scope="col" aria-label="Cancel" /> : null}
        </tr>
      </thead>
      <tbody>
        {bets.map((b) => (
          <tr
            key={b.bet_id}
            className={`${b.is_back === '1' ? 'bets__row--back' : 'bets__row--lay'}${b.status === 'VOIDED' ? ' bets__row--void' : ''}`}
          >
            <td>
              <span className="bets__side">{b.is_back === '1' ? 'Back' : 'Lay'}</span> {b.selection_name}
              <span className="bets__market">{b.market_name}</span>
              {b.status === 'VOIDED' ? <span className="bets__void">{voidWords(b.void_reason)}</span> : null}
            </td>
            <td>
              {showOdds(kind === 'matched' && b.average_price_matched > 0 ? b.average_price_matched : b.odds)}
            </td>
            <td>{formatMoney(kind === 'matched' ? b.size_matched : b.size_remaining)}</td>
            {onCancel ? (
              <td>
                <button
                  type="button"
                  className="bets__cancel"
                  disabled={busy}
                  aria-label={`Cancel ${b.is_back === '1' ? 'back' : 'lay'} ${b.selection_name} at ${showOdds(b.odds)}`}
                  onClick={() => onCancel(b)}
                >
                  Cancel
                </button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The caller's bets on this match: unmatched (cancel one or all) and matched. */
export function MyBets({
  matchId,
  busy,
  onCancelOne,
  onCancelAll,
}: {
  matchId: number;
  busy: boolean;
  onCancelOne: (bet: Bet) => void;
  onCancelAll: (bets: Bet[]) => void;
}) {
  const q = useMatchBets(matchId);
  return (
    <section className="bets" aria-label="My bets">
      <h2 className="bets__title">My Bets</h2>
      {q.isPending ? <Spinner /> : null}
      {q.isError ? (
        <p className="form-error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {q.data ? (
        <>
          <div className="bets__head">
            <h3>Unmatched</h3>
            {q.data.unmatched.length > 0 ? (
              <button
                type="button"
                className="bets__cancel-all"
                disabled={busy}
                onClick={() => onCancelAll(q.data.unmatched)}
              >
                Cancel all
              </button>
            ) : null}
          </div>
          <div data-testid="unmatched-bets">
            <BetTable bets={q.data.unmatched} kind="unmatched" onCancel={onCancelOne} busy={busy} />
          </div>
          <div className="bets__head">
            <h3>Matched</h3>
          </div>
          <div data-testid="matched-bets">
            <BetTable bets={q.data.matched} kind="matched" busy={busy} />
          </div>
        </>
      ) : null}
    </section>
  );
}
