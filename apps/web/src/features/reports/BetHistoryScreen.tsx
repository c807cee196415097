import { useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { formatDateTime } from '@backlay/ui/time';
import { useBetHistory } from './api/bet-history.ts';
import { RESULT_WORD, ResultBadge, SideBadge } from './Badges.tsx';
import { defaultRange, type DayRange } from './days.ts';
import { betKey, formatMoney, isBack, matchMarket, shownPrice, sideWord, signClass } from './format.ts';
import { useT } from './i18n.ts';
import { FilterSelect, RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import { useDebounced } from './useDebounced.ts';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type ResultFilter = 'all' | 'WON' | 'LOST' | 'VOID';

const RESULTS = [
  { value: 'all', label: msgId('reports.filters.all') },
  { value: 'WON', label: RESULT_WORD.WON },
  { value: 'LOST', label: RESULT_WORD.LOST },
  { value: 'VOID', label: RESULT_WORD.VOID },
] as const satisfies readonly { value: ResultFilter; label: string }[];

type Applied = { from: string; to: string; result: ResultFilter };

/** report/bet-history: settled bets of the chosen days with their results and profit or loss. */
export function BetHistoryScreen() {
  const t = useT();
  const searchId = useId();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [result, setResult] = useState<ResultFilter>('all');
  const [applied, setApplied] = useState<Applied>(() => ({ ...range, result }));
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to one set of filters: new filters or a new search start at page 1.
  const [paging, setPaging] = useState({ applied, term, page: 1 });
  const page = paging.applied === applied && paging.term === term ? paging.page : 1;

  const q = useBetHistory({
    from_date: applied.from,
    to_date: applied.to,
    result: applied.result,
    page,
    ...(term ? { search: term } : {}),
  });

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <h1 id="report-title" className="report__title">
          {t('reports.history.title')}
        </h1>
        <RangeForm range={range} onRangeChange={setRange} onSubmit={() => setApplied({ ...range, result })}>
          <FilterSelect
            label={t('reports.filters.result')}
            value={result}
            options={RESULTS.map((o) => ({ value: o.value, label: t(o.label) }))}
            onChange={setResult}
          />
        </RangeForm>
        <div className="report__filters report__filters--search">
          <div className="report__field report__field--grow">
            <label htmlFor={searchId}>{t('reports.search.label')}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={t('reports.search.placeholder')}
              maxLength={200}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <QueryView
          query={q}
          loading={t('reports.history.loading')}
          failed={(reason) => t('reports.history.loadFailed', { reason })}
        >
          {(data) => (
            <>
              <TableWrap label={t('reports.history.region')}>
                <table
                  className="table report-table"
                  aria-label={t('reports.history.table')}
                  aria-busy={q.isFetching}
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('reports.col.settled')}</th>
                      <th scope="col" className="wide">
                        {t('reports.col.matchMarket')}
                      </th>
                      <th scope="col">{t('reports.col.selection')}</th>
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
                      <th scope="col">{t('reports.col.placed')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.bets.length === 0 ? (
                      <EmptyRow colSpan={9} />
                    ) : (
                      data.bets.map((b) => (
                        <tr key={betKey(b)} className={isBack(b) ? 'row--back' : 'row--lay'}>
                          <td className="nowrap">{formatDateTime(b.settled_at)}</td>
                          <td>{matchMarket(b.match_name, b.market_name)}</td>
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
                          <td className="nowrap">{formatDateTime(b.placed_at)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </TableWrap>
              <Pager
                page={data.page}
                pageSize={data.page_size}
                total={data.total}
                busy={q.isFetching}
                onPage={(p) => setPaging({ applied, term, page: p })}
              />
            </>
          )}
        </QueryView>
      </section>
    </div>
  );
}
