// The match page's dialogs: declare a result, void (market, runner, window, bets), edit a
// market's terms, edit the match, add a market. Each says what it will do before it does it.
import {
  adminMarketCreateRequest,
  adminMarketUpdateRequest,
  adminMatchUpdateRequest,
  type AdminMatch,
  type ConsoleMarket,
} from '@backlay/contract';
import { Modal } from '@backlay/ui/components';
import { useState, type ReactNode } from 'react';
import { useAction } from '../../lib/actions.ts';
import { endOfSecond, fromIstInput, rupees, toIstInput, whenExact } from '../../lib/format.ts';
import { useEndpoint } from '../../components/queries.ts';
import { Field, FormError } from '../../components/ui.tsx';
import { emptyMarket, issuesByPath, MarketFields, marketBody } from './MarketFields.tsx';
import type { MarketDraft } from './kinds/draft.ts';
import { consoleKindOf, firstMarketKind } from './kinds/registry.ts';

const matchKeys = (matchId: number) => [
  ['adminMatch', { match_id: matchId }],
  ['adminMatches'],
  ['adminDashboard'],
];

function Dialog({
  title,
  onClose,
  busy,
  confirm,
  danger,
  onConfirm,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  busy: boolean;
  confirm: string;
  danger?: boolean;
  onConfirm: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Modal
      open
      title={title}
      onClose={busy ? () => {} : onClose}
      className={wide ? 'modal--wide' : ''}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? 'Working…' : confirm}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** Winners of a runner market (several: a dead heat among them). */
export function ResultDialog({
  matchId,
  market,
  onClose,
}: {
  matchId: number;
  market: ConsoleMarket;
  onClose: () => void;
}) {
  const [winners, setWinners] = useState<number[]>([]);
  const [deadHeat, setDeadHeat] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const action = useAction('adminMarketResult', {
    invalidate: matchKeys(matchId),
    success: (s) => `Market ${s.market_id} settled: ${s.bets_settled} bets, house ${rupees(s.house)}`,
  });
  const active = market.runners.filter((r) => r.status !== 'REMOVED');
  const names = market.runners.filter((r) => winners.includes(r.selection_id)).map((r) => r.name);
  async function go() {
    if (winners.length === 0) return setLocal('Choose the winner');
    if (winners.length > 1 && !deadHeat)
      return setLocal('Several winners: tick "dead heat" (each pays on its share of the stake)');
    setLocal(null);
    const r = await action.run({
      market_id: market.market_id,
      winners,
      ...(winners.length > 1 ? { dead_heat_count: winners.length } : {}),
    });
    if (r.ok) onClose();
  }
  return (
    <Dialog
      title={`Result: ${market.market_name}`}
      onClose={onClose}
      busy={action.busy}
      confirm={
        names.length > 1
          ? `Settle: ${names.join(' and ')} won (dead heat of ${names.length})`
          : names.length > 0
            ? `Settle: ${names.join(' and ')} won`
            : 'Settle'
      }
      danger
      onConfirm={() => void go()}
    >
      <fieldset className="fieldset">
        <legend>Winner{deadHeat ? 's (dead heat)' : ''}</legend>
        {active.map((r) => (
          <label key={r.selection_id} className="check">
            <input
              type={deadHeat ? 'checkbox' : 'radio'}
              name="winner"
              checked={winners.includes(r.selection_id)}
              onChange={(e) =>
                setWinners((w) =>
                  deadHeat
                    ? e.target.checked
                      ? [...w, r.selection_id]
                      : w.filter((x) => x !== r.selection_id)
                    : [r.selection_id],
                )
              }
            />{' '}
            {r.name}
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={deadHeat}
          onChange={(e) => {
            setDeadHeat(e.target.checked);
            if (!e.target.checked) setWinners((w) => w.slice(0, 1));
          }}
        />{' '}
        Dead heat (several winners share: each pays on stake ÷ number of winners)
      </label>
      <p className="muted">
        Settling closes the market (unmatched bets lapse), pays every matched bet and takes{' '}
        {market.commission_percent}% commission on net winnings. {market.bets} bets, {rupees(market.matched)}{' '}
        matched. It can be undone with Unsettle.
      </p>
      <FormError message={local ?? action.error} />
    </Dialog>
  );
}

type VoidMode = 'market' | 'runner' | 'window' | 'bets';

/** A void window's default span before the dialog opened. */
export const VOID_WINDOW_DEFAULT_MS = 60 * 60_000;

/** A window's inputs as the instants sent: "to" takes in the whole of its second. */
export function windowInstants(from: string, to: string): { from: string; to: string } | null {
  const f = fromIstInput(from);
  const t = fromIstInput(to);
  if (!f || !t) return null;
  const toMs = Date.parse(t);
  // A "to" given to the second (no milliseconds, or .000) takes in the whole of that second.
  return { from: f, to: new Date(toMs % 1000 === 0 ? endOfSecond(toMs) : toMs).toISOString() };
}

/** Void the whole market, one runner, bets placed in a time window, or named bets. */
export function VoidDialog({
  matchId,
  market,
  onClose,
}: {
  matchId: number;
  market: ConsoleMarket;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<VoidMode>('market');
  const [runner, setRunner] = useState<number | ''>('');
  // The window's default: the hour before the dialog opened, up to the end of the second it opened
  // in, so every bet the operator is reacting to is inside it.
  const [openedAt] = useState(() => Date.now());
  const [from, setFrom] = useState(() =>
    toIstInput(new Date(openedAt - VOID_WINDOW_DEFAULT_MS).toISOString()),
  );
  const [to, setTo] = useState(() => toIstInput(new Date(openedAt).toISOString()));
  const [betIds, setBetIds] = useState('');
  // The operator's words, shown to bettors beside "Void" (optional; sent trimmed, none when empty).
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const keys = matchKeys(matchId);
  const whole = useAction('adminMarketVoid', { invalidate: keys, success: 'Voided' });
  const windowed = useAction('adminMarketVoidWindow', {
    invalidate: keys,
    success: 'Bets in the window voided',
  });
  const named = useAction('adminMarketVoidBets', { invalidate: keys, success: 'Bets voided' });
  const busy = whole.busy || windowed.busy || named.busy;
  const modes = consoleKindOf(market.kind).voidModes;
  const win = mode === 'window' ? windowInstants(from, to) : null;
  const preview = useEndpoint(
    'adminMarketVoidPreview',
    win ? { market_id: market.market_id, from: win.from, to: win.to } : undefined,
    { enabled: win !== null && Date.parse(win.from) <= Date.parse(win.to) },
  );
  const runnerName = market.runners.find((r) => r.selection_id === runner)?.name;
  const confirm =
    mode === 'market'
      ? `Void all ${market.bets} bets of ${market.market_name}`
      : mode === 'runner'
        ? runnerName
          ? `Void ${runnerName}`
          : 'Void the runner'
        : mode === 'window'
          ? preview.data
            ? `Void ${preview.data.bets} ${preview.data.bets === 1 ? 'bet' : 'bets'} (${rupees(preview.data.stake)})`
            : 'Void the window'
          : 'Void these bets';
  async function go() {
    setLocal(null);
    let r: { ok: boolean };
    const words = reason.trim() === '' ? {} : { reason: reason.trim() };
    if (mode === 'market') r = await whole.run({ market_id: market.market_id, ...words });
    else if (mode === 'runner') {
      if (runner === '') return setLocal('Choose the runner');
      r = await whole.run({ market_id: market.market_id, selection_id: runner, ...words });
    } else if (mode === 'window') {
      const w = windowInstants(from, to);
      if (!w) return setLocal('Give both times (India time, to the second)');
      if (Date.parse(w.from) > Date.parse(w.to)) return setLocal('"From" must not be after "to"');
      if (!preview.data) return setLocal('Wait for the count of the bets in the window');
      r = await windowed.run({ market_id: market.market_id, from: w.from, to: w.to, ...words });
    } else {
      const ids = betIds
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0))
        return setLocal('Give bet ids, e.g. 101, 102');
      r = await named.run({ market_id: market.market_id, bet_ids: ids, ...words });
    }
    if (r.ok) onClose();
  }
  const what =
    mode === 'market'
      ? 'Every bet of this market is void: stakes back, no money moves.'
      : mode === 'runner'
        ? "That runner's bets are void and it takes no more bets."
        : mode === 'window'
          ? 'Bets placed between the two times (India time, both included) are void: the "wrong rate" rule.'
          : 'These bets are void whatever their result; what is left of them on the book is cancelled.';
  return (
    <Dialog
      title={`Void: ${market.market_name}`}
      onClose={onClose}
      busy={busy}
      confirm={confirm}
      danger
      onConfirm={() => void go()}
    >
      <fieldset className="fieldset">
        <legend>What to void</legend>
        {(
          [
            ['market', 'The whole market'],
            ['runner', 'One runner'],
            ['window', 'Bets placed in a time window'],
            ['bets', 'Bets by id'],
          ] as const
        )
          .filter(([m]) => modes.includes(m))
          .map(([m, label]) => (
            <label key={m} className="check">
              <input type="radio" name="void-mode" checked={mode === m} onChange={() => setMode(m)} /> {label}
            </label>
          ))}
      </fieldset>
      {mode === 'runner' ? (
        <Field label="Runner">
          {(p) => (
            <select
              {...p}
              value={runner}
              onChange={(e) => setRunner(e.target.value === '' ? '' : Number(e.target.value))}
            >
              <option value="">Choose…</option>
              {market.runners
                .filter((r) => r.status !== 'REMOVED')
                .map((r) => (
                  <option key={r.selection_id} value={r.selection_id}>
                    {r.name}
                  </option>
                ))}
            </select>
          )}
        </Field>
      ) : null}
      {mode === 'window' ? (
        <div className="form-grid">
          <Field label="From (India time)">
            {(p) => (
              <input
                {...p}
                type="datetime-local"
                step={1}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </Field>
          <Field label="To (India time)">
            {(p) => (
              <input
                {...p}
                type="datetime-local"
                step={1}
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            )}
          </Field>
        </div>
      ) : null}
      {mode === 'window' ? (
        <p role="status" data-testid="void-window-preview">
          {!win
            ? 'Give both times to the second.'
            : preview.data
              ? `Bets placed ${whenExact(preview.data.from)} – ${whenExact(preview.data.to)}: ${preview.data.bets} ${preview.data.bets === 1 ? 'bet' : 'bets'} of ${preview.data.users} ${preview.data.users === 1 ? 'user' : 'users'}, ${rupees(preview.data.stake)} staked, will be void.`
              : preview.error
                ? `Could not count the bets: ${preview.error.message}`
                : 'Counting the bets in the window…'}
        </p>
      ) : null}
      {mode === 'bets' ? (
        <Field label="Bet ids" hint="Separated by commas or spaces">
          {(p) => <input {...p} value={betIds} onChange={(e) => setBetIds(e.target.value)} />}
        </Field>
      ) : null}
      <Field label="Reason shown to bettors" hint="Optional, e.g. Match abandoned (at most 120 characters)">
        {(p) => <input {...p} maxLength={120} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <p className="muted">{what} A settled market is settled again with the void applied.</p>
      <FormError message={local ?? whole.error ?? windowed.error ?? named.error} />
    </Dialog>
  );
}

/** A market's terms: name and start at any time; the rest while it takes no bets. */
export function TermsDialog({
  matchId,
  market,
  onClose,
}: {
  matchId: number;
  market: ConsoleMarket;
  onClose: () => void;
}) {
  const [name, setName] = useState(market.market_name);
  const [start, setStart] = useState(toIstInput(market.start_time));
  const [min, setMin] = useState(String(market.min_stake));
  const [max, setMax] = useState(String(market.max_stake));
  const [delay, setDelay] = useState(String(market.bet_delay_s));
  const [commission, setCommission] = useState(String(market.commission_percent));
  const [runnerNames, setRunnerNames] = useState(() =>
    Object.fromEntries(market.runners.map((r) => [r.selection_id, r.name])),
  );
  const [added, setAdded] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAction('adminMarketUpdate', {
    invalidate: matchKeys(matchId),
    success: 'Market updated',
  });
  const open = market.status === 'OPEN';
  async function go() {
    const body: Record<string, unknown> = { market_id: market.market_id };
    if (name !== market.market_name) body.market_name = name;
    if (start !== toIstInput(market.start_time)) body.start_time = fromIstInput(start) ?? '';
    if (Number(min) !== market.min_stake) body.min_stake = Number(min);
    if (Number(max) !== market.max_stake) body.max_stake = Number(max);
    if (Number(delay) !== market.bet_delay_s) body.bet_delay_s = Number(delay);
    if (Number(commission) !== market.commission_percent) body.commission_percent = Number(commission);
    const renamed = market.runners
      .filter((r) => runnerNames[r.selection_id] !== r.name)
      .map((r) => ({ selection_id: r.selection_id, name: runnerNames[r.selection_id] ?? r.name }));
    if (renamed.length > 0) body.runners = renamed;
    const add = added
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    if (add.length > 0) body.add_runners = add;
    if (Object.keys(body).length === 1) return setErrors({ '': 'Nothing changed' });
    const parsed = adminMarketUpdateRequest.safeParse(body);
    if (!parsed.success) return setErrors(issuesByPath(parsed.error.issues));
    setErrors({});
    const r = await action.run(body as never);
    if (r.ok) onClose();
  }
  return (
    <Dialog
      title={`Edit: ${market.market_name}`}
      onClose={onClose}
      busy={action.busy}
      confirm="Save changes"
      onConfirm={() => void go()}
      wide
    >
      {open ? (
        <p className="notice-inline">
          The market is open: only its name and start time can change now. Suspend it to change its terms or
          runners.
        </p>
      ) : null}
      <div className="form-grid">
        <Field label="Name" error={errors.market_name ?? null}>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Starts (India time)" error={errors.start_time ?? null}>
          {(p) => (
            <input {...p} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
          )}
        </Field>
        <Field label="Min stake (₹)" error={errors.min_stake ?? null}>
          {(p) => <input {...p} disabled={open} value={min} onChange={(e) => setMin(e.target.value)} />}
        </Field>
        <Field label="Max stake (₹)" error={errors.max_stake ?? null}>
          {(p) => <input {...p} disabled={open} value={max} onChange={(e) => setMax(e.target.value)} />}
        </Field>
        {consoleKindOf(market.kind).exchange ? (
          <Field label="In-play bet delay (s)" error={errors.bet_delay_s ?? null}>
            {(p) => <input {...p} disabled={open} value={delay} onChange={(e) => setDelay(e.target.value)} />}
          </Field>
        ) : null}
        <Field label="Commission (%)" error={errors.commission_percent ?? null}>
          {(p) => (
            <input
              {...p}
              disabled={open}
              value={commission}
              onChange={(e) => setCommission(e.target.value)}
            />
          )}
        </Field>
      </div>
      {consoleKindOf(market.kind).runners ? (
        <fieldset className="fieldset" disabled={open}>
          <legend>Runners</legend>
          <div className="form-grid">
            {market.runners.map((r) => (
              <Field key={r.selection_id} label={`Runner ${r.sort_order + 1}`}>
                {(p) => (
                  <input
                    {...p}
                    value={runnerNames[r.selection_id] ?? ''}
                    onChange={(e) => setRunnerNames((n) => ({ ...n, [r.selection_id]: e.target.value }))}
                  />
                )}
              </Field>
            ))}
            {market.bets === 0 ? (
              <Field label="Add runners, one per line" wide>
                {(p) => <textarea {...p} rows={2} value={added} onChange={(e) => setAdded(e.target.value)} />}
              </Field>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      <FormError message={errors[''] ?? errors.runners ?? errors.add_runners ?? action.error} />
    </Dialog>
  );
}

/** The match's own details. */
export function MatchEditDialog({ match, onClose }: { match: AdminMatch; onClose: () => void }) {
  const [name, setName] = useState(match.match_name);
  const [start, setStart] = useState(toIstInput(match.start_time));
  const [country, setCountry] = useState(match.country ?? '');
  const [venue, setVenue] = useState(match.venue ?? '');
  const [active, setActive] = useState(match.is_active);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAction('adminMatchUpdate', {
    invalidate: matchKeys(match.match_id),
    success: 'Match updated',
  });
  async function go() {
    // Only what the operator changed is sent: an untouched start time stays exactly as it is.
    const body: Record<string, unknown> = { match_id: match.match_id };
    if (name !== match.match_name) body.match_name = name;
    if (start !== toIstInput(match.start_time)) body.start_time = fromIstInput(start) ?? '';
    if (country !== (match.country ?? '')) body.country = country;
    if (venue !== (match.venue ?? '')) body.venue = venue;
    if (active !== match.is_active) body.is_active = active;
    if (Object.keys(body).length === 1) return setErrors({ '': 'Nothing changed' });
    const parsed = adminMatchUpdateRequest.safeParse(body);
    if (!parsed.success) return setErrors(issuesByPath(parsed.error.issues));
    setErrors({});
    const r = await action.run(body as never);
    if (r.ok) onClose();
  }
  return (
    <Dialog
      title="Edit match"
      onClose={onClose}
      busy={action.busy}
      confirm="Save match"
      onConfirm={() => void go()}
    >
      <div className="form-grid">
        <Field label="Match name" error={errors.match_name ?? null} wide>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field
          label="Starts (India time)"
          hint="Markets that start with the match move too"
          error={errors.start_time ?? null}
        >
          {(p) => (
            <input {...p} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
          )}
        </Field>
        <Field label="Country" error={errors.country ?? null}>
          {(p) => <input {...p} maxLength={2} value={country} onChange={(e) => setCountry(e.target.value)} />}
        </Field>
        <Field label="Venue" error={errors.venue ?? null}>
          {(p) => <input {...p} value={venue} onChange={(e) => setVenue(e.target.value)} />}
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Shown to
        bettors
      </label>
      <FormError message={errors[''] ?? action.error} />
    </Dialog>
  );
}

/** A new market of the match. */
export function AddMarketDialog({ match, onClose }: { match: AdminMatch; onClose: () => void }) {
  const [draft, setDraft] = useState<MarketDraft>(() => ({
    ...emptyMarket(firstMarketKind(), match.cricket ? match.cricket.teams.join('\n') : ''),
    market_name: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAction('adminMarketCreate', {
    invalidate: matchKeys(match.match_id),
    success: (d) => `Market ${d.market_id} created`,
  });
  async function go() {
    const body = { match_id: match.match_id, ...marketBody(draft) };
    const parsed = adminMarketCreateRequest.safeParse(body);
    if (!parsed.success) return setErrors(issuesByPath(parsed.error.issues));
    setErrors({});
    const r = await action.run(body as never);
    if (r.ok) onClose();
  }
  return (
    <Dialog
      title={`Add a market to ${match.match_name}`}
      onClose={onClose}
      busy={action.busy}
      confirm="Add market"
      onConfirm={() => void go()}
      wide
    >
      <MarketFields draft={draft} onChange={setDraft} errors={errors} allowCricket={match.cricket !== null} />
      {match.cricket === null && match.sport_id === 4 ? (
        <p className="muted small">
          Fancy markets need the match's cricket details (format and competition).
        </p>
      ) : null}
      <FormError message={errors[''] ?? action.error} />
    </Dialog>
  );
}
