import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSED_ROUNDS_KEPT, Journal, type OpenRecord } from '../src/journal.ts';
import { RoundRunner } from '../src/rounds.ts';
import type { Wallet, WalletCall } from '../src/wallet-client.ts';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'provider-journal-'));
  dirs.push(dir);
  return path.join(dir, 'rounds.jsonl');
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const open = (round_id: string, player_id = '7'): OpenRecord => ({
  t: 'open',
  round_id,
  game_id: 'jaipur-jewels',
  player_id,
  session_id: 's'.repeat(43),
  stake_paise: 1000,
  win_paise: 500,
  debit_tx: `${round_id}:d`,
  credit_tx: `${round_id}:c`,
  rollback_tx: `${round_id}:rb`,
  at: '2026-11-26T10:00:00.000Z',
  outcome: null,
});

describe('Journal', () => {
  it('a reopened journal knows which rounds are unfinished and how far each got', () => {
    const file = fresh();
    const j = new Journal(file);
    j.append(open('r1'));
    j.append({ t: 'debited', round_id: 'r1', code: 'OK' });
    j.append(open('r2'));
    j.append(open('r3'));
    j.append({ t: 'debited', round_id: 'r3', code: 'OK' });
    j.append({ t: 'closed', round_id: 'r3', how: 'credit', code: 'OK', at: '2026-11-26T10:00:01.000Z' });
    j.close();
    // A crash mid-write leaves a torn last line: it was never acknowledged, so it is skipped.
    appendFileSync(file, '{"t":"debited","round_id":"r2","co');
    const again = new Journal(file);
    const pending = again.pending();
    expect(pending.map((r) => [r.open.round_id, r.debit_code])).toEqual([
      ['r1', 'OK'],
      ['r2', null],
    ]);
    expect(again.lastRounds('7', 10).map((r) => r.open.round_id)).toEqual(['r3']);
    again.close();
  });

  it('compaction at start keeps every unfinished round and the last closed ones', () => {
    const file = fresh();
    // Written as a long run would have left it (without an fsync per line, to keep the test short).
    const lines = [open('keep-me')];
    for (let i = 0; i < CLOSED_ROUNDS_KEPT + 20; i++) {
      lines.push(open(`c${i}`));
      lines.push({ t: 'debited', round_id: `c${i}`, code: 'OK' } as never);
      lines.push({
        t: 'closed',
        round_id: `c${i}`,
        how: 'credit',
        code: 'OK',
        at: '2026-11-26T10:00:01.000Z',
      } as never);
    }
    appendFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    const again = new Journal(file);
    expect(again.pending().map((r) => r.open.round_id)).toEqual(['keep-me']);
    expect(again.rounds.size).toBe(CLOSED_ROUNDS_KEPT + 1);
    expect(again.rounds.has('c0')).toBe(false);
    expect(again.rounds.has(`c${CLOSED_ROUNDS_KEPT + 19}`)).toBe(true);
    again.close();
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(1 + 3 * CLOSED_ROUNDS_KEPT);
  });

  it('a table round whose result is journaled is credited after two restarts with compaction between (issue 40)', async () => {
    const file = fresh();
    const calls: { name: WalletCall; body: Record<string, unknown> }[] = [];
    /** The operator's wallet: answers OK, or is unreachable for credits (`up` false). */
    const wallet = (up: boolean): Wallet => ({
      async call(name, body) {
        calls.push({ name, body });
        if (!up && name !== 'debit') return { reached: false, reason: 'wallet down' };
        return { reached: true, answer: { code: 'OK', balance: 0, currency: 'INR' }, message: null };
      },
    });
    const player = { player_id: '7', session_id: 's'.repeat(43) };
    // The first run: the slip is debited, the spin is known (journaled), the credit is not delivered.
    const first = new Journal(file);
    const run1 = new RoundRunner(first, wallet(false));
    expect(await run1.placeTableBet('rt-1.p7', 'european-roulette', player, 3_000, {})).toMatchObject({
      ok: true,
    });
    expect(await run1.tableResult('rt-1.p7', 36_000)).toBeNull();
    run1.stop();
    first.close();
    // The second run compacts the journal at start; the wallet is still down.
    const second = new Journal(file);
    const run2 = new RoundRunner(second, wallet(false));
    expect(await run2.settlePending()).toEqual({ finished: 0, left: 1 });
    run2.stop();
    second.close();
    // The third run reads the compacted journal: the round is credited its win, not rolled back.
    const third = new Journal(file);
    expect(third.pending().map((r) => [r.open.round_id, r.debit_code, r.win_paise])).toEqual([
      ['rt-1.p7', 'OK', 36_000],
    ]);
    const run3 = new RoundRunner(third, wallet(true));
    calls.length = 0;
    expect(await run3.settlePending()).toEqual({ finished: 1, left: 0 });
    run3.stop();
    expect(calls.map((c) => [c.name, c.body.transaction_id, c.body.amount])).toEqual([
      ['credit', 'rt-1.p7:c', 36_000],
    ]);
    expect(third.rounds.get('rt-1.p7')!.closed).toMatchObject({ how: 'credit', code: 'OK' });
    third.close();
    // Compacted again, the closed round keeps its win for the player's last wins.
    const fourth = new Journal(file);
    expect(fourth.lastRounds('7', 5).map((r) => [r.open.round_id, r.win_paise])).toEqual([
      ['rt-1.p7', 36_000],
    ]);
    fourth.close();
  });
});
