// Game providers (issue 23, docs/providers.md): each configured provider with its switch, its last
// catalog sync and a Sync button; its games (switch each on or off); its rounds of a day; and the
// day's reconciliation of its debits, credits and rollbacks against the ledger. Every change is one
// audited admin/provider/* call through useAction.
import type { AdminProviderView } from '@backlay/contract';
import { ConfirmDialog, Pager, Switch } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { istToday, rupees, when } from '../../lib/format.ts';
import { Badge, Card, Field, Loadable, PageHeader, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

const ROUND_TONE = { OPEN: 'amber', CLOSED: 'blue', CANCELLED: 'grey' } as const;

function ProviderRow({ p, onDisable }: { p: AdminProviderView; onDisable: () => void }) {
  const invalidate = [['adminProviders'], ['adminProviderGames']];
  const enable = useAction('adminProviderEnable', { invalidate, success: `${p.name} is on` });
  const sync = useAction('adminProviderSync', {
    invalidate,
    success: (v) => `${v.name}: ${v.games} games synced`,
  });
  return (
    <tr>
      <th scope="row">
        {p.name}
        <div className="muted">
          {p.provider_id} · {p.base_url}
        </div>
      </th>
      <td>
        <Switch
          label={p.enabled ? 'On' : 'Off'}
          checked={p.enabled}
          onChange={(on) =>
            on ? void enable.run({ provider_id: p.provider_id, enabled: true }) : onDisable()
          }
        />
      </td>
      <td>
        {p.enabled_games} of {p.games} on
      </td>
      <td>{p.open_rounds}</td>
      <td>
        {when(p.synced_at)}
        {p.sync_error ? <div className="form-error">{p.sync_error}</div> : null}
        {sync.error ? <div className="form-error">{sync.error}</div> : null}
      </td>
      <td className="table__actions">
        <button
          type="button"
          className="btn btn--small"
          disabled={sync.busy}
          aria-label={`Sync games of ${p.name}`}
          onClick={() => void sync.run({ provider_id: p.provider_id })}
        >
          {sync.busy ? 'Syncing…' : 'Sync games'}
        </button>
      </td>
    </tr>
  );
}

function Providers() {
  const query = useEndpoint('adminProviders', undefined, { refetchInterval: 15_000 });
  const [disabling, setDisabling] = useState<AdminProviderView | null>(null);
  const disable = useAction('adminProviderEnable', {
    invalidate: [['adminProviders'], ['adminProviderGames']],
    success: (v) => `${v.name} is off`,
  });
  return (
    <Card title="Providers">
      <Loadable query={query} label="Loading providers…">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              No provider is configured (PROVIDER_DEMO_URL, PROVIDERS: docs/providers.md).
            </p>
          ) : (
            <TableWrap label="Providers table">
              <table className="table" aria-label="Providers">
                <thead>
                  <tr>
                    <th scope="col">Provider</th>
                    <th scope="col">Enabled</th>
                    <th scope="col">Games</th>
                    <th scope="col">Open rounds</th>
                    <th scope="col">Last sync</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((p) => (
                    <ProviderRow key={p.provider_id} p={p} onDisable={() => setDisabling(p)} />
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </Loadable>
      <ConfirmDialog
        open={disabling != null}
        title={disabling ? `Switch ${disabling.name} off?` : ''}
        confirmLabel={disabling ? `Switch ${disabling.name} off` : 'Switch off'}
        danger
        busy={disable.busy}
        error={disable.error}
        onCancel={() => setDisabling(null)}
        onConfirm={() => {
          if (disabling)
            void disable
              .run({ provider_id: disabling.provider_id, enabled: false })
              .then((r) => r.ok && setDisabling(null));
        }}
      >
        <p>
          Its games leave the lobby and new bets are refused. Wins and rollbacks of rounds already played are
          still paid, so open rounds finish.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function GameSwitch({ game }: { game: { game_id: number; name: string; enabled: boolean } }) {
  const toggle = useAction('adminProviderGameEnable', {
    invalidate: [['adminProviderGames'], ['adminProviders']],
    success: (g) => `${g.name} is ${g.enabled ? 'on' : 'off'}`,
  });
  return (
    <>
      <Switch
        label={game.enabled ? 'On' : 'Off'}
        checked={game.enabled}
        onChange={(on) => void toggle.run({ game_id: game.game_id, enabled: on })}
      />
      {toggle.error ? <div className="form-error">{toggle.error}</div> : null}
    </>
  );
}

function Games({ providerId }: { providerId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useEndpoint(
    'adminProviderGames',
    { provider_id: providerId, page, ...(search.trim() ? { search: search.trim() } : {}) },
    { keepPrevious: true },
  );
  return (
    <Card
      title="Games"
      actions={
        <label className="filters__inline">
          <span>Search</span>{' '}
          <input
            type="search"
            value={search}
            maxLength={60}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
      }
    >
      <Loadable query={query} label="Loading games…">
        {(data) => (
          <>
            {data.games.length === 0 ? (
              <p className="muted">No games{search.trim() ? ' match' : ' yet: sync the provider'}.</p>
            ) : (
              <TableWrap label="Games table">
                <table className="table" aria-label="Games">
                  <thead>
                    <tr>
                      <th scope="col">Game</th>
                      <th scope="col">Category</th>
                      <th scope="col">Provider's id</th>
                      <th scope="col">In the lobby</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.games.map((g) => (
                      <tr key={g.game_id}>
                        <th scope="row">{g.name}</th>
                        <td>{g.category}</td>
                        <td>{g.provider_game_id}</td>
                        <td>
                          <GameSwitch game={g} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
            <Pager
              page={data.page}
              pageSize={data.page_size}
              total={data.total}
              onPage={setPage}
              noun="games"
            />
          </>
        )}
      </Loadable>
    </Card>
  );
}

function Reconciliation({ providerId, day }: { providerId: string; day: string }) {
  const query = useEndpoint('adminProviderReconciliation', { provider_id: providerId, date: day });
  return (
    <Card title="Reconciliation">
      <Loadable query={query} label="Loading the reconciliation…">
        {(r) => (
          <>
            <p>
              <Badge tone={r.balanced ? 'green' : 'red'}>{r.balanced ? 'BALANCED' : 'DIFFERS'}</Badge> Net to
              the house {rupees(r.net)} · {r.open_rounds} rounds of the day still open
            </p>
            <TableWrap label="Reconciliation table">
              <table className="table" aria-label="Reconciliation">
                <thead>
                  <tr>
                    <th scope="col">Movement</th>
                    <th scope="col">Calls</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Ledger transfers</th>
                    <th scope="col">Ledger amount</th>
                  </tr>
                </thead>
                <tbody>
                  {(
                    [
                      ['Debits (bets)', r.debits],
                      ['Credits (wins)', r.credits],
                      ['Rollbacks (refunds)', r.rollbacks],
                    ] as const
                  ).map(([label, l]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      <td>{l.count}</td>
                      <td>{rupees(l.amount)}</td>
                      <td>{l.ledger_count}</td>
                      <td>{rupees(l.ledger_amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <p className="muted">
              Refused calls:{' '}
              {r.refused.length === 0 ? 'none' : r.refused.map((x) => `${x.code} ${x.count}`).join(' · ')}
            </p>
          </>
        )}
      </Loadable>
    </Card>
  );
}

function Rounds({ providerId, day }: { providerId: string; day: string }) {
  const [page, setPage] = useState(1);
  const query = useEndpoint(
    'adminProviderRounds',
    { provider_id: providerId, date: day, page },
    { keepPrevious: true },
  );
  return (
    <Card title="Rounds">
      <Loadable query={query} label="Loading rounds…">
        {(data) => (
          <>
            {data.rows.length === 0 ? (
              <p className="muted">No rounds on this day.</p>
            ) : (
              <TableWrap label="Rounds table">
                <table className="table" aria-label="Rounds">
                  <thead>
                    <tr>
                      <th scope="col">Started</th>
                      <th scope="col">Round</th>
                      <th scope="col">Player</th>
                      <th scope="col">Game</th>
                      <th scope="col">Status</th>
                      <th scope="col">Stake</th>
                      <th scope="col">Win</th>
                      <th scope="col">Transactions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((r) => (
                      <tr key={`${r.round_id}:${r.user_id}`}>
                        <td>{when(r.date)}</td>
                        <th scope="row">{r.round_id}</th>
                        <td>{r.user_name}</td>
                        <td>{r.game_name}</td>
                        <td>
                          <Badge tone={ROUND_TONE[r.status]}>{r.status}</Badge>
                        </td>
                        <td>{rupees(r.stake)}</td>
                        <td>{rupees(r.win)}</td>
                        <td>
                          {r.transactions.map((t) => (
                            <div key={t.transaction_id}>
                              {t.type} {t.transaction_id} {rupees(t.amount)}
                              {t.code === 'OK' ? '' : ` (${t.code})`}
                            </div>
                          ))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
            <Pager
              page={data.page}
              pageSize={data.page_size}
              total={data.total}
              onPage={setPage}
              noun="rounds"
            />
          </>
        )}
      </Loadable>
    </Card>
  );
}

/** The console's Providers page. */
export function ProvidersScreen() {
  const providers = useEndpoint('adminProviders');
  const [chosen, setChosen] = useState<string | null>(null);
  const [day, setDay] = useState(istToday());
  const list = providers.data ?? [];
  const providerId = chosen ?? list[0]?.provider_id ?? null;
  return (
    <>
      <PageHeader title="Game providers" />
      <Providers />
      {providerId ? (
        <>
          <div className="filters">
            <Field label="Provider">
              {(p) => (
                <select {...p} value={providerId} onChange={(e) => setChosen(e.target.value)}>
                  {list.map((x) => (
                    <option key={x.provider_id} value={x.provider_id}>
                      {x.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Day (IST)">
              {(p) => (
                <input
                  {...p}
                  type="date"
                  max={istToday()}
                  value={day}
                  onChange={(e) => setDay(e.target.value || istToday())}
                />
              )}
            </Field>
          </div>
          <Games key={`games:${providerId}`} providerId={providerId} />
          <Reconciliation providerId={providerId} day={day} />
          <Rounds key={`rounds:${providerId}:${day}`} providerId={providerId} day={day} />
        </>
      ) : null}
    </>
  );
}
