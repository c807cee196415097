/**
 * The slip's figures for the house-quoted bets (DOMAIN.md "Bookmaker markets", "Fancy (session)
 * markets"). No arithmetic of its own: every amount is the engine's (`@backlay/engine`), the very
 * functions the server uses for the bet's exposure, book and settlement (docs/client.md "The
 * slip's figures are the engine's").
 */
import type { BookmakerMarket, Fancy, FancyStatus, QuoteStatus } from '@backlay/contract';
import {
  bookmakerBetProfitPaise,
  bookmakerPosition,
  fancyBetProfitPaise,
  fancyExposurePaise,
  type BookmakerBet,
  type FancyBet,
  type FancyVariant,
} from '@backlay/engine';
import { msgId } from '../../../lib/i18n/catalog.ts';

export type BookmakerPick = {
  kind: 'BOOKMAKER';
  market_id: number;
  selection_id: number;
  side: 'BACK' | 'LAY';
  /** Per 100, as quoted; the slip never changes it. */
  rate: number;
};

export type FancyPick = {
  kind: 'FANCY';
  fancy_id: number;
  /** Yes (back) or No (lay). */
  yes: boolean;
  /** Runs, as quoted; the slip never changes it. */
  line: number;
  rate: number;
};

export type KindPick = BookmakerPick | FancyPick;

export type KindSlipState = KindPick & { stake: string };

/** What a bet wins and what it loses, in paise. */
export type Outcome = { win_paise: number; lose_paise: number };

/** A bookmaker pick as the engine's bet. */
export const bookmakerBetOf = (
  pick: Pick<BookmakerPick, 'selection_id' | 'side' | 'rate'>,
  stakePaise: number,
): BookmakerBet => ({
  selection_id: String(pick.selection_id),
  is_back: pick.side === 'BACK',
  rate: pick.rate,
  stake_paise: stakePaise,
});

/** Bookmaker: what the bet makes if its runner wins (back) or loses (lay), and what it risks. */
export function bookmakerOutcome(side: 'BACK' | 'LAY', rate: number, stakePaise: number): Outcome {
  const bet = bookmakerBetOf({ selection_id: 0, side, rate }, stakePaise);
  const ifWins = bookmakerBetProfitPaise(bet, true);
  const ifLoses = bookmakerBetProfitPaise(bet, false);
  return { win_paise: Math.max(ifWins, ifLoses), lose_paise: -Math.min(ifWins, ifLoses) };
}

/** The fancy facts a bet's figures depend on. */
export type FancyShape = Pick<Fancy, 'variant' | 'band'>;

/** A fancy pick as the engine's bet, as the server builds it (fancy/batch.ts): KHADO's band → line_to. */
export function fancyBetOf(
  fancy: FancyShape,
  pick: Pick<FancyPick, 'yes' | 'line' | 'rate'>,
  stakePaise: number,
): FancyBet {
  return {
    is_yes: pick.yes,
    line: fancy.variant === 'ODD_EVEN' ? 0 : pick.line,
    ...(fancy.variant === 'KHADO' && fancy.band != null ? { line_to: pick.line + fancy.band - 1 } : {}),
    rate: pick.rate,
    stake_paise: stakePaise,
  };
}

/** The results at which a bet alone shows its win and its loss (each variant's rule table). */
function telling(variant: FancyVariant, bet: FancyBet): number[] {
  switch (variant) {
    case 'ODD_EVEN':
    case 'FANCY1':
      return [0, 1];
    case 'KHADO':
      return [Math.max(0, bet.line - 1), bet.line, bet.line_to! + 1];
    default:
      return [Math.max(0, bet.line - 1), bet.line];
  }
}

/**
 * Fancy: what the bet alone wins at best and loses at worst (the server's book of that bet and its
 * exposure). Odd/Even's two sides are both backs; METER's are per run (the win and the loss of one
 * run past the line, each rounded as the engine rounds a position).
 */
