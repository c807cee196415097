// How a bet's figures read, the same in the bettor's reports and in the console's view of them.
import { BET_READING, type Bet, type KindBet } from '@backlay/contract';
import { uiWords } from './words.ts';

/** Decimal odds as the exchange shows them: 1.5 → "1.5", 2 → "2", 2.02 → "2.02". */
export const showOdds = (price: number): string => String(Number(price.toFixed(2)));

/** The price a bet got: its average matched price once anything matched, else the price asked. */
export const betOdds = (b: Pick<Bet, 'odds' | 'average_price_matched' | 'size_matched'>): number =>
  b.size_matched > 0 && b.average_price_matched > 0 ? b.average_price_matched : b.odds;

/** Class of a signed amount: green when above zero, red below. */
export const signClass = (value: number): string =>
  value > 0 ? 'amount amount--up' : value < 0 ? 'amount amount--down' : 'amount';

export const isBack = (b: Pick<Bet, 'is_back'>): boolean => b.is_back === '1';

/** "Match › Market". */
export const matchMarket = (match: string | null, market: string | null): string =>
  [match, market].filter((s) => s != null && s !== '').join(' › ');

type BetKindFields = Pick<Bet, 'kind' | 'bet_id' | 'is_back' | 'line' | 'rate'>;

/** A list key for a bet: ids are unique within a kind only. */
export const betKey = (b: Pick<Bet, 'kind' | 'bet_id'>): string => `${b.kind}:${b.bet_id}`;

/**
 * The side as the market names it: Back/Lay on the exchange and the bookmaker, Yes/No on a
 * fancy; an Odd/Even fancy (no line) has two backs, its side named in selection_name.
 */
export function sideWord(b: Omit<BetKindFields, 'bet_id' | 'rate'>): string {
  const w = uiWords();
  if (BET_READING[b.kind].sides === 'yes-no' && b.line != null) return isBack(b) ? w.yes : w.no;
  return isBack(b) ? w.back : w.lay;
}

/** The price column: decimal odds on the exchange, the quoted rate (per 100) on the house's kinds. */
export const shownPrice = (
  b: Pick<Bet, 'kind' | 'rate' | 'odds' | 'average_price_matched' | 'size_matched'>,
): string => (BET_READING[b.kind].price === 'rate' && b.rate != null ? String(b.rate) : showOdds(betOdds(b)));

/**
 * A bookmaker or fancy bet of the match's bets panel as the bettor placed it: the side ("Back",
 * "Lay", "Yes", "No", "Odd", "Even"), what it is on (the runner, the line "46" or band "150-159";
 * nothing on Odd/Even, which has no line) and the price column ("46 @ 100", the rate). An Odd/Even
 * fancy's two sides are both backs: its side is the one named (selection_name "Odd"/"Even", as the
 * reports send it) or, when the bet still carries a Yes/No form, Yes = Odd and No = Even.
 */
export function kindBetParts(
  b: Pick<KindBet, 'kind' | 'is_back' | 'line' | 'rate' | 'selection_name'>,
  variant?: string,
): { side: string; what: string; price: string } {
  const w = uiWords();
  if (BET_READING[b.kind].sides !== 'yes-no')
    return { side: isBack(b) ? w.back : w.lay, what: b.selection_name, price: String(b.rate) };
  const named = /^(Odd|Even)$/.exec(b.selection_name)?.[1];
  if (variant === 'ODD_EVEN' || named != null) {
    const odd = named != null ? named === 'Odd' : isBack(b);
    return { side: odd ? w.odd : w.even, what: '', price: String(b.rate) };
  }
  const what = b.selection_name.replace(/^(Yes|No)\s*/, '') || (b.line != null ? String(b.line) : '');
  return {
    side: isBack(b) ? w.yes : w.no,
    what,
    price: b.line != null ? `${b.line} @ ${b.rate}` : String(b.rate),
  };
}

/** "Void", with the operator's words when given: "Void: Match abandoned". */
export const voidWords = (reason?: string | null): string =>
  reason ? uiWords().voidWith(reason) : uiWords().void;
