import type { Fancy, KindBet } from '@backlay/contract';
import { kindBetParts } from '@backlay/ui/bets';
import { formatMoney } from '@backlay/ui/money';
import { formatDateTime } from '@backlay/ui/time';
import { useCricketBets } from '../api/cricket-bets.ts';
import { translateAnswer } from '../../../lib/i18n/index.ts';
import { signedMoney } from '../format.ts';
import { useT } from '../i18n.ts';
import { Loading } from '../Loading.tsx';

function Outcome({ bet }: { bet: KindBet }) {
  const t = useT();
  if (bet.status === 'VOIDED') return <span className="pos">{t('market.cricketBets.void')}</span>;
  if (bet.status === 'SETTLED' && bet.profit_loss != null) {
    const cls = bet.profit_loss > 0 ? 'pos pos--up' : bet.profit_loss < 0 ? 'pos pos--down' : 'pos';
    return <span className={cls}>{signedMoney(bet.profit_loss)}</span>;
  }
  return <span className="pos">{t('market.cricketBets.matched')}</span>;
}

/**
 * The caller's bookmaker and fancy bets on this match: the bet as placed ("Back India", "Yes 46",
 * "Even"), line/rate, stake, status and P/L. `fancies` (the match's, when known) name each fancy
 * bet's variant, so an Odd/Even bet reads "Even", never "No 0".
 */
export function CricketBets({ matchId, fancies }: { matchId: number; fancies?: readonly Fancy[] }) {
  const t = useT();
  const variants = new Map((fancies ?? []).map((f) => [f.fancy_id, f.variant]));
  const q = useCricketBets(matchId);
  return (
    <section className="bets kind-bets" aria-label={t('market.cricketBets.label')}>
      <h2 className="bets__title">{t('market.cricketBets.title')}</h2>
      {q.isPending ? <Loading /> : null}
      {q.isError ? (
        <p className="form-error" role="alert">
          {translateAnswer(q.error.message)}
        </p>
      ) : null}
      {q.data && q.data.bets.length === 0 ? (
        <p className="bets__empty">{t('market.cricketBets.empty')}</p>
      ) : null}
      {q.data && q.data.bets.length > 0 ? (
        <table className="bets__table" data-testid="kind-bets">
          <thead>
            <tr>
              <th scope="col">{t('market.field.bet')}</th>
              <th scope="col">{t('market.field.rate')}</th>
              <th scope="col">{t('market.field.stake')}</th>
              <th scope="col">{t('market.field.profitLoss')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.bets.map((b) => {
              const parts = kindBetParts(b, b.kind === 'FANCY' ? variants.get(b.market_id) : undefined);
              return (
                <tr
                  key={`${b.kind}-${b.bet_id}`}
                  className={
                    parts.side === 'Lay' || parts.side === 'No' ? 'bets__row--lay' : 'bets__row--back'
                  }
                  data-status={b.status}
                >
                  <td>
                    <span className="bets__side">{parts.side}</span> {parts.what}
                    <span className="bets__market">
                      {b.market_name} ·{' '}
                      <time dateTime={b.placed_at}>{formatDateTime(b.placed_at, 'dd/MM HH:mm')}</time>
                    </span>
                  </td>
                  <td>{parts.price}</td>
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
