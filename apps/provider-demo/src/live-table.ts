// A live table with a dealer timer: one round shared by every player at it. A round opens for
// bets (window_ms), closes, the dealer plays it (play_ms) and every slip of the round is credited
// what it returns, then the next round opens. The game's rules (roulette, a card game) say what a
// round is drawn from, which slips are taken and what a slip returns; this runner owns the timer,
// the slips and the money. A player's slip is one debit (its total) and one credit: RoundRunner
// journals both, so a table that dies mid-round refunds its slips when it comes back.
import { randomUUID } from 'node:crypto';
import type { Player, RoundRunner } from './rounds.ts';

/** Results a table remembers (its history strip). */
export const TABLE_HISTORY = 20;

export interface TableTiming {
  readonly window_ms: number;
  /** From "no more bets" to the result (the spin, the deal). */
  readonly play_ms: number;
}

/** What one game is to the runner. `Bet` is one line of a slip, `Drawn` a round's hidden draw. */
export interface TableRules<Bet extends { readonly stake_paise: number }, Drawn> {
  readonly game_id: string;
  /** Prefix of the table's round ids ("rt", "dt"). */
  readonly round_prefix: string;
  /** The phase name while the round is played ("SPINNING", "DEALING"). */
  readonly playing_phase: string;
  /** Draws the round at its window's open; only `published` is shown before the result. */
  draw(table_round: string): { drawn: Drawn; published: Readonly<Record<string, unknown>> };
  /** Why this slip cannot be taken (its shape and stakes), or null. */
  slipProblem(bets: readonly Bet[]): string | null;
  /** What the slip returns in paise (stake back included; 0 for a loss). */
  slipReturn(bets: readonly Bet[], drawn: Drawn): number;
  /** What the table shows of a played round (history strip, a player's last result). */
  reveal(drawn: Drawn, table_round: string): Readonly<Record<string, unknown>>;
}

interface Slip<Bet> {
  readonly player_id: string;
  readonly round_id: string;
  readonly bets: readonly Bet[];
  readonly stake_paise: number;
}

export type PlayerResult = Readonly<Record<string, unknown>> & {
  readonly table_round: string;
  readonly stake_paise: number;
  readonly win_paise: number;
};

export class LiveTable<Bet extends { readonly stake_paise: number }, Drawn> {
  private phase = 'BETTING';
  private round = '';
  private drawn: Drawn | null = null;
  private published: Readonly<Record<string, unknown>> = {};
  private phase_ends_ms = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly slips = new Map<string, Slip<Bet>>();
  readonly history: Readonly<Record<string, unknown>>[] = [];
  /** Each player's last settled slip and the balance the wallet last reported for them. */
  private readonly lastResult = new Map<string, PlayerResult>();
  private readonly lastBalance = new Map<string, number>();
  /** Slips whose debit is on its way: the result is paid only after they are answered. */
  private readonly placing = new Set<Promise<unknown>>();

  constructor(
    private readonly runner: RoundRunner,
    readonly rules: TableRules<Bet, Drawn>,
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
    this.round = `${this.rules.round_prefix}-${randomUUID()}`;
    const { drawn, published } = this.rules.draw(this.round);
    this.drawn = drawn;
    this.published = published;
    this.slips.clear();
    this.phase_ends_ms = now_ms + this.timing.window_ms;
    this.schedule(this.timing.window_ms, () => this.close());
  }

  private close(): void {
    this.phase = this.rules.playing_phase;
    this.phase_ends_ms = Date.now() + this.timing.play_ms;
    const drawn = this.drawn!;
    this.schedule(this.timing.play_ms, () => void this.land(drawn));
  }

  private async land(drawn: Drawn): Promise<void> {
    await Promise.allSettled([...this.placing]);
    const table_round = this.round;
    const shown = this.rules.reveal(drawn, table_round);
    this.history.unshift(shown);
    this.history.length = Math.min(this.history.length, TABLE_HISTORY);
    const slips = [...this.slips.values()];
    this.open(Date.now());
    // Credits go out after the next window opened: a slow wallet does not hold the table.
    for (const slip of slips) {
      const win_paise = this.rules.slipReturn(slip.bets, drawn);
      if (!Number.isSafeInteger(win_paise) || win_paise < 0) throw new Error(`bad return ${win_paise}`);
      this.lastResult.set(slip.player_id, {
        ...shown,
        table_round,
        stake_paise: slip.stake_paise,
        win_paise,
      });
      const balance = await this.runner.tableResult(slip.round_id, win_paise);
      if (balance !== null) this.lastBalance.set(slip.player_id, balance);
    }
  }

  /** Why this slip cannot be taken now, or null. */
  slipProblem(player_id: string, bets: readonly Bet[]): string | null {
    if (this.phase !== 'BETTING') return 'Bets are closed for this round: wait for the next one.';
    if (this.slips.has(player_id)) return 'Your bets for this round are placed.';
    return this.rules.slipProblem(bets);
  }

  async place(player: Player, bets: readonly Bet[]) {
    const problem = this.slipProblem(player.player_id, bets);
    if (problem !== null)
      return { ok: false as const, code: 'REFUSED', message: problem, balance_paise: null };
    const stake_paise = bets.reduce((s, b) => s + b.stake_paise, 0);
    const round_id = `${this.round}.p${player.player_id}`;
    const slip: Slip<Bet> = { player_id: player.player_id, round_id, bets, stake_paise };
    // Held before the debit's answer, so a second slip from this player is refused meanwhile.
    this.slips.set(player.player_id, slip);
    const table_round = this.round;
    const placing = this.runner.placeTableBet(round_id, this.rules.game_id, player, stake_paise, {
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
      // What the rules publish first: it cannot hide the table's own fields.
      ...this.published,
      phase: this.phase,
      round_id: this.round,
      phase_ends_in_ms: Math.max(0, this.phase_ends_ms - now_ms),
      history: this.history,
      my_slip: slip === undefined ? null : { bets: slip.bets, stake_paise: slip.stake_paise },
      my_last: this.lastResult.get(player_id) ?? null,
      balance_paise: this.lastBalance.get(player_id) ?? null,
    };
  }
}
