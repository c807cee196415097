// A slot round against the operator's wallet: journal it, debit the stake, credit the win. Every
// step is journaled before the next call goes out (journal.ts says how a crash is recovered).
// A round whose credit or rollback could not be delivered stays pending and is sent again by the
// settler until the wallet answers.
import { randomInt, randomUUID } from 'node:crypto';
import { playRound, type RoundOutcome, type Slot } from '@backlay/slots';
import type { Journal, OpenRecord, RoundState } from './journal.ts';
import type { Wallet } from './wallet-client.ts';

/** Wait between two attempts to finish the pending rounds. */
export const SETTLE_RETRY_MS = 2_000;
/** Pending rounds finished per pass (a bound on one pass's calls). */
export const SETTLE_BATCH_MAX = 100;

export interface Player {
  readonly player_id: string;
  readonly session_id: string;
}

export type SpinAnswer =
  | { ok: true; outcome: RoundOutcome; round_id: string; balance_paise: number | null; credited: boolean }
  | { ok: false; code: string; message: string; balance_paise: number | null };

/** What a bettor reads for a wallet's refusal of a debit. */
export function refusalMessage(code: string): string {
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return 'Not enough balance for this stake.';
    case 'SESSION_EXPIRED':
      return 'Your game session has ended: open the game again from the lobby.';
    case 'PLAYER_BLOCKED':
      return 'Your account cannot place bets at the moment.';
    case 'GAME_DISABLED':
    case 'PROVIDER_DISABLED':
      return 'This game is closed by the operator.';
    default:
      return `The wallet refused the bet (${code}).`;
  }
}

const now = () => new Date().toISOString();

