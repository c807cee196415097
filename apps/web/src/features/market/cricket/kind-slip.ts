/**
 * The arithmetic of the house-quoted bets (DOMAIN.md "Bookmaker markets", "Fancy (session)
 * markets"): a rate is per 100, so a stake S at rate R wins or risks S·R/100. A win is rounded
 * down and a loss up to the paisa, as the engine rounds a back's win and a lay's liability.
 */
import type { BookmakerMarket, Fancy, FancyStatus, QuoteStatus } from '@backlay/contract';

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

const perHundredDown = (stakePaise: number, rate: number) => Math.floor((stakePaise * rate) / 100);
const perHundredUp = (stakePaise: number, rate: number) => Math.ceil((stakePaise * rate) / 100);

// TODO(engine): switch to @backlay/engine's bookmakerBetProfitPaise / fancyBetProfitPaise once
// packages/engine/src/bookmaker and fancy export them; these follow DOMAIN.md's table meanwhile.

/** Bookmaker back: wins stake·rate/100, loses the stake. Lay: wins the stake, loses stake·rate/100. */
export function bookmakerOutcome(side: 'BACK' | 'LAY', rate: number, stakePaise: number): Outcome {
  return side === 'BACK'
    ? { win_paise: perHundredDown(stakePaise, rate), lose_paise: stakePaise }
    : { win_paise: stakePaise, lose_paise: perHundredUp(stakePaise, rate) };
}

/** Fancy Yes: wins stake·rate/100, loses the stake. No: wins the stake, loses stake·rate/100. */
export function fancyOutcome(yes: boolean, rate: number, stakePaise: number): Outcome {
  return yes
    ? { win_paise: perHundredDown(stakePaise, rate), lose_paise: stakePaise }
    : { win_paise: stakePaise, lose_paise: perHundredUp(stakePaise, rate) };
}

export function outcomeOf(pick: KindPick, stakePaise: number | null): Outcome {
  if (!stakePaise) return { win_paise: 0, lose_paise: 0 };
  return pick.kind === 'BOOKMAKER'
    ? bookmakerOutcome(pick.side, pick.rate, stakePaise)
    : fancyOutcome(pick.yes, pick.rate, stakePaise);
}

/**
 * Each runner's position (rupees) if the bookmaker bet is taken: the picked runner gains the win
 * (back) or loses the liability (lay); every other runner loses (back) or gains (lay) the stake.
 */
export function bookmakerPositionsAfter(
  market: Pick<BookmakerMarket, 'runners'>,
  pick: Pick<BookmakerPick, 'selection_id' | 'side' | 'rate'>,
  stakePaise: number | null,
): Map<number, number> {
  const out = new Map<number, number>();
  const o = stakePaise ? bookmakerOutcome(pick.side, pick.rate, stakePaise) : null;
  for (const r of market.runners) {
    let delta = 0;
    if (o) {
      const picked = r.selection_id === pick.selection_id;
      if (pick.side === 'BACK') delta = picked ? o.win_paise : -o.lose_paise;
      else delta = picked ? -o.lose_paise : o.win_paise;
    }
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

export const STATUS_OVERLAY: Partial<Record<ShownStatus, string>> = {
  BALL_RUNNING: 'Ball running',
  SUSPENDED: 'Suspended',
  CLOSED: 'Closed',
  REMOVED: 'Removed',
};

/** The runs a KHADO Yes covers: "150-159" for line 150 and band 10. */
export function khadoBand(line: number, band: number | null): string {
  return band != null && band > 1 ? `${line}-${line + band - 1}` : String(line);
}

/** The side of a fancy row a box stands for, with its label. */
export function fancyBoxLabel(variant: Fancy['variant'], yes: boolean): string {
  if (variant === 'ODD_EVEN') return yes ? 'Odd' : 'Even';
  return yes ? 'Yes' : 'No';
}

/** Balls → overs as cricket writes them: 35 → "5.5". */
export const oversOf = (balls: number): string => `${Math.floor(balls / 6)}.${balls % 6}`;
