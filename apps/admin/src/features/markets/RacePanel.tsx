// A race's own operator controls: the card with its non-runners, and the race day's steps — the
// off, past the post, the weighed-in result, a non-runner with its reduction factors, a void and
// a surface change — each one audited call of admin/racing/* (contract racing-admin.ts).
import type { AdminMatch, RaceCard, RaceVoidReason } from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { when } from '../../lib/format.ts';
import { Badge, Card, Field, Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

/** The racing sports (the seed's ids: horse racing, greyhound racing). */
const RACING_SPORT_IDS: readonly number[] = [7, 4339];

const VOID_REASONS: { value: RaceVoidReason; label: string }[] = [
  { value: 'ABANDONED', label: 'Abandoned' },
  { value: 'WALKOVER', label: 'Walkover' },
  { value: 'VENUE_CHANGED', label: 'Moved to another venue' },
  { value: 'NOT_RUN_ON_DAY', label: 'Not run on the day' },
];

const STATE_TONE = { OPEN: 'green', OFF: 'red', FINISHED: 'grey', RESULTED: 'grey', VOID: 'grey' } as const;

/**
 * "5, 3, 1=7" → [[5], [3], [1, 7]]: positions in order, "=" joining a dead heat. Null when a part
 * is not a runner number.
 */
export function parsePlacings(text: string): number[][] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return null;
  const out: number[][] = [];
  for (const p of parts) {
    const nums = p.split('=').map((n) => n.trim());
    if (nums.some((n) => !/^\d{1,2}$/.test(n))) return null;
    out.push(nums.map(Number));
  }
  return out;
}

type Step = 'off' | 'finish' | 'result' | 'nonrunner' | 'void' | 'surface' | null;

function RaceControls({ card }: { card: RaceCard }) {
  const [step, setStep] = useState<Step>(null);
  const [placings, setPlacings] = useState('');
  const [number, setNumber] = useState('');
  const [winRf, setWinRf] = useState('');
  const [placeRf, setPlaceRf] = useState('');
  const [reason, setReason] = useState<RaceVoidReason>('ABANDONED');
  const [surface, setSurface] = useState(card.surface);
  const invalidate = [
    ['getRaceCard', { match_id: card.match_id }],
    ['adminMatch', { match_id: card.match_id }],
  ];
  const off = useAction('adminRaceOff', { invalidate, success: 'The race is off: markets in play' });
  const finish = useAction('adminRaceFinish', { invalidate, success: 'Past the post: markets suspended' });
  const result = useAction('adminRaceResult', { invalidate, success: 'Result settled on both markets' });
  const nonRunner = useAction('adminRaceNonRunner', { invalidate, success: 'Non-runner withdrawn' });
  const voidRace = useAction('adminRaceVoid', { invalidate, success: 'Race void: every bet void' });
  const surfaceSet = useAction('adminRaceSurface', { invalidate, success: 'Surface recorded: bets stand' });
  const close = () => setStep(null);
  const done = card.state === 'RESULTED' || card.state === 'VOID';
  const parsed = parsePlacings(placings);
  const runnerNumber = Number(number);
  const runner = card.runners.find((r) => r.number === runnerNumber && !r.non_runner);
  const winRfValue = Number(winRf);
  const rfOk = winRf.trim() !== '' && Number.isFinite(winRfValue) && winRfValue >= 0 && winRfValue <= 100;
  const placeRfValue = placeRf.trim() === '' ? undefined : Number(placeRf);
  const match_id = card.match_id;
  if (done)
    return (
      <p className="muted">The race is {card.state === 'VOID' ? 'void' : 'resulted'}: nothing left to do.</p>
    );
  return (
    <>
      <div className="filters">
        {card.state === 'OPEN' ? (
          <button type="button" className="btn" onClick={() => setStep('off')}>
            Off…
          </button>
        ) : null}
        {card.state === 'OFF' ? (
          <button type="button" className="btn" onClick={() => setStep('finish')}>
            Past the post…
          </button>
        ) : null}
        {card.state === 'OFF' || card.state === 'FINISHED' ? (
          <button type="button" className="btn btn--primary" onClick={() => setStep('result')}>
            Result…
          </button>
        ) : null}
        <button type="button" className="btn" onClick={() => setStep('nonrunner')}>
          Non-runner…
        </button>
        <button type="button" className="btn" onClick={() => setStep('surface')}>
          Surface change…
        </button>
        <button type="button" className="btn btn--danger" onClick={() => setStep('void')}>
          Void race…
        </button>
      </div>
      <ConfirmDialog
        open={step === 'off'}
        title={`${card.race_name}: the race is off?`}
        confirmLabel="Off"
        busy={off.busy}
        error={off.error}
        onCancel={close}
        onConfirm={() => void off.run({ match_id }).then((r) => r.ok && close())}
      >
        <p>Both markets go in play with the bet delay; unmatched bets lapse unless kept in play.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 'finish'}
        title={`${card.race_name}: past the post?`}
        confirmLabel="Suspend until the result"
        busy={finish.busy}
        error={finish.error}
        onCancel={close}
        onConfirm={() => void finish.run({ match_id }).then((r) => r.ok && close())}
      >
        <p>Both markets are suspended until the weighed-in result.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 'result'}
        title={`${card.race_name}: the weighed-in result`}
        confirmLabel="Settle both markets"
        danger
        busy={result.busy}
        error={
          result.error ?? (placings.trim() !== '' && !parsed ? 'Write runner numbers, e.g. 5, 3, 1=7' : null)
        }
        onCancel={close}
        onConfirm={() => {
          if (parsed) void result.run({ match_id, placings: parsed }).then((r) => r.ok && close());
        }}
      >
        <Field
          label="Placings, best first"
          hint={`Runner numbers separated by commas; "=" for a dead heat (1=7). ${card.places_paid} place(s) paid.`}
        >
          {(p) => <input {...p} value={placings} onChange={(e) => setPlacings(e.target.value)} />}
        </Field>
        <p>Results follow the weigh-in: once settled, a later change is ignored.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 'nonrunner'}
        title={`${card.race_name}: withdraw a runner`}
        confirmLabel={runner ? `Withdraw ${runner.number}. ${runner.name}` : 'Withdraw'}
        danger
        busy={nonRunner.busy}
        error={nonRunner.error ?? (number.trim() !== '' && !runner ? 'No such runner in the race' : null)}
        onCancel={close}
        onConfirm={() => {
          if (!runner || !rfOk) return;
          void nonRunner
            .run({
              match_id,
              number: runner.number,
              reduction_factor: winRfValue,
              ...(placeRfValue === undefined ? {} : { place_reduction_factor: placeRfValue }),
            })
            .then((r) => r.ok && close());
        }}
      >
        <div className="filters">
          <Field label="Runner number">
            {(p) => (
              <input {...p} inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} />
            )}
          </Field>
          <Field label="Win reduction factor %">
            {(p) => (
              <input {...p} inputMode="decimal" value={winRf} onChange={(e) => setWinRf(e.target.value)} />
            )}
          </Field>
          <Field label="Place reduction factor %" hint="Blank: the win factor">
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                value={placeRf}
                onChange={(e) => setPlaceRf(e.target.value)}
              />
            )}
          </Field>
        </div>
        <p>
          Its bets are void; matched bets on the others placed before now are reduced (win at 2.5 % or more,
          place always, never below 1.01); unmatched lays are cancelled at the thresholds.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 'void'}
        title={`Void ${card.race_name}?`}
        confirmLabel="Void every bet"
        danger
        busy={voidRace.busy}
        error={voidRace.error}
        onCancel={close}
        onConfirm={() => void voidRace.run({ match_id, reason }).then((r) => r.ok && close())}
      >
        <Field label="Reason">
          {(p) => (
            <select {...p} value={reason} onChange={(e) => setReason(e.target.value as RaceVoidReason)}>
              {VOID_REASONS.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 'surface'}
        title={`${card.race_name}: surface change`}
        confirmLabel="Record it"
        busy={surfaceSet.busy}
        error={surfaceSet.error}
        onCancel={close}
        onConfirm={() => void surfaceSet.run({ match_id, surface }).then((r) => r.ok && close())}
      >
        <Field label="Surface now">
          {(p) => <input {...p} value={surface} onChange={(e) => setSurface(e.target.value)} />}
        </Field>
        <p>A surface change leaves bets standing.</p>
      </ConfirmDialog>
    </>
  );
}

