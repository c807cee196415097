// What the kinds' console parts share: the queries a market call refreshes, and the buttons under a
// quote editor.
import { FormError } from '../../../components/ui.tsx';

/** The queries a call on a market of this match refreshes. */
export const keysOf = (matchId: number) => [
  ['adminMatch', { match_id: matchId }],
  ['adminMatches'],
  ['adminDashboard'],
];

/** Under a quote editor: publish it, drop the edits (once there are some), and what went wrong. */
export function QuoteActions(p: {
  label: string;
  busy: boolean;
  edited: boolean;
  error: string | null | undefined;
  onPublish(): void;
  onReset(): void;
}) {
  return (
    <>
      <button type="button" className="btn btn--small btn--primary" onClick={p.onPublish} disabled={p.busy}>
        {p.label}
      </button>
      {p.edited ? (
        <button type="button" className="btn btn--small btn--ghost" onClick={p.onReset}>
          Reset
        </button>
      ) : null}
      <FormError message={p.error} />
    </>
  );
}

/** The status buttons of a kind with its own status (a bookmaker's, a fancy's). */
export const OWN_STATUSES = ['ACTIVE', 'BALL_RUNNING', 'SUSPENDED'] as const;
export const ownStatusLabel = (s: (typeof OWN_STATUSES)[number]) =>
  s === 'ACTIVE' ? 'Activate' : s === 'BALL_RUNNING' ? 'Ball running' : 'Suspend';
