import type { Bet } from '@backlay/contract';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { Spinner, Tabs } from '../../components/index.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
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
import { useT } from './i18n.ts';
import { EmptyRow, failureReason, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import { useDebounced } from './useDebounced.ts';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type BetType = 'M' | 'U' | 'D';

/** Each tab: its label and its table's name (message ids). */
const TABS: { id: BetType; label: string; table: string }[] = [
  {
    id: 'M',
    label: msgId('reports.currentBets.tabMatched'),
    table: msgId('reports.currentBets.tableMatched'),
  },
  {
    id: 'U',
    label: msgId('reports.currentBets.tabUnmatched'),
    table: msgId('reports.currentBets.tableUnmatched'),
  },
  { id: 'D', label: msgId('reports.currentBets.tabLapsed'), table: msgId('reports.currentBets.tableLapsed') },
];

const STATUS_WORD: Record<Bet['status'], string> = {
  MATCHED: msgId('reports.status.matched'),
  PARTIAL: msgId('reports.status.partial'),
  UNMATCHED: msgId('reports.status.unmatched'),
  CANCELLED: msgId('reports.status.cancelled'),
  LAPSED: msgId('reports.status.lapsed'),
  VOIDED: msgId('reports.status.voided'),
  SETTLED: msgId('reports.status.settled'),
};

/** report/current-bet: the caller's matched, unmatched and cancelled/lapsed bets; unmatched ones can be cancelled. */
export function CurrentBetsScreen() {
  const t = useT();
  const searchId = useId();
  const [tab, setTab] = useState<BetType>('M');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to one tab and one search: a new tab or search starts at page 1.
  const [paging, setPaging] = useState({ tab, term, page: 1 });
  const page = paging.tab === tab && paging.term === term ? paging.page : 1;

  const q = useCurrentBets({ bet_type: tab, page, ...(term ? { search: term } : {}) });

  const cancel = useCancelBet((result, error) => {
    if (error) toast.error(failureReason(error));
    else if (result && !result.status) toast.error(translateAnswer(result.message));
    else if (result?.status && result.data.cancelled === 0)
      toast.info(t('reports.currentBets.nothingToCancel'));
    else if (result?.status)
      toast.success(t('reports.currentBets.cancelled', { amount: formatMoney(result.data.size_cancelled) }));
  });

  const table = (
    <QueryView
      query={q}
      loading={t('reports.currentBets.loading')}
      failed={(reason) => t('reports.currentBets.loadFailed', { reason })}
    >
      {(data) => (
        <>
          <TableWrap label={t('reports.currentBets.region')}>
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
          {t('reports.currentBets.title')}
        </h1>
        <div className="report__filters">
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
        <Tabs
          label={t('reports.currentBets.tabsLabel')}
          className="report__tabs"
          selected={tab}
          onSelect={(id) => setTab(id as BetType)}
          items={TABS.map((item) => ({
            id: item.id,
            label: t(item.label),
            panel: item.id === tab ? table : null,
          }))}
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
  const t = useT();
  const matched = tab === 'M';
  const unmatched = tab === 'U';
  const lapsed = tab === 'D';
  const cols = matched ? 8 : 9 + (unmatched ? 1 : 0);
  const name = TABS.find((item) => item.id === tab)?.table;
  return (
    <table className="table report-table" aria-label={name ? t(name) : undefined} aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">{t('reports.col.placed')}</th>
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
          <th scope="col" className="num">
            {t('reports.col.matched')}
          </th>
          {unmatched ? (
            <th scope="col" className="num">
              {t('reports.col.remaining')}
            </th>
          ) : null}
          {lapsed ? (
            <th scope="col" className="num">
              {t('reports.col.cancelled')}
            </th>
          ) : null}
          <th scope="col">{t('reports.col.status')}</th>
          {unmatched ? (
            <th scope="col">
              <span className="visually-hidden">{t('reports.currentBets.cancel')}</span>
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
            const voided = b.status === 'VOIDED';
            const odds = showOdds(b.odds);
            return (
              <tr key={betKey(b)} className={back ? 'row--back' : 'row--lay'}>
                <td className="nowrap">{formatDateTime(b.placed_at)}</td>
                <td>{matchMarket(b.match_name, b.market_name)}</td>
                <td>{b.selection_name}</td>
                <td>
                  <SideBadge back={back} label={sideWord(b)} />
                </td>
                <td className="num">{matched ? shownPrice(b) : odds}</td>
                <td className="num">{formatMoney(b.stack)}</td>
                <td className="num">{formatMoney(b.size_matched)}</td>
                {unmatched ? <td className="num">{formatMoney(b.size_remaining)}</td> : null}
                {lapsed ? <td className="num">{formatMoney(b.size_cancelled)}</td> : null}
                <td>{voided ? voidWords(b.void_reason) : t(STATUS_WORD[b.status])}</td>
                {unmatched ? (
                  <td>
                    <button
                      type="button"
                      className="report__cancel"
                      disabled={cancellingId !== undefined}
                      aria-busy={cancelling}
                      aria-label={
                        back
                          ? t('reports.currentBets.cancelBack', { runner: b.selection_name, odds })
                          : t('reports.currentBets.cancelLay', { runner: b.selection_name, odds })
                      }
                      onClick={() => onCancel(b)}
                    >
                      {cancelling ? (
                        <Spinner inline label={t('reports.currentBets.cancelling')} />
                      ) : (
                        t('reports.currentBets.cancel')
                      )}
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
