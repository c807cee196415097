import type { Fancy, FancyVariant } from '@backlay/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { Tabs } from '../../../components/index.ts';
import { formatMoney } from '@backlay/ui/money';
import { FullRow } from '../MarketCard.tsx';
import { FancyBookModal } from './FancyBookModal.tsx';
import { fancyBoxLabel, khadoBand, shownStatus, STATUS_OVERLAY, type FancyPick } from './kind-slip.ts';

/** The tabs, in this order; a tab with no rows is not shown. */
export const FANCY_TABS: readonly { variant: FancyVariant; label: string }[] = [
  { variant: 'RUNS', label: 'Fancy' },
  { variant: 'LAMBI', label: 'Lambi' },
  { variant: 'KHADO', label: 'Khado' },
  { variant: 'METER', label: 'Meter' },
  { variant: 'ODD_EVEN', label: 'Odd/Even' },
  { variant: 'FANCY1', label: 'Fancy 1' },
];

const shortMoney = (rupees: number) => rupees.toLocaleString('en-IN');

/** The line a box shows: runs, a KHADO band ("150-159"), or the Odd/Even word. */
function lineText(f: Fancy, yes: boolean): string | null {
  const line = yes ? f.yes_line : f.no_line;
  if (f.variant === 'ODD_EVEN') return fancyBoxLabel(f.variant, yes);
  if (line == null) return null;
  return f.variant === 'KHADO' ? khadoBand(line, f.band) : String(line);
}

function FancyBox({
  fancy,
  yes,
  disabled,
  onPick,
}: {
  fancy: Fancy;
  yes: boolean;
  disabled: boolean;
  onPick: (pick: FancyPick) => void;
}) {
  const word = fancyBoxLabel(fancy.variant, yes);
  const rate = yes ? fancy.yes_rate : fancy.no_rate;
  const line = yes ? fancy.yes_line : fancy.no_line;
  const text = lineText(fancy, yes);
  const quoted = rate != null && text != null && (line != null || fancy.variant === 'ODD_EVEN');
  // The name starts with what the box shows, line then rate ("46 100"; Odd/Even: "Odd 98"), then
  // says what it does (WCAG 2.5.3, label in name).
  const label = !quoted
    ? `${word} ${fancy.name}, not quoted`
    : fancy.variant === 'ODD_EVEN'
      ? `${text} ${rate}, ${fancy.name}`
      : `${text} ${rate}, ${word} ${fancy.name}`;
  return (
    <button
      type="button"
      className={`price price--${yes ? 'back' : 'lay'} price--l1 fancy-box`}
      aria-label={label}
      disabled={disabled || !quoted}
      onClick={() => {
        if (quoted) onPick({ kind: 'FANCY', fancy_id: fancy.fancy_id, yes, line: line ?? 0, rate });
      }}
    >
      {quoted ? (
        <span className="price__inner" key={`${text}:${rate}`}>
          <span className="price__odds">{text}</span> <span className="price__size">{rate}</span>
        </span>
      ) : (
        <span className="price__odds price__odds--empty">–</span>
      )}
    </button>
  );
}

