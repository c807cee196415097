// The demo provider's catalog: its slots, with what the game page needs to draw them.
import {
  ROULETTE_BETS,
  SLOTS,
  WHEEL_ORDER,
  betLabel,
  betNumbers,
  payout,
  slotMath,
  type Slot,
} from '@backlay/slots';
import { ROULETTE_CHIPS_PAISE, ROULETTE_GAME_ID, ROULETTE_NAME } from './roulette-table.ts';
import type { ProviderApiGame } from '@backlay/contract';
import { CARD_GAMES, cardGameOf, liveGameId, liveGameName } from './card-tables.ts';

/** The stakes a player picks from, in paise (each a whole number of line bets for 10 and 20 lines). */
export const STAKES_PAISE = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000] as const;

export interface GameView {
  readonly game_id: string;
  readonly name: string;
  readonly category: 'SLOTS';
  readonly lines: readonly (readonly number[])[];
  readonly symbols: Slot['symbols'];
  readonly free_spins: Slot['free_spins'];
  readonly stakes_paise: readonly number[];
  /** The exact return to player (docs/slots.md), e.g. 0.9602. */
  readonly rtp: number;
}

const RTP = new Map(SLOTS.map((s) => [s.id, slotMath(s).rtp]));

export function gameView(slot: Slot): GameView {
  return {
    game_id: slot.id,
    name: slot.name,
    category: 'SLOTS',
    lines: slot.lines,
    symbols: slot.symbols,
    free_spins: slot.free_spins,
    stakes_paise: STAKES_PAISE.filter((s) => s % slot.lines.length === 0),
    rtp: RTP.get(slot.id)!,
  };
}

export function catalog(public_url: string): ProviderApiGame[] {
  return [
    ...SLOTS.map((s) => ({
      game_id: s.id,
      name: s.name,
      category: 'SLOTS',
      thumbnail_url: `${public_url}/thumbs/${s.id}.svg`,
    })),
    {
      game_id: ROULETTE_GAME_ID,
      name: ROULETTE_NAME,
      category: 'LIVE',
      thumbnail_url: `${public_url}/thumbs/${ROULETTE_GAME_ID}.svg`,
    },
    ...CARD_GAMES.map((g) => ({
      game_id: liveGameId(g),
      name: liveGameName(g),
      category: 'LIVE',
      thumbnail_url: `${public_url}/thumbs/${liveGameId(g)}.svg`,
    })),
  ];
}

/** The page's description of the roulette table. */
export function rouletteView() {
  return {
    game_id: ROULETTE_GAME_ID,
    name: ROULETTE_NAME,
    category: 'LIVE' as const,
    // Every bet of the standard board with its words and payout: the page places each by its
    // numbers and never decides what a bet covers or pays.
    bets: ROULETTE_BETS.map((bet) => ({
      bet,
      label: betLabel(bet),
      numbers: betNumbers(bet),
      pays: payout(bet),
    })),
    wheel: WHEEL_ORDER,
    chips_paise: ROULETTE_CHIPS_PAISE,
    rtp: 36 / 37,
  };
}

export function gameName(game_id: string): string | null {
  if (game_id === ROULETTE_GAME_ID) return ROULETTE_NAME;
  const card = cardGameOf(game_id);
  if (card !== undefined) return liveGameName(card);
  return SLOTS.find((s) => s.id === game_id)?.name ?? null;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const THEME: Record<string, [string, string]> = {
  'jaipur-jewels': ['#7b1f4b', '#e0a526'],
  'monsoon-tiger': ['#0f4c5c', '#f28c28'],
};

/** A tile image: the game's name on its colours, 4:3. */
export function thumbnailSvg(game_id: string): string | null {
  const name_ = gameName(game_id);
  if (name_ === null) return null;
  const slot = SLOTS.find((s) => s.id === game_id);
  const [from, to] = THEME[game_id] ?? ['#14532d', '#b91c1c'];
  const name = escapeXml(name_);
  const lines = slot
    ? `${slot.lines.length} lines · free spins`
    : game_id === ROULETTE_GAME_ID
      ? 'single zero · dealer every 25 s'
      : 'live cards · provably fair';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="320" height="240" rx="16" fill="url(#g)"/>
<g fill="#fff" opacity="0.18">${[0, 1, 2, 3, 4].map((i) => `<rect x="${22 + i * 58}" y="70" width="50" height="90" rx="8"/>`).join('')}</g>
<text x="160" y="120" text-anchor="middle" font-family="sans-serif" font-size="${name_.length > 16 ? 20 : 30}" font-weight="700" fill="#fff">${name}</text>
<text x="160" y="200" text-anchor="middle" font-family="sans-serif" font-size="16" fill="#fff">${escapeXml(lines)}</text>
</svg>`;
}
