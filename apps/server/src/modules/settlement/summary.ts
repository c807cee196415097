import type { SettlementSummary } from '@backlay/contract';
import type { SettlementView } from './service.ts';

const rupees = (paise: number) => Math.round(paise) / 100;

/** The settlement's state as the wire shows it (rupees, ISO times). */
export function toSummary(v: SettlementView): SettlementSummary {
  return {
    market_id: v.market_id,
    state: v.state,
    generation: v.generation,
    winners: v.winners,
    result_value: v.result_value,
    dead_heat_count: v.dead_heat_count,
    void_market: v.void_market,
    void_selections: v.void_selections,
    void_windows: v.void_windows.map((w) => ({ from: w.from.toISOString(), to: w.to.toISOString() })),
    void_bets: v.void_bets,
    removals: v.removals.map((r) => ({
      selection_id: r.selection_id,
      reduction_factor: r.reduction_bp / 100,
    })),
    bets_settled: v.bets_settled,
    bets_void: v.bets_void,
    commission: rupees(v.commission_paise),
    house: rupees(v.house_paise),
    movements: v.movements.map((m) => ({
      user_id: m.user_id,
      kind: m.kind,
      amount: rupees(m.user_delta_paise),
    })),
  };
}