export class RoundRunner {
  private timer: NodeJS.Timeout | null = null;
  private settling = false;
  /** Rounds a spin is playing now: the settler leaves them alone. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly journal: Journal,
    private readonly wallet: Wallet,
    /** Test-only: kill the process at this point of a round (config.fault). */
    private readonly fault: string | null = null,
  ) {}

  async spin(slot: Slot, player: Player, stake_paise: number): Promise<SpinAnswer> {
    const outcome = playRound(slot, stake_paise, (bound) => randomInt(bound));
    const round_id = `r-${randomUUID()}`;
    const open: OpenRecord = {
      t: 'open',
      round_id,
      game_id: slot.id,
      player_id: player.player_id,
      session_id: player.session_id,
      stake_paise,
      win_paise: outcome.win_paise,
      debit_tx: `${round_id}:d`,
      credit_tx: `${round_id}:c`,
      rollback_tx: `${round_id}:rb`,
      at: now(),
      outcome,
    };
    this.journal.append(open);
    this.inFlight.add(round_id);
    try {
      return await this.play(slot, player, open, outcome);
    } finally {
      this.inFlight.delete(round_id);
    }
  }

  private async play(
    slot: Slot,
    player: Player,
    open: OpenRecord,
    outcome: RoundOutcome,
  ): Promise<SpinAnswer> {
    const { round_id } = open;
    const debit = await this.wallet.call('debit', {
      player_id: player.player_id,
      session_id: player.session_id,
      transaction_id: open.debit_tx,
      round_id,
      game_id: slot.id,
      amount: open.stake_paise,
    });
    if (this.fault === 'exit-before-debit-answer') process.kill(process.pid, 'SIGKILL');
    if (!debit.reached) {
      // Did the debit land? Unknown: the settler rolls it back (refunds it, or voids it early).
      this.kick();
      return {
        ok: false,
        code: 'WALLET_UNREACHABLE',
        message: 'The wallet did not answer: the spin is cancelled and any stake taken is returned.',
        balance_paise: null,
      };
    }
    const code = debit.answer.code;
    this.journal.append({ t: 'debited', round_id, code });
    if (code !== 'OK') {
      this.journal.append({ t: 'closed', round_id, how: 'refused', code, at: now() });
      return { ok: false, code, message: refusalMessage(code), balance_paise: debit.answer.balance };
    }
    if (this.fault === 'exit-after-debit') process.kill(process.pid, 'SIGKILL');
    const credit = await this.finish(this.journal.rounds.get(round_id)!);
    return {
      ok: true,
      outcome,
      round_id,
      balance_paise: credit ?? debit.answer.balance,
      credited: credit !== null,
    };
  }

  /**
   * A table bet: journal the slip (its win unknown until the spin), debit its stake. The round
   * stays in flight (the settler leaves it alone) until `tableResult` or `tableVoid`.
   */
  async placeTableBet(
    round_id: string,
    game_id: string,
    player: Player,
    stake_paise: number,
    slip: unknown,
  ): Promise<
    | { ok: true; balance_paise: number | null }
    | { ok: false; code: string; message: string; balance_paise: number | null }
  > {
    const open: OpenRecord = {
      t: 'open',
      round_id,
      game_id,
      player_id: player.player_id,
      session_id: player.session_id,
      stake_paise,
      win_paise: null,
      debit_tx: `${round_id}:d`,
      credit_tx: `${round_id}:c`,
      rollback_tx: `${round_id}:rb`,
      at: now(),
      outcome: slip,
    };
    this.journal.append(open);
    this.inFlight.add(round_id);
    const debit = await this.wallet.call('debit', {
      player_id: player.player_id,
      session_id: player.session_id,
      transaction_id: open.debit_tx,
      round_id,
      game_id,
      amount: stake_paise,
    });
    if (!debit.reached) {
      this.inFlight.delete(round_id);
      this.kick();
      return {
        ok: false,
        code: 'WALLET_UNREACHABLE',
        message: 'The wallet did not answer: the bet is cancelled and any stake taken is returned.',
        balance_paise: null,
      };
    }
    this.journal.append({ t: 'debited', round_id, code: debit.answer.code });
    if (this.fault === 'exit-after-debit') process.kill(process.pid, 'SIGKILL');
    if (debit.answer.code !== 'OK') {
      this.inFlight.delete(round_id);
      this.journal.append({ t: 'closed', round_id, how: 'refused', code: debit.answer.code, at: now() });
      return {
        ok: false,
        code: debit.answer.code,
        message: refusalMessage(debit.answer.code),
        balance_paise: debit.answer.balance,
      };
    }
    return { ok: true, balance_paise: debit.answer.balance };
  }

  /** The spin of a table bet is known: journal it, then credit it (0 for a losing slip). */
  async tableResult(round_id: string, win_paise: number): Promise<number | null> {
    const round = this.journal.rounds.get(round_id);
    if (round === undefined || round.closed !== null) return null;
    this.journal.append({ t: 'result', round_id, win_paise });
    this.inFlight.delete(round_id);
    return this.finish(round);
  }

  /**
   * Sends a pending round's credit (debit OK) or rollback (debit unanswered); journals the close.
   * Answers the balance after it, or null when the wallet was not reached (still pending).
   */
  async finish(round: RoundState): Promise<number | null> {
    const { open } = round;
    if (round.closed !== null) return null;
    if (round.debit_code !== null && round.debit_code !== 'OK') {
      this.journal.append({
        t: 'closed',
        round_id: open.round_id,
        how: 'refused',
        code: round.debit_code,
        at: now(),
      });
      return null;
    }
    // Credit a played round's win; roll back a debit never answered, or a table bet whose spin
    // never came (the process died before the dealer's result: the stake goes back).
    const how = round.debit_code === 'OK' && round.win_paise !== null ? 'credit' : 'rollback';
    const result =
      how === 'credit'
        ? await this.wallet.call('credit', {
            player_id: open.player_id,
            session_id: open.session_id,
            transaction_id: open.credit_tx,
            round_id: open.round_id,
            game_id: open.game_id,
            amount: round.win_paise!,
            round_closed: true,
          })
        : await this.wallet.call('rollback', {
            player_id: open.player_id,
            transaction_id: open.rollback_tx,
            reference_transaction_id: open.debit_tx,
            round_id: open.round_id,
            game_id: open.game_id,
          });
    if (!result.reached) {
      this.kick();
      return null;
    }
    // Any answer is final for us: OK, or a code the wallet will repeat for this id forever
    // (UNKNOWN_TRANSACTION for a debit that never landed). Logged, not retried.
    this.journal.append({ t: 'closed', round_id: open.round_id, how, code: result.answer.code, at: now() });
    return result.answer.balance;
  }

  /** Finishes every pending round (at start, and again while some cannot be delivered). */
  async settlePending(): Promise<{ finished: number; left: number }> {
    if (this.settling) return { finished: 0, left: this.journal.pending().length };
    this.settling = true;
    let finished = 0;
    try {
      const rounds = this.journal.pending().filter((r) => !this.inFlight.has(r.open.round_id));
      for (const round of rounds.slice(0, SETTLE_BATCH_MAX)) {
        await this.finish(round);
        if (round.closed !== null) finished++;
      }
    } finally {
      this.settling = false;
    }
    const left = this.journal.pending().length;
    if (left > 0) this.kick();
    return { finished, left };
  }

  /** Schedules another settling pass. */
  kick(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.settlePending();
    }, SETTLE_RETRY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
