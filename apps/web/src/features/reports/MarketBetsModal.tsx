import { useState } from 'react';
import { Modal, Spinner } from '../../components/index.ts';
import { useBetHistory } from './api/bet-history.ts';
import { ResultBadge, SideBadge } from './Badges.tsx';
import { betKey, formatMoney, isBack, shownPrice, sideWord, signClass } from './format.ts';
import { useT } from './i18n.ts';
import { EmptyRow, failureReason, LoadError, Pager } from './ReportStates.tsx';
import { TableWrap } from './TableWrap.tsx';

export type MarketRef = { market_id: number; title: string };

/** One market's settled bets (a statement or profit-and-loss row opens it). */
export function MarketBetsModal({ market, onClose }: { market: MarketRef | null; onClose: () => void }) {
  return (
    <Modal open={market != null} onClose={onClose} title={market?.title ?? ''} className="modal--wide">
      {market ? <MarketBets key={market.market_id} marketId={market.market_id} /> : null}
    </Modal>
  );
}

function MarketBets({ marketId }: { marketId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const q = useBetHistory({ market_id: marketId, page });
  if (q.isPending) return <Spinner label={t('reports.marketBets.loading')} />;
  if (q.isError)
    return (
      <LoadError
        message={t('reports.marketBets.loadFailed', { reason: failureReason(q.error) })}
        onRetry={() => void q.refetch()}
      />
    );
  const { bets, total, page_size } = q.data;
  const onePage = total <= bets.length;
  const sum = bets.reduce((s, b) => s + b.profit_loss, 0);
  return (
    <div className="report-bets">
      <TableWrap label={t('reports.marketBets.region')}>
        <table className="table report-table" aria-label={t('reports.marketBets.table')}>
          <thead>
            <tr>
              <th scope="col">{t('reports.col.runner')}</th>
              <th scope="col">{t('reports.col.type')}</th>
              <th scope="col" className="num">
                {t('reports.col.odds')}
              </th>
              <th scope="col" className="num">
                {t('reports.col.stake')}
              </th>
              <th scope="col">{t('reports.col.result')}</th>
              <th scope="col" className="num">
                {t('reports.col.profitLoss')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bets.length === 0 ? (
              <EmptyRow colSpan={6} />
            ) : (
              bets.map((b) => (
                <tr key={betKey(b)} className={isBack(b) ? 'row--back' : 'row--lay'}>
                  <td>{b.selection_name}</td>
                  <td>
                    <SideBadge back={isBack(b)} label={sideWord(b)} />
                  </td>
                  <td className="num">{shownPrice(b)}</td>
                  <td className="num">{formatMoney(b.size_matched)}</td>
                  <td>
                    <ResultBadge result={b.result} />
                  </td>
                  <td className={`num ${signClass(b.profit_loss)}`}>{formatMoney(b.profit_loss)}</td>
                </tr>
              ))
            )}
          </tbody>
          {bets.length > 0 && onePage ? (
            <tfoot>
              <tr className="report-table__total">
                <th scope="row" colSpan={5}>
                  {t('reports.col.total')}
                </th>
                <td className={`num ${signClass(sum)}`}>{formatMoney(sum)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </TableWrap>
      <Pager page={q.data.page} pageSize={page_size} total={total} onPage={setPage} busy={q.isFetching} />
    </div>
  );
}