function FancyRow({
  fancy,
  ballRunningUntilMs,
  now,
  onPick,
  onBook,
}: {
  fancy: Fancy;
  ballRunningUntilMs: number | null;
  now: number;
  onPick: (pick: FancyPick) => void;
  onBook: (fancy: Fancy) => void;
}) {
  const status = shownStatus(fancy.status, ballRunningUntilMs, now);
  const cover = STATUS_OVERLAY[status];
  const limits = `Min ${shortMoney(fancy.min_stake)} · Max ${shortMoney(fancy.max_stake)}`;
  const exposed = fancy.exposure > 0;
  return (
    <div className="fancy__row" role="row" data-fancy-id={fancy.fancy_id} data-status={status}>
      <div className="fancy__info" role="cell">
        <span className="fancy__name">{fancy.name}</span>
        <span className="fancy__meta">
          <span
            className={`fancy__exp${exposed ? ' pos--down' : ''}`}
            data-testid="fancy-exposure"
            title="Your exposure on this fancy"
          >
            <span className="fancy__exp-label">Exp</span> {exposed ? '-' : ''}
            {formatMoney(fancy.exposure)}
          </span>
          <button
            type="button"
            className="fancy__book"
            aria-label={`Book of ${fancy.name}`}
            onClick={() => onBook(fancy)}
          >
            Book
          </button>
          <span className="fancy__limits-inline">{limits}</span>
        </span>
      </div>
      <div className="fancy__boxes" role="cell">
        {fancy.variant === 'KHADO' ? (
          <span className="fancy-box fancy-box--none" aria-hidden="true" />
        ) : (
          <FancyBox fancy={fancy} yes={false} disabled={cover != null} onPick={onPick} />
        )}
        <FancyBox fancy={fancy} yes disabled={cover != null} onPick={onPick} />
        {cover ? <span className={`kind-overlay kind-overlay--${status.toLowerCase()}`}>{cover}</span> : null}
      </div>
      <div className="fancy__limits" role="cell">
        <span>Min: {shortMoney(fancy.min_stake)}</span>
        <span>Max: {shortMoney(fancy.max_stake)}</span>
      </div>
    </div>
  );
}

/**
 * The fancy (session) markets in tabs by variant: per row the No (pink) and Yes (blue) line over
 * rate, min/max, the caller's exposure and a Book button; ball running and suspended rows are
 * covered and take no bets.
 */
export function FancySection({
  fancies,
  ballRunningUntilMs,
  now,
  onPick,
  renderBelow,
}: {
  fancies: readonly Fancy[];
  ballRunningUntilMs: number | null;
  now: number;
  onPick: (pick: FancyPick) => void;
  /** The bet slip, shown under the fancy it is for. */
  renderBelow?: (fancyId: number) => ReactNode;
}) {
  const [tab, setTab] = useState<string>('RUNS');
  const [book, setBook] = useState<Fancy | null>(null);
  const groups = FANCY_TABS.map((t) => ({
    ...t,
    rows: fancies.filter((f) => f.variant === t.variant),
  })).filter((g) => g.rows.length > 0);
  if (groups.length === 0) return null;
  const items = groups.map((g) => {
    const oddEven = g.variant === 'ODD_EVEN';
    return {
      id: g.variant,
      label: g.label,
      panel: (
        <div className="fancy__table" role="table" aria-label={`${g.label} markets`}>
          <div className="fancy__cols" role="row">
            <span className="fancy__col-name" role="columnheader">
              {g.rows.length} {g.rows.length === 1 ? 'market' : 'markets'}
            </span>
            <span className="fancy__col fancy__col--no" role="columnheader">
              {g.variant === 'KHADO' ? '' : oddEven ? 'Even' : 'No'}
            </span>
            <span className="fancy__col fancy__col--yes" role="columnheader">
              {oddEven ? 'Odd' : 'Yes'}
            </span>
            <span className="fancy__col-limits" role="columnheader">
              Min/Max
            </span>
          </div>
          {g.rows.map((f) => (
            <Fragment key={f.fancy_id}>
              <FancyRow
                fancy={f}
                ballRunningUntilMs={ballRunningUntilMs}
                now={now}
                onPick={onPick}
                onBook={setBook}
              />
              <FullRow>{renderBelow?.(f.fancy_id)}</FullRow>
            </Fragment>
          ))}
        </div>
      ),
    };
  });
  return (
    <section className="market fancy" aria-label="Fancy">
      <header className="market__head">
        <h2 className="market__name">Fancy</h2>
      </header>
      <Tabs items={items} selected={tab} onSelect={setTab} label="Fancy markets" className="fancy__tabs" />
      <FancyBookModal fancy={book} onClose={() => setBook(null)} />
    </section>
  );
}
