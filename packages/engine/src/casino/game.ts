// What every in-house casino game is to the rest of the code: its options with their payouts, the
// deck it shuffles, the cards it deals from the shuffled deck and in what order, the result of
// those cards, and the settlement of the round's bets.
import type { Card } from './deck.ts';

/** A payout is decimal odds in integer hundredths, like odds elsewhere (1.98 = 198). */
export interface CasinoOption {
  readonly id: string;
  readonly label: string;
  readonly payout: number;
}

/**
 * What a result does to a bet on one option: `win` returns stake × payout / 100 (the payout can
 * differ from the option's listed one only where a rule says so); `half-lose` loses half the stake
 * (Dragon Tiger's Dragon and Tiger on a tie); `push` returns the stake; `lose` keeps it.
 */
export type OptionOutcome =
  | { readonly kind: 'win'; readonly payout: number }
  | { readonly kind: 'half-lose' }
  | { readonly kind: 'push' }
  | { readonly kind: 'lose' };

export interface CasinoResult {
  /** Short words for the results strip ("Dragon", "Player B", "Andar", "Player 10", "Void"). */
  readonly summary: string;
  /** Every option not listed here loses. */
  readonly outcomes: Readonly<Record<string, OptionOutcome>>;
}

export interface CasinoBet {
  readonly option_id: string;
  readonly stake_paise: number;
}

export interface CasinoGame {
  readonly id: string;
  readonly name: string;
  readonly options: readonly CasinoOption[];
  /** The deck in canonical order, before the provably fair shuffle. */
  deck(): Card[];
  /** The cards dealt from the shuffled deck, in the order they are dealt (and shown). */
  deal(shuffled: readonly Card[]): Card[];
  /** The result of the dealt cards. */
  result(dealt: readonly Card[]): CasinoResult;
  /** Per bet, in order: the profit in paise (negative for a loss). */
  settle(bets: readonly CasinoBet[], result: CasinoResult): number[];
}

export const win = (payout: number): OptionOutcome => ({ kind: 'win', payout });
export const HALF_LOSE: OptionOutcome = { kind: 'half-lose' };
export const PUSH: OptionOutcome = { kind: 'push' };
export const LOSE: OptionOutcome = { kind: 'lose' };

/**
 * One bet's profit in paise. Rounding favours the house by less than a paisa: a win's profit is
 * rounded down (stake × (payout − 100) / 100), a half loss is rounded up (⌈stake / 2⌉ lost).
 */
export function outcomeProfitPaise(outcome: OptionOutcome, stake_paise: number): number {
  if (!Number.isSafeInteger(stake_paise) || stake_paise <= 0) {
    throw new Error(`stake_paise must be a positive integer, got ${stake_paise}`);
  }
  switch (outcome.kind) {
    case 'win':
      return Math.floor((stake_paise * (outcome.payout - 100)) / 100);
    case 'half-lose':
      return -Math.ceil(stake_paise / 2);
    case 'push':
      return 0;
    case 'lose':
      return -stake_paise;
  }
}

/** Builds a game from its parts, adding the shared settlement. */
export function defineGame(parts: Omit<CasinoGame, 'settle'>): CasinoGame {
  const ids = new Set(parts.options.map((o) => o.id));
  return {
    ...parts,
    settle(bets, result) {
      return bets.map((bet) => {
        if (!ids.has(bet.option_id)) throw new Error(`${parts.id}: no option ${bet.option_id}`);
        return outcomeProfitPaise(result.outcomes[bet.option_id] ?? LOSE, bet.stake_paise);
      });
    },
  };
}

/** The outcome of each option in `winning`: a win at its listed payout. */
export function wins(
  options: readonly CasinoOption[],
  winning: readonly string[],
): Record<string, OptionOutcome> {
  const out: Record<string, OptionOutcome> = {};
  for (const id of winning) {
    const option = options.find((o) => o.id === id);
    if (!option) throw new Error(`no option ${id}`);
    out[id] = win(option.payout);
  }
  return out;
}

/** The first `n` cards, checking the shuffled deck has them. */
export function firstCards(shuffled: readonly Card[], n: number, game: string): Card[] {
  if (shuffled.length < n) throw new Error(`${game} deals ${n} cards, the deck has ${shuffled.length}`);
  return shuffled.slice(0, n);
}

export function expectCards(dealt: readonly Card[], n: number, game: string): void {
  if (dealt.length !== n) throw new Error(`${game} needs ${n} cards, got ${dealt.length}`);
}
