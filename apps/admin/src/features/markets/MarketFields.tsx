import type { FancyVariant, MarketKind } from '@backlay/contract';
import { Field } from '../../components/ui.tsx';

/** What the market form holds (strings, as the inputs give them). */
export type MarketDraft = {
  kind: MarketKind;
  market_name: string;
  runners: string;
  min_stake: string;
  max_stake: string;
  bet_delay_s: string;
  commission_percent: string;
  variant: FancyVariant;
  event_kind: 'RUNS_AT_OVER' | 'INNINGS_TOTAL' | 'WICKET_BEFORE_OVER';
  innings: '1' | '2';
  over: string;
  band: string;
  max_user_stake: string;
};

export const emptyMarket = (kind: MarketKind = 'EXCHANGE', runners = ''): MarketDraft => ({
  kind,
  market_name: kind === 'EXCHANGE' ? 'Match Odds' : kind === 'BOOKMAKER' ? 'Bookmaker' : '',
  runners,
  min_stake: '100',
  max_stake: kind === 'FANCY' ? '100000' : '500000',
  bet_delay_s: '0',
  commission_percent: kind === 'EXCHANGE' ? '2' : '0',
  variant: 'RUNS',
  event_kind: 'RUNS_AT_OVER',
  innings: '1',
  over: '6',
  band: '10',
  max_user_stake: '200000',
});

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

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
  if (d.kind === 'FANCY') {
    const event =
      d.event_kind === 'INNINGS_TOTAL'
        ? { kind: d.event_kind, innings: Number(d.innings) as 1 | 2 }
        : { kind: d.event_kind, innings: Number(d.innings) as 1 | 2, over: num(d.over) ?? 0 };
    return {
      ...common,
      fancy: {
        variant: d.variant,
        event,
        ...(d.variant === 'KHADO' ? { band: num(d.band) } : {}),
        max_user_stake: num(d.max_user_stake),
      },
    };
  }
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
  /** Fancy needs a cricket match with its details. */
  allowFancy: boolean;
};

export function MarketFields({ draft, onChange, errors, prefix = '', allowFancy }: Props) {
  const set = (patch: Partial<MarketDraft>) => onChange({ ...draft, ...patch });
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
            <option value="EXCHANGE">Exchange (match odds, win, place)</option>
            <option value="BOOKMAKER">Bookmaker (house rates)</option>
            {allowFancy ? <option value="FANCY">Fancy (session line)</option> : null}
          </select>
        )}
      </Field>
      <Field label="Market name" error={err('market_name')}>
        {(p) => (
          <input {...p} value={draft.market_name} onChange={(e) => set({ market_name: e.target.value })} />
        )}
      </Field>
      {draft.kind !== 'FANCY' ? (
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
      ) : (
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
              <select
                {...p}
                value={draft.innings}
                onChange={(e) => set({ innings: e.target.value as '1' | '2' })}
              >
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
      {draft.kind === 'EXCHANGE' ? (
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
