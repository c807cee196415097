// The in-house card games (ROUND_GAMES of @backlay/engine, the same engine as the site's own Our
// Casino tables) as live tables of this provider. Provably fair as the engine does it: the window
// opens with SHA-256(server seed) published; the deal is `play(seed, round id)`; the seed is
// revealed with the result, so anyone recomputes the cards and the settlement.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  ROUND_GAMES,
  serverSeedHash,
  type CasinoBet,
  type HmacSha256,
  type RoundGame,
  type RoundPlay,
  type Sha256,
} from '@backlay/engine';
import { LiveTable, type TableRules, type TableTiming } from './live-table.ts';
import type { RoundRunner } from './rounds.ts';

/** The chips a player bets with, in paise (₹10 … ₹500). */
export const CARD_CHIPS_PAISE = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000] as const;
/** Bets one slip may hold, and most it may stake (₹10,000). */
export const CARD_SLIP_BETS_MAX = 12;
export const CARD_SLIP_MAX_PAISE = 1_000_000;
const SEED_BYTES = 32;

export const hmacSha256: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
export const sha256: Sha256 = (message) =>
  new Uint8Array(createHash('sha256').update(message, 'utf8').digest());

/** The in-house card games served as live tables (the virtual games are not dealt cards). */
export const CARD_GAMES: readonly RoundGame[] = ROUND_GAMES.filter((g) => g.deck !== undefined);

export const liveGameId = (game: RoundGame) => `live-${game.id}`;
export const liveGameName = (game: RoundGame) => `${game.name} Live`;

export function cardGameOf(game_id: string): RoundGame | undefined {
  return CARD_GAMES.find((g) => liveGameId(g) === game_id);
}

interface Dealt {
  readonly seed: string;
  readonly play: RoundPlay;
}

/** What a card slip returns in paise: each bet's stake plus its profit as the engine settles it. */
export function cardSlipReturn(game: RoundGame, bets: readonly CasinoBet[], play: RoundPlay): number {
  const profits = game.settle(bets, play.result);
  return bets.reduce((sum, b, i) => sum + b.stake_paise + profits[i]!, 0);
}

export function cardRules(game: RoundGame): TableRules<CasinoBet, Dealt> {
  // A card game's options are the same every round (round-game.ts), so they are read once.
  const optionIds = new Set(game.options('').map((o) => o.id));
  return {
    game_id: liveGameId(game),
    round_prefix: 'ct',
    playing_phase: 'DEALING',
    draw(table_round) {
      const seed = randomBytes(SEED_BYTES).toString('hex');
      return {
        drawn: { seed, play: game.play(seed, table_round, hmacSha256) },
        published: { seed_hash: serverSeedHash(seed, sha256) },
      };
    },
    slipProblem(bets) {
      if (bets.length === 0 || bets.length > CARD_SLIP_BETS_MAX)
        return `A slip holds 1 to ${CARD_SLIP_BETS_MAX} bets.`;
      if (bets.some((b) => !optionIds.has(b.option_id))) return 'Each bet is on an option of this table.';
      if (bets.some((b) => !(CARD_CHIPS_PAISE as readonly number[]).includes(b.stake_paise)))
        return 'Each bet is one of the chips offered.';
      const total = bets.reduce((s, b) => s + b.stake_paise, 0);
      if (total > CARD_SLIP_MAX_PAISE) return `A slip may stake at most ${CARD_SLIP_MAX_PAISE / 100} rupees.`;
      return null;
    },
    slipReturn: (bets, dealt) => cardSlipReturn(game, bets, dealt.play),
    reveal: (dealt) => ({
      cards: dealt.play.steps,
      summary: dealt.play.result.summary,
      seed: dealt.seed,
      seed_hash: serverSeedHash(dealt.seed, sha256),
    }),
  };
}

export function cardTables(runner: RoundRunner, timing: TableTiming) {
  return new Map(CARD_GAMES.map((g) => [liveGameId(g), new LiveTable(runner, cardRules(g), timing)]));
}

/** The page's description of a card table. */
export function cardTableView(game: RoundGame) {
  return {
    game_id: liveGameId(game),
    name: liveGameName(game),
    category: 'LIVE' as const,
    options: game.options(''),
    chips_paise: CARD_CHIPS_PAISE,
  };
}
