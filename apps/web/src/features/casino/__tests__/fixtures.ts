import type {
  CasinoBet,
  CasinoLobby,
  CasinoResultChip,
  CasinoRound,
  CasinoRoundHead,
  CasinoRoundResult,
} from '@backlay/contract';

export const TABLE_ID = 501;

export const DT_OPTIONS = [
  { option_id: 'dragon', label: 'Dragon', payout: 1.98 },
  { option_id: 'tiger', label: 'Tiger', payout: 1.98 },
  { option_id: 'tie', label: 'Tie', payout: 16 },
];

export const chip = (round_id: number, summary = 'Dragon', winners = ['dragon']): CasinoResultChip => ({
  round_id,
  summary,
  winners,
});

/** A Dragon Tiger round in its window: 20 s left by the server's clock (`server_time`, default now). */
export function headFixture(over: Partial<CasinoRoundHead> = {}): CasinoRoundHead {
  const server_time = over.server_time ?? Date.now();
  return {
    match_id: TABLE_ID,
    game_id: 'dragon_tiger_20',
    // i18n-exempt: test data: the server's table and series names
    table_name: 'Dragon Tiger 20-20',
    series_id: 'ourcasino',
    round_id: 41,
    state: 'BETTING',
    opened_at: new Date(server_time - 1_000).toISOString(),
    closes_at: new Date(server_time + 20_000).toISOString(),
    seconds_left: 20,
    server_time,
    server_seed_hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    options: DT_OPTIONS,
    dealt: [],
    result: null,
    ...over,
  };
}

export function roundFixture(
  over: Partial<CasinoRound> = {},
  head: Partial<CasinoRoundHead> = {},
): CasinoRound {
  return {
    round: headFixture(head),
    limits: { min_stake: 10, max_per_option: 50_000, max_per_round: 100_000 },
    last_results: [chip(40, 'Tiger', ['tiger']), chip(39), chip(38, 'Void', [])],
    my_bets: [],
    ...over,
  };
}

export const betFixture = (over: Partial<CasinoBet> = {}): CasinoBet => ({
  bet_id: 9001,
  match_id: TABLE_ID,
  round_id: 41,
  option_id: 'dragon',
  option_label: 'Dragon',
  payout: 1.98,
  stake: 1000,
  status: 'MATCHED',
  profit_loss: null,
  placed_at: new Date().toISOString(),
  ...over,
});

export function lobbyFixture(): CasinoLobby {
  return {
    series_id: 'ourcasino',
    // i18n-exempt: test data: the server's table and series names
    name: 'Our Casino',
    tables: [
      {
        match_id: TABLE_ID,
        game_id: 'dragon_tiger_20',
        // i18n-exempt: test data: the server's table and series names
        table_name: 'Dragon Tiger 20-20',
        round: headFixture(),
        last_results: [chip(40, 'Tiger', ['tiger'])],
      },
      {
        match_id: 502,
        game_id: 'lucky7',
        table_name: 'Lucky 7',
        round: headFixture({
          match_id: 502,
          game_id: 'lucky7',
          table_name: 'Lucky 7',
          round_id: 7,
          state: 'DEALING',
          dealt: ['7H'],
        }),
        last_results: [],
      },
      // i18n-exempt: test data: the server's table and series names
      { match_id: 503, game_id: 'andar_bahar', table_name: 'Andar Bahar', round: null, last_results: [] },
    ],
  };
}

export const BUTTONS = [
  { button_name: '500', button_value: 500, type: 'Game' },
  { button_name: '1k', button_value: 1000, type: 'Casino' },
  { button_name: '5k', button_value: 5000, type: 'Casino' },
];

/** Round 41 of the Dragon Tiger table, finished: what casino/getCasinoResult answers. */
export const resultFixture = (): CasinoRoundResult => ({
  match_id: TABLE_ID,
  game_id: 'dragon_tiger_20',
  // i18n-exempt: test data: the server's table and series names
  table_name: 'Dragon Tiger 20-20',
  round_id: 41,
  state: 'RESULT',
  opened_at: '2026-11-26T07:00:00.000Z',
  finished_at: '2026-11-26T07:00:30.000Z',
  server_seed_hash: headFixture().server_seed_hash,
  server_seed: 'abc',
  options: DT_OPTIONS,
  dealt: ['2H', 'KS'],
  result: chip(41, 'Tiger', ['tiger']),
  void_reason: null,
});
