import type { AdminMatchRow } from '@backlay/contract';
import { Pager } from '@backlay/ui/components';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { when } from '../../lib/format.ts';
import { Badge, Card, Loadable, PageHeader, SearchFilters, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { NewMatchDialog } from './NewMatchDialog.tsx';
import { useListParams } from '../../lib/list-params.ts';

const STATUSES = ['IN_PLAY', 'OPEN', 'SUSPENDED', 'INACTIVE', 'UNSETTLED', 'SETTLED', 'CLOSED'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_LABEL: Record<Status, string> = {
  IN_PLAY: 'In play',
  OPEN: 'Open',
  SUSPENDED: 'Suspended',
  INACTIVE: 'Not yet opened',
  UNSETTLED: 'Closed, awaiting result',
  SETTLED: 'Settled',
  CLOSED: 'Closed',
};

function MarketChips({ row }: { row: AdminMatchRow }) {
  if (row.markets.length === 0) return <span className="muted">No markets</span>;
  return (
    <span className="chips">
      {row.markets.slice(0, 6).map((m) => (
        <span key={m.market_id} className="chip" title={`${m.market_name} (${m.kind})`}>
          {m.market_name.length > 22 ? `${m.market_name.slice(0, 21)}…` : m.market_name}{' '}
          <Badge>{m.settlement === 'SETTLED' ? 'SETTLED' : m.status}</Badge>
        </span>
      ))}
      {row.markets.length > 6 ? <span className="chip muted">+{row.markets.length - 6} more</span> : null}
    </span>
  );
}

/** Matches and their markets, searched and filtered on the server, 25 a page. */
export function MarketsScreen() {
  const { params, page, set } = useListParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const search = params.get('search') ?? '';
  const sport = params.get('sport') ?? '';
  const seriesId = params.get('series') ?? '';
  const status = (params.get('status') ?? '') as Status | '';

  const sports = useEndpoint('getSports', { is_active: 1 });
  const seriesList = useEndpoint('adminSeries', sport ? { sport_id: Number(sport) } : undefined, {
    enabled: sport !== '',
  });
  const list = useEndpoint(
    'adminMatches',
    {
      ...(search ? { search } : {}),
      ...(sport ? { sport_id: Number(sport) } : {}),
      ...(sport && seriesId ? { series_id: Number(seriesId) } : {}),
      ...(status ? { status } : {}),
      page,
    },
    { keepPrevious: true },
  );

  return (
    <>
      <PageHeader title="Markets">
        <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
          New match
        </button>
      </PageHeader>
      <Card>
        <SearchFilters
          search={search}
          placeholder="Match, series or sport name, or match id"
          onSearch={(text) => set({ search: text })}
        >
          <label>
            <span>Sport</span>
            <select value={sport} onChange={(e) => set({ sport: e.target.value, series: '' })}>
              <option value="">All sports</option>
              {(sports.data ?? [])
                .filter((s) => s.sport_id > 0)
                .map((s) => (
                  <option key={s.sport_id} value={s.sport_id}>
                    {s.name}
                  </option>
                ))}
            </select>
          </label>
          {sport ? (
            <label>
              <span>Series</span>
              <select value={seriesId} onChange={(e) => set({ series: e.target.value })}>
                <option value="">All series</option>
                {(seriesList.data?.rows ?? []).map((r) => (
                  <option key={r.series_id} value={r.series_id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            <span>Markets</span>
            <select value={status} onChange={(e) => set({ status: e.target.value })}>
              <option value="">Any state</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
        </SearchFilters>
        <Loadable query={list}>
          {(d) => (
            <>
              <TableWrap label="Matches">
                <table className="table" aria-label="Matches">
                  <thead>
                    <tr>
                      <th>Match</th>
                      <th>Sport · series</th>
                      <th>Starts (IST)</th>
                      <th>Markets</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.length === 0 ? (
                      <tr>
                        <td colSpan={4} className="muted">
                          No match matches these filters.
                        </td>
                      </tr>
                    ) : (
                      d.rows.map((r) => (
                        <tr key={r.match_id}>
                          <td>
                            <Link to={`/markets/${r.match_id}`}>{r.match_name}</Link>{' '}
                            {r.in_play ? <Badge tone="red">IN PLAY</Badge> : null}
                            {r.is_active ? null : <Badge tone="grey">HIDDEN</Badge>}
                            <div className="muted small">#{r.match_id}</div>
                          </td>
                          <td>
                            {r.sport_name}
                            <div className="muted small">{r.series_name}</div>
                          </td>
                          <td className="nowrap">{when(r.start_time)}</td>
                          <td>
                            <MarketChips row={r} />
                          </td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </TableWrap>
              <Pager
                page={d.page}
                pageSize={d.page_size}
                total={d.total}
                noun="matches"
                onPage={(p) => set({ page: String(p) })}
              />
            </>
          )}
        </Loadable>
      </Card>
      {creating ? (
        <NewMatchDialog
          onClose={() => setCreating(false)}
          onCreated={(matchId) => {
            setCreating(false);
            void navigate(`/markets/${matchId}`);
          }}
        />
      ) : null}
    </>
  );
}
