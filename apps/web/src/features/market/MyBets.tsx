import type { Bet } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import { voidWords } from '@backlay/ui/bets';
import { useMatchBets } from './api/match-bets.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { showOdds } from './format.ts';
import { Loading } from './Loading.tsx';
import { useT } from './i18n.ts';

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
  const t = useT();
  if (bets.length === 0)
    return (
      <p className="bets__empty">
        {/* i18n-exempt: the table's kind, compared */}
        {kind === 'matched' ? t('market.myBets.noMatched') : t('market.myBets.noUnmatched')}
      </p>
    );
  return (
    <table className="bets__table">
      <thead>
        <tr>
          <th scope="col">{t('market.field.runner')}</th>
          <th scope="col">{t('market.field.odds')}</th>
          <th scope="col">{t('market.field.stake')}</th>
          {onCancel ? <th scope="col" aria-label={t('market.action.cancel')} /> : null}
        </tr>
      </thead>
      <tbody>
        {bets.map((b) => (
          <tr
            key={b.bet_id}
            className={`${b.is_back === '1' ? 'bets__row--back' : 'bets__row--lay'}${b.status === 'VOIDED' ? ' bets__row--void' : ''}`}
          >
            <td>
              <span className="bets__side">
                {b.is_back === '1' ? t('market.side.back') : t('market.side.lay')}
              </span>{' '}
              {b.selection_name}
              <span className="bets__market">{b.market_name}</span>
              {/* i18n-exempt: the server's bet status, compared */}
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
                  aria-label={
                    b.is_back === '1'
                      ? t('market.myBets.cancelBack', { runner: b.selection_name, odds: showOdds(b.odds) })
                      : t('market.myBets.cancelLay', { runner: b.selection_name, odds: showOdds(b.odds) })
                  }
                  onClick={() => onCancel(b)}
                >
                  {t('market.action.cancel')}
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
  const t = useT();
  const q = useMatchBets(matchId);
  return (
    <section className="bets" aria-label={t('market.myBets.label')}>
      <h2 className="bets__title">{t('market.myBets.title')}</h2>
      {q.isPending ? <Loading /> : null}
      {q.isError ? (
        <p className="form-error" role="alert">
          {translateAnswer(q.error.message)}
        </p>
      ) : null}
      {q.data ? (
        <>
          <div className="bets__head">
            <h3>{t('market.myBets.unmatched')}</h3>
            {q.data.unmatched.length > 0 ? (
              <button
                type="button"
                className="bets__cancel-all"
                disabled={busy}
                onClick={() => onCancelAll(q.data.unmatched)}
              >
                {t('market.myBets.cancelAll')}
              </button>
            ) : null}
          </div>
          <div data-testid="unmatched-bets">
            <BetTable bets={q.data.unmatched} kind="unmatched" onCancel={onCancelOne} busy={busy} />
          </div>
          <div className="bets__head">
            <h3>{t('market.myBets.matched')}</h3>
          </div>
          <div data-testid="matched-bets">
            <BetTable bets={q.data.matched} kind="matched" busy={busy} />
          </div>
        </>
      ) : null}
    </section>
  );
}
