// A bettor's open sessions on the user screen: when each began and was last used, from where,
// and a button to end one or all of them (docs/security.md: what ends a session).
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { when } from '../../lib/format.ts';
import { Card, Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

const sessionKeys = (userId: number) => [
  ['adminUserSessions', { user_id: userId }],
  ['adminUser', { user_id: userId }],
  ['adminUsers'],
];

export function UserSessions({ userId, userName }: { userId: number; userName: string }) {
  const q = useEndpoint('adminUserSessions', { user_id: userId });
  /** The session to end (its id), 'all', or nothing asked. */
  const [ending, setEnding] = useState<number | 'all' | null>(null);
  const end = useAction('adminUserSessionsEnd', {
    invalidate: sessionKeys(userId),
    success: ending === 'all' ? 'Every session ended' : 'Session ended',
  });
  const count = q.data?.sessions.length ?? 0;
  return (
    <Card
      title="Open sessions"
      actions={
        <button
          type="button"
          className="btn btn--danger"
          disabled={count === 0}
          onClick={() => setEnding('all')}
        >
          End all sessions
        </button>
      }
    >
      <Loadable query={q}>
        {(d) => (
          // Focusable: on a phone the table scrolls sideways, and a keyboard must reach it.
          <div className="table-wrap" tabIndex={0} role="region" aria-label={`Open sessions of ${userName}`}>
            <table className="table table--compact" aria-label={`Open sessions of ${userName}`}>
              <thead>
                <tr>
                  <th>Session</th>
                  <th>Started</th>
                  <th>Last used</th>
                  <th>Expires</th>
                  <th>IP</th>
                  <th>Action</th>
                </tr>
              </thead>
              <tbody>
                {d.sessions.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="muted">
                      No open session
                    </td>
                  </tr>
                ) : (
                  d.sessions.map((s) => (
                    <tr key={s.session_id}>
                      <td>{s.session_id}</td>
                      <td>{when(s.created_at)}</td>
                      <td>{when(s.last_seen_at)}</td>
                      <td>{when(s.expires_at)}</td>
                      <td>{s.ip ?? '—'}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-label={`End session ${s.session_id}`}
                          onClick={() => setEnding(s.session_id)}
                        >
                          End
                        </button>
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
        open={ending !== null}
        title={ending === 'all' ? `End every session of ${userName}?` : `End session ${String(ending)}?`}
        confirmLabel={ending === 'all' ? 'End all sessions' : 'End session'}
        danger
        busy={end.busy}
        error={end.error}
        onCancel={() => setEnding(null)}
        onConfirm={() =>
          void end
            .run({ user_id: userId, ...(ending === 'all' || ending === null ? {} : { session_id: ending }) })
            .then((r) => {
              if (r.ok) setEnding(null);
            })
        }
      >
        <p>
          {ending === 'all'
            ? 'Every session and every half-finished login of this account ends now; the bettor can log in again. To keep them out, lock the account.'
            : 'The device using this session is signed out at its next call; the bettor can log in again.'}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
