import type { ConsoleMarket } from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { rupees, when } from '../../lib/format.ts';
import { Badge, FormError } from '../../components/ui.tsx';
import { ResultDialog, TermsDialog, VoidDialog } from './dialogs.tsx';
import './kinds/index.ts';
import { consoleKindOf, type Confirm } from './kinds/registry.ts';
import { keysOf } from './kinds/shared.tsx';
import { RiskPanel } from './RiskPanel.tsx';

/** One market: its state and terms, and every control its kind has. */
export function MarketPanel({
  matchId,
  market,
  prices,
}: {
  matchId: number;
  market: ConsoleMarket;
  /** Best back and lay per runner (exchange markets). */
  prices?: ReadonlyMap<number, { back: number | null; lay: number | null }> | undefined;
}) {
  const kind = consoleKindOf(market.kind);
  const unsettle = useAction('adminMarketUnsettle', {
    invalidate: keysOf(matchId),
    success: 'Settlement reversed',
  });
  const [dialog, setDialog] = useState<'result' | 'void' | 'terms' | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [risk, setRisk] = useState(false);

  const settled = market.settlement.state === 'SETTLED';
  const ask = (c: Confirm) => {
    setConfirmError(null);
    setConfirm(c);
  };
  async function runConfirmed() {
    if (!confirm) return;
    setConfirmBusy(true);
    const r = await confirm.go();
    setConfirmBusy(false);
    if (r.ok) setConfirm(null);
    else setConfirmError('Refused — see the message below the market.');
  }
  const label = kind.statusOf ? kind.statusOf(market) : market.status;
  const { Terms, Quotes, Controls, Below } = kind;
  const panel = { matchId, market, settled, ask };

  return (
    <article
      className="market"
      aria-labelledby={`market-${market.market_id}-title`}
      data-testid={`market-${market.market_id}`}
    >
      <header className="market__head">
        <h3 id={`market-${market.market_id}-title`}>
          {market.market_name} <span className="muted small">#{market.market_id}</span>
        </h3>
        <span className="market__badges">
          <Badge tone="grey">{market.kind}</Badge>
          <span data-testid="market-status">
            <Badge>{settled ? 'SETTLED' : label}</Badge>
          </span>
          {market.in_play ? <Badge tone="red">IN PLAY</Badge> : null}
          {market.settlement.state === 'UNSETTLED' ? <Badge>UNSETTLED</Badge> : null}
          {market.settlement.void_market ? <Badge tone="red">VOID</Badge> : null}
        </span>
      </header>
      <dl className="terms">
        <div>
          <dt>Stake</dt>
          <dd>
            {rupees(market.min_stake)} – {rupees(market.max_stake)}
          </dd>
        </div>
        {kind.exchange ? (
          <div>
            <dt>Bet delay</dt>
            <dd>{market.bet_delay_s} s</dd>
          </div>
        ) : null}
        <div>
          <dt>Commission</dt>
          <dd>{market.commission_percent}%</dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd>{when(market.start_time)}</dd>
        </div>
        <div>
          <dt>Bets</dt>
          <dd>{market.bets}</dd>
        </div>
        <div>
          <dt>Matched</dt>
          <dd>{rupees(market.matched)}</dd>
        </div>
        <div>
          <dt>Exposure held</dt>
          <dd>{rupees(market.exposure)}</dd>
        </div>
        {Terms ? <Terms market={market} /> : null}
      </dl>
      {kind.runners ? (
        <ul className="runners">
          {market.runners.map((r) => (
            <li key={r.selection_id}>
              {r.name} {r.status !== 'ACTIVE' ? <Badge>{r.status}</Badge> : null}
              {prices && r.status === 'ACTIVE' ? (
                <span className="prices" data-testid={`prices-${r.selection_id}`}>
                  <span className="prices__back" title="Best price to back">
                    {prices.get(r.selection_id)?.back ?? '—'}
                  </span>
                  <span className="prices__lay" title="Best price to lay">
                    {prices.get(r.selection_id)?.lay ?? '—'}
                  </span>
                </span>
              ) : null}
              {market.settlement.void_selections.includes(r.selection_id) ? (
                <Badge tone="red">VOID</Badge>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {settled ? (
        <p className="small">
          Result:{' '}
          {market.settlement.void_market
            ? 'void'
            : kind.resultOf
              ? kind.resultOf(market)
              : market.runners
                  .filter((r) => market.settlement.winners.includes(r.selection_id))
                  .map((r) => r.name)
                  .join(', ')}
          {market.settlement.dead_heat_count > 1
            ? ` (dead heat of ${market.settlement.dead_heat_count})`
            : ''}{' '}
          · settlement {market.settlement.generation}
        </p>
      ) : null}
      {market.settlement.void_bets.length > 0 || market.settlement.void_windows.length > 0 ? (
        <p className="small muted">
          {market.settlement.void_bets.length > 0
            ? `Void bets: ${market.settlement.void_bets.join(', ')}. `
            : ''}
          {market.settlement.void_windows.map((w) => `Void ${when(w.from)} – ${when(w.to)}`).join('; ')}
        </p>
      ) : null}

      {!settled && Quotes ? <Quotes matchId={matchId} market={market} /> : null}

      <div className="market__actions" role="group" aria-label={`Controls of ${market.market_name}`}>
        {Controls ? <Controls {...panel} /> : null}
        {!settled && kind.runners ? (
          <button type="button" className="btn btn--small btn--primary" onClick={() => setDialog('result')}>
            Result…
          </button>
        ) : null}
        {kind.runners ? (
          <button type="button" className="btn btn--small" onClick={() => setDialog('void')}>
            Void…
          </button>
        ) : null}
        {settled ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() =>
              ask({
                title: `Unsettle ${market.market_name}?`,
                text: 'Every transfer of this settlement is reversed (the statements show the reversal) and exposure comes back. Refused if a bettor has already withdrawn the winnings.',
                label: 'Unsettle',
                danger: true,
                go: () => unsettle.run({ market_id: market.market_id }),
              })
            }
          >
            Unsettle…
          </button>
        ) : null}
        <button type="button" className="btn btn--small" onClick={() => setDialog('terms')}>
          Edit…
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-expanded={risk}
          onClick={() => setRisk((r) => !r)}
        >
          {risk ? 'Hide risk' : 'Risk'}
        </button>
      </div>

      {Below ? <Below {...panel} /> : null}

      <FormError message={unsettle.error} />
      {risk ? <RiskPanel marketId={market.market_id} /> : null}

      {dialog === 'result' ? (
        <ResultDialog matchId={matchId} market={market} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'void' ? (
        <VoidDialog matchId={matchId} market={market} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'terms' ? (
        <TermsDialog matchId={matchId} market={market} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? 'Confirm'}
        danger={confirm?.danger ?? false}
        busy={confirmBusy}
        error={confirmError}
        onConfirm={() => void runConfirmed()}
        onCancel={() => setConfirm(null)}
      >
        <p>{confirm?.text}</p>
      </ConfirmDialog>
    </article>
  );
}
