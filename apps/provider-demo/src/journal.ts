// The provider's own store: an append-only JSON-lines journal of rounds, fsynced at each step,
// so that a round whose process died is finished when the process comes back. A round is
//
//   open     written BEFORE the debit is sent (stake, the played outcome, its transaction ids);
//   debited  the wallet's answer to the debit (OK, or the refusal);
//   closed   the credit or the rollback was answered, or the debit was refused.
//
// (a table round adds `result` when its spin is known: the win was not known at the debit).
// Compaction at start rewrites every round not closed with all of these records, its result too.
//
// On start an open round with a debit OK and a known win is credited (its recorded win, its
// recorded credit id); a table round whose spin never came is rolled back (the stake refunded);
// one with no debit answer is rolled back (the debit may or may not have landed: a rollback
// refunds it, or is recorded by the wallet so the debit, if it ever lands, is refused). The
// wallet is idempotent on our transaction ids, so sending either again is always safe.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Closed rounds kept when the journal is compacted at start (the players' last wins). */
export const CLOSED_ROUNDS_KEPT = 500;
/** A journal line longer than this is refused (a bound on what one round may record). */
export const LINE_BYTES_MAX = 256 * 1024;

export interface OpenRecord {
  readonly t: 'open';
  readonly round_id: string;
  readonly game_id: string;
  readonly player_id: string;
  readonly session_id: string;
  readonly stake_paise: number;
  /** The round's win, or null while its result is not known yet (a table bet before the spin). */
  readonly win_paise: number | null;
  readonly debit_tx: string;
  readonly credit_tx: string;
  readonly rollback_tx: string;
  readonly at: string;
  /** What the player saw (the game's own record); kept for the round's history. */
  readonly outcome: unknown;
}
export interface DebitedRecord {
  readonly t: 'debited';
  readonly round_id: string;
  readonly code: string;
}
/** A table round's result for this player: what the credit pays. */
export interface ResultRecord {
  readonly t: 'result';
  readonly round_id: string;
  readonly win_paise: number;
}
export interface ClosedRecord {
  readonly t: 'closed';
  readonly round_id: string;
  readonly how: 'credit' | 'rollback' | 'refused';
  readonly code: string;
  readonly at: string;
}
export type JournalRecord = OpenRecord | DebitedRecord | ResultRecord | ClosedRecord;

export interface RoundState {
  readonly open: OpenRecord;
  debit_code: string | null;
  win_paise: number | null;
  closed: ClosedRecord | null;
}

export class Journal {
  private fd: number;
  readonly rounds = new Map<string, RoundState>();

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    if (existsSync(file)) this.replay(readFileSync(file, 'utf8'));
    this.compact();
    this.fd = openSync(file, 'a');
  }

  private replay(text: string): void {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let record: JournalRecord;
      try {
        record = JSON.parse(line) as JournalRecord;
      } catch {
        // A line torn by a crash mid-write: it was never fsynced, so nothing was sent after it.
        continue;
      }
      this.apply(record);
    }
  }

  private apply(record: JournalRecord): void {
    if (record.t === 'open') {
      this.rounds.set(record.round_id, {
        open: record,
        debit_code: null,
        win_paise: record.win_paise,
        closed: null,
      });
      return;
    }
    const round = this.rounds.get(record.round_id);
    if (round === undefined) return;
    if (record.t === 'debited') round.debit_code = record.code;
    else if (record.t === 'result') round.win_paise = record.win_paise;
    else round.closed = record;
  }

  /**
   * Rewrites the journal with the unfinished rounds and the last closed ones (atomic rename). Each
   * kept round is written whole: its open, its debit's answer, its result (a table round's win,
   * known after the open) and its close, so a round whose credit was not acknowledged is credited
   * its win after any number of restarts (issue 40: the result was dropped here, and the next
   * start after a second restart rolled a winning round back).
   */
  private compact(): void {
    const states = [...this.rounds.values()];
    const closed = states.filter((r) => r.closed !== null).slice(-CLOSED_ROUNDS_KEPT);
    const keep = new Set([...states.filter((r) => r.closed === null), ...closed]);
    for (const [id, state] of this.rounds) if (!keep.has(state)) this.rounds.delete(id);
    const lines: string[] = [];
    for (const state of this.rounds.values()) {
      lines.push(JSON.stringify(state.open));
      if (state.debit_code !== null)
        lines.push(JSON.stringify({ t: 'debited', round_id: state.open.round_id, code: state.debit_code }));
      if (state.win_paise !== null && state.win_paise !== state.open.win_paise)
        lines.push(
          JSON.stringify({ t: 'result', round_id: state.open.round_id, win_paise: state.win_paise }),
        );
      if (state.closed !== null) lines.push(JSON.stringify(state.closed));
    }
    const tmp = `${this.file}.tmp`;
    const fd = openSync(tmp, 'w');
    writeSync(fd, lines.length > 0 ? `${lines.join('\n')}\n` : '');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.file);
  }

  /** Appends and fsyncs: when this returns the record survives a crash. */
  append(record: JournalRecord): void {
    const line = `${JSON.stringify(record)}\n`;
    if (Buffer.byteLength(line) > LINE_BYTES_MAX) throw new Error('journal record too long');
    writeSync(this.fd, line);
    fsyncSync(this.fd);
    this.apply(record);
  }

  /** Rounds not closed, oldest first. */
  pending(): RoundState[] {
    return [...this.rounds.values()].filter((r) => r.closed === null);
  }

  /** A player's last closed rounds that were played (debit OK), newest first. */
  lastRounds(player_id: string, limit: number): RoundState[] {
    const out: RoundState[] = [];
    const all = [...this.rounds.values()];
    for (let i = all.length - 1; i >= 0 && out.length < limit; i--) {
      const r = all[i]!;
      if (r.open.player_id === player_id && r.closed?.how === 'credit') out.push(r);
    }
    return out;
  }

  close(): void {
    closeSync(this.fd);
  }
}
