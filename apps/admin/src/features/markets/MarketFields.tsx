import type { MarketKind } from '@backlay/contract';
import { Field } from '../../components/ui.tsx';
import { draftNumber as num, type MarketDraft } from './kinds/draft.ts';
import './kinds/index.ts';
import { consoleKindOf, consoleKinds, firstMarketKind } from './kinds/registry.ts';

/** A new market of the kind (the first market of a match when none is given), with its defaults. */
export const emptyMarket = (kind: MarketKind = firstMarketKind(), runners = ''): MarketDraft => ({
  kind,
  ...consoleKindOf(kind).defaults,
  runners,
  min_stake: '100',
  bet_delay_s: '0',
  variant: 'RUNS',
  event_kind: 'RUNS_AT_OVER',
  innings: '1',
  over: '6',
  band: '10',
  max_user_stake: '200000',
});

/** The market part of a create call, from the draft (the contract's schema judges it). */
export function marketBody(d: MarketDraft) {
  const common = {
    kind: d.kind,
    market_name: d.market_name,
    min_stake: num(d.min_stake),
    max_stake: num(d.max_stake),
    bet_delay_s: num(d.bet_delay_s),
    commission_percent: num(d.commission_percent),
  };
  const own = consoleKindOf(d.kind).body;
  if (own) return { ...common, ...own(d) };
  return {
    ...common,
    runners: d.runners
      .split('\n')
      .map((r) => r.trim())
      .filter(Boolean),
  };
}

/** Runners a match name suggests: "A v B" → A, B (and The Draw for football). */
export function suggestedRunners(matchName: string, sportId: number | null): string {
  const sides = matchName.split(/\s+v(?:s|\.)?\s+/i).map((s) => s.trim());
  if (sides.length !== 2 || !sides[0] || !sides[1]) return '';
  return [...sides, ...(sportId === 1 ? ['The Draw'] : [])].join('\n');
}

type Props = {
  draft: MarketDraft;
  onChange: (d: MarketDraft) => void;
  errors: Record<string, string>;
  /** The error paths start with this ('market.' inside a match). */
  prefix?: string;
  /** A cricket match with its details: the kinds that settle on the scoreboard may be added. */
  allowCricket: boolean;
};

export function MarketFields({ draft, onChange, errors, prefix = '', allowCricket }: Props) {
  const set = (patch: Partial<MarketDraft>) => onChange({ ...draft, ...patch });
  const kind = consoleKindOf(draft.kind);
  const { Fields } = kind;
  const err = (path: string) => errors[prefix + path] ?? null;
  return (
    <div className="form-grid">
      <Field label="Kind">
        {(p) => (
          <select
            {...p}
            value={draft.kind}
            onChange={(e) => {
              const kind = e.target.value as MarketKind;
              const fresh = emptyMarket(kind, draft.runners);
              onChange({
                ...fresh,
                market_name: kind === draft.kind ? draft.market_name : fresh.market_name,
              });
            }}
          >
            {consoleKinds()
              .filter(([, k]) => allowCricket || !k.needsCricket)
              .map(([kind, k]) => (
                <option key={kind} value={kind}>
                  {k.label}
                </option>
              ))}
          </select>
        )}
      </Field>
      <Field label="Market name" error={err('market_name')}>
        {(p) => (
          <input {...p} value={draft.market_name} onChange={(e) => set({ market_name: e.target.value })} />
        )}
      </Field>
      {Fields ? (
        <Fields draft={draft} set={set} err={err} />
      ) : (
        <Field label="Runners, one per line" error={err('runners')} wide>
          {(p) => (
            <textarea
              {...p}
              rows={4}
              value={draft.runners}
              onChange={(e) => set({ runners: e.target.value })}
              placeholder={'Home team\nAway team\nThe Draw'}
            />
          )}
        </Field>
      )}
      <Field label="Min stake (₹)" error={err('min_stake')}>
        {(p) => (
          <input
            {...p}
            inputMode="decimal"
            value={draft.min_stake}
            onChange={(e) => set({ min_stake: e.target.value })}
          />
        )}
      </Field>
      <Field label="Max stake (₹)" error={err('max_stake')}>
        {(p) => (
          <input
            {...p}
            inputMode="decimal"
            value={draft.max_stake}
            onChange={(e) => set({ max_stake: e.target.value })}
          />
        )}
      </Field>
      {kind.exchange ? (
        <Field label="In-play bet delay (s)" error={err('bet_delay_s')}>
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              value={draft.bet_delay_s}
              onChange={(e) => set({ bet_delay_s: e.target.value })}
            />
          )}
        </Field>
      ) : null}
      <Field label="Commission on net winnings (%)" error={err('commission_percent')}>
        {(p) => (
          <input
            {...p}
            inputMode="decimal"
            value={draft.commission_percent}
            onChange={(e) => set({ commission_percent: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}

/** zod issues → { 'path.to.field': 'message' } (the first per field). */
export function issuesByPath(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.');
    out[key] ??= i.message;
  }
  return out;
}
