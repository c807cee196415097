import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSED_ROUNDS_KEPT, Journal, type OpenRecord } from '../src/journal.ts';

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
});
