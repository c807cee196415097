import type { RaceCard } from '@backlay/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ControlledSocket, freshClient, mockApi, renderApp, signIn } from './helpers.tsx';
import {
  PLACE_ID,
  RACE_ID,
  raceCardFixture,
  raceMatchFixture,
  runnerFixture,
  WIN_ID,
} from './racing-fixtures.ts';

// The live socket: the race's WIN and PLACE prices follow it like any exchange market, and the
// card refetches only when a market's status or version moves (a removal, the off, the result).
beforeEach(() => freshClient(ControlledSocket));

const levels = (n: number, back: number) => ({
  selection_id: 100 + n,
  status: 'ACTIVE',
  back: [{ price: back, size: 500 }],
  lay: [{ price: back + 0.1, size: 300 }],
});

describe('race card live', { timeout: 30_000 }, () => {
  it('subscribes WIN and PLACE; prices merge without a card refetch; a removal (version move) refetches the card once', async () => {
    signIn();
    let card: RaceCard = raceCardFixture();
    const fetchMock = mockApi({
      'racing/getRaceCard': () => card,
      'match/getMatchDetail': () => raceMatchFixture(card),
      'bet/getMatchBets': { matched: [], unmatched: [] },
    });
    const cardCalls = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).endsWith('racing/getRaceCard')).length;
    renderApp(`/game-details/7/${RACE_ID}`);
    const table = await screen.findByRole('region', { name: 'Race card' }, { timeout: 5000 });
    await waitFor(() => expect(ControlledSocket.all.length).toBeGreaterThan(0));
    const ws = ControlledSocket.all.at(-1)!;
    act(() => ws.open());
    await waitFor(() => {
      const ids = ws.sent
        .filter(
          (m): m is { op: 'subscribe'; market_ids: number[] } => (m as { op: string }).op === 'subscribe',
        )
        .flatMap((m) => m.market_ids);
      expect(new Set(ids)).toEqual(new Set([WIN_ID, PLACE_ID]));
    });
    const runners = card.runners.map((r) => levels(r.number, 4 + r.number));
    act(() =>
      ws.push({
        type: 'image',
        market_id: WIN_ID,
        seq: 1,
        market: { market_id: WIN_ID, status: 'OPEN', in_play: false, version: 1, runners },
      }),
    );
    const before = cardCalls();
    // A burst of price moves: the cells follow, the card is not fetched again.
    for (let seq = 2; seq <= 60; seq++) {
      act(() =>
        ws.push({ type: 'delta', market_id: WIN_ID, seq, market: { runners: [levels(1, 4 + seq / 10)] } }),
      );
    }
    const first = table.querySelector('[data-runner="1"]') as HTMLElement;
    expect(
      await within(first).findByRole('button', { name: '10 500, Back Sea The Stars (Win)' }),
    ).toBeInTheDocument();
    expect(cardCalls()).toBe(before);
    // Runner 3 is removed: the market's version moves, the card refetches and strikes it through.
    card = {
      ...card,
      runners: card.runners.map((r) =>
        r.number === 3 ? runnerFixture(3, { non_runner: true, reduction_factor: 12.5 }) : r,
      ),
    };
    act(() =>
      ws.push({
        type: 'delta',
        market_id: WIN_ID,
        seq: 61,
        market: { version: 2, runners: [{ ...levels(3, 7), status: 'REMOVED', back: [], lay: [] }] },
      }),
    );
    const nr = await within(table).findByTestId('non-runner', {}, { timeout: 5000 });
    expect(nr).toHaveTextContent('NR 12.5%');
    expect(cardCalls()).toBe(before + 1);
    // The off: status and in-play move, and the card follows.
    card = { ...card, state: 'OFF' };
    act(() => ws.push({ type: 'delta', market_id: WIN_ID, seq: 62, market: { in_play: true, version: 3 } }));
    expect(await screen.findByText('In play', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(cardCalls()).toBe(before + 2);
  });
});
