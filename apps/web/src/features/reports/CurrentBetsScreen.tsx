import type { Bet } from '@backlay/contract';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Spinner, Tabs } from '../../components/index.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { formatDateTime } from '@backlay/ui/time';
import { useCancelBet } from './api/cancel-bet.ts';
import { useCurrentBets } from './api/current-bets.ts';
import { SideBadge } from './Badges.tsx';
import {
  betKey,
  formatMoney,
  isBack,
  matchMarket,
  shownPrice,
  showOdds,
  sideWord,
  voidWords,
} from './format.ts';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import { useDebounced } from './useDebounced.ts';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type BetType = 'M' | 'U' | 'D';

const TABS: { id: BetType; label: string }[] = [
  { id: 'M', label: 'Matched' },
  { id: 'U', label: 'Unmatched' },
  { id: 'D', label: 'Cancelled/Lapsed' },
];

const STATUS_WORD: Record<Bet['status'], string> = {
  MATCHED: 'Matched',
  PARTIAL: 'Partly matched',
  UNMATCHED: 'Unmatched',
  CANCELLED: 'Cancelled',
  LAPSED: 'Lapsed',
  VOIDED: 'Voided',
  SETTLED: 'Settled',
};

/** report/current-bet: the caller's matched, unmatched and cancelled/lapsed bets; unmatched ones can be cancelled. */
export function CurrentBetsScreen() {
  const searchId = useId();
  const [tab, setTab] = useState<BetType>('M');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to one tab and one search: a new tab or search starts at page 1.
  const [paging, setPaging] = useState({ tab, term, page: 1 });
  const page = paging.tab === tab && paging.term === term ? paging.page : 1;

  const q = useCurrentBets({ bet_type: tab, page, ...(term ? { search: term } : {}) });

  const cancel = useCancelBet((result, error) => {
    if (error) toast.error(error.message);
    else if (result && !result.status) toast.error(result.message);
    else if (result?.status && result.data.cancelled === 0)
      toast.info('Nothing was left to cancel: the bet has matched or closed.');
    else if (result?.status)
      toast.success(`Bet cancelled: ₹${formatMoney(result.data.size_cancelled)} returned.`);
  });

  const table = (
    <QueryView query={q} what="your bets">
      {(data) => (
        <>
          <TableWrap label="Current bets table">
            <BetsTable
              tab={tab}
              bets={data.bets}
              busy={q.isFetching}
              cancellingId={cancel.isPending ? cancel.variables : undefined}
              onCancel={(b) => cancel.mutate(b.bet_id)}
            />
          </TableWrap>
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            busy={q.isFetching}
            onPage={(p) => setPaging({ tab, term, page: p })}
          />
        </>
      )}
    </QueryView>
  );

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <h1 id="report-title" className="report__title">
          Current Bets
        </h1>
        <div className="report__filters">
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
        <Tabs
          label="Bet type"
          className="report__tabs"
          selected={tab}
          onSelect={(id) => setTab(id as BetType)}
          items={TABS.map((t) => ({ id: t.id, label: t.label, panel: t.id === tab ? table : null }))}
        />
      </section>
    </div>
  );
}

function BetsTable({
  tab,
  bets,
  busy,
  cancellingId,
  onCancel,
}: {
  tab: BetType;
  bets: Bet[];
  busy: boolean;
  cancellingId: number | undefined;
  onCancel: (bet: Bet) => void;
}) {
  const cols = tab === 'M' ? 8 : 9 + (tab === 'U' ? 1 : 0);
  return (
    <table
      className="table report-table"
      aria-label={`${TABS.find((t) => t.id === tab)?.label} bets`}
      aria-busy={busy}
    >
      <thead>
        <tr>
          <th scope="col">Placed</th>
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
          <th scope="col" className="num">
            Matched
          </th>
          {tab === 'U' ? (
            <th scope="col" className="num">
              Remaining
            </th>
          ) : null}
          {tab === 'D' ? (
            <th scope="col" className="num">
              Cancelled
            </th>
          ) : null}
          <th scope="col">Status</th>
          {tab === 'U' ? (
            <th scope="col">
              <span className="visually-hidden">Cancel</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {bets.length === 0 ? (
          <EmptyRow colSpan={cols} />
        ) : (
          bets.map((b) => {
            const back = isBack(b);
            const cancelling = b.kind === 'EXCHANGE' && cancellingId === b.bet_id;
            return (
              <tr key={betKey(b)} className={back ? 'row--back' : 'row--lay'}>
                <td className="nowrap">{formatDateTime(b.placed_at)}</td>
                <td>{matchMarket(b.match_name, b.market_name)}</td>
                <td>{b.selection_name}</td>
                <td>
                  <SideBadge back={back} label={sideWord(b)} />
                </td>
                <td className="num">{tab === 'M' ? shownPrice(b) : showOdds(b.odds)}</td>
                <td className="num">{formatMoney(b.stack)}</td>
                <td className="num">{formatMoney(b.size_matched)}</td>
                {tab === 'U' ? <td className="num">{formatMoney(b.size_remaining)}</td> : null}
                {tab === 'D' ? <td className="num">{formatMoney(b.size_cancelled)}</td> : null}
                <td>{b.status === 'VOIDED' ? voidWords(b.void_reason) : STATUS_WORD[b.status]}</td>
                {tab === 'U' ? (
                  <td>
                    <button
                      type="button"
                      className="report__cancel"
                      disabled={cancellingId !== undefined}
                      aria-busy={cancelling}
                      aria-label={`Cancel ${back ? 'back' : 'lay'} ${b.selection_name} at ${showOdds(b.odds)}`}
                      onClick={() => onCancel(b)}
                    >
                      {cancelling ? <Spinner inline label="Cancelling…" /> : 'Cancel'}
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}
