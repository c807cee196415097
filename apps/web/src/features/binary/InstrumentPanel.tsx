import type { BinaryInstrument, BinaryInstrumentHead } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { translateAnswer } from '../../lib/i18n/index.ts';
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
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
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
      <Trans
        id="binary.panel.closesIn"
        values={{ left: formatCountdown(left), at: formatIstDateTime(head.closes_at) }}
        components={{ 0: <strong />, 1: <span className="binary-panel__at" /> }}
      />
    </p>
  );
}

/** The chart's text alternative: last price, change, the session's high and low. */
function ChartSummary({ data }: { data: BinaryInstrument }) {
  const t = useT();
  const head = data.instrument;
  const hl = highLow(data.ticks);
  const p = (v: number) => formatPrice(v, head.tick_size);
  // The sentence's parts, each in the catalogue; the sentence puts them together.
  const last = head.last_tick
    ? t('binary.chart.last', { price: p(head.last_tick.p) })
    : t('binary.chart.noPrice');
  const change = head.change != null ? t('binary.chart.change', { change: formatChange(head) }) : '';
  const range = hl ? t('binary.chart.highLow', { high: p(hl.high), low: p(hl.low) }) : '';
  return (
    <p className="binary-chart__summary" data-testid="chart-summary">
      {t('binary.chart.summary', { last, change, range })}
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
  const t = useT();
  const line = head.line;
  const word = yes ? t('binary.side.yes') : t('binary.side.no');
  if (!line) {
    return (
      <button
        type="button"
        className={`price price--${yes ? 'back' : 'lay'} binary-box`}
        disabled
        aria-label={t('binary.line.notQuoted', { side: word, code: head.code })}
      >
        <span className="price__odds price__odds--empty">–</span>
      </button>
    );
  }
  const level = yes ? line.yes_line : line.no_line;
  const rate = yes ? line.yes_rate : line.no_rate;
  const means = yes
    ? t('binary.line.meansYes', { code: head.code, line: formatLine(level) })
    : t('binary.line.meansNo', { code: head.code, line: formatLine(level) });
  return (
    <button
      type="button"
      className={`price price--${yes ? 'back' : 'lay'} binary-box`}
      aria-label={t('binary.line.label', { side: word, line: formatLine(level), rate, means })}
      disabled={head.state !== 'OPEN'}
      onClick={() => onPick({ match_id: head.match_id, yes, line: level, rate })}
    >
      <span className="binary-box__word">{word}</span>{' '}
      <span className="price__odds">{formatLine(level)}</span> <span className="price__size">@{rate}</span>
    </button>
  );
}

function Book({ data }: { data: BinaryInstrument }) {
  const t = useT();
  const exposed = data.exposure > 0;
  return (
    <section className="binary-book" aria-labelledby="binary-book-head">
      <h3 id="binary-book-head">{t('binary.book.title')}</h3>
      {/* The header's Exposure is the sum over every market, shown as an amount held (no sign);
          this is the part held for this session, shown the same way and named so (issue 47). */}
      <p>
        {t('binary.book.exposure')}{' '}
        <strong className={exposed ? 'pos--down' : undefined} data-testid="binary-exposure">
          {formatMoney(data.exposure)}
        </strong>
      </p>
      {data.book.length > 0 ? (
        <table className="binary-book__table">
          <caption>{t('binary.book.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('binary.book.settlesAt')}</th>
              <th scope="col">{t('binary.book.profitLoss')}</th>
            </tr>
          </thead>
          <tbody>
            {data.book.map((r) => (
              <tr key={`${r.from ?? ''}-${r.to ?? ''}`}>
                <td>
                  {r.from == null && r.to != null
                    ? t('binary.book.below', { line: formatLine(r.to) })
                    : r.to == null && r.from != null
                      ? t('binary.book.orAbove', { line: formatLine(r.from) })
                      : t('binary.book.range', { from: formatLine(r.from ?? 0), to: formatLine(r.to ?? 0) })}
                </td>
                <td className={r.profit_loss < 0 ? 'pos--down' : 'pos--up'}>{formatMoney(r.profit_loss)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="binary-book__empty">{t('binary.book.empty')}</p>
      )}
    </section>
  );
}

/** One instrument: price and change, chart, countdown or next open, the line pair, slip, exposure and book. */
export function InstrumentPanel({ data }: { data: BinaryInstrument }) {
  const t = useT();
  const head = data.instrument;
  const betting = usePlaceBinary(head.match_id);
  const { slip } = betting;
  const closedText = nextOpenText(head);
  // Why no bet can be taken now, in the bettor's language; null when open.
  const blocked =
    head.state === 'OPEN'
      ? null
      : head.reason != null
        ? translateAnswer(head.reason)
        : t('binary.state.suspended');
  /** A bet's end, after its stake: " · void", " · won ₹500.00"; nothing while it is open. */
  const outcome = (b: BinaryInstrument['my_bets'][number]): string => {
    if (b.status === 'VOIDED')
      return ` · ${b.void_reason ? t('binary.bets.voidWhy', { reason: translateAnswer(b.void_reason) }) : t('binary.bets.void')}`;
    if (b.profit_loss == null) return '';
    const amount = formatMoney(Math.abs(b.profit_loss));
    return ` · ${b.profit_loss >= 0 ? t('binary.bets.won', { amount }) : t('binary.bets.lost', { amount })}`;
  };
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
          {t('binary.panel.hours', { opens: head.opens, closes: head.closes })}
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
      <div className="binary-lines" role="group" aria-label={t('binary.lines.label', { code: head.code })}>
        <span className="binary-lines__q">
          {head.line
            ? t('binary.lines.question', { code: head.code, line: formatLine(head.line.yes_line) })
            : t('binary.lines.none', { code: head.code })}
        </span>
        <LineBox head={head} yes={false} onPick={betting.pick} />
        <LineBox head={head} yes onPick={betting.pick} />
        <span className="binary-lines__limits">
          {t('binary.lines.limits', {
            min: data.limits.min_stake.toLocaleString('en-IN'),
            max: data.limits.max_stake.toLocaleString('en-IN'),
          })}
        </span>
      </div>
      {slip ? (
        <BinarySlip
          slip={slip}
          code={head.code}
          minStake={data.limits.min_stake}
          maxStake={data.limits.max_stake}
          blocked={blocked}
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
          <h3 id="binary-bets-head">{t('binary.bets.title')}</h3>
          <ul>
            {data.my_bets.map((b) => (
              <li key={b.bet_id}>
                {b.selection_name} · ₹{formatMoney(b.stack)} @{b.rate}
                {outcome(b)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
