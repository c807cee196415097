// DESIGN.md §7 as a test (issue 40): every registered market kind and every product with no market
// of ours is built on the mechanisms, never beside them. For each: its stakes go through the one
// stake gate (and nothing in its folder locks a wallet another way or writes a stake transfer by
// hand), it declares its outcome space to the generic holds (recomputeHolds, outcomePositions:
// what the ledger check and the risk view read), the race test's operations bet on it and the
// race test's oracle prices it. A kind registered tomorrow fails here until it has all of them.
import { marketKind } from '@backlay/contract';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CREDIT_GIVEN, CREDIT_RETURNED } from '../src/modules/hierarchy/credit.ts';
import { STAKE_TRANSFER_KINDS, type StakeTransferKind } from '../src/modules/wallet/service.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const TEST = fileURLToPath(new URL('./', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(p);
    return d.name.endsWith('.ts') ? [p] : [];
  });
}
const folderText = (folder: string) =>
  filesUnder(path.join(SRC, 'modules', folder))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
const raceOps = readFileSync(path.join(TEST, 'helpers/race-ops.ts'), 'utf8');
const raceOracle = readFileSync(path.join(TEST, 'helpers/race-oracle.ts'), 'utf8');

/** The gate's entry points (modules/wallet/stake-gate.ts): one of them takes every stake. */
const GATE = /wallet\.(grant|passStakeGate|lockStake)\(/;

/**
 * Each product: its folder, the call its stakes take, and how the race test reaches it (an
 * operation of race-ops.ts that bets on it, and what race-oracle.ts prices it by).
 */
const PRODUCTS: Record<string, { folder: string; raceOp: RegExp; oracle: RegExp }> = {
  EXCHANGE: { folder: 'exchange', raceOp: /'placePlaced'|'place'/, oracle: /function exchangeModel\(/ },
  BOOKMAKER: { folder: 'bookmaker', raceOp: /'bmPlace'/, oracle: /function bookmakerModel\(/ },
  FANCY: { folder: 'fancy', raceOp: /'fancyPlace'/, oracle: /function fancyModel\(/ },
  CASINO: { folder: 'casino', raceOp: /'casinoBet'/, oracle: /function casinoModel\(/ },
  BINARY: { folder: 'binary', raceOp: /'binaryBet'/, oracle: /function binaryModel\(/ },
  /** A provider's games: no market of ours; a debit is the stake (provider_bet). */
  PROVIDER: { folder: 'providers', raceOp: /'providerDebit'/, oracle: /function providerModel\(/ },
  /** Fantasy contests: no market of ours; the entry fee is the stake (fantasy_entry). */
  FANTASY: { folder: 'fantasy', raceOp: /'fantasyJoin'/, oracle: /function fantasyModel\(/ },
};

describe('every product is built on the mechanisms (DESIGN.md §7)', () => {
  it('every registered market kind has its checklist entry', () => {
    for (const kind of marketKind.options) expect(Object.keys(PRODUCTS)).toContain(kind);
  });

  for (const [name, p] of Object.entries(PRODUCTS)) {
    it(`${name}: its stakes pass the stake gate, and nothing in it stakes beside it`, () => {
      const text = folderText(p.folder);
      expect(text, `modules/${p.folder} calls the gate`).toMatch(GATE);
      // The wallet's ways around the gate are gone or refuse: no ungated wallet lock for a bet,
      // no stake transfer written by hand.
      expect(text).not.toMatch(/lockFreeBalancesPaise|lockBalancesPaise/);
      for (const kind of STAKE_TRANSFER_KINDS) {
        const byHand = new RegExp(
          `(?:wallet\\.transfer|providerTransfer|insertTransfer)\\([^)]*'${kind}'`,
          's',
        );
        expect(text).not.toMatch(byHand);
      }
      // A route that stakes names the caller's session (never the system's).
      expect(text).not.toMatch(/SYSTEM_STAKER/);
    });

    it(`${name}: the race test bets on it and its oracle prices it`, () => {
      expect(p.raceOp.test(raceOps), `race-ops.ts has an operation staking on ${name}`).toBe(true);
      expect(p.oracle.test(raceOracle), `race-oracle.ts prices ${name}`).toBe(true);
    });
  }

  it('every registered market kind asks the market module first whether the market takes the bet', () => {
    // modules/markets/takes-bets.ts; market-takes-bets.test.ts places through each kind's route.
    for (const kind of marketKind.options) {
      const p = PRODUCTS[kind]!;
      expect(folderText(p.folder), `modules/${p.folder} asks the market`).toMatch(
        /marketRefusalOf\(|marketBetRefusal\(/,
      );
    }
  });

  it('every registered market kind declares its outcome space to the generic holds', () => {
    for (const kind of marketKind.options) {
      const text = folderText(PRODUCTS[kind]!.folder);
      expect(text, `${kind} recomputes its holds (the ledger check's figure)`).toMatch(
        /recomputeHolds\s*[(:]/,
      );
      expect(text, `${kind} names its outcomes for the risk view`).toMatch(/outcomePositions\s*[(:]/);
    }
  });

  it('every transfer kind the server writes is classed, and each that makes a stake goes through the gate', () => {
    // Each literal kind written by a ledger call in src/, with the call that writes it.
    const call =
      /(\.transfer|insertTransfer|takeStake|providerTransfer)\(\s*\w+\s*,\s*(?:[\w.]+\s*,\s*)?\{(.*?)\}\s*\)/gs;
    const written = new Map<string, Set<string>>();
    for (const f of filesUnder(SRC)) {
      for (const m of readFileSync(f, 'utf8').matchAll(call)) {
        const kind = /kind:\s*'([a-z_]+)'/.exec(m[2]!)?.[1];
        if (kind) written.set(kind, (written.get(kind) ?? new Set()).add(m[1]!));
      }
    }
    /** What each kind does to a bettor's cash. A stake must be one of STAKE_TRANSFER_KINDS. */
    const CLASSES: Record<
      string,
      'stake' | 'pays the bettor' | 'leaves through a withdrawal' | 'between house accounts'
    > = {
      provider_bet: 'stake',
      fantasy_entry: 'stake',
      deposit: 'pays the bettor',
      provider_win: 'pays the bettor',
      provider_refund: 'pays the bettor',
      fantasy_prize: 'pays the bettor',
      fantasy_refund: 'pays the bettor',
      withdrawal_returned: 'pays the bettor',
      payment_reconciled: 'pays the bettor',
      // Checked against the available balance after the wallet's lock (wallet.withdraw, holdWithdrawal).
      withdrawal: 'leaves through a withdrawal',
      withdrawal_paid: 'between house accounts',
      fantasy_rake: 'between house accounts',
      // A parent's credit to a child and back (modules/hierarchy/credit.ts): checked against the
      // sender's available balance after both wallets' locks; never a stake.
      [CREDIT_GIVEN]: 'leaves through a withdrawal',
      [CREDIT_RETURNED]: 'leaves through a withdrawal',
    };
    for (const [kind, calls] of written) {
      expect(CLASSES[kind], `transfer kind ${kind} is classed here`).toBeDefined();
      if (CLASSES[kind] === 'stake') {
        expect(STAKE_TRANSFER_KINDS).toContain(kind as StakeTransferKind);
        expect([...calls], `${kind} is written only by takeStake`).toEqual(['takeStake']);
      }
    }
    const stakes = Object.entries(CLASSES)
      .filter(([, c]) => c === 'stake')
      .map(([k]) => k);
    expect(stakes.sort()).toEqual([...STAKE_TRANSFER_KINDS].sort());
  });

  it('only the demo feed stakes as the system', () => {
    const users = filesUnder(SRC)
      .filter((f) => readFileSync(f, 'utf8').includes('SYSTEM_STAKER'))
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'));
    expect(users.sort()).toEqual(['feeds/feed.ts', 'modules/wallet/stake-gate.ts']);
  });
});
