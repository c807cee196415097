import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAction } from '../../lib/actions.ts';
import { when } from '../../lib/format.ts';
import { Badge, Card, Loadable, PageHeader } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { AddMarketDialog, MatchEditDialog } from './dialogs.tsx';
import { CricketPanel } from './CricketPanel.tsx';
import { consoleKindOf, kindTables } from './kinds/registry.ts';
import { MarketPanel } from './MarketPanel.tsx';
import { RacePanel } from './RacePanel.tsx';

/** One match and every market of it, with their controls; refreshes every 10 s. */
export function MatchScreen() {
  const matchId = Number(useParams().matchId);
  const q = useEndpoint(
    'adminMatch',
    { match_id: matchId },
    { refetchInterval: 10_000, enabled: Number.isInteger(matchId) },
  );
  // The exchange's best prices, as bettors see them (the bettor's call; an operator may make it).
  const prices = useEndpoint(
    'getMatchDetail',
    { match_id: matchId },
    { refetchInterval: 5_000, enabled: Number.isInteger(matchId) },
  );
  const best = new Map<number, { back: number | null; lay: number | null }>();
  for (const k of prices.data?.markets ?? []) {
    for (const r of k.runners)
      best.set(r.selection_id, { back: r.back[0]?.price ?? null, lay: r.lay[0]?.price ?? null });
  }
  const [dialog, setDialog] = useState<'edit' | 'add' | 'inplay' | null>(null);
  const inPlay = useAction('adminMatchInPlay', {
    invalidate: [['adminMatch', { match_id: matchId }], ['adminMatches']],
    success: (d) => `In play: ${d.market_ids.length} market(s)`,
  });
  return (
    <Loadable query={q}>
      {(m) => (
        <>
          <p className="crumbs">
            <Link to="/markets">Markets</Link> › {m.sport_name} › {m.series_name}
          </p>
          <PageHeader title={m.match_name}>
            {!m.in_play ? (
              <button type="button" className="btn" onClick={() => setDialog('inplay')}>
                Start in play…
              </button>
            ) : null}
            <button type="button" className="btn" onClick={() => setDialog('edit')}>
              Edit match
            </button>
            <button type="button" className="btn btn--primary" onClick={() => setDialog('add')}>
              Add market
            </button>
          </PageHeader>
          <p className="match-meta">
            #{m.match_id} · starts {when(m.start_time)}
            {m.country ? ` · ${m.country}` : ''}
            {m.venue ? ` · ${m.venue}` : ''}
            {m.cricket ? ` · ${m.cricket.format}, ${m.cricket.competition}` : ''}{' '}
            {m.in_play ? <Badge tone="red">IN PLAY</Badge> : null}{' '}
            {m.is_active ? null : <Badge tone="grey">HIDDEN FROM BETTORS</Badge>}{' '}
            <a href={`/#/game-details/${m.sport_id}/${m.match_id}`} target="_blank" rel="noreferrer">
              See it as a bettor
            </a>
          </p>
          {m.markets.length === 0 ? <p className="muted">No markets yet: add one.</p> : null}
          <div className="markets">
            {m.markets
              .filter((k) => !consoleKindOf(k.kind).table)
              .map((k) => (
                <MarketPanel
                  key={k.market_id}
                  matchId={m.match_id}
                  market={k}
                  prices={consoleKindOf(k.kind).exchange ? best : undefined}
                />
              ))}
          </div>
          {kindTables(m.markets).map(({ kind, title, Table, markets }) => (
            <Card key={kind} title={`${title} (${markets.length})`} className="card--flush">
              <Table matchId={m.match_id} markets={markets} Panel={MarketPanel} />
            </Card>
          ))}
          <CricketPanel match={m} />
          <RacePanel match={m} />
          {dialog === 'edit' ? <MatchEditDialog match={m} onClose={() => setDialog(null)} /> : null}
          {dialog === 'add' ? <AddMarketDialog match={m} onClose={() => setDialog(null)} /> : null}
          <ConfirmDialog
            open={dialog === 'inplay'}
            title={`Start ${m.match_name} in play?`}
            confirmLabel="Start in play"
            busy={inPlay.busy}
            error={inPlay.error}
            onCancel={() => setDialog(null)}
            onConfirm={() =>
              void inPlay.run({ match_id: m.match_id }).then((r) => {
                if (r.ok) setDialog(null);
              })
            }
          >
            <p>
              Its match-odds markets go in play now: unmatched bets that lapse at the off are cancelled and
              each market keeps its bet delay. A cricket match starts bowling on the demo feed.
            </p>
          </ConfirmDialog>
        </>
      )}
    </Loadable>
  );
}
