// A user's reports, as the bettor sees them (the same calls' answers, fetched for the user).
import type { Bet } from '@backlay/contract';
import { betKey, shownPrice, sideWord, signClass } from '@backlay/ui/bets';
import { Pager, Tabs } from '@backlay/ui/components';
import { useState, type ReactNode } from 'react';
import { istToday, rupees, when } from '../../lib/format.ts';
import { Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

const daysAgo = (n: number) => {
  const d = new Date(Date.parse(`${istToday()}T00:00:00Z`) - n * 86_400_000);
  return d.toISOString().slice(0, 10);
};

function Range({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  return (
    <>
      <label>
        <span>From</span>
        <input type="date" value={from} max={to} onChange={(e) => onChange(e.target.value, to)} />
      </label>
      <label>
        <span>To</span>
        <input type="date" value={to} min={from} onChange={(e) => onChange(from, e.target.value)} />
      </label>
    </>
  );
}

/** A number column of a ReportTable (right-aligned). */
const num = (label: string) => ({ label, num: true });

/** A report's table: its column heads, one row per item, and a line saying so when there is none. */
function ReportTable({
  label,
  columns,
  empty,
  rows,
}: {
  label: string;
  columns: readonly (string | { label: string; num: boolean })[];
  empty: string;
  rows: ReactNode[];
}) {
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must reach it.
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="table table--compact" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c}>{c}</th>
              ) : (
                <th key={c.label} className="num">
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The columns every bet table starts with, and their cells (BetCells). */
const BET_COLUMNS = ['Bet', 'Market', 'Selection', 'Side', num('Odds')];

function BetCells({ b }: { b: BetShown }) {
  return (
    <>
      <td>{b.bet_id}</td>
      <td>
        {b.match_name}
        <div className="muted small">{b.market_name}</div>
      </td>
      <td>{b.selection_name}</td>
      <td>{sideWord(b)}</td>
      <td className="num">{shownPrice(b)}</td>
    </>
  );
}

type BetShown = Pick<
  Bet,
  | 'bet_id'
  | 'kind'
  | 'line'
  | 'rate'
  | 'match_name'
  | 'market_name'
  | 'selection_name'
  | 'is_back'
  | 'odds'
  | 'average_price_matched'
  | 'size_matched'
>;

function Statement({ userId }: { userId: number }) {
  const [range, setRange] = useState({ from: daysAgo(6), to: istToday() });
  const [type, setType] = useState<'all' | 'deposit_withdraw' | 'game'>('all');
  const [page, setPage] = useState(1);
  const q = useEndpoint('adminUserStatement', {
    user_id: userId,
    from_date: range.from,
    to_date: range.to,
    account_type: type,
    page,
  });
  return (
    <>
      <div className="filters">
        <Range
          from={range.from}
          to={range.to}
          onChange={(from, to) => {
            setRange({ from, to });
            setPage(1);
          }}
        />
        <label>
          <span>Type</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value as typeof type);
              setPage(1);
            }}
          >
            <option value="all">All</option>
            <option value="deposit_withdraw">Deposit / withdraw</option>
            <option value="game">Game</option>
          </select>
        </label>
      </div>
      <Loadable query={q}>
        {(s) => (
          <>
            <p className="small">
              Opening {rupees(s.opening_balance)} · closing {rupees(s.closing_balance)} (India days)
            </p>
            <ReportTable
              label="User's account statement"
              columns={['Date', 'Description', num('Credit'), num('Debit'), num('Balance')]}
              empty="No entries in these days."
              rows={s.rows.map((r) => (
                <tr key={r.transfer_id}>
                  <td className="nowrap">{when(r.date)}</td>
                  <td>{r.description}</td>
                  <td className="num amount amount--up">{r.credit ? rupees(r.credit) : ''}</td>
                  <td className="num amount amount--down">{r.debit ? rupees(r.debit) : ''}</td>
                  <td className="num">{rupees(r.balance)}</td>
                </tr>
              ))}
            />
            <Pager page={s.page} pageSize={s.page_size} total={s.total} noun="entries" onPage={setPage} />
          </>
        )}
      </Loadable>
    </>
  );
}

