// Binary sessions (issue 24, docs/binary.md): the sessions of a trading day by instrument with
// their state, recorded last price, override and settlement price; settle (the recorded price or a
// typed figure), void, override the settlement price; and the holiday calendar. Every change is one
// audited admin/binary/* call through useAction, confirmed in a dialog first.
import type { AdminBinarySession, BinaryHoliday } from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { istToday, rupees } from '../../lib/format.ts';
import { Badge, Card, Field, Loadable, PageHeader, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

const STATE_TONE = {
  OPEN: 'green',
  SUSPENDED: 'amber',
  CLOSED: 'amber',
  SETTLED: 'blue',
  VOID: 'grey',
} as const;
const GROUPS = ['ALL', 'EQUITY', 'COMMODITY', 'EVENING'] as const;
type HolidayGroup = (typeof GROUPS)[number];

const price = (v: number | null) => {
  if (v == null) return '—';
  const decimals = Number.isInteger(v) ? 0 : 2;
  return v.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
};

/** 'HH:MM' India time; a close at midnight is the evening session's 24:00. */
function istTime(iso: string, close = false): string {
  const t = new Date(iso).toLocaleTimeString('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return close && t === '00:00' ? '24:00' : t;
}

/** A typed price: positive, at most two decimals; null when not one. */
export function parsePrice(text: string): number | null {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text.trim())) return null;
  const v = Number(text);
  return v > 0 ? v : null;
}

type Step = { kind: 'settle' | 'void' | 'override'; session: AdminBinarySession } | null;

