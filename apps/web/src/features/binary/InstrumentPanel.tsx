import type { BinaryInstrument, BinaryInstrumentHead } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BinarySlip } from './BinarySlip.tsx';
import {
  binaryNow,
  formatChange,
  formatCountdown,
  formatIstDateTime,
  formatLine,
  formatPrice,
  highLow,
  nextOpenText,
} from './format.ts';
import { usePlaceBinary, type BinaryPick } from './usePlaceBinary.ts';

// The charting library comes with this chunk only when an instrument is shown (docs/performance.md).
const PriceChart = lazy(() => import('./PriceChart.tsx'));

/**
 * Now by the binary clock (binaryNow: the head's server_time, run on at the clock's speed from when
 * it arrived), every second. A new server_time is taken at the next second's tick (the device's
 * time is read outside render).
 */
function useBinaryNow(serverTime: number, speed: number): number {
  const [clock, setClock] = useState(() => {
    const now = Date.now();
    return { server_time: serverTime, received_ms: now, clock_speed: speed, now };
  });
  // The latest head's time, read by one interval: heads arrive many times a second on a fast
  // clock, and an interval restarted on each of them would never fire (the countdown froze).
  const latest = useRef({ serverTime, speed });
  useEffect(() => {
    latest.current = { serverTime, speed };
  }, [serverTime, speed]);
  useEffect(() => {
    const t = setInterval(() => {
      const now = Date.now();
      const { serverTime: st, speed: sp } = latest.current;
      setClock((c) =>
        c.server_time === st && c.clock_speed === sp
          ? { ...c, now }
          : { server_time: st, received_ms: now, clock_speed: sp, now },
      );
    }, 1000);
    return () => clearInterval(t);
  }, []);
  return binaryNow(clock, clock.now);
}

function Countdown({ head }: { head: BinaryInstrumentHead }) {
  const now = useBinaryNow(head.server_time, head.clock_speed);
  if (head.state !== 'OPEN' || !head.closes_at) return null;
  const left = Date.parse(head.closes_at) - now;
  return (
    <p className="binary-panel__countdown">
      Closes in <strong>{formatCountdown(left)}</strong>{' '}
      <span className="binary-panel__at">({formatIstDateTime(head.closes_at)})</span>
    </p>
  );
}

/** The chart's text alternative: last price, change, the session's high and low. */
function ChartSummary({ data }: { data: BinaryInstrument }) {
  const head = data.instrument;
  const hl = highLow(data.ticks);
  const p = (v: number) => formatPrice(v, head.tick_size);
  return (
    <p className="binary-chart__summary" data-testid="chart-summary">
      {head.last_tick ? `Last ${p(head.last_tick.p)}` : 'No price yet'}
      {head.change != null ? `, change ${formatChange(head)}` : ''}
      {hl ? `; session high ${p(hl.high)}, low ${p(hl.low)}` : ''}.
    </p>
  );
}

function LineBox({
  head,
  yes,
  onPick,
}: {
  head: BinaryInstrumentHead;
  yes: boolean;
  onPick: (p: BinaryPick) => void;
}) {
  const line = head.line;
  const word = yes ? 'Yes' : 'No';
  if (!line) {
    return (
      <button
        type="button"
        className={`price price--${yes ? 'back' : 'lay'} binary-box`}
        disabled
        aria-label={`${word} ${head.code}, not quoted`}
      >
        <span className="price__odds price__odds--empty">–</span>
      </button>
    );
  }
  const level = yes ? line.yes_line : line.no_line;
  const rate = yes ? line.yes_rate : line.no_rate;
  const means = yes
    ? `${head.code} closes at or above ${formatLine(level)}`
    : `${head.code} closes below ${formatLine(level)}`;
  return (
    <button
      type="button"
      className={`price price--${yes ? 'back' : 'lay'} binary-box`}
      aria-label={`${word} ${formatLine(level)} @${rate}, ${means}`}
      disabled={head.state !== 'OPEN'}
      onClick={() => onPick({ match_id: head.match_id, yes, line: level, rate })}
    >
      <span className="binary-box__word">{word}</span>{' '}
      <span className="price__odds">{formatLine(level)}</span> <span className="price__size">@{rate}</span>
    </button>
  );
}

