import type { MarketDetail, MatchDetail } from '@backlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSportPanels } from '../src/features/market/panels/registry.ts';
import { json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

// A sport the app does not have yet, registered here only: game-details must show its panels and
// leave its markets out of the exchange ladders without any change to GameDetailsScreen.
const TEST_SPORT_ID = 7522;
const RACE_MARKET_ID = 61;
const liveIds: number[][] = [];
const seenActive: boolean[] = [];

registerSportPanels({
  name: 'test-race-card',
  sportIds: [TEST_SPORT_ID],
  useMatch: ({ active }) => {
    seenActive.push(active);
    return {
      marketIds: active ? [RACE_MARKET_ID] : [],
      pending: false,
      closeSlip: () => {},
      top: active ? <p>Test going: good to firm</p> : null,
      markets: active ? <section aria-label="Test race card">Runner 1 · Runner 2</section> : null,
      side: active ? <p>Test race bets</p> : null,
    };
  },
  useLive: (_matchId, ids) => {
    if (ids.length > 0) liveIds.push([...ids]);
  },
});

const ladder = (market_id: number, market_name: string): MarketDetail => ({
  market_id,
  market_name,
  market_type: 'MATCH_ODDS',
  status: 'OPEN',
  in_play: false,
  bet_delay: 0,
  version: 1,
  min_stake: 100,
  max_stake: 50000,
  winners: 1,
  runners: [
    {
      selection_id: 1,
      name: 'Runner 1',
      status: 'ACTIVE',
      back: [{ price: 3, size: 100 }],
      lay: [],
      position: 0,
    },
  ],
});

const raceMatch: MatchDetail = {
  match_id: 31,
  match_name: 'Test 14:30',
  match_Date: '2026-11-22T14:30:00.000Z',
  sport_id: TEST_SPORT_ID,
  sport_name: 'Basketball',
  series_name: 'Test Park',
  in_play: false,
  markets: [ladder(60, 'Place'), ladder(RACE_MARKET_ID, 'Win (race card)')],
};

class QuietSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

beforeEach(() => {
  resetStore();
  vi.stubGlobal('WebSocket', QuietSocket);
  liveIds.length = 0;
  seenActive.length = 0;
});

describe('sport panel registry on game-details', () => {
  it('a sport registered outside the screen gets its panels, and its markets leave the ladders', async () => {
    signIn();
    const fetchMock = mockApi({
      'match/getMatchDetail': (body: unknown) =>
        (body as { match_id: number }).match_id === raceMatch.match_id
          ? raceMatch
          : json({ status: false, message: 'Match not found' }, 404),
      'bet/getMatchBets': { matched: [], unmatched: [] },
    });
    renderApp(`/game-details/${TEST_SPORT_ID}/${raceMatch.match_id}`);
    await screen.findByRole('heading', { name: 'Test 14:30' });
    expect(screen.getByText('Test going: good to firm')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Test race card' })).getByText(/Runner 1/),
    ).toBeInTheDocument();
    expect(screen.getByText('Test race bets')).toBeInTheDocument();
    // The exchange ladder of the other market stays; the sport's own market is no ladder.
    expect(screen.getByRole('heading', { name: 'Place' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Win (race card)' })).toBeNull();
    // Its market is followed live through the sport's own hook.
    await waitFor(() => expect(liveIds.at(-1)).toEqual([RACE_MARKET_ID]));
    // Cricket's panels stay asleep on another sport's match.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('match/getCricketDetail'))).toBe(false);
  });

  it('on another sport’s match the registered panels stay inactive and show nothing', async () => {
    signIn();
    const football: MatchDetail = { ...raceMatch, match_id: 32, match_name: 'A v B', sport_id: 1 };
    mockApi({ 'match/getMatchDetail': football, 'bet/getMatchBets': { matched: [], unmatched: [] } });
    renderApp('/game-details/1/32');
    await screen.findByRole('heading', { name: 'A v B' });
    expect(screen.queryByText('Test going: good to firm')).toBeNull();
    // With no sport claiming it, the market is an exchange ladder like any other.
    expect(screen.getByRole('heading', { name: 'Win (race card)' })).toBeInTheDocument();
    expect(seenActive.some(Boolean)).toBe(false);
    expect(liveIds).toEqual([]);
  });

  it('a sport registered after game-details read the registry is refused (it would change the hook order)', async () => {
    signIn();
    mockApi({ 'match/getMatchDetail': raceMatch, 'bet/getMatchBets': { matched: [], unmatched: [] } });
    renderApp(`/game-details/${TEST_SPORT_ID}/${raceMatch.match_id}`);
    await screen.findByRole('heading', { name: 'Test 14:30' });
    const late = {
      name: 'late',
      sportIds: [2],
      useMatch: () => ({ marketIds: [], pending: false, closeSlip: () => {} }),
      useLive: () => {},
    };
    expect(() => registerSportPanels(late)).toThrow(/after game-details read the registry/);
  });
});
