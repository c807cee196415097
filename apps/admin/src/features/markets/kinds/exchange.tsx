// The exchange in the console: bettors' prices beside the runners, an in-play bet delay, and the
// generic status calls (Open, Suspend, Close: closing lapses the unmatched bets).
import { FormError } from '../../../components/ui.tsx';
import { useAction } from '../../../lib/actions.ts';
import { registerConsoleKind, type KindPanelProps } from './registry.ts';
import { keysOf } from './shared.tsx';

function ExchangeControls({ matchId, market, settled, ask }: KindPanelProps) {
  const status = useAction('adminMarketStatus', {
    invalidate: keysOf(matchId),
    success: (d) => `Market ${d.market_id} is ${d.status}`,
  });
  if (settled) return null;
  return (
    <>
      {market.status !== 'OPEN' && market.status !== 'CLOSED' ? (
        <button
          type="button"
          className="btn btn--small btn--go"
          disabled={status.busy}
          onClick={() => void status.run({ market_id: market.market_id, status: 'OPEN' })}
        >
          Open
        </button>
      ) : null}
      {market.status === 'OPEN' ? (
        <button
          type="button"
          className="btn btn--small btn--warn"
          disabled={status.busy}
          onClick={() => void status.run({ market_id: market.market_id, status: 'SUSPENDED' })}
        >
          Suspend
        </button>
      ) : null}
      {market.status !== 'CLOSED' ? (
        <button
          type="button"
          className="btn btn--small"
          onClick={() =>
            ask({
              title: `Close ${market.market_name}?`,
              text: 'Closing ends betting for good: every unmatched bet lapses. The market then waits for its result.',
              label: 'Close market',
              danger: true,
              go: () => status.run({ market_id: market.market_id, status: 'CLOSED' }),
            })
          }
        >
          Close
        </button>
      ) : null}
      <FormError message={status.error} />
    </>
  );
}

registerConsoleKind(
  'EXCHANGE',
  {
    label: 'Exchange (match odds, win, place)',
    defaults: { market_name: 'Match Odds', max_stake: '500000', commission_percent: '2' },
    runners: true,
    exchange: true,
    voidModes: ['market', 'runner', 'window', 'bets'],
    Controls: ExchangeControls,
  },
  { first: true },
);
