// A European roulette table with a dealer timer: one wheel shared by every player at it. A round
// opens for bets (ROULETTE_WINDOW_MS), closes, the ball is spun (crypto.randomInt over the 37
// pockets) and lands (ROULETTE_SPIN_MS later), every slip of the round is credited what it
// returns, and the next round opens. A player's slip is one debit (its total) and one credit:
// RoundRunner journals both, so a table that dies mid-round refunds its slips when it comes back.
import { randomInt, randomUUID } from 'node:crypto';
import { POCKETS, ROULETTE_BETS_MAX, pocketColour, slipReturn, type PlacedBet } from '@backlay/slots';
import type { Player, RoundRunner } from './rounds.ts';

export const ROULETTE_GAME_ID = 'european-roulette';
export const ROULETTE_NAME = 'European Roulette';
/** The chips a player bets with, in paise (₹10 … ₹500). */
export const ROULETTE_CHIPS_PAISE = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000] as const;
/** Most one slip may stake (₹10,000). */
export const ROULETTE_SLIP_MAX_PAISE = 1_000_000;
/** Results the table remembers (its history strip). */
export const ROULETTE_HISTORY = 20;

export interface TableTiming {
  readonly window_ms: number;
  readonly spin_ms: number;
}

type Phase = 'BETTING' | 'SPINNING';

interface Slip {
  readonly player_id: string;
  readonly round_id: string;
  readonly bets: readonly PlacedBet[];
  readonly stake_paise: number;
}

export interface PlayerResult {
  readonly table_round: string;
  readonly pocket: number;
  readonly stake_paise: number;
  readonly win_paise: number;
}

export class RouletteTable {
  private phase: Phase = 'BETTING';
  private round = '';
  private phase_ends_ms = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly slips = new Map<string, Slip>();
  readonly history: number[] = [];
  /** Each player's last settled slip and the balance the wallet last reported for them. */
  private readonly lastResult = new Map<string, PlayerResult>();
  private readonly lastBalance = new Map<string, number>();
  /** Slips whose debit is on its way: the ball lands only after they are answered. */
  private readonly placing = new Set<Promise<unknown>>();

  constructor(
    private readonly runner: RoundRunner,
    private readonly timing: TableTiming,
  ) {}

  start(now_ms = Date.now()): void {
    this.open(now_ms);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number, fn: () => void): void {
    this.timer = setTimeout(fn, ms);
    this.timer.unref();
  }

  private open(now_ms: number): void {
    this.phase = 'BETTING';
    this.round = `rt-${randomUUID()}`;
    this.slips.clear();
    this.phase_ends_ms = now_ms + this.timing.window_ms;
    this.schedule(this.timing.window_ms, () => this.close());
  }

  private close(): void {
    this.phase = 'SPINNING';
    this.phase_ends_ms = Date.now() + this.timing.spin_ms;
    const pocket = randomInt(POCKETS);
    this.schedule(this.timing.spin_ms, () => void this.land(pocket));
  }

  private async land(pocket: number): Promise<void> {
    await Promise.allSettled([...this.placing]);
    this.history.unshift(pocket);
    this.history.length = Math.min(this.history.length, ROULETTE_HISTORY);
    const slips = [...this.slips.values()];
    const table_round = this.round;
    this.open(Date.now());
    // Credits go out after the next window opened: a slow wallet does not hold the table.
    for (const slip of slips) {
      const win_paise = slipReturn(slip.bets, pocket);
      this.lastResult.set(slip.player_id, { table_round, pocket, stake_paise: slip.stake_paise, win_paise });
      const balance = await this.runner.tableResult(slip.round_id, win_paise);
      if (balance !== null) this.lastBalance.set(slip.player_id, balance);
    }
  }

  /** Why this slip cannot be taken now, or null. */
  slipProblem(player_id: string, bets: readonly PlacedBet[]): string | null {
    if (this.phase !== 'BETTING') return 'Bets are closed for this spin: wait for the next one.';
    if (this.slips.has(player_id)) return 'Your bets for this spin are placed.';
    if (bets.length === 0 || bets.length > ROULETTE_BETS_MAX)
      return `A slip holds 1 to ${ROULETTE_BETS_MAX} bets.`;
    if (bets.some((b) => !(ROULETTE_CHIPS_PAISE as readonly number[]).includes(b.stake_paise)))
      return 'Each bet is one of the chips offered.';
    const total = bets.reduce((s, b) => s + b.stake_paise, 0);
    if (total > ROULETTE_SLIP_MAX_PAISE)
      return `A slip may stake at most ${ROULETTE_SLIP_MAX_PAISE / 100} rupees.`;
    return null;
  }

  async place(player: Player, bets: readonly PlacedBet[]) {
    const problem = this.slipProblem(player.player_id, bets);
    if (problem !== null)
      return { ok: false as const, code: 'REFUSED', message: problem, balance_paise: null };
    const stake_paise = bets.reduce((s, b) => s + b.stake_paise, 0);
    const round_id = `${this.round}.p${player.player_id}`;
    const slip: Slip = { player_id: player.player_id, round_id, bets, stake_paise };
    // Held before the debit's answer, so a second slip from this player is refused meanwhile.
    this.slips.set(player.player_id, slip);
    const table_round = this.round;
    const placing = this.runner.placeTableBet(round_id, ROULETTE_GAME_ID, player, stake_paise, {
      table_round,
      bets,
    });
    this.placing.add(placing);
    const answer = await placing.finally(() => this.placing.delete(placing));
    if (!answer.ok) {
      if (this.round === table_round) this.slips.delete(player.player_id);
      return answer;
    }
    if (answer.balance_paise !== null) this.lastBalance.set(player.player_id, answer.balance_paise);
    return answer;
  }

  /** What a player's page shows. */
  view(player_id: string, now_ms = Date.now()) {
    const slip = this.slips.get(player_id);
    return {
      phase: this.phase,
      round_id: this.round,
      phase_ends_in_ms: Math.max(0, this.phase_ends_ms - now_ms),
      history: this.history.map((p) => ({ pocket: p, colour: pocketColour(p) })),
      my_slip: slip === undefined ? null : { bets: slip.bets, stake_paise: slip.stake_paise },
      my_last: this.lastResult.get(player_id) ?? null,
      balance_paise: this.lastBalance.get(player_id) ?? null,
    };
  }
}
