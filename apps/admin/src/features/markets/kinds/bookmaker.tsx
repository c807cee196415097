// The bookmaker in the console: the house's back and lay rates per runner, its own status
// (Activate, Ball running, Suspend), and settling an unfinished match on the rain comparison.
import type { ConsoleMarket } from '@backlay/contract';
import { useState } from 'react';
import { FormError } from '../../../components/ui.tsx';
import { useAction } from '../../../lib/actions.ts';
import { registerConsoleKind, type KindPanelProps } from './registry.ts';
import { keysOf, OWN_STATUSES, ownStatusLabel, QuoteActions } from './shared.tsx';

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

function BookmakerControls({ matchId, market, settled, ask }: KindPanelProps) {
  const keys = keysOf(matchId);
  const bmStatus = useAction('adminBookmakerStatus', {
    invalidate: keys,
    success: (d) => `Bookmaker ${d.market_id} is ${d.status}`,
  });
  const bmIncomplete = useAction('adminBookmakerIncomplete', {
    invalidate: keys,
    success: (d) =>
      d.decision === 'WIN'
        ? `Settled: ${d.winner} won the comparison`
        : d.decision === 'TIE'
          ? 'Settled: a tie'
          : 'Void: no comparison',
  });
  if (settled) return null;
  return (
    <>
      {OWN_STATUSES.filter(
        (s) => s !== market.bookmaker?.status && market.bookmaker?.status !== 'CLOSED',
      ).map((s) => (
        <button
          key={s}
          type="button"
          className="btn btn--small"
          disabled={bmStatus.busy}
          onClick={() => void bmStatus.run({ market_id: market.market_id, status: s })}
        >
          {ownStatusLabel(s)}
        </button>
      ))}
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
      <FormError message={bmStatus.error ?? bmIncomplete.error} />
    </>
  );
}

registerConsoleKind('BOOKMAKER', {
  label: 'Bookmaker (house rates)',
  defaults: { market_name: 'Bookmaker', max_stake: '500000', commission_percent: '0' },
  runners: true,
  voidModes: ['market', 'runner', 'window'],
  statusOf: (m) => m.bookmaker?.status ?? m.status,
  Quotes: BookmakerQuotes,
  Controls: BookmakerControls,
});
