// What the chaos run's clients did and heard: every request with the time it was sent, and the
// answer or the failure. The checker (checker.ts) reads only this and the store.

/** An answer that says what happened (`ok`, `refused`), or none that does (`ambiguous`: a reset, a
 * timeout, a proxy's 5xx page — the request may or may not have taken effect). */
export type Outcome = 'ok' | 'refused' | 'ambiguous';

export interface Attempt {
  readonly sent_ms: number;
  readonly answered_ms: number;
  readonly outcome: Outcome;
  /** The HTTP status, when an answer came. */
  readonly code?: number;
  readonly message?: string;
}

/** A bettor's operations, and `webhook`: the payment gateway's notice that a deposit arrived. */
export type OperationKind =
  | 'place'
  | 'bookmaker'
  | 'fancy'
  | 'casino'
  | 'cancel'
  | 'cashout'
  | 'balance'
  | 'deposit'
  | 'withdraw'
  | 'webhook';

export interface Operation {
  readonly kind: OperationKind;
  readonly bettor: number;
  readonly user_id: number;
  /** A placement's, cash out's, deposit's or withdrawal's request id, as sent (its retries send the same). */
  readonly request_id?: string;
  /** A deposit's or withdrawal's payment id as acknowledged, or the payment a webhook named. */
  payment_id?: number;
  /** A placement's bet id as acknowledged, or the bet a cancel named. */
  bet_id?: number;
  /** A balance read: the available balance the client saw (balance − exposure), paise. */
  available_paise?: number;
  readonly attempts: Attempt[];
}

/** The operation's outcome over its attempts: any `ok` wins; refused only if every attempt was. */
export function outcomeOf(op: Operation): Outcome {
  if (op.attempts.some((a) => a.outcome === 'ok')) return 'ok';
  if (op.attempts.length > 0 && op.attempts.every((a) => a.outcome === 'refused')) return 'refused';
  return 'ambiguous';
}

export type FaultKind =
  | 'kill'
  | 'leader-kill'
  | 'pause'
  | 'store-cut'
  | 'store-silent'
  | 'store-slow'
  | 'bus-cut'
  | 'bus-silent'
  | 'bus-slow'
  | 'cache-cut'
  | 'cache-silent'
  | 'cache-slow'
  | 'all-store-silent'
  | 'all-bus-cut';

export interface Fault {
  readonly kind: FaultKind;
  readonly node: string;
  readonly at_ms: number;
  healed_ms?: number;
}