export function fancyOutcome(
  fancy: FancyShape,
  pick: Pick<FancyPick, 'yes' | 'line' | 'rate'>,
  stakePaise: number,
): Outcome {
  const variant = fancy.variant;
  if (variant === 'METER') {
    // One run either way of a line at 0 (the per-run amount does not depend on the line).
    const at = (yes: boolean, r: number) =>
      fancyBetProfitPaise(variant, { is_yes: yes, line: 1, rate: pick.rate, stake_paise: stakePaise }, r);
    return { win_paise: at(true, 2), lose_paise: -at(true, 0) };
  }
  const bet = fancyBetOf(fancy, pick, stakePaise);
  const profits = telling(variant, bet).map((r) => fancyBetProfitPaise(variant, bet, r));
  const top = Math.max(...profits);
  return {
    win_paise: Math.max(0, top),
    lose_paise: fancyExposurePaise(variant, [bet], Math.max(...telling(variant, bet))),
  };
}

export function outcomeOf(pick: KindPick, stakePaise: number | null, fancy?: FancyShape): Outcome {
  if (!stakePaise) return { win_paise: 0, lose_paise: 0 };
  if (pick.kind === 'BOOKMAKER') return bookmakerOutcome(pick.side, pick.rate, stakePaise);
  return fancyOutcome(fancy ?? { variant: 'RUNS', band: null }, pick, stakePaise);
}

/**
 * Each runner's position (rupees) if the bookmaker bet is taken: the server's position (the sum of
 * the bettor's bets' engine profits, `bookmakerPosition`) plus the engine's position of this bet.
 */
export function bookmakerPositionsAfter(
  market: Pick<BookmakerMarket, 'runners'>,
  pick: Pick<BookmakerPick, 'selection_id' | 'side' | 'rate'>,
  stakePaise: number | null,
): Map<number, number> {
  const out = new Map<number, number>();
  const ids = market.runners.map((r) => String(r.selection_id));
  const bet = stakePaise && ids.includes(String(pick.selection_id)) ? bookmakerBetOf(pick, stakePaise) : null;
  const p = bet ? bookmakerPosition(ids, [bet]).profit_paise : {};
  for (const r of market.runners) {
    const delta = p[String(r.selection_id)] ?? 0;
    out.set(r.selection_id, Math.round(r.position * 100 + delta) / 100);
  }
  return out;
}

export type ShownStatus = FancyStatus;

/**
 * The status a row shows: a "ball running" whose ball has been bowled (the scoreboard's
 * `ball_running_until_ms` has passed) shows as open again before the next refetch.
 */
export function shownStatus(
  status: QuoteStatus | FancyStatus,
  ballRunningUntilMs: number | null | undefined,
  nowMs: number,
): ShownStatus {
  if (status === 'BALL_RUNNING' && ballRunningUntilMs != null && ballRunningUntilMs <= nowMs) return 'ACTIVE';
  return status;
}

/** What covers a row that takes no bets, by its status (message ids: the screen says them). */
export const STATUS_OVERLAY: Partial<Record<ShownStatus, string>> = {
  BALL_RUNNING: msgId('market.status.ballRunning'),
  SUSPENDED: msgId('market.status.suspended'),
  CLOSED: msgId('market.status.closed'),
  REMOVED: msgId('market.status.removed'),
};

/** The runs a KHADO Yes covers: "150-159" for line 150 and band 10. */
export function khadoBand(line: number, band: number | null): string {
  return band != null && band > 1 ? `${line}-${line + band - 1}` : String(line);
}

/** The side of a fancy row a box stands for: its label's message id. */
export function fancyBoxLabel(variant: Fancy['variant'], yes: boolean): string {
  if (variant === 'ODD_EVEN') return yes ? msgId('market.fancy.odd') : msgId('market.fancy.even');
  return yes ? msgId('market.fancy.yes') : msgId('market.fancy.no');
}

/** Balls → overs as cricket writes them: 35 → "5.5". */
export const oversOf = (balls: number): string => `${Math.floor(balls / 6)}.${balls % 6}`;
