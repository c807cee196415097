// A cricket match's own operator controls: an unfinished match (abandoned or overs reduced)
// settled by the rules text, and the fancy averages of its competition.
import type {
  AdminFancyIncompleteResult,
  AdminMatch,
  FancyAverageEvent,
  FancyCompetition,
} from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { Card, Field, FormError, Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

const EVENT_LABEL: Record<FancyAverageEvent, string> = {
  FIRST_OVER_RUNS: 'Runs in the 1st over',
  FIRST_6_OVERS_RUNS: 'Runs in the first 6 overs',
  MATCH_FOURS: 'Fours in the match',
  MATCH_SIXES: 'Sixes in the match',
  MATCH_WICKETS: 'Wickets in the match',
};

function Averages({ competition }: { competition: FancyCompetition }) {
  const q = useEndpoint('adminFancyAverages', { competition });
  const [edits, setEdits] = useState<Partial<Record<FancyAverageEvent, string>>>({});
  const set = useAction('adminFancyAverageSet', {
    invalidate: [['adminFancyAverages']],
    success: 'Average saved',
  });
  return (
    <Loadable query={q}>
      {(t) => (
        <table className="table table--compact" aria-label={`Fancy averages of ${competition}`}>
          <thead>
            <tr>
              <th>Event</th>
              <th className="num">Rules' figure</th>
              <th className="num">Override</th>
              <th className="num">Used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {t.averages.map((a) => {
              const v = edits[a.event] ?? (a.override === null ? '' : String(a.override));
              return (
                <tr key={a.event}>
                  <td>{EVENT_LABEL[a.event]}</td>
                  <td className="num">{a.default_value ?? '—'}</td>
                  <td className="num">
                    <input
                      className="input--rate"
                      inputMode="numeric"
                      aria-label={`Override of ${EVENT_LABEL[a.event]}`}
                      value={v}
                      placeholder="—"
                      onChange={(e) => setEdits((x) => ({ ...x, [a.event]: e.target.value }))}
                    />
                  </td>
                  <td className="num">{a.value ?? 'void'}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={set.busy || v === (a.override === null ? '' : String(a.override))}
                      onClick={() =>
                        void set
                          .run({ competition, event: a.event, value: v.trim() === '' ? null : Number(v) })
                          .then((r) => {
                            if (r.ok) setEdits((x) => ({ ...x, [a.event]: undefined }));
                          })
                      }
                    >
                      Save
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Loadable>
  );
}

/** Settle every unsettled fancy of an unfinished match by the rules text (Test minimum overs, Khado, Meter, averages). */
function Incomplete({ match }: { match: AdminMatch }) {
  const [overs, setOvers] = useState('');
  const [abandoned, setAbandoned] = useState(true);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<AdminFancyIncompleteResult | null>(null);
  const run = useAction('adminFancyIncomplete', {
    invalidate: [['adminMatch', { match_id: match.match_id }], ['adminDashboard']],
    success: 'Fancies settled by the rules for an unfinished match',
  });
  const value = Number(overs);
  const ok = overs.trim() !== '' && Number.isFinite(value) && value >= 0;
  return (
    <>
      <div className="filters">
        <Field label="Overs bowled in the match" hint="e.g. 17.3">
          {(p) => (
            <input {...p} inputMode="decimal" value={overs} onChange={(e) => setOvers(e.target.value)} />
          )}
        </Field>
        <label className="check">
          <input type="checkbox" checked={abandoned} onChange={(e) => setAbandoned(e.target.checked)} />{' '}
          Abandoned or overs reduced (averages apply)
        </label>
        <button type="button" className="btn" disabled={!ok} onClick={() => setAsking(true)}>
          Settle unsettled fancies…
        </button>
      </div>
      {result ? (
        <table className="table table--compact" aria-label="Unfinished match: what each fancy got">
          <thead>
            <tr>
              <th>Fancy</th>
              <th>Decision</th>
              <th className="num">Value</th>
              <th>Note</th>
            </tr>
          </thead>
          <tbody>
            {result.fancies.map((f) => (
              <tr key={f.fancy_id}>
                <td>{f.name}</td>
                <td>{f.decision}</td>
                <td className="num">{f.value ?? '—'}</td>
                <td className="small">{f.message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <FormError message={run.error} />
      <ConfirmDialog
        open={asking}
        title="Settle the unsettled fancies of an unfinished match?"
        confirmLabel={`Settle at ${overs} overs`}
        danger
        busy={run.busy}
        error={run.error}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          void run
            .run({ match_id: match.match_id, overs_bowled: value, abandoned_or_reduced: abandoned })
            .then((r) => {
              setAsking(false);
              if (r.ok) setResult(r.data);
            })
        }
      >
        <p>
          Each fancy not yet settled is settled by the rules text for {value} overs: on its figure if its
          event was completed, on the competition's average or a Meter's midpoint where the rules give one,
          else void. Refused, changing nothing, if a fancy that stands has no figure yet: settle it by hand
          first.
        </p>
      </ConfirmDialog>
    </>
  );
}

export function CricketPanel({ match }: { match: AdminMatch }) {
  if (!match.cricket) return null;
  return (
    <div className="grid-2 cricket-panel">
      <Card title="Unfinished match">
        <Incomplete match={match} />
      </Card>
      <Card title={`Fancy averages: ${match.cricket.competition}`}>
        <Averages competition={match.cricket.competition as FancyCompetition} />
      </Card>
    </div>
  );
}