function SessionDialogs({ step, onClose }: { step: Step; onClose: () => void }) {
  const [figure, setFigure] = useState('');
  // The void's reason is checked once the operator tried to confirm without one.
  const [tried, setTried] = useState(false);
  const invalidate = [['adminBinarySessions']];
  const settle = useAction('adminBinarySettle', { invalidate, success: 'Session settled' });
  const voidIt = useAction('adminBinaryVoid', { invalidate, success: 'Session void: every stake returned' });
  const override = useAction('adminBinaryOverride', { invalidate, success: 'Settlement price recorded' });
  if (!step) return null;
  const s = step.session;
  const typed = parsePrice(figure);
  const bad =
    figure.trim() !== '' && typed == null ? 'Write a price, e.g. 24350.25 (two decimals at most)' : null;
  const close = () => {
    setFigure('');
    setTried(false);
    onClose();
  };
  const name = `${s.code} ${s.trading_day}`;
  if (step.kind === 'settle') {
    const official = s.override_price ?? s.recorded_price;
    return (
      <ConfirmDialog
        open
        title={`Settle ${name}?`}
        confirmLabel={typed != null ? `Settle on ${price(typed)}` : `Settle on ${price(official)}`}
        danger
        busy={settle.busy}
        error={settle.error ?? bad}
        onCancel={close}
        onConfirm={() => {
          if (bad) return;
          void settle
            .run({ session_id: s.session_id, ...(typed != null ? { price: typed } : {}) })
            .then((r) => r.ok && close());
        }}
      >
        <p>
          Recorded last price {price(s.recorded_price)}
          {s.override_price != null ? `, override ${price(s.override_price)}` : ''}. Yes wins at or above its
          line, No below. {s.bets} bets, stake {rupees(s.stake)}.
        </p>
        <Field
          label="Settle on this price instead"
          hint="Blank: the override if set, else the recorded price"
        >
          {(p) => (
            <input {...p} inputMode="decimal" value={figure} onChange={(e) => setFigure(e.target.value)} />
          )}
        </Field>
      </ConfirmDialog>
    );
  }
  if (step.kind === 'void') {
    const reason = figure.trim();
    const short = reason.length < 3 ? 'Write the reason (3 characters or more): bettors see it' : null;
    return (
      <ConfirmDialog
        open
        title={`Void ${name}?`}
        confirmLabel="Void: return every stake"
        danger
        busy={voidIt.busy}
        error={voidIt.error ?? (tried ? short : null)}
        onCancel={close}
        onConfirm={() => {
          setTried(true);
          if (short) return;
          void voidIt.run({ session_id: s.session_id, reason }).then((r) => r.ok && close());
        }}
      >
        <p>
          Every stake of its {s.bets} bets ({rupees(s.stake)}) is returned
          {s.state === 'SETTLED' ? '; the settled session is settled again as void' : ''}.
        </p>
        <Field label="Reason" hint="Stored, audited, and shown to the bettors on their voided bets">
          {(p) => <input {...p} maxLength={200} value={figure} onChange={(e) => setFigure(e.target.value)} />}
        </Field>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      open
      title={`Settlement price of ${name}`}
      confirmLabel={typed != null ? `Record ${price(typed)}` : 'Clear the override'}
      busy={override.busy}
      error={override.error ?? bad}
      onCancel={close}
      onConfirm={() => {
        if (bad) return;
        void override.run({ session_id: s.session_id, price: typed }).then((r) => r.ok && close());
      }}
    >
      <Field label="Official settlement price" hint="Blank clears the override: the recorded price is used">
        {(p) => (
          <input {...p} inputMode="decimal" value={figure} onChange={(e) => setFigure(e.target.value)} />
        )}
      </Field>
      <p>Recorded last price {price(s.recorded_price)}. The settlement at the close uses this figure.</p>
    </ConfirmDialog>
  );
}

function Sessions() {
  const [day, setDay] = useState('');
  const [step, setStep] = useState<Step>(null);
  const query = useEndpoint('adminBinarySessions', day ? { trading_day: day } : {}, { keepPrevious: true });
  return (
    <Card
      title="Sessions"
      actions={
        <label className="filters__inline">
          <span>Trading day</span>{' '}
          <input
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            aria-describedby="binary-day-hint"
          />
          <span id="binary-day-hint" className="muted">
            {' '}
            Blank: today and every unsettled earlier session
          </span>
        </label>
      }
    >
      <Loadable query={query} label="Loading sessions…">
        {(data) =>
          data.sessions.length === 0 ? (
            <p className="muted">No sessions.</p>
          ) : (
            <TableWrap label="Binary sessions table">
              <table className="table" aria-label="Binary sessions">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Instrument</th>
                    <th scope="col">State</th>
                    <th scope="col">Hours</th>
                    <th scope="col">Last price</th>
                    <th scope="col">Override</th>
                    <th scope="col">Settled on</th>
                    <th scope="col">Void reason</th>
                    <th scope="col">Bets</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.sessions.map((s) => {
                    const done = s.state === 'SETTLED' || s.state === 'VOID';
                    const label = `${s.code} ${s.trading_day}`;
                    return (
                      <tr key={s.session_id} data-session-id={s.session_id}>
                        <td>{s.trading_day}</td>
                        <th scope="row">{s.code}</th>
                        <td>
                          <Badge tone={STATE_TONE[s.state]}>{s.state}</Badge>
                        </td>
                        <td>
                          {istTime(s.opens_at)}–{istTime(s.closes_at, true)} IST
                        </td>
                        <td>{price(s.recorded_price)}</td>
                        <td>{price(s.override_price)}</td>
                        <td>{price(s.settlement_price)}</td>
                        <td>{s.void_reason ?? '–'}</td>
                        <td>
                          {s.bets} · {rupees(s.stake)}
                        </td>
                        <td className="table__actions">
                          {s.state === 'CLOSED' ? (
                            <button
                              type="button"
                              className="btn btn--small btn--primary"
                              aria-label={`Settle ${label}`}
                              onClick={() => setStep({ kind: 'settle', session: s })}
                            >
                              Settle…
                            </button>
                          ) : null}
                          {!done ? (
                            <button
                              type="button"
                              className="btn btn--small"
                              aria-label={`Override price of ${label}`}
                              onClick={() => setStep({ kind: 'override', session: s })}
                            >
                              Override price…
                            </button>
                          ) : null}
                          {s.state !== 'VOID' ? (
                            <button
                              type="button"
                              className="btn btn--small btn--danger"
                              aria-label={`Void ${label}`}
                              onClick={() => setStep({ kind: 'void', session: s })}
                            >
                              Void…
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </Loadable>
      <SessionDialogs
        key={step ? `${step.kind}:${step.session.session_id}` : 'none'}
        step={step}
        onClose={() => setStep(null)}
      />
    </Card>
  );
}

function Calendar() {
  const query = useEndpoint('adminBinaryCalendar', {});
  const [day, setDay] = useState('');
  const [group, setGroup] = useState<HolidayGroup>('ALL');
  const [reason, setReason] = useState('');
  const [removing, setRemoving] = useState<BinaryHoliday | null>(null);
  const invalidate = [['adminBinaryCalendar'], ['adminBinarySessions']];
  const add = useAction('adminBinaryHolidayAdd', { invalidate, success: 'Holiday added' });
  const remove = useAction('adminBinaryHolidayRemove', { invalidate, success: 'Holiday removed' });
  const missing = day === '' || reason.trim() === '';
  return (
    <Card title="Holiday calendar">
      <form
        className="filters"
        aria-label="Add a holiday"
        onSubmit={(e) => {
          e.preventDefault();
          if (missing) return;
          void add.run({ day, group, reason: reason.trim() }).then((r) => {
            if (r.ok) {
              setDay('');
              setReason('');
            }
          });
        }}
      >
        <Field label="Day">
          {(p) => (
            <input {...p} type="date" min={istToday()} value={day} onChange={(e) => setDay(e.target.value)} />
          )}
        </Field>
        <Field label="Sessions">
          {(p) => (
            <select {...p} value={group} onChange={(e) => setGroup(e.target.value as HolidayGroup)}>
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {g === 'ALL' ? 'All instruments' : g.charAt(0) + g.slice(1).toLowerCase()}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Reason" error={add.error}>
          {(p) => <input {...p} maxLength={80} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={missing || add.busy}>
          Add holiday
        </button>
      </form>
      <Loadable query={query} label="Loading the calendar…">
        {(data) =>
          data.holidays.length === 0 ? (
            <p className="muted">No holidays ahead.</p>
          ) : (
            <TableWrap label="Holidays table">
              <table className="table" aria-label="Holidays">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Sessions</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.holidays.map((h) => (
                    <tr key={`${h.day}:${h.group}`}>
                      <th scope="row">{h.day}</th>
                      <td>{h.group}</td>
                      <td>{h.reason}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn--small btn--danger"
                          aria-label={`Remove holiday ${h.day} ${h.group}`}
                          onClick={() => setRemoving(h)}
                        >
                          Remove…
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </Loadable>
      <ConfirmDialog
        open={removing != null}
        title={removing ? `Remove the holiday of ${removing.day} (${removing.group})?` : ''}
        confirmLabel="Remove"
        danger
        busy={remove.busy}
        error={remove.error}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing)
            void remove
              .run({ day: removing.day, group: removing.group })
              .then((r) => r.ok && setRemoving(null));
        }}
      >
        <p>Its sessions trade again on that day (unless it is a weekend).</p>
      </ConfirmDialog>
    </Card>
  );
}

/** The console's Binary page: sessions and the holiday calendar. */
export function BinaryScreen() {
  return (
    <>
      <PageHeader title="Binary sessions" />
      <Sessions />
      <Calendar />
    </>
  );
}
