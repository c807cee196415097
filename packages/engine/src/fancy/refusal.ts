// Whether the house takes a fancy bet: taken whole at the quoted line and rate, or refused with a
// text the bettor reads. A bettor's bad numbers (a rate of 0, a line of 4.5) give a text, never a
// throw; the operator's limits and the house's own quote are trusted input and throw if impossible.
import type { FancyBet, FancyVariant } from './profit.ts';
import { assertVariant } from './profit.ts';
import {
  assertInt,
  assertRate,
  assertStakeLimits,
  rupeesText,
  stakeRefusal,
  statusRefusal,
} from '../bookmaker/house.ts';

export type FancyQuote = {
  status: 'ACTIVE' | 'BALL_RUNNING' | 'SUSPENDED' | 'CLOSED' | 'REMOVED';
  no_line: number | null;
  no_rate: number | null;
  yes_line: number | null;
  yes_rate: number | null;
};

const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

/** The bet cannot exist on this variant whatever the quote: a text instead of checkFancyBet's throw. */
function invalidBet(variant: FancyVariant, bet: FancyBet): boolean {
  if (typeof bet.is_yes !== 'boolean') return true;
  if (!Number.isSafeInteger(bet.rate) || bet.rate <= 0) return true;
  if (variant === 'ODD_EVEN') return false; // the line plays no part
  if (!isCount(bet.line)) return true;
  if (variant === 'FANCY1') return bet.line !== 1; // an event: the line is always 1
  if (variant === 'KHADO') return !bet.is_yes || !isCount(bet.line_to);
  return false;
}

/** The bet names exactly what the house quotes on its side now. */
function matchesQuote(variant: FancyVariant, quote: FancyQuote, bet: FancyBet): boolean {
  const line = bet.is_yes ? quote.yes_line : quote.no_line;
  const rate = bet.is_yes ? quote.yes_rate : quote.no_rate;
  if (rate === null || bet.rate !== rate) return false;
  // ODD_EVEN has no line and FANCY1's is fixed at 1: only the rate is quoted.
  if (variant === 'ODD_EVEN' || variant === 'FANCY1') return true;
  if (line === null || bet.line !== line) return false;
  // KHADO: the band starts at the quoted Yes line and the bettor picks where it ends.
  return variant !== 'KHADO' || bet.line_to! >= bet.line;
}

/**
 * Refusal or null, in this order: 'Ball running' / 'Suspended' / 'Market closed' (CLOSED or
 * REMOVED) by status; 'Invalid bet' for numbers no fancy takes (rate not a positive integer, line
 * not a non-negative integer, KHADO: a No bet or no integer line_to, FANCY1: a line other than 1);
 * 'Line changed' when (line, rate) is not the pair quoted now on that side (KHADO: line = yes_line
 * and line_to ≥ line; ODD_EVEN and FANCY1 compare the rate only), a side with no quote included;
 * 'Invalid stake' (not a positive integer of paise), 'Minimum stake is …', 'Maximum stake is …' in
 * rupees; 'Your stake on this fancy would exceed …' when the user's stake on the fancy so far plus
 * this one passes the per-user maximum.
 */
export function fancyRefusal(input: {
  variant: FancyVariant;
  quote: FancyQuote;
  bet: FancyBet;
  min_stake_paise: number;
  max_stake_paise: number;
  max_user_stake_paise: number;
  user_stake_paise: number;
}): string | null {
  const { variant, quote, bet } = input;
  assertVariant(variant);
  assertStakeLimits(input.min_stake_paise, input.max_stake_paise);
  assertInt(input.max_user_stake_paise, 'max_user_stake_paise', 0);
  assertInt(input.user_stake_paise, 'user_stake_paise', 0);
  for (const r of [quote.no_rate, quote.yes_rate]) if (r !== null) assertRate(r);
  for (const l of [quote.no_line, quote.yes_line]) if (l !== null) assertInt(l, 'quoted line', 0);

  const closed = statusRefusal(quote.status);
  if (closed !== null) return closed;
  if (invalidBet(variant, bet)) return 'Invalid bet';
  if (!matchesQuote(variant, quote, bet)) return 'Line changed';
  const stake = stakeRefusal(bet.stake_paise, input.min_stake_paise, input.max_stake_paise);
  if (stake !== null) return stake;
  if (input.user_stake_paise + bet.stake_paise > input.max_user_stake_paise)
    return `Your stake on this fancy would exceed ${rupeesText(input.max_user_stake_paise)}`;
  return null;
}