function nonRunnerText(r: RaceCard['runners'][number]): string {
  const win = r.reduction_factor !== null ? ` ${r.reduction_factor}%` : '';
  const place = r.place_reduction_factor !== null ? ` / place ${r.place_reduction_factor}%` : '';
  return `NR${win}${place}`;
}

function RaceTable({ card }: { card: RaceCard }) {
  return (
    <table className="table table--compact" aria-label={`Runners of ${card.race_name}`}>
      <thead>
        <tr>
          <th className="num">No.</th>
          <th>Runner</th>
          <th>Jockey / trainer</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {card.runners.map((r) => (
          <tr key={r.number}>
            <td className="num">{r.number}</td>
            <td>{r.non_runner ? <s>{r.name}</s> : r.name}</td>
            <td className="small">{[r.jockey, r.trainer].filter(Boolean).join(' / ')}</td>
            <td>{r.non_runner ? <Badge tone="grey">{nonRunnerText(r)}</Badge> : 'Runs'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function resultText(card: RaceCard): string | null {
  if (!card.result) return null;
  return card.result.map((p) => `${p.position}. ${p.numbers.join(' = ')}`).join(' · ');
}

export function RacePanel({ match }: { match: AdminMatch }) {
  const racing = RACING_SPORT_IDS.includes(match.sport_id);
  const q = useEndpoint(
    'getRaceCard',
    { match_id: match.match_id },
    { enabled: racing, refetchInterval: 5_000 },
  );
  if (!racing) return null;
  return (
    <Card title="Race day">
      <Loadable query={q}>
        {(card) => (
          <>
            <p className="match-meta">
              <Badge tone={STATE_TONE[card.state]}>{card.state}</Badge> off {when(card.off_time)} ·{' '}
              {card.distance} · {card.going} · {card.surface} · {card.places_paid} place(s) paid
              {card.void_reason ? ` · void: ${card.void_reason}` : ''}
              {resultText(card) ? ` · result ${resultText(card)}` : ''}
            </p>
            <RaceControls card={card} />
            <RaceTable card={card} />
          </>
        )}
      </Loadable>
    </Card>
  );
}
