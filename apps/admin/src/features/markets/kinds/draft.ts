// What the new-market form holds (strings, as the inputs give them): the generic terms and, for a
// kind that has them, its own (a fancy's variant and event).
import type { FancyVariant, MarketKind } from '@backlay/contract';

export type MarketDraft = {
  kind: MarketKind;
  market_name: string;
  runners: string;
  min_stake: string;
  max_stake: string;
  bet_delay_s: string;
  commission_percent: string;
  variant: FancyVariant;
  event_kind: 'RUNS_AT_OVER' | 'INNINGS_TOTAL' | 'WICKET_BEFORE_OVER';
  innings: '1' | '2';
  over: string;
  band: string;
  max_user_stake: string;
};

export const draftNumber = (v: string) => (v.trim() === '' ? undefined : Number(v));
