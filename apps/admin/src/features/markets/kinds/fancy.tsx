// Fancy (session) markets in the console: listed in a table of their own, No/Yes lines and rates,
// their own status, settled on a number (or the competition's average, or void) by their own calls,
// and the new-market form's event (what the cricket feed settles the line on).
import type { ConsoleMarket, FancyVariant } from '@backlay/contract';
import { useState } from 'react';
import { Field, FormError } from '../../../components/ui.tsx';
import { useAction } from '../../../lib/actions.ts';
import { rupees } from '../../../lib/format.ts';
import { readFancyResult } from '../fancy-result.ts';
import { FancyTable } from './fancy-table.tsx';
import { draftNumber as num, type MarketDraft } from './draft.ts';
import { registerConsoleKind, type ConsoleKind, type KindPanelProps } from './registry.ts';
import { keysOf, OWN_STATUSES, ownStatusLabel, QuoteActions } from './shared.tsx';

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

function FancyControls({ matchId, market, settled, ask }: KindPanelProps) {
  const keys = keysOf(matchId);
  const fStatus = useAction('adminFancyStatus', {
    invalidate: keys,
    success: (d) => `Fancy ${d.fancy_id} is ${d.status}`,
  });
  const fAverage = useAction('adminFancyAverage', { invalidate: keys, success: 'Settled on the average' });
  const fVoid = useAction('adminFancyVoid', { invalidate: keys, success: 'Fancy voided' });
  if (settled) return null;
  return (
    <>
      {OWN_STATUSES.filter(
        (s) => s !== market.fancy?.status && !['CLOSED', 'REMOVED'].includes(market.fancy?.status ?? ''),
      ).map((s) => (
        <button
          key={s}
          type="button"
          className="btn btn--small"
          disabled={fStatus.busy}
          onClick={() => void fStatus.run({ fancy_id: market.market_id, status: s })}
        >
          {ownStatusLabel(s)}
        </button>
      ))}
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
      <FormError message={fStatus.error ?? fAverage.error ?? fVoid.error} />
    </>
  );
}

/** The fancy's result: a number (and a dead heat, for a Fancy 1), confirmed before it settles. */
function FancyResultForm({ matchId, market, settled, ask }: KindPanelProps) {
  const fResult = useAction('adminFancyResult', {
    invalidate: keysOf(matchId),
    success: (s) => `Fancy settled: house ${rupees(s.house)}`,
  });
  const [fancyValue, setFancyValue] = useState('');
  const [fancyDeadHeat, setFancyDeadHeat] = useState('');
  const [fancyError, setFancyError] = useState<string | null>(null);
  if (settled) return null;
  return (
    <>
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
      <FormError message={fResult.error} />
    </>
  );
}

function FancyTerms({ market }: { market: ConsoleMarket }) {
  if (!market.fancy) return null;
  return (
    <div>
      <dt>Variant</dt>
      <dd>
        {market.fancy.variant}
        {market.fancy.band ? ` (band ${market.fancy.band})` : ''}
      </dd>
    </div>
  );
}

const FancyFields: NonNullable<ConsoleKind['Fields']> = ({ draft, set, err }) => (
  <>
    <Field label="Variant">
      {(p) => (
        <select
          {...p}
          value={draft.variant}
          onChange={(e) => set({ variant: e.target.value as FancyVariant })}
        >
          <option value="RUNS">Runs (session)</option>
          <option value="LAMBI">Lambi (innings total)</option>
          <option value="KHADO">Khado (band, Yes only)</option>
          <option value="METER">Meter (per run)</option>
          <option value="ODD_EVEN">Odd / even</option>
          <option value="FANCY1">Fancy 1 (an event, Yes/No)</option>
        </select>
      )}
    </Field>
    <Field label="Settles on" hint="What the cricket feed settles it on">
      {(p) => (
        <select
          {...p}
          value={draft.event_kind}
          onChange={(e) => set({ event_kind: e.target.value as MarketDraft['event_kind'] })}
        >
          <option value="RUNS_AT_OVER">Runs at the end of an over</option>
          <option value="INNINGS_TOTAL">Innings total</option>
          <option value="WICKET_BEFORE_OVER">A wicket before an over</option>
        </select>
      )}
    </Field>
    <Field label="Innings">
      {(p) => (
        <select {...p} value={draft.innings} onChange={(e) => set({ innings: e.target.value as '1' | '2' })}>
          <option value="1">1st</option>
          <option value="2">2nd</option>
        </select>
      )}
    </Field>
    {draft.event_kind !== 'INNINGS_TOTAL' ? (
      <Field label="Over" error={err('fancy.event.over')}>
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            value={draft.over}
            onChange={(e) => set({ over: e.target.value })}
          />
        )}
      </Field>
    ) : null}
    {draft.variant === 'KHADO' ? (
      <Field label="Band (runs)" error={err('fancy.band')}>
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            value={draft.band}
            onChange={(e) => set({ band: e.target.value })}
          />
        )}
      </Field>
    ) : null}
    <Field label="Most one bettor may stake (₹)" error={err('fancy.max_user_stake')}>
      {(p) => (
        <input
          {...p}
          inputMode="decimal"
          value={draft.max_user_stake}
          onChange={(e) => set({ max_user_stake: e.target.value })}
        />
      )}
    </Field>
  </>
);

/** The fancy part of the create call: its variant, the event it settles on, its limits. */
function fancyBody(d: MarketDraft) {
  const event =
    d.event_kind === 'INNINGS_TOTAL'
      ? { kind: d.event_kind, innings: Number(d.innings) as 1 | 2 }
      : { kind: d.event_kind, innings: Number(d.innings) as 1 | 2, over: num(d.over) ?? 0 };
  return {
    fancy: {
      variant: d.variant,
      event,
      ...(d.variant === 'KHADO' ? { band: num(d.band) } : {}),
      max_user_stake: num(d.max_user_stake),
    },
  };
}

registerConsoleKind('FANCY', {
  label: 'Fancy (session line)',
  needsCricket: true,
  defaults: { market_name: '', max_stake: '100000', commission_percent: '0' },
  runners: false,
  table: { title: 'Fancies', Table: FancyTable },
  voidModes: [],
  statusOf: (m) => m.fancy?.status ?? m.status,
  resultOf: (m) => String(m.settlement.result_value),
  Terms: FancyTerms,
  Quotes: FancyQuote,
  Controls: FancyControls,
  Below: FancyResultForm,
  Fields: FancyFields,
  body: fancyBody,
});
