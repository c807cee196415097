import { useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { formatDateTime } from '@backlay/ui/time';
import { useBetHistory } from './api/bet-history.ts';
import { ResultBadge, SideBadge } from './Badges.tsx';
import { defaultRange, type DayRange } from './days.ts';
import { betKey, formatMoney, isBack, matchMarket, shownPrice, sideWord, signClass } from './format.ts';
import { FilterSelect, RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import { useDebounced } from './useDebounced.ts';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type ResultFilter = 'all' | 'WON' | 'LOST' | 'VOID';

const RESULTS = [
  { value: 'all', label: 'All' },
  { value: 'WON', label: 'Won' },
  { value: 'LOST', label: 'Lost' },
  { value: 'VOID', label: 'Void' },
] as const satisfies readonly { value: ResultFilter; label: string }[];

type Applied = { from: string; to: string; result: ResultFilter };

/** report/bet-history: settled bets of the chosen days with their results and profit or loss. */
export function BetHistoryScreen() {
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
          Bet History
        </h1>
        <RangeForm range={range} onRangeChange={setRange} onSubmit={() => setApplied({ ...range, result })}>
          <FilterSelect label="Result" value={result} options={RESULTS} onChange={setResult} />
        </RangeForm>
        <div className="report__filters report__filters--search">
          <div className="report__field report__field--grow">
            <label htmlFor={searchId}>Search</label>
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder="Match, market or runner"
              maxLength={200}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <QueryView query={q} what="your bet history">
          {(data) => (
            <>
              <TableWrap label="Settled bets table">
                <table className="table report-table" aria-label="Settled bets" aria-busy={q.isFetching}>
                  <thead>
                    <tr>
                      <th scope="col">Settled</th>
                      <th scope="col" className="wide">
                        Match › Market
                      </th>
                      <th scope="col">Selection</th>
                      <th scope="col">Type</th>
                      <th scope="col" className="num">
                        Odds
                      </th>
                      <th scope="col" className="num">
                        Stake
                      </th>
                      <th scope="col">Result</th>
                      <th scope="col" className="num">
                        Profit/Loss
                      </th>
                      <th scope="col">Placed</th>
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
