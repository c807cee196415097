// Input and output shapes of settlement. The server maps its bet rows onto `SettleBet` and turns
// `SettlementMovement`s into ledger transfers against the house. Money: integer paise; odds:
// integer hundredths (1.01 = 101); time: epoch milliseconds, always an input.

export type SettleSide = 'BACK' | 'LAY';

/** `MATCH_ODDS` also covers a horse race's win market; `PLACE` is a racing place market. */
export type SettleMarketKind = 'MATCH_ODDS' | 'PLACE';

/** One matched bet (or the matched part of one). Unmatched remainders are not settled: they lapse. */
export interface SettleBet {
  readonly bet_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: SettleSide;
  /** Average matched price, hundredths (101..100000). */
  readonly price: number;
  /** Matched stake, paise (positive integer). */
  readonly stake_paise: number;
  /** When the bet was placed; the time-window void ("wrong rate") looks at this. */
  readonly placed_at_ms: number;
  /** When it was matched; a reduction factor applies to bets matched before the removal. Defaults to placed_at_ms. */
  readonly matched_at_ms?: number;
}

export interface SettleMarketInfo {
  readonly market_id: string;
  /** Default `MATCH_ODDS`. */
  readonly kind?: SettleMarketKind;
  /** Commission on net market winnings, basis points (200 = 2%). Default 200. */
  readonly commission_bp?: number;
}

/** A runner withdrawn (horse racing non-runner) with its reduction factor in basis points (2500 = 25%). */
export interface RunnerRemoval {
  readonly selection_id: string;
  readonly removed_at_ms: number;
  readonly reduction_factor_bp: number;
}

/** Dead heat among `selection_ids` for `places` paid places: each pays on stake × places / selection_ids.length. */
export interface DeadHeatGroup {
  readonly selection_ids: readonly string[];
  readonly places: number;
}

export interface SettleResult {
  /** Every selection that won (a place market lists all placed runners). */
  readonly winners: readonly string[];
  /** Shorthand for a dead heat among all listed winners: each pays on stake / dead_heat_count. Default 1. */
  readonly dead_heat_count?: number;
  /** General form (place markets): dead heats for the last places paid. Not together with dead_heat_count > 1. */
  readonly dead_heats?: readonly DeadHeatGroup[];
}

/** Why a whole market is void: an operator's call or a sport rule of spec §9. */
export type MarketVoidReason =
  | 'OPERATOR'
  | 'FOOTBALL_NOT_PLAYED_WITHIN_48H'
  | 'BASKETBALL_ABANDONED_MORE_THAN_5_MIN_LEFT'
  | 'BASKETBALL_NOT_PLAYED'
  | 'RACE_ABANDONED'
  | 'RACE_WALKOVER'
  | 'RACE_VENUE_CHANGED'
  | 'RACE_NOT_RUN_ON_DAY';

export type BetVoidReason =
  | MarketVoidReason
  | 'SELECTION_VOID'
  /** Named bets voided by management (e.g. the counterpart of a conduct void, a deleted bet). */
  | 'BET_VOID'
  | 'NON_RUNNER'
  | 'TIME_WINDOW'
  /** Spec §6: a winning bet of an illegitimate id/bet; losing bets stand. */
  | 'CONDUCT';

/** Bets placed in [from_ms, to_ms] (both ends inclusive) are void: management's "wrong rate" rule. */
export interface VoidWindow {
  readonly from_ms: number;
  readonly to_ms: number;
}

/** Spec §6 conduct voids: of these users' bets and these bets, only the WINNING ones (profit > 0) are voided. */
export interface ConductVoids {
  readonly user_ids?: readonly string[];
  readonly bet_ids?: readonly string[];
}

