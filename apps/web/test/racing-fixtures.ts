import type { MarketDetail, MatchDetail, RaceCard, RaceRunner } from '@backlay/contract';

/** A race's WIN market is 71, its PLACE market 72; runner n is selection 100+n (win), 200+n (place). */
export const WIN_ID = 71;
export const PLACE_ID = 72;
export const RACE_ID = 31;
export const NEXT_RACE_ID = 32;
export const OTHER_MEETING_RACE_ID = 41;

const NAMES = [
  'Sea The Stars',
  'Golden Horn',
  'Frankel',
  'Enable',
  'Baaeed',
  'Kingman',
  'Dancing Brave',
  'Shergar',
  'Nijinsky',
  'Mill Reef',
  'Brigadier Gerard',
  'Dubai Millennium',
  'Galileo',
  'Montjeu',
  'Sinndar',
  'Workforce',
  'Harbinger',
  'Zarkava',
  'Treve',
  'Danedream',
];

export const runnerFixture = (n: number, over: Partial<RaceRunner> = {}): RaceRunner => ({
  number: n,
  name: NAMES[n - 1] ?? `Runner ${n}`,
  colours: ['#1565c0', '#ffffff', '#c62828'],
  jockey: `J. Rider ${n}`,
  trainer: `T. Trainer ${n}`,
  weight: '9-7',
  draw: n + 2,
  form: '21-3P4',
  age: 4,
  win_selection_id: 100 + n,
  place_selection_id: 200 + n,
  non_runner: false,
  reduction_factor: null,
  place_reduction_factor: null,
  ...over,
});

export const raceCardFixture = (over: Partial<RaceCard> = {}, runners = 6): RaceCard => ({
  match_id: RACE_ID,
  sport_id: 7,
  race_name: 'Maiden Stakes',
  venue: 'Ascot',
  country: 'GB',
  off_time: new Date(Date.now() + 5 * 60_000 + 30_000).toISOString(),
  distance: '1m2f',
  going: 'Good to Soft',
  surface: 'Turf',
  state: 'OPEN',
  void_reason: null,
  places_paid: 3,
  win_market_id: WIN_ID,
  place_market_id: PLACE_ID,
  runners: Array.from({ length: runners }, (_, i) => runnerFixture(i + 1)),
  result: null,
  meetings: [
    {
      venue: 'Ascot',
      country: 'GB',
      races: [
        {
          match_id: RACE_ID,
          race_name: 'Maiden Stakes',
          off_time: '2026-11-22T14:30:00.000Z',
          state: 'OPEN',
        },
        {
          match_id: NEXT_RACE_ID,
          race_name: 'Handicap',
          off_time: '2026-11-22T15:05:00.000Z',
          state: 'OPEN',
        },
      ],
    },
    {
      venue: 'Leopardstown',
      country: 'IE',
      races: [
        {
          match_id: OTHER_MEETING_RACE_ID,
          race_name: 'Novice Hurdle',
          off_time: '2026-11-22T14:45:00.000Z',
          state: 'OPEN',
        },
      ],
    },
  ],
  ...over,
});

export const raceMarket = (
  card: RaceCard,
  which: 'WIN' | 'PLACE',
  over: Partial<MarketDetail> = {},
): MarketDetail => ({
  market_id: which === 'WIN' ? card.win_market_id : card.place_market_id!,
  market_name: which === 'WIN' ? 'Win' : 'Place',
  market_type: which,
  status: 'OPEN',
  in_play: false,
  bet_delay: 0,
  version: 1,
  min_stake: 100,
  max_stake: 50000,
  winners: which === 'WIN' ? 1 : card.places_paid,
  runners: card.runners.map((r) => ({
    selection_id: which === 'WIN' ? r.win_selection_id : r.place_selection_id!,
    name: r.name,
    status: r.non_runner ? 'REMOVED' : 'ACTIVE',
    back: r.non_runner
      ? []
      : [
          { price: which === 'WIN' ? 4 + r.number : 1.5 + r.number / 10, size: 200 },
          { price: which === 'WIN' ? 3.9 + r.number : 1.49 + r.number / 10, size: 400 },
          { price: which === 'WIN' ? 3.8 + r.number : 1.48 + r.number / 10, size: 800 },
        ],
    lay: r.non_runner
      ? []
      : [
          { price: which === 'WIN' ? 4.1 + r.number : 1.51 + r.number / 10, size: 150 },
          { price: which === 'WIN' ? 4.2 + r.number : 1.52 + r.number / 10, size: 300 },
        ],
    position: 0,
  })),
  ...over,
});

export const raceMatchFixture = (card: RaceCard, markets?: MarketDetail[]): MatchDetail => ({
  match_id: card.match_id,
  match_name: `${card.venue} ${card.race_name}`,
  match_Date: card.off_time,
  sport_id: card.sport_id,
  sport_name: card.sport_id === 7 ? 'Horse Racing' : 'Greyhound Racing',
  series_name: card.venue,
  in_play: card.state === 'OFF',
  markets: markets ?? [
    raceMarket(card, 'WIN'),
    ...(card.place_market_id != null ? [raceMarket(card, 'PLACE')] : []),
  ],
});
