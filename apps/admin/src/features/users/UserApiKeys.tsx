// A bettor's API keys on the user screen (issue 46, docs/trading-api.md): what each may do, from
// where, until when and when last used, and a button to revoke one (audited). Never a secret: the
// server keeps only its hash.
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { when } from '../../lib/format.ts';
import { Card, Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

export function UserApiKeys({ userId, userName }: { userId: number; userName: string }) {
  const q = useEndpoint('adminUserApiKeys', { user_id: userId });
  /** The key to revoke (its id and name), or nothing asked. */
  const [revoking, setRevoking] = useState<{ key_id: string; name: string } | null>(null);
  const revoke = useAction('adminApiKeyRevoke', {
    invalidate: [['adminUserApiKeys', { user_id: userId }]],
    success: 'Key revoked',
  });
  return (
    <Card title="API keys">
      <Loadable query={q}>
        {(keys) => (
          // Focusable: on a phone the table scrolls sideways, and a keyboard must reach it.
          <div className="table-wrap" tabIndex={0} role="region" aria-label={`API keys of ${userName}`}>
            <table className="table table--compact" aria-label={`API keys of ${userName}`}>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Key id</th>
                  <th>Scopes</th>
                  <th>Allowed from</th>
                  <th>Expires</th>
                  <th>Last used</th>
                  <th>State</th>
                </tr>
              </thead>
              <tbody>
                {keys.length === 0 ? (
                  <tr>
                    <td colSpan={7} className="muted">
                      No API key
                    </td>
                  </tr>
                ) : (
                  keys.map((k) => (
                    <tr key={k.key_id}>
                      <td>{k.name}</td>
                      <td>
                        <code>{k.key_id}</code>
                      </td>
                      <td>{k.scopes.join(', ')}</td>
                      <td>{k.ip_allow ? k.ip_allow.join(', ') : 'any address'}</td>
                      <td>{k.expires_at ? when(k.expires_at) : 'never'}</td>
                      <td>{when(k.last_used_at)}</td>
                      <td>
                        {k.revoked_at ? (
                          `Revoked ${when(k.revoked_at)}`
                        ) : (
                          <button
                            type="button"
                            className="btn btn--small btn--danger"
                            aria-label={`Revoke API key ${k.name} (${k.key_id})`}
                            onClick={() => setRevoking({ key_id: k.key_id, name: k.name })}
                          >
                            Revoke
                          </button>
                        )}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
      </Loadable>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the API key “${revoking?.name ?? ''}” of ${userName}?`}
        confirmLabel="Revoke key"
        danger
        busy={revoke.busy}
        error={revoke.error}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          void revoke.run({ user_id: userId, key_id: revoking!.key_id }).then((r) => {
            if (r.ok) setRevoking(null);
          })
        }
      >
        <p>
          Every program using this key is refused from now on, on every node. The bettor can make another.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
