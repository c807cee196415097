// How a bet's figures read, the same in the bettor's reports and in the console's view of them.
import type { Bet } from '@backlay/contract';

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
  if (b.kind === 'FANCY' && b.line != null) return isBack(b) ? 'Yes' : 'No';
  return isBack(b) ? 'Back' : 'Lay';
}

/** The price column: decimal odds on the exchange, the quoted rate (per 100) on the house's kinds. */
export const shownPrice = (
  b: Pick<Bet, 'kind' | 'rate' | 'odds' | 'average_price_matched' | 'size_matched'>,
): string => (b.kind !== 'MATCH_ODDS' && b.rate != null ? String(b.rate) : showOdds(betOdds(b)));