function Book({ data }: { data: BinaryInstrument }) {
  const exposed = data.exposure > 0;
  return (
    <section className="binary-book" aria-labelledby="binary-book-head">
      <h3 id="binary-book-head">Your position</h3>
      {/* The header's Exposure is the sum over every market, shown as an amount held (no sign);
          this is the part held for this session, shown the same way and named so (issue 47). */}
      <p>
        Exposure on this session:{' '}
        <strong className={exposed ? 'pos--down' : undefined} data-testid="binary-exposure">
          {formatMoney(data.exposure)}
        </strong>
      </p>
      {data.book.length > 0 ? (
        <table className="binary-book__table">
          <caption>Profit or loss by settlement price</caption>
          <thead>
            <tr>
              <th scope="col">Settles at</th>
              <th scope="col">Profit/Loss</th>
            </tr>
          </thead>
          <tbody>
            {data.book.map((r) => (
              <tr key={`${r.from ?? ''}-${r.to ?? ''}`}>
                <td>
                  {r.from == null && r.to != null
                    ? `below ${formatLine(r.to)}`
                    : r.to == null && r.from != null
                      ? `${formatLine(r.from)} or above`
                      : `${formatLine(r.from ?? 0)} to under ${formatLine(r.to ?? 0)}`}
                </td>
                <td className={r.profit_loss < 0 ? 'pos--down' : 'pos--up'}>{formatMoney(r.profit_loss)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="binary-book__empty">No bets on this session yet.</p>
      )}
    </section>
  );
}

/** One instrument: price and change, chart, countdown or next open, the line pair, slip, exposure and book. */
export function InstrumentPanel({ data }: { data: BinaryInstrument }) {
  const head = data.instrument;
  const betting = usePlaceBinary(head.match_id);
  const { slip } = betting;
  const closedText = nextOpenText(head);
  const decimals = head.tick_size >= 1 ? 0 : 2;
  // The side the slip is for, as quoted now: offered when it moved since the pick.
  const nowLine = slip && head.line ? (slip.yes ? head.line.yes_line : head.line.no_line) : null;
  const nowRate = slip && head.line ? (slip.yes ? head.line.yes_rate : head.line.no_rate) : null;
  const moved =
    slip && nowLine != null && nowRate != null && (nowLine !== slip.line || nowRate !== slip.rate)
      ? {
          quote: `${formatLine(nowLine)} @${nowRate}`,
          onTake: () => betting.setSlip({ ...slip, line: nowLine, rate: nowRate }),
        }
      : null;
  return (
    <section className="binary-panel" aria-labelledby="binary-panel-head">
      <header className="binary-panel__head">
        <h2 id="binary-panel-head">
          {head.code} <span className="binary-panel__name">{head.name}</span>
        </h2>
        <p className="binary-panel__price">
          <strong data-testid="binary-last">
            {head.last_tick ? formatPrice(head.last_tick.p, head.tick_size) : '–'}
          </strong>{' '}
          <span>{formatChange(head)}</span> <span className="binary-panel__ccy">{head.currency}</span>
        </p>
        <p className="binary-panel__hours">
          Session {head.opens}–{head.closes} IST, Mon–Fri
        </p>
        {closedText ? (
          <p className="binary-panel__closed" role="status">
            {closedText}
          </p>
        ) : (
          <Countdown head={head} />
        )}
      </header>
      <figure className="binary-chart">
        <Suspense fallback={<div className="binary-chart__canvas" aria-hidden="true" />}>
          <PriceChart ticks={data.ticks} decimals={decimals} />
        </Suspense>
        <figcaption>
          <ChartSummary data={data} />
        </figcaption>
      </figure>
      <div className="binary-lines" role="group" aria-label={`${head.code} lines`}>
        <span className="binary-lines__q">
          {head.line
            ? `${head.code} closes at or above ${formatLine(head.line.yes_line)}?`
            : `${head.code}: no line now`}
        </span>
        <LineBox head={head} yes={false} onPick={betting.pick} />
        <LineBox head={head} yes onPick={betting.pick} />
        <span className="binary-lines__limits">
          Min {data.limits.min_stake.toLocaleString('en-IN')} · Max{' '}
          {data.limits.max_stake.toLocaleString('en-IN')}
        </span>
      </div>
      {slip ? (
        <BinarySlip
          slip={slip}
          code={head.code}
          minStake={data.limits.min_stake}
          maxStake={data.limits.max_stake}
          blocked={head.state === 'OPEN' ? null : (head.reason ?? 'Suspended')}
          moved={moved}
          placing={betting.placing}
          notice={betting.notice}
          onChange={betting.setSlip}
          onPlace={betting.placeSlip}
          onCancel={() => betting.setSlip(null)}
        />
      ) : null}
      <Book data={data} />
      {data.my_bets.length > 0 ? (
        <section className="binary-bets" aria-labelledby="binary-bets-head">
          <h3 id="binary-bets-head">Your bets on this session</h3>
          <ul>
            {data.my_bets.map((b) => (
              <li key={b.bet_id}>
                {b.selection_name} · ₹{formatMoney(b.stack)} @{b.rate}
                {b.status === 'VOIDED'
                  ? ` · void${b.void_reason ? `: ${b.void_reason}` : ''}`
                  : b.profit_loss != null
                    ? ` · ${b.profit_loss >= 0 ? 'won' : 'lost'} ₹${formatMoney(Math.abs(b.profit_loss))}`
                    : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
