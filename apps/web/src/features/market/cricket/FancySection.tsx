import type { Fancy, FancyVariant } from '@backlay/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { Tabs } from '../../../components/index.ts';
import { formatMoney } from '@backlay/ui/money';
import { FullRow } from '../MarketCard.tsx';
import { FancyBookModal } from './FancyBookModal.tsx';
import { fancyBoxLabel, khadoBand, shownStatus, STATUS_OVERLAY, type FancyPick } from './kind-slip.ts';
import { msgId } from '../../../lib/i18n/catalog.ts';
import { useT } from '../i18n.ts';
import type { Translate } from '../../../lib/i18n/catalog.ts';

/** The tabs, in this order; a tab with no rows is not shown. `label`: its message id. */
export const FANCY_TABS: readonly { variant: FancyVariant; label: string }[] = [
  { variant: 'RUNS', label: msgId('market.fancy.tab.runs') },
  { variant: 'LAMBI', label: msgId('market.fancy.tab.lambi') },
  { variant: 'KHADO', label: msgId('market.fancy.tab.khado') },
  { variant: 'METER', label: msgId('market.fancy.tab.meter') },
  { variant: 'ODD_EVEN', label: msgId('market.fancy.tab.oddEven') },
  { variant: 'FANCY1', label: msgId('market.fancy.tab.fancy1') },
];

const shortMoney = (rupees: number) => rupees.toLocaleString('en-IN');

/** The line a box shows: runs, a KHADO band ("150-159"), or the Odd/Even word. */
function lineText(f: Fancy, yes: boolean, t: Translate): string | null {
  const line = yes ? f.yes_line : f.no_line;
  if (f.variant === 'ODD_EVEN') return t(fancyBoxLabel(f.variant, yes));
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
  const t = useT();
  const word = t(fancyBoxLabel(fancy.variant, yes));
  const rate = yes ? fancy.yes_rate : fancy.no_rate;
  const line = yes ? fancy.yes_line : fancy.no_line;
  const text = lineText(fancy, yes, t);
  const quoted = rate != null && text != null && (line != null || fancy.variant === 'ODD_EVEN');
  // The name starts with what the box shows, line then rate ("46 100"; Odd/Even: "Odd 98"), then
  // says what it does (WCAG 2.5.3, label in name).
  const values = { line: text ?? '', rate: String(rate), side: word, fancy: fancy.name };
  const label = !quoted
    ? t('market.fancy.boxNotQuoted', values)
    : fancy.variant === 'ODD_EVEN'
      ? t('market.fancy.boxOddEven', values)
      : t('market.fancy.box', values);
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
  const t = useT();
  const status = shownStatus(fancy.status, ballRunningUntilMs, now);
  const coverId = STATUS_OVERLAY[status];
  const cover = coverId ? t(coverId) : undefined;
  const limits = t('market.limits', { min: shortMoney(fancy.min_stake), max: shortMoney(fancy.max_stake) });
  const exposed = fancy.exposure > 0;
  return (
    <div className="fancy__row" role="row" data-fancy-id={fancy.fancy_id} data-status={status}>
      <div className="fancy__info" role="cell">
        <span className="fancy__name">{fancy.name}</span>
        <span className="fancy__meta">
          <span
            className={`fancy__exp${exposed ? ' pos--down' : ''}`}
            data-testid="fancy-exposure"
            title={t('market.fancy.exposureTitle')}
          >
            <span className="fancy__exp-label">{t('market.fancy.exposure')}</span> {exposed ? '-' : ''}
            {formatMoney(fancy.exposure)}
          </span>
          <button
            type="button"
            className="fancy__book"
            aria-label={t('market.fancyBook.label', { fancy: fancy.name })}
            onClick={() => onBook(fancy)}
          >
            {t('market.fancy.book')}
          </button>
          <span className="fancy__limits-inline">{limits}</span>
        </span>
      </div>
      <div className="fancy__boxes" role="cell">
        {/* i18n-exempt: the server's fancy variant, compared */}
        {fancy.variant === 'KHADO' ? (
          <span className="fancy-box fancy-box--none" aria-hidden="true" />
        ) : (
          <FancyBox fancy={fancy} yes={false} disabled={cover != null} onPick={onPick} />
        )}
        <FancyBox fancy={fancy} yes disabled={cover != null} onPick={onPick} />
        {cover ? <span className={`kind-overlay kind-overlay--${status.toLowerCase()}`}>{cover}</span> : null}
      </div>
      <div className="fancy__limits" role="cell">
        <span>{t('market.fancy.min', { amount: shortMoney(fancy.min_stake) })}</span>
        <span>{t('market.fancy.max', { amount: shortMoney(fancy.max_stake) })}</span>
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
  const t = useT();
  const [tab, setTab] = useState<string>('RUNS');
  const [book, setBook] = useState<Fancy | null>(null);
  const groups = FANCY_TABS.map((tab) => ({
    ...tab,
    rows: fancies.filter((f) => f.variant === tab.variant),
  })).filter((g) => g.rows.length > 0);
  if (groups.length === 0) return null;
  const items = groups.map((g) => {
    const oddEven = g.variant === 'ODD_EVEN';
    const label = t(g.label);
    return {
      id: g.variant,
      label,
      panel: (
        <div className="fancy__table" role="table" aria-label={t('market.fancy.tableLabel', { tab: label })}>
          <div className="fancy__cols" role="row">
            <span className="fancy__col-name" role="columnheader">
              {t('market.fancy.count', { count: g.rows.length })}
            </span>
            <span className="fancy__col fancy__col--no" role="columnheader">
              {/* i18n-exempt: the server's fancy variant, compared */}
              {g.variant === 'KHADO' ? '' : oddEven ? t('market.fancy.even') : t('market.fancy.no')}
            </span>
            <span className="fancy__col fancy__col--yes" role="columnheader">
              {oddEven ? t('market.fancy.odd') : t('market.fancy.yes')}
            </span>
            <span className="fancy__col-limits" role="columnheader">
              {t('market.fancy.minMax')}
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
    <section className="market fancy" aria-label={t('market.fancy.title')}>
      <header className="market__head">
        <h2 className="market__name">{t('market.fancy.title')}</h2>
      </header>
      <Tabs
        items={items}
        selected={tab}
        onSelect={setTab}
        label={t('market.fancy.tabsLabel')}
        className="fancy__tabs"
      />
      <FancyBookModal fancy={book} onClose={() => setBook(null)} />
    </section>
  );
}