function CurrentBets({ userId }: { userId: number }) {
  const [type, setType] = useState<'M' | 'U' | 'D'>('M');
  const [page, setPage] = useState(1);
  const q = useEndpoint('adminUserCurrentBets', { user_id: userId, bet_type: type, page });
  return (
    <>
      <div className="filters">
        <label>
          <span>Bets</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value as typeof type);
              setPage(1);
            }}
          >
            <option value="M">Matched</option>
            <option value="U">Unmatched</option>
            <option value="D">Cancelled or lapsed</option>
          </select>
        </label>
      </div>
      <Loadable query={q}>
        {(d) => (
          <>
            <ReportTable
              label="User's current bets"
              columns={[...BET_COLUMNS, num('Stake'), num('Matched'), 'Placed']}
              empty="No bets."
              rows={d.bets.map((b) => (
                <tr key={betKey(b)}>
                  <BetCells b={b} />
                  <td className="num">{rupees(b.stack)}</td>
                  <td className="num">{rupees(b.size_matched)}</td>
                  <td className="nowrap">{when(b.placed_at)}</td>
                </tr>
              ))}
            />
            <Pager page={d.page} pageSize={d.page_size} total={d.total} noun="bets" onPage={setPage} />
          </>
        )}
      </Loadable>
    </>
  );
}

function History({ userId }: { userId: number }) {
  const [range, setRange] = useState({ from: daysAgo(6), to: istToday() });
  const [page, setPage] = useState(1);
  const q = useEndpoint('adminUserBetHistory', {
    user_id: userId,
    from_date: range.from,
    to_date: range.to,
    page,
  });
  return (
    <>
      <div className="filters">
        <Range
          from={range.from}
          to={range.to}
          onChange={(from, to) => {
            setRange({ from, to });
            setPage(1);
          }}
        />
      </div>
      <Loadable query={q}>
        {(d) => (
          <>
            <ReportTable
              label="User's settled bets"
              columns={[...BET_COLUMNS, num('Stake'), 'Result', num('Profit / loss'), 'Settled']}
              empty="No settled bets in these days."
              rows={d.bets.map((b) => (
                <tr key={betKey(b)}>
                  <BetCells b={b} />
                  <td className="num">{rupees(b.size_matched)}</td>
                  <td>{b.result}</td>
                  <td className={`num ${signClass(b.profit_loss)}`}>{rupees(b.profit_loss)}</td>
                  <td className="nowrap">{when(b.settled_at)}</td>
                </tr>
              ))}
            />
            <Pager page={d.page} pageSize={d.page_size} total={d.total} noun="bets" onPage={setPage} />
          </>
        )}
      </Loadable>
    </>
  );
}

function Exposure({ userId }: { userId: number }) {
  const q = useEndpoint('adminUserExposure', { user_id: userId });
  return (
    <Loadable query={q}>
      {(d) => (
        <ReportTable
          label="User's My Market"
          columns={['Event type', 'Event name', 'Market', num('Bets')]}
          empty="No data available in table"
          rows={d.data.flatMap((e) =>
            e.market_details.map((m, i) => (
              <tr key={`${e.market_id ?? e.match_name}-${i}`}>
                <td>{e.sport_name}</td>
                <td>{e.match_name}</td>
                <td>{m.sub_type}</td>
                <td className="num">{m.bet_count}</td>
              </tr>
            )),
          )}
        />
      )}
    </Loadable>
  );
}

/** The user's statement, bets, settled bets and My Market, in tabs. */
export function UserReports({ userId }: { userId: number }) {
  const [tab, setTab] = useState('statement');
  return (
    <Tabs
      label="User reports"
      selected={tab}
      onSelect={setTab}
      items={[
        { id: 'statement', label: 'Statement', panel: <Statement userId={userId} /> },
        { id: 'bets', label: 'Current bets', panel: <CurrentBets userId={userId} /> },
        { id: 'history', label: 'Settled bets', panel: <History userId={userId} /> },
        { id: 'exposure', label: 'My Market', panel: <Exposure userId={userId} /> },
      ]}
    />
  );
}
