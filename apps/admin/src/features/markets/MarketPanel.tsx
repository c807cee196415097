import type { ConsoleMarket } from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { rupees, when } from '../../lib/format.ts';
import { Badge, FormError } from '../../components/ui.tsx';
import { ResultDialog, TermsDialog, VoidDialog } from './dialogs.tsx';
import { readFancyResult } from './fancy-result.ts';
import { RiskPanel } from './RiskPanel.tsx';

type Confirm = {
  title: string;
  text: string;
  label: string;
  danger?: boolean;
  go: () => Promise<{ ok: boolean }>;
};

const keysOf = (matchId: number) => [
  ['adminMatch', { match_id: matchId }],
  ['adminMatches'],
  ['adminDashboard'],
];

/** Quotes of a bookmaker market: back and lay per runner (per 100; empty takes the side off). */
function BookmakerQuotes({ matchId, market }: { matchId: number; market: ConsoleMarket }) {
  // The inputs follow the published rates (the feed or another operator may move them) until the
  // operator edits one; publishing (or Reset) follows them again.
  const published: Record<number, { back: string; lay: string }> = Object.fromEntries(
    market.runners.map((r) => [
      r.selection_id,
      { back: r.back_rate?.toString() ?? '', lay: r.lay_rate?.toString() ?? '' },
    ]),
  );
  const [draft, setDraft] = useState<typeof published | null>(null);
  const rates = draft ?? published;
  const quote = useAction('adminBookmakerQuote', { invalidate: keysOf(matchId), success: 'Rates published' });
  const [local, setLocal] = useState<string | null>(null);
  const parse = (v: string) => (v.trim() === '' ? null : Number(v));
  async function publish() {
    const runners = market.runners.map((r) => ({
      selection_id: r.selection_id,
      back_rate: parse(rates[r.selection_id]?.back ?? ''),
      lay_rate: parse(rates[r.selection_id]?.lay ?? ''),
    }));
    const bad = runners.find((r) =>
      [r.back_rate, r.lay_rate].some((x) => x !== null && (!Number.isInteger(x) || x < 1 || x > 10_000)),
    );
    if (bad) return setLocal('Rates are whole numbers per 100 (45 = 1.45), 1 to 10000');
    setLocal(null);
    const r = await quote.run({ market_id: market.market_id, runners });
    if (r.ok) setDraft(null);
  }
  return (
    <div className="quotes">
      <table className="table table--compact" aria-label={`Rates of ${market.market_name}`}>
        <thead>
          <tr>
            <th>Runner</th>
            <th>Back rate</th>
            <th>Lay rate</th>
          </tr>
        </thead>
        <tbody>
          {market.runners.map((r) => (
            <tr key={r.selection_id}>
              <td>{r.name}</td>
              {(['back', 'lay'] as const).map((side) => (
                <td key={side}>
                  <input
                    className="input--rate"
                    inputMode="numeric"
                    aria-label={`${side === 'back' ? 'Back' : 'Lay'} rate of ${r.name}`}
                    value={rates[r.selection_id]?.[side] ?? ''}
                    onChange={(e) =>
                      setDraft({
                        ...rates,
                        [r.selection_id]: { ...rates[r.selection_id]!, [side]: e.target.value },
                      })
                    }
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <QuoteActions
        label="Publish rates"
        busy={quote.busy}
        edited={draft !== null}
        error={local ?? quote.error}
        onPublish={() => void publish()}
        onReset={() => setDraft(null)}
      />
    </div>
  );
}

/** Under a quote editor: publish it, drop the edits (once there are some), and what went wrong. */
function QuoteActions(p: {
  label: string;
  busy: boolean;
  edited: boolean;
  error: string | null | undefined;
  onPublish(): void;
  onReset(): void;
}) {
  return (
    <>
      <button type="button" className="btn btn--small btn--primary" onClick={p.onPublish} disabled={p.busy}>
        {p.label}
      </button>
      {p.edited ? (
        <button type="button" className="btn btn--small btn--ghost" onClick={p.onReset}>
          Reset
        </button>
      ) : null}
      <FormError message={p.error} />
    </>
  );
}

/** A fancy's No and Yes lines and rates (following the published line until edited, as above). */
function FancyQuote({ matchId, market }: { matchId: number; market: ConsoleMarket }) {
  const f = market.fancy!;
  const published = {
    no_line: f.no_line?.toString() ?? '',
    no_rate: f.no_rate?.toString() ?? '100',
    yes_line: f.yes_line?.toString() ?? '',
    yes_rate: f.yes_rate?.toString() ?? '100',
  };
  const [draft, setDraft] = useState<typeof published | null>(null);
  const q = draft ?? published;
  const quote = useAction('adminFancyQuote', { invalidate: keysOf(matchId), success: 'Line published' });
  const [local, setLocal] = useState<string | null>(null);
  async function publish() {
    const v = {
      no_line: Number(q.no_line),
      no_rate: Number(q.no_rate),
      yes_line: Number(q.yes_line),
      yes_rate: Number(q.yes_rate),
    };
    if (
      Object.values(q).some((x) => x.trim() === '') ||
      Object.values(v).some((x) => !Number.isInteger(x) || x < 0)
    ) {
      return setLocal('Lines and rates are whole numbers');
    }
    setLocal(null);
    const r = await quote.run({ fancy_id: market.market_id, ...v });
    if (r.ok) setDraft(null);
  }
  const input = (key: keyof typeof q, label: string) => (
    <label className="mini-field">
      <span>{label}</span>
      <input inputMode="numeric" value={q[key]} onChange={(e) => setDraft({ ...q, [key]: e.target.value })} />
    </label>
  );
  return (
    <div className="quotes quotes--fancy">
      {input('no_line', 'No line')}
      {input('no_rate', 'No rate')}
      {input('yes_line', 'Yes line')}
      {input('yes_rate', 'Yes rate')}
      <QuoteActions
        label="Publish line"
        busy={quote.busy}
        edited={draft !== null}
        error={local ?? quote.error}
        onPublish={() => void publish()}
        onReset={() => setDraft(null)}
      />
    </div>
  );
}

/** One market: its state and terms, and every control its kind has. */
export function MarketPanel({
  matchId,
  market,
  prices,
}: {
  matchId: number;
  market: ConsoleMarket;
  /** Best back and lay per runner (exchange markets). */
  prices?: ReadonlyMap<number, { back: number | null; lay: number | null }> | undefined;
}) {
  const keys = keysOf(matchId);
  const status = useAction('adminMarketStatus', {
    invalidate: keys,
    success: (d) => `Market ${d.market_id} is ${d.status}`,
  });
  const bmStatus = useAction('adminBookmakerStatus', {
    invalidate: keys,
    success: (d) => `Bookmaker ${d.market_id} is ${d.status}`,
  });
  const fStatus = useAction('adminFancyStatus', {
    invalidate: keys,
    success: (d) => `Fancy ${d.fancy_id} is ${d.status}`,
  });
  const unsettle = useAction('adminMarketUnsettle', { invalidate: keys, success: 'Settlement reversed' });
  const fResult = useAction('adminFancyResult', {
    invalidate: keys,
    success: (s) => `Fancy settled: house ${rupees(s.house)}`,
  });
  const fAverage = useAction('adminFancyAverage', { invalidate: keys, success: 'Settled on the average' });
  const fVoid = useAction('adminFancyVoid', { invalidate: keys, success: 'Fancy voided' });
  const bmIncomplete = useAction('adminBookmakerIncomplete', {
    invalidate: keys,
    success: (d) =>
      d.decision === 'WIN'
        ? `Settled: ${d.winner} won the comparison`
        : d.decision === 'TIE'
          ? 'Settled: a tie'
          : 'Void: no comparison',
  });
  const [dialog, setDialog] = useState<'result' | 'void' | 'terms' | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [risk, setRisk] = useState(false);
  const [fancyValue, setFancyValue] = useState('');
  const [fancyDeadHeat, setFancyDeadHeat] = useState('');
  const [fancyError, setFancyError] = useState<string | null>(null);

  const settled = market.settlement.state === 'SETTLED';
  const ask = (c: Confirm) => {
    setConfirmError(null);
    setConfirm(c);
  };
  async function runConfirmed() {
    if (!confirm) return;
    setConfirmBusy(true);
    const r = await confirm.go();
    setConfirmBusy(false);
    if (r.ok) setConfirm(null);
    else setConfirmError('Refused — see the message below the market.');
  }
  const label = market.fancy
    ? market.fancy.status
    : market.bookmaker
      ? market.bookmaker.status
      : market.status;
  const error =
    status.error ??
    bmStatus.error ??
    fStatus.error ??
    unsettle.error ??
    fResult.error ??
    fAverage.error ??
    fVoid.error ??
    bmIncomplete.error;

  return (
    <article
      className="market"
      aria-labelledby={`market-${market.market_id}-title`}
      data-testid={`market-${market.market_id}`}
    >
      <header className="market__head">
        <h3 id={`market-${market.market_id}-title`}>
          {market.market_name} <span className="muted small">#{market.market_id}</span>
        </h3>
        <span className="market__badges">
          <Badge tone="grey">{market.kind}</Badge>
          <span data-testid="market-status">
            <Badge>{settled ? 'SETTLED' : label}</Badge>
          </span>
          {market.in_play ? <Badge tone="red">IN PLAY</Badge> : null}
          {market.settlement.state === 'UNSETTLED' ? <Badge>UNSETTLED</Badge> : null}
          {market.settlement.void_market ? <Badge tone="red">VOID</Badge> : null}
        </span>
      </header>
      <dl className="terms">
        <div>
          <dt>Stake</dt>
          <dd>
            {rupees(market.min_stake)} – {rupees(market.max_stake)}
          </dd>
        </div>
        {market.kind === 'EXCHANGE' ? (
          <div>
            <dt>Bet delay</dt>
            <dd>{market.bet_delay_s} s</dd>
          </div>
        ) : null}
        <div>
          <dt>Commission</dt>
          <dd>{market.commission_percent}%</dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd>{when(market.start_time)}</dd>
        </div>
        <div>
          <dt>Bets</dt>
          <dd>{market.bets}</dd>
        </div>
        <div>
          <dt>Matched</dt>
          <dd>{rupees(market.matched)}</dd>
        </div>
        <div>
          <dt>Exposure held</dt>
          <dd>{rupees(market.exposure)}</dd>
        </div>
        {market.fancy ? (
          <div>
            <dt>Variant</dt>
            <dd>
              {market.fancy.variant}
              {market.fancy.band ? ` (band ${market.fancy.band})` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {market.kind !== 'FANCY' ? (
        <ul className="runners">
          {market.runners.map((r) => (
            <li key={r.selection_id}>
              {r.name} {r.status !== 'ACTIVE' ? <Badge>{r.status}</Badge> : null}
              {prices && r.status === 'ACTIVE' ? (
                <span className="prices" data-testid={`prices-${r.selection_id}`}>
                  <span className="prices__back" title="Best price to back">
                    {prices.get(r.selection_id)?.back ?? '—'}
                  </span>
                  <span className="prices__lay" title="Best price to lay">
                    {prices.get(r.selection_id)?.lay ?? '—'}
                  </span>
                </span>
              ) : null}
              {market.settlement.void_selections.includes(r.selection_id) ? (
                <Badge tone="red">VOID</Badge>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {settled ? (
        <p className="small">
          Result:{' '}
          {market.settlement.void_market
            ? 'void'
            : market.fancy
              ? String(market.settlement.result_value)
              : market.runners
                  .filter((r) => market.settlement.winners.includes(r.selection_id))
                  .map((r) => r.name)
                  .join(', ')}
          {market.settlement.dead_heat_count > 1
            ? ` (dead heat of ${market.settlement.dead_heat_count})`
            : ''}{' '}
          · settlement {market.settlement.generation}
        </p>
      ) : null}
      {market.settlement.void_bets.length > 0 || market.settlement.void_windows.length > 0 ? (
        <p className="small muted">
          {market.settlement.void_bets.length > 0
            ? `Void bets: ${market.settlement.void_bets.join(', ')}. `
            : ''}
          {market.settlement.void_windows.map((w) => `Void ${when(w.from)} – ${when(w.to)}`).join('; ')}
        </p>
      ) : null}

      {!settled && market.kind === 'BOOKMAKER' ? <BookmakerQuotes matchId={matchId} market={market} /> : null}
      {!settled && market.kind === 'FANCY' ? <FancyQuote matchId={matchId} market={market} /> : null}

      <div className="market__actions" role="group" aria-label={`Controls of ${market.market_name}`}>
        {!settled && market.kind === 'EXCHANGE' ? (
          <>
            {market.status !== 'OPEN' && market.status !== 'CLOSED' ? (
              <button
                type="button"
                className="btn btn--small btn--go"
                disabled={status.busy}
                onClick={() => void status.run({ market_id: market.market_id, status: 'OPEN' })}
              >
                Open
              </button>
            ) : null}
            {market.status === 'OPEN' ? (
              <button
                type="button"
                className="btn btn--small btn--warn"
                disabled={status.busy}
                onClick={() => void status.run({ market_id: market.market_id, status: 'SUSPENDED' })}
              >
                Suspend
              </button>
            ) : null}
            {market.status !== 'CLOSED' ? (
              <button
                type="button"
                className="btn btn--small"
                onClick={() =>
                  ask({
                    title: `Close ${market.market_name}?`,
                    text: 'Closing ends betting for good: every unmatched bet lapses. The market then waits for its result.',
                    label: 'Close market',
                    danger: true,
                    go: () => status.run({ market_id: market.market_id, status: 'CLOSED' }),
                  })
                }
              >
                Close
              </button>
            ) : null}
          </>
        ) : null}
        {!settled && market.kind === 'BOOKMAKER'
          ? (['ACTIVE', 'BALL_RUNNING', 'SUSPENDED'] as const)
              .filter((s) => s !== market.bookmaker?.status && market.bookmaker?.status !== 'CLOSED')
              .map((s) => (
                <button
                  key={s}
                  type="button"
                  className="btn btn--small"
                  disabled={bmStatus.busy}
                  onClick={() => void bmStatus.run({ market_id: market.market_id, status: s })}
                >
                  {s === 'ACTIVE' ? 'Activate' : s === 'BALL_RUNNING' ? 'Ball running' : 'Suspend'}
                </button>
              ))
          : null}
        {!settled && market.kind === 'FANCY'
          ? (['ACTIVE', 'BALL_RUNNING', 'SUSPENDED'] as const)
              .filter(
                (s) =>
                  s !== market.fancy?.status && !['CLOSED', 'REMOVED'].includes(market.fancy?.status ?? ''),
              )
              .map((s) => (
                <button
                  key={s}
                  type="button"
                  className="btn btn--small"
                  disabled={fStatus.busy}
                  onClick={() => void fStatus.run({ fancy_id: market.market_id, status: s })}
                >
                  {s === 'ACTIVE' ? 'Activate' : s === 'BALL_RUNNING' ? 'Ball running' : 'Suspend'}
                </button>
              ))
          : null}
        {!settled && market.kind !== 'FANCY' ? (
          <button type="button" className="btn btn--small btn--primary" onClick={() => setDialog('result')}>
            Result…
          </button>
        ) : null}
        {market.kind !== 'FANCY' ? (
          <button type="button" className="btn btn--small" onClick={() => setDialog('void')}>
            Void…
          </button>
        ) : null}
        {market.kind === 'BOOKMAKER' && !settled ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() =>
              ask({
                title: `Settle ${market.market_name} of an unfinished match?`,
                text: "On the spec's comparison: the teams' runs after 10 overs (T20) or 25 (ODI) of each innings, read from the scoreboard; equal runs a dead heat; no comparison (a Test, or an innings short of the mark) void.",
                label: 'Settle on the comparison',
                danger: true,
                go: () => bmIncomplete.run({ market_id: market.market_id }),
              })
            }
          >
            Unfinished…
          </button>
        ) : null}
        {market.kind === 'FANCY' && !settled ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() =>
              ask({
                title: `Settle ${market.market_name} on its average?`,
                text: "For an abandoned or shortened match: settled on the competition's average (a Meter on its midpoint), or void where the rules give none.",
                label: 'Settle on the average',
                danger: true,
                go: () => fAverage.run({ fancy_id: market.market_id }),
              })
            }
          >
            Average…
          </button>
        ) : null}
        {market.kind === 'FANCY' && !settled ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() =>
              ask({
                title: `Void ${market.market_name}?`,
                text: 'Every stake on this fancy is returned.',
                label: 'Void fancy',
                danger: true,
                go: () => fVoid.run({ fancy_id: market.market_id }),
              })
            }
          >
            Void…
          </button>
        ) : null}
        {settled ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() =>
              ask({
                title: `Unsettle ${market.market_name}?`,
                text: 'Every transfer of this settlement is reversed (the statements show the reversal) and exposure comes back. Refused if a bettor has already withdrawn the winnings.',
                label: 'Unsettle',
                danger: true,
                go: () => unsettle.run({ market_id: market.market_id }),
              })
            }
          >
            Unsettle…
          </button>
        ) : null}
        <button type="button" className="btn btn--small" onClick={() => setDialog('terms')}>
          Edit…
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-expanded={risk}
          onClick={() => setRisk((r) => !r)}
        >
          {risk ? 'Hide risk' : 'Risk'}
        </button>
      </div>

      {market.kind === 'FANCY' && !settled ? (
        <form
          className="fancy-result"
          aria-label={`Result of ${market.market_name}`}
          onSubmit={(e) => {
            e.preventDefault();
            const v = readFancyResult(fancyValue, fancyDeadHeat, market.fancy?.variant === 'FANCY1');
            if (!v.ok) return setFancyError(v.message);
            setFancyError(null);
            const { value, deadHeat: dh } = v;
            ask({
              title: `Settle ${market.market_name} at ${value}${dh ? `, a dead heat of ${dh}` : ''}?`,
              text: `Yes wins when the result is at or above its line, No below it.${
                dh ? ` A dead heat of ${dh}: each winning bet is paid on its stake ÷ ${dh}.` : ''
              } ${market.bets} bets, ${rupees(market.matched)} staked, are settled.`,
              label: `Settle at ${value}${dh ? ` (dead heat of ${dh})` : ''}`,
              danger: true,
              go: () =>
                fResult.run({
                  fancy_id: market.market_id,
                  result: value,
                  ...(dh ? { dead_heat_count: dh } : {}),
                }),
            });
          }}
        >
          <label className="mini-field">
            <span>Result</span>
            <input inputMode="numeric" value={fancyValue} onChange={(e) => setFancyValue(e.target.value)} />
          </label>
          {market.fancy?.variant === 'FANCY1' ? (
            <label className="mini-field">
              <span>Dead heat of</span>
              <input
                inputMode="numeric"
                value={fancyDeadHeat}
                placeholder="—"
                onChange={(e) => setFancyDeadHeat(e.target.value)}
              />
            </label>
          ) : null}
          <button type="submit" className="btn btn--small btn--primary">
            Settle…
          </button>
          {fancyError ? (
            <p role="alert" className="form-error">
              {fancyError}
            </p>
          ) : null}
        </form>
      ) : null}

      <FormError message={error} />
      {risk ? <RiskPanel marketId={market.market_id} /> : null}

      {dialog === 'result' ? (
        <ResultDialog matchId={matchId} market={market} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'void' ? (
        <VoidDialog matchId={matchId} market={market} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'terms' ? (
        <TermsDialog matchId={matchId} market={market} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? 'Confirm'}
        danger={confirm?.danger ?? false}
        busy={confirmBusy}
        error={confirmError}
        onConfirm={() => void runConfirmed()}
        onCancel={() => setConfirm(null)}
      >
        <p>{confirm?.text}</p>
      </ConfirmDialog>
    </article>
  );
}
