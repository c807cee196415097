import { adminMatchCreateRequest } from '@backlay/contract';
import { Modal } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { fromIstInput, toIstInput } from '../../lib/format.ts';
import { Field, FormError } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { emptyMarket, issuesByPath, MarketFields, marketBody, suggestedRunners } from './MarketFields.tsx';
import type { MarketDraft } from './kinds/draft.ts';

const CRICKET = 4;
const NEW_SERIES = 'new';

/** A new match in a series (or a new series), with its first market. */
export function NewMatchDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (matchId: number) => void;
}) {
  const sports = useEndpoint('getSports', { is_active: 1 });
  const [sportId, setSportId] = useState<number | null>(null);
  const series = useEndpoint('adminSeries', sportId === null ? undefined : { sport_id: sportId }, {
    enabled: sportId !== null,
  });
  const [seriesId, setSeriesId] = useState('');
  const [seriesName, setSeriesName] = useState('');
  const [name, setName] = useState('');
  const [start, setStart] = useState(() => toIstInput(new Date(Date.now() + 3_600_000).toISOString()));
  const [country, setCountry] = useState('');
  const [format, setFormat] = useState<'T20' | 'ODI' | 'TEST'>('T20');
  const [competition, setCompetition] = useState<'IPL' | 'BBL' | 'CPL' | 'T20' | 'ODI'>('T20');
  const [withMarket, setWithMarket] = useState(true);
  const [market, setMarket] = useState<MarketDraft>(emptyMarket());
  const [runnersTouched, setRunnersTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const createSeries = useAction('adminSeriesCreate', {
    invalidate: [['adminSeries']],
    success: 'Series created',
  });
  const create = useAction('adminMatchCreate', {
    invalidate: [['adminMatches'], ['adminDashboard']],
    success: (d) => `Match ${d.match_id} created`,
  });

  const onName = (v: string) => {
    setName(v);
    if (!runnersTouched) setMarket((m) => ({ ...m, runners: suggestedRunners(v, sportId) }));
  };

  async function submit() {
    const startIso = fromIstInput(start);
    let sid = Number(seriesId);
    const errs: Record<string, string> = {};
    if (sportId === null) errs.sport = 'Choose a sport';
    if (seriesId === '') errs.series_id = 'Choose a series';
    if (seriesId === NEW_SERIES && !seriesName.trim()) errs.series_name = 'Name the new series';
    if (!startIso) errs.start_time = 'Give the start date and time';
    const body = {
      series_id: seriesId === NEW_SERIES ? 1 : sid,
      match_name: name,
      start_time: startIso ?? '',
      ...(country ? { country } : {}),
      ...(sportId === CRICKET ? { cricket: { format, competition } } : {}),
      ...(withMarket ? { market: marketBody(market) } : {}),
    };
    const parsed = adminMatchCreateRequest.safeParse(body);
    if (!parsed.success) Object.assign(errs, { ...issuesByPath(parsed.error.issues), ...errs });
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    if (seriesId === NEW_SERIES) {
      const made = await createSeries.run({ sport_id: sportId!, name: seriesName.trim() });
      if (!made.ok) return;
      const found = made.data.rows.find((r) => r.name.toLowerCase() === seriesName.trim().toLowerCase());
      if (!found) return;
      sid = found.series_id;
      setSeriesId(String(sid));
    }
    const r = await create.run({ ...body, series_id: sid });
    if (r.ok) onCreated(r.data.match_id);
  }

  const busy = create.busy || createSeries.busy;
  return (
    <Modal
      open
      title="New match"
      onClose={busy ? () => {} : onClose}
      className="modal--wide"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Creating…' : 'Create match'}
          </button>
        </>
      }
    >
      <form
        aria-label="New match"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="form-grid">
          <Field label="Sport" error={errors.sport ?? null}>
            {(p) => (
              <select
                {...p}
                value={sportId ?? ''}
                onChange={(e) => {
                  const id = e.target.value === '' ? null : Number(e.target.value);
                  setSportId(id);
                  setSeriesId('');
                  if (!runnersTouched) setMarket((m) => ({ ...m, runners: suggestedRunners(name, id) }));
                }}
              >
                <option value="">Choose…</option>
                {(sports.data ?? [])
                  .filter((s) => s.sport_id > 0)
                  .map((s) => (
                    <option key={s.sport_id} value={s.sport_id}>
                      {s.name}
                    </option>
                  ))}
              </select>
            )}
          </Field>
          <Field label="Series" error={errors.series_id ?? null}>
            {(p) => (
              <select
                {...p}
                value={seriesId}
                onChange={(e) => setSeriesId(e.target.value)}
                disabled={sportId === null}
              >
                <option value="">{sportId === null ? 'Choose a sport first' : 'Choose…'}</option>
                {(series.data?.rows ?? []).map((s) => (
                  <option key={s.series_id} value={s.series_id}>
                    {s.name}
                  </option>
                ))}
                <option value={NEW_SERIES}>+ New series…</option>
              </select>
            )}
          </Field>
          {seriesId === NEW_SERIES ? (
            <Field label="New series name" error={errors.series_name ?? null}>
              {(p) => <input {...p} value={seriesName} onChange={(e) => setSeriesName(e.target.value)} />}
            </Field>
          ) : null}
          <Field label="Match name" hint='"Team A v Team B"' error={errors.match_name ?? null} wide>
            {(p) => <input {...p} value={name} onChange={(e) => onName(e.target.value)} />}
          </Field>
          <Field label="Starts (India time)" error={errors.start_time ?? null}>
            {(p) => (
              <input {...p} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
            )}
          </Field>
          <Field label="Country (2 letters)" error={errors.country ?? null}>
            {(p) => (
              <input {...p} maxLength={2} value={country} onChange={(e) => setCountry(e.target.value)} />
            )}
          </Field>
          {sportId === CRICKET ? (
            <>
              <Field label="Format">
                {(p) => (
                  <select {...p} value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
                    <option value="T20">T20</option>
                    <option value="ODI">ODI</option>
                    <option value="TEST">Test</option>
                  </select>
                )}
              </Field>
              <Field label="Competition" hint="For the fancy averages table">
                {(p) => (
                  <select
                    {...p}
                    value={competition}
                    onChange={(e) => setCompetition(e.target.value as typeof competition)}
                  >
                    {(['IPL', 'BBL', 'CPL', 'T20', 'ODI'] as const).map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          ) : null}
        </div>
        <fieldset className="fieldset">
          <legend>
            <label className="check">
              <input type="checkbox" checked={withMarket} onChange={(e) => setWithMarket(e.target.checked)} />{' '}
              Add its first market now
            </label>
          </legend>
          {withMarket ? (
            <MarketFields
              draft={market}
              onChange={(d) => {
                if (d.runners !== market.runners) setRunnersTouched(true);
                setMarket(d);
              }}
              errors={errors}
              prefix="market."
              allowCricket={false}
            />
          ) : null}
          <p className="muted small">
            A new exchange market starts closed to bets (not yet opened); open it from the match page when it
            is ready.
          </p>
        </fieldset>
        <FormError message={create.error ?? createSeries.error} />
      </form>
    </Modal>
  );
}