export interface SettleMarketInput {
  readonly market: SettleMarketInfo;
  readonly bets: readonly SettleBet[];
  /** Required unless the whole market is void. */
  readonly result?: SettleResult | null;
  /** Void the whole market: every bet void, no money moves. */
  readonly void_market?: { readonly reason: MarketVoidReason } | null;
  /** Runners voided by the operator: bets on them void, the others stand. */
  readonly void_selections?: readonly string[];
  readonly void_windows?: readonly VoidWindow[];
  /** Bets voided by id whatever their result (management decision); see also conduct_voids. */
  readonly void_bet_ids?: readonly string[];
  /** Horse racing non-runners: bets on them void; reduction factors on the rest. */
  readonly removals?: readonly RunnerRemoval[];
  readonly conduct_voids?: ConductVoids;
}

export type BetOutcome = 'WON' | 'LOST' | 'VOID';

/** A fraction of the stake that is settled as winning (dead heat): num / den. */
export interface StakeFraction {
  readonly num: number;
  readonly den: number;
}

export interface SettledBet {
  readonly bet_id: string;
  readonly user_id: string;
  readonly selection_id: string;
  readonly side: SettleSide;
  readonly stake_paise: number;
  /** The matched price as given. */
  readonly price: number;
  /** The price settled at, after reduction factors (equals `price` when none applied). */
  readonly settled_price: number;
  /**
   * WON: the side the bet took came true (a back on a winner, a lay on a loser); with a dead heat a
   * back on a winner is WON yet its profit may be negative. LOST: the opposite. VOID: no money moves.
   */
  readonly outcome: BetOutcome;
  readonly void_reason: BetVoidReason | null;
  /** Set when the bet's selection dead-heated: the share of the stake settled as winning. */
  readonly dead_heat: StakeFraction | null;
  /** Signed profit/loss in paise (0 for VOID), before commission: the exact value rounded toward zero. */
  readonly profit_paise: number;
}

export interface SettledUser {
  readonly user_id: string;
  /** Sum of the positive bet profits. */
  readonly won_paise: number;
  /** Sum of the negative bet profits, as a positive number. */
  readonly lost_paise: number;
  /**
   * net − (won − lost): the difference between rounding each bet and rounding the user's exact
   * market sum once (a fraction of a paisa per bet at most; usually 0). Show it as a rounding line
   * if a statement lists the bets.
   */
  readonly rounding_paise: number;
  /**
   * The market result before commission: the exact sum of the user's bet results rounded toward
   * zero (= won − lost + rounding). Never a bigger loss than the exact loss, so never more than the
   * exposure held for the outcome that happened.
   */
  readonly net_paise: number;
  /** floor(net × commission_bp / 10000) when net > 0, else 0. */
  readonly commission_paise: number;
  /** net − commission: what the user's balance changes by. */
  readonly balance_change_paise: number;
  /** Stake of the user's void bets (nothing moves: exposure simply goes away). */
  readonly void_stake_paise: number;
  readonly bet_count: number;
  readonly void_count: number;
}

export type SettlementMovementKind = 'MARKET_WIN' | 'MARKET_LOSS' | 'COMMISSION';

/**
 * One ledger transfer between a user and the house. `user_delta_paise` is signed from the
 * user's side (positive credits the user, the house is debited by the same amount); never 0.
 */
export interface SettlementMovement {
  /** `${market_id}/${user_id}/${kind}`: unique within one settlement and the same on every re-settlement. */
  readonly key: string;
  readonly market_id: string;
  readonly user_id: string;
  readonly kind: SettlementMovementKind;
  readonly user_delta_paise: number;
}

export interface MarketSettlement {
  readonly market_id: string;
  readonly kind: SettleMarketKind;
  readonly commission_bp: number;
  /** In input order. */
  readonly bets: readonly SettledBet[];
  /** Sorted by user_id (code-unit order). */
  readonly users: readonly SettledUser[];
  /** Sorted by user_id then MARKET_WIN/MARKET_LOSS before COMMISSION. */
  readonly movements: readonly SettlementMovement[];
  readonly totals: {
    /** Σ users' net_paise; can differ from 0 by rounding (fractions of a paisa per user), which the house takes or pays. */
    readonly users_net_paise: number;
    readonly commission_paise: number;
    /** What the house account gains: −Σ balance_change = commission − users_net. */
    readonly house_paise: number;
  };
}
