// Cash out's types shared by the batch (batch.ts), the cash-out step (cash-out.ts) and the service.
// Internal units: money in paise, odds in hundredths.

/** One hedge bet of a quote. */
export type CashOutLeg = {
  selection_id: number;
  runner_name: string;
  side: 'BACK' | 'LAY';
  price: number;
  stake_paise: number;
};

/** A cash-out quote: the hedge and the profit it locks, or why there is none. */
export type CashOutQuoteView =
  { available: true; legs: CashOutLeg[]; profit_paise: number } | { available: false; message: string };

/** A cash out waiting in its market's queue. */
export type CashOutCommand = {
  kind: 'cashout';
  userId: number;
  market_id: number;
  request_id: string;
  /** The least profit the caller accepted (paise): a quote locking less is refused. */
  accepted_profit_paise: number;
  /** Running runners when it was queued: the bet ids it takes (one per hedge bet at most). */
  legs_max: number;
  /** The market version seen before the in-play delay, or null when it did not wait. */
  delayedVersion: number | null;
};

/** What a cash out answers: placed (every hedge bet matched in full) or refused with the quote now. */
export type CashOutOutcome =
  | {
      ok: true;
      legs: (CashOutLeg & { bet_id: number })[];
      profit_paise: number;
      /** True when this request_id was already cashed out: the first answer, nothing new placed. */
      repeated: boolean;
    }
  | { ok: false; message: string; quote?: CashOutQuoteView };

/** The stored answer of a cash out (exchange_cash_outs), for a repeated request_id. */
export type FirstCashOut = { profit_paise: number; legs: (CashOutLeg & { bet_id: number })[] };
