// Casino tables (issue 22, docs/casino.md "Limits"): every in-house table (Our Casino, Our Virtual)
// with the limits its next round opens with, and an editor per table. A change is one audited
// admin/casino/setLimits call through useAction, checked here first (the server checks again and
// names the field it refuses). A round's limits are fixed at its open: a change applies from the
// table's next round, which the dialog says before it is made.
import type { AdminCasinoTable, CasinoLimits } from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { rupees } from '../../lib/format.ts';
import { Card, Field, Loadable, PageHeader, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

/** The most a limit may be (the contract's CASINO_LIMIT_MAX_RUPEES: ₹1 crore). */
const LIMIT_MAX_RUPEES = 10_000_000;
const SERIES = { ourcasino: 'Our Casino', virtual: 'Our Virtual' } as const;

/** Typed rupees: positive, at most two decimals, at most ₹1 crore; null when not. */
export function parseLimit(text: string): number | null {
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text.trim())) return null;
  const v = Number(text);
  return v > 0 && v <= LIMIT_MAX_RUPEES ? v : null;
}

type Typed = { min_stake: string; max_per_option: string; max_per_round: string };
type Errors = Partial<Record<keyof Typed, string>>;

/** The typed limits, or the errors by field (each figure, then their order). */
export function checkLimits(typed: Typed): { limits: CasinoLimits } | { errors: Errors } {
  const min = parseLimit(typed.min_stake);
  const option = parseLimit(typed.max_per_option);
  const round = parseLimit(typed.max_per_round);
  const bad = 'Write rupees above 0, at most ₹1,00,00,000, two decimals at most';
  const errors: Errors = {};
  if (min == null) errors.min_stake = bad;
  if (option == null) errors.max_per_option = bad;
  if (round == null) errors.max_per_round = bad;
  if (min != null && option != null && option < min)
    errors.max_per_option = 'Must be at least the minimum stake';
  if (option != null && round != null && round < option)
    errors.max_per_round = 'Must be at least the most per option';
  if (min == null || option == null || round == null || Object.keys(errors).length > 0) return { errors };
  return { limits: { min_stake: min, max_per_option: option, max_per_round: round } };
}

const typedOf = (l: CasinoLimits): Typed => ({
  min_stake: String(l.min_stake),
  max_per_option: String(l.max_per_option),
  max_per_round: String(l.max_per_round),
});

function LimitsDialog({ table, onClose }: { table: AdminCasinoTable; onClose: () => void }) {
  const [typed, setTyped] = useState<Typed>(() => typedOf(table.limits));
  const [shown, setShown] = useState<Errors>({});
  const save = useAction('adminCasinoSetLimits', {
    invalidate: [['adminCasinoTables']],
    success: `${table.table_name}: the new limits apply from its next round`,
  });
  const field = (key: keyof Typed, label: string, hint?: string) => (
    <Field label={label} error={shown[key] ?? null} {...(hint ? { hint } : {})}>
      {(p) => (
        <input
          {...p}
          inputMode="decimal"
          value={typed[key]}
          onChange={(e) => setTyped({ ...typed, [key]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <ConfirmDialog
      open
      title={`Limits of ${table.table_name}`}
      confirmLabel="Save limits"
      busy={save.busy}
      error={save.error}
      onCancel={onClose}
      onConfirm={() => {
        const checked = checkLimits(typed);
        if ('errors' in checked) return setShown(checked.errors);
        setShown({});
        void save.run({ match_id: table.match_id, ...checked.limits }).then((r) => r.ok && onClose());
      }}
    >
      <p>
        The round in its window keeps the limits it opened with; these apply from the table&rsquo;s next
        round. Rupees.
      </p>
      {field('min_stake', 'Minimum stake (₹)')}
      {field('max_per_option', 'Most per option in a round (₹)', 'One bettor, one option, one round')}
      {field('max_per_round', 'Most per round (₹)', 'One bettor, all options of one round')}
    </ConfirmDialog>
  );
}

/** The console's Casino page: the tables and their limits. */
export function CasinoScreen() {
  const query = useEndpoint('adminCasinoTables', undefined);
  const [editing, setEditing] = useState<AdminCasinoTable | null>(null);
  return (
    <>
      <PageHeader title="Casino tables" />
      <Card title="Table limits">
        <Loadable query={query} label="Loading the tables…">
          {(data) =>
            data.tables.length === 0 ? (
              <p className="muted">No casino tables.</p>
            ) : (
              <TableWrap label="Casino tables table">
                <table className="table" aria-label="Casino tables">
                  <thead>
                    <tr>
                      <th scope="col">Table</th>
                      <th scope="col">Series</th>
                      <th scope="col">Minimum stake</th>
                      <th scope="col">Most per option</th>
                      <th scope="col">Most per round</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.tables.map((t) => (
                      <tr key={t.match_id} data-match-id={t.match_id}>
                        <th scope="row">{t.table_name}</th>
                        <td>{SERIES[t.series_id]}</td>
                        <td>{rupees(t.limits.min_stake)}</td>
                        <td>{rupees(t.limits.max_per_option)}</td>
                        <td>{rupees(t.limits.max_per_round)}</td>
                        <td>
                          <button
                            type="button"
                            className="btn btn--small"
                            aria-label={`Edit limits of ${t.table_name}`}
                            onClick={() => setEditing(t)}
                          >
                            Edit limits…
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
      </Card>
      {editing ? (
        <LimitsDialog key={editing.match_id} table={editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
