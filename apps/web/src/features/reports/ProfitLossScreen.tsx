import type { ProfitLoss, ProfitLossRow } from '@backlay/contract';
import { useId, useState } from 'react';
import { formatDateTime } from '@backlay/ui/time';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useProfitLoss, type ProfitLossRequest } from './api/profit-loss.ts';
import { defaultRange, type DayRange } from './days.ts';
import { formatMoney, matchMarket, signClass } from './format.ts';
import { useT } from './i18n.ts';
import { MarketBetsModal, type MarketRef } from './MarketBetsModal.tsx';
import { PnlChart } from './PnlChart.tsx';
import { RangeForm } from './RangeForm.tsx';
import { EmptyRow, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type GroupBy = 'sport' | 'market';
type Sport = { sport_id: number; sport_name: string };

const GROUPS: readonly { value: GroupBy; label: string }[] = [
  { value: 'sport', label: msgId('reports.pnl.bySport') },
  { value: 'market', label: msgId('reports.pnl.byMarket') },
];

/** report/profit-loss: settled profit and loss by sport (drill into a sport's markets) or by market. */
export function ProfitLossScreen() {
  const t = useT();
  const groupName = useId();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [days, setDays] = useState<DayRange>(range);
  const [groupBy, setGroupBy] = useState<GroupBy>('sport');
  const [sport, setSport] = useState<Sport | null>(null);
  const [market, setMarket] = useState<MarketRef | null>(null);

  const req: ProfitLossRequest = {
    from_date: days.from,
    to_date: days.to,
    group_by: sport ? 'market' : groupBy,
    ...(sport ? { sport_id: sport.sport_id } : {}),
  };
  const q = useProfitLoss(req);
  const byMarket = req.group_by === 'market';

  const choose = (g: GroupBy) => {
    setGroupBy(g);
    setSport(null);
  };

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <h1 id="report-title" className="report__title">
          {t('reports.pnl.title')}
        </h1>
        <RangeForm range={range} onRangeChange={setRange} onSubmit={() => setDays(range)}>
          <fieldset className="report__switch">
            <legend>{t('reports.pnl.show')}</legend>
            {GROUPS.map((g) => (
              <label key={g.value} className={groupBy === g.value ? 'is-active' : undefined}>
                <input
                  type="radio"
                  name={groupName}
                  value={g.value}
                  checked={groupBy === g.value}
                  onChange={() => choose(g.value)}
                />
                {t(g.label)}
              </label>
            ))}
          </fieldset>
        </RangeForm>
        {sport ? (
          <p className="report__crumbs">
            <button type="button" className="link-button" onClick={() => setSport(null)}>
              {t('reports.pnl.allSports')}
            </button>
            <span aria-hidden="true"> › </span>
            <strong>{sport.sport_name}</strong>
          </p>
        ) : null}
        <QueryView
          query={q}
          loading={t('reports.pnl.loading')}
          failed={(reason) => t('reports.pnl.loadFailed', { reason })}
        >
          {(data) => (
            <>
              {data.days ? <PnlChart days={data.days} range={{ from: days.from, to: days.to }} /> : null}
              <TableWrap label={t('reports.pnl.region')}>
                <PnlTable
                  data={data}
                  byMarket={byMarket}
                  busy={q.isFetching}
                  onSport={(r) => setSport({ sport_id: r.sport_id, sport_name: r.sport_name })}
                  onMarket={(r) =>
                    setMarket({ market_id: r.market_id!, title: matchMarket(r.match_name, r.market_name) })
                  }
                />
              </TableWrap>
            </>
          )}
        </QueryView>
      </section>
      <MarketBetsModal market={market} onClose={() => setMarket(null)} />
    </div>
  );
}

function PnlTable({
  data,
  byMarket,
  busy,
  onSport,
  onMarket,
}: {
  data: ProfitLoss;
  byMarket: boolean;
  busy: boolean;
  onSport: (row: ProfitLossRow) => void;
  onMarket: (row: ProfitLossRow) => void;
}) {
  const t = useT();
  const lead = byMarket ? 3 : 1;
  return (
    <table className="table report-table" aria-label={t('reports.pnl.table')} aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">{t('reports.col.sport')}</th>
          {byMarket ? (
            <>
              <th scope="col" className="wide">
                {t('reports.col.matchMarket')}
              </th>
              <th scope="col">{t('reports.col.settled')}</th>
            </>
          ) : null}
          <th scope="col" className="num">
            {t('reports.col.profitLoss')}
          </th>
          <th scope="col" className="num">
            {t('reports.col.commission')}
          </th>
          <th scope="col" className="num">
            {t('reports.col.net')}
          </th>
        </tr>
      </thead>
      <tbody>
        {data.rows.length === 0 ? (
          <EmptyRow colSpan={lead + 3} />
        ) : (
          data.rows.map((r) => (
            <tr key={byMarket ? `m${r.market_id}` : `s${r.sport_id}`}>
              <td>
                {byMarket ? (
                  r.sport_name
                ) : (
                  <button
                    type="button"
                    className="link-button"
                    title={t('reports.pnl.openSport')}
                    onClick={() => onSport(r)}
                  >
                    {r.sport_name}
                  </button>
                )}
              </td>
              {byMarket ? (
                <>
                  <td>
                    {r.market_id != null ? (
                      <button
                        type="button"
                        className="link-button"
                        title={t('reports.marketBets.open')}
                        onClick={() => onMarket(r)}
                      >
                        {matchMarket(r.match_name, r.market_name)}
                      </button>
                    ) : (
                      matchMarket(r.match_name, r.market_name)
                    )}
                  </td>
                  <td className="nowrap">{r.settled_at ? formatDateTime(r.settled_at) : ''}</td>
                </>
              ) : null}
              <td className={`num ${signClass(r.profit_loss)}`}>{formatMoney(r.profit_loss)}</td>
              <td className="num">{formatMoney(r.commission)}</td>
              <td className={`num ${signClass(r.net)}`}>{formatMoney(r.net)}</td>
            </tr>
          ))
        )}
      </tbody>
      {data.rows.length > 0 ? (
        <tfoot>
          <tr className="report-table__total">
            <th scope="row" colSpan={lead}>
              {t('reports.col.total')}
            </th>
            <td className={`num ${signClass(data.total.profit_loss)}`}>
              {formatMoney(data.total.profit_loss)}
            </td>
            <td className="num">{formatMoney(data.total.commission)}</td>
            <td className={`num ${signClass(data.total.net)}`}>{formatMoney(data.total.net)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
