// The demo provider (apps/provider-demo) as its own process against this server over real HTTP:
// a bettor launches a slot, the page's spin reaches the provider, the provider debits our wallet,
// and the provider's process is SIGKILLed before it credits (or before it recorded the debit's
// answer). While it is down no money is lost or created (the stake sits in the provider's house
// account, the ledger check holds); when it comes back it reads its journal and finishes the
// round: the recorded win is credited, or an unanswered debit rolled back. Issue 23, "Done when".
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { LiveCasinoBets, WorldCasinoGameList } from '@backlay/contract';
import { roundGame } from '@backlay/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { providerRounds } from '../src/modules/providers/schema.ts';
import { bettorOf, operatorOf } from './helpers/people.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';
import { compiledAppArgs } from '../../../scripts/compiled-apps.mjs';

/** Run compiled, as `npm start` runs it (built by the project's global setup). */
const COMPILED = compiledAppArgs('provider-demo');
const SECRET = 'crash-test-provider-secret-0123';
const READY_TIMEOUT_MS = 30_000;
const SETTLE_TIMEOUT_MS = 20_000;
const STAKE_PAISE = 1_000;
const FUNDS_PAISE = 100_000;
const GAME = 'jaipur-jewels';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const PROVIDER_PORT = await freePort();
const PROVIDER_URL = `http://127.0.0.1:${PROVIDER_PORT}`;

type Running = { child: ChildProcess; exited: Promise<NodeJS.Signals | number | null>; output: () => string };

/** Starts the real provider process and waits for its ready line. */
async function startProvider(walletUrl: string, dataDir: string, fault: string | null): Promise<Running> {
  return startProviderWith(walletUrl, dataDir, fault, {});
}

/** The roulette table's timer, short for the tests: 1.5 s of bets, 0.3 s of spin. */
const FAST_TABLE = {
  ROULETTE_WINDOW_MS: '1500',
  ROULETTE_SPIN_MS: '300',
  CARD_WINDOW_MS: '1500',
  CARD_DEAL_MS: '300',
};

async function startProviderWith(
  walletUrl: string,
  dataDir: string,
  fault: string | null,
  extra: Record<string, string>,
): Promise<Running> {
  const child = spawn(process.execPath, COMPILED.args, {
    cwd: COMPILED.cwd,
    env: {
      ...process.env,
      PROVIDER_DEMO_PORT: String(PROVIDER_PORT),
      PROVIDER_DEMO_SECRET: SECRET,
      BACKLAY_WALLET_URL: walletUrl,
      PROVIDER_DEMO_DATA: dataDir,
      LOG_LEVEL: 'warn',
      ...extra,
      ...(fault === null ? {} : { PROVIDER_DEMO_FAULT: fault }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`provider not ready: ${output}`)), READY_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      if (line.includes('PROVIDER_DEMO_READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((how) => reject(new Error(`provider exited (${how}) before ready: ${output}`)));
  });
  await ready;
  return { child, exited, output: () => output };
}

async function stopProvider(p: Running): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await p.exited;
}

async function providerPost(
  pathname: string,
  body: unknown,
): Promise<{ status: boolean; message?: string; data?: Record<string, unknown> }> {
  const res = await fetch(`${PROVIDER_URL}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: boolean; message?: string; data?: Record<string, unknown> };
}

type JournalLine = { t: string; round_id: string; win_paise?: number; how?: string; code?: string };
const journalOf = (dataDir: string): JournalLine[] =>
  readFileSync(path.join(dataDir, 'rounds.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as JournalLine);

const closedOf = (dataDir: string, round_id: string) =>
  journalOf(dataDir).find((l) => l.t === 'closed' && l.round_id === round_id);

async function until(
  what: string,
  ok: () => Promise<boolean>,
  timeout_ms = SETTLE_TIMEOUT_MS,
): Promise<void> {
  const end = Date.now() + timeout_ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeStores(
  'the demo provider process killed mid-round',
  (ctx: StoreContext) => {
    let walletUrl = '';
    const dirs: string[] = [];
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      walletUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/api/provider/wallet`;
    });
    afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

    async function ledgerClean() {
      const check = await (await operatorOf(ctx)).call('adminLedgerCheck');
      expect(check.body.data).toMatchObject({ ok: true, problems: [] });
    }
    const roundStatus = async (userId: number, roundId: string) => {
      const [row] = await ctx.app.db
        .select({ status: providerRounds.status })
        .from(providerRounds)
        .where(and(eq(providerRounds.roundId, roundId), eq(providerRounds.userId, userId)));
      return row?.status;
    };

    /** A bettor launches the slot through our lobby and its page opens a session at the provider. */
    async function launchedBettor(name = 'Jaipur Jewels', providerGame = GAME) {
      const u = await bettorOf(ctx, FUNDS_PAISE);
      const list = (await u.call('getGameList', {})).body.data as WorldCasinoGameList;
      const game = list.games.find((g) => g.name === name);
      expect(game, JSON.stringify(list)).toBeDefined();
      const launch = await u.call('userAuthentication', { game_id: game!.game_id });
      expect(launch.body.status, launch.body.message).toBe(true);
      const url = new URL((launch.body.data as { url: string }).url);
      expect(url.origin).toBe(PROVIDER_URL);
      const session = await providerPost('/api/session', {
        token: url.searchParams.get('token'),
        game_id: providerGame,
      });
      expect(session.status, session.message).toBe(true);
      expect(session.data!.balance_paise).toBe(FUNDS_PAISE);
      return { u, page_session: session.data!.page_session as string };
    }

    async function crashRound(fault: string) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-demo-crash-'));
      dirs.push(dataDir);
      const first = await startProvider(walletUrl, dataDir, fault);
      expect(await ctx.app.providers.sync('demo')).toEqual({ ok: true });
      const { u, page_session } = await launchedBettor();
      // The spin's answer never comes: the provider kills itself mid-round.
      await expect(providerPost('/api/spin', { page_session, stake_paise: STAKE_PAISE })).rejects.toThrow();
      expect(await first.exited).toBe('SIGKILL');
      const [open] = journalOf(dataDir).filter((l) => l.t === 'open');
      expect(open).toBeDefined();
      return { u, dataDir, open: open! };
    }

    it('killed after the debit: the stake is held meanwhile, and the win is credited when it comes back', async () => {
      const { u, dataDir, open } = await crashRound('exit-after-debit');
      // While the provider is down: the stake left the bettor once, nothing else moved.
      expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - STAKE_PAISE);
      expect(await roundStatus(u.userId, open.round_id)).toBe('OPEN');
      await ledgerClean();

      const second = await startProvider(walletUrl, dataDir, null);
      try {
        await until(
          'the round credited',
          async () => (await roundStatus(u.userId, open.round_id)) === 'CLOSED',
        );
        await until('the journal closed', async () => closedOf(dataDir, open.round_id) !== undefined);
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(
          FUNDS_PAISE - STAKE_PAISE + open.win_paise!,
        );
        const closed = closedOf(dataDir, open.round_id);
        expect(closed).toMatchObject({ how: 'credit', code: 'OK' });
        await ledgerClean();
        // The report shows the round, settled.
        const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
        const report = (await u.call('getLiveCasinoBets', { from_date: today, to_date: today })).body
          .data as LiveCasinoBets;
        expect(report.rows.map((r) => [r.round_id, r.stake, r.win])).toEqual([
          [open.round_id, STAKE_PAISE / 100, open.win_paise! / 100],
        ]);
      } finally {
        await stopProvider(second);
      }
    });

    it("killed before it recorded the debit's answer: the debit is rolled back when it comes back", async () => {
      const { u, dataDir, open } = await crashRound('exit-before-debit-answer');
      // The debit landed (the wallet answered it) but the provider never wrote that down.
      expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - STAKE_PAISE);
      await ledgerClean();

      const second = await startProvider(walletUrl, dataDir, null);
      try {
        await until(
          'the round cancelled',
          async () => (await roundStatus(u.userId, open.round_id)) === 'CANCELLED',
        );
        await until('the journal closed', async () => closedOf(dataDir, open.round_id) !== undefined);
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE);
        const closed = closedOf(dataDir, open.round_id);
        expect(closed).toMatchObject({ how: 'rollback', code: 'OK' });
        await ledgerClean();
      } finally {
        await stopProvider(second);
      }
    });

    const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    type TableView = {
      phase: string;
      phase_ends_in_ms: number;
      my_last: { pocket: number; win_paise: number } | null;
    };
    const tableState = async (page_session: string) =>
      (await providerPost('/api/roulette/state', { page_session })).data as unknown as TableView;
    /** Waits for a betting window with time left, then places the slip. */
    async function placeSlip(page_session: string, bets: { bet: string; stake_paise: number }[]) {
      await until('a betting window', async () => {
        const v = await tableState(page_session);
        return v.phase === 'BETTING' && v.phase_ends_in_ms > 700;
      });
      return providerPost('/api/roulette/bet', { page_session, bets });
    }
    const SLIP = [
      { bet: 'red', stake_paise: 1_000 },
      { bet: 'straight:17', stake_paise: 1_000 },
      // Inside bets of the standard board (issue 47): a corner pays 8 to 1, a six line 5 to 1.
      { bet: 'corner:17', stake_paise: 1_000 },
      { bet: 'line:31', stake_paise: 1_000 },
    ];
    const SLIP_PAISE = 4_000;
    /** What SLIP returns when the ball lands in `pocket`. */
    const slipReturns = (pocket: number) =>
      (RED.includes(pocket) ? 2_000 : 0) +
      (pocket === 17 ? 36_000 : 0) +
      ([17, 18, 20, 21].includes(pocket) ? 9_000 : 0) +
      (pocket >= 31 ? 6_000 : 0);

    it('the roulette table: a slip is debited in the window and credited what the spin returns', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-demo-table-'));
      dirs.push(dataDir);
      const p = await startProviderWith(walletUrl, dataDir, null, FAST_TABLE);
      try {
        expect(await ctx.app.providers.sync('demo')).toEqual({ ok: true });
        const { u, page_session } = await launchedBettor('European Roulette', 'european-roulette');
        // Bad slips are refused with a reason and move nothing.
        for (const notOnTheBoard of ['straight:37', 'split:1-3', 'corner:3', 'line:34']) {
          const bad = await placeSlip(page_session, [{ bet: notOnTheBoard, stake_paise: 1_000 }]);
          expect(bad).toMatchObject({ status: false, message: expect.stringContaining('not a bet') });
        }
        const odd = await placeSlip(page_session, [{ bet: 'red', stake_paise: 1_234 }]);
        expect(odd).toMatchObject({ status: false, message: expect.stringContaining('chips') });
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE);
        const placed = await placeSlip(page_session, SLIP);
        expect(placed.status, placed.message).toBe(true);
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - SLIP_PAISE);
        const again = await providerPost('/api/roulette/bet', { page_session, bets: SLIP });
        expect(again).toMatchObject({ status: false });
        let last: TableView['my_last'] = null;
        await until('the spin', async () => (last = (await tableState(page_session)).my_last) !== null);
        const expected = slipReturns(last!.pocket);
        expect(last!.win_paise).toBe(expected);
        await until(
          'the credit',
          async () => (await ctx.app.wallet.availablePaise(u.userId)) === FUNDS_PAISE - SLIP_PAISE + expected,
        );
        await ledgerClean();
      } finally {
        await stopProvider(p);
      }
    });

    it('the roulette table killed after a slip was debited: the stake is refunded when it comes back', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-demo-table-'));
      dirs.push(dataDir);
      const first = await startProviderWith(walletUrl, dataDir, 'exit-after-debit', FAST_TABLE);
      expect(await ctx.app.providers.sync('demo')).toEqual({ ok: true });
      const { u, page_session } = await launchedBettor('European Roulette', 'european-roulette');
      await expect(placeSlip(page_session, SLIP)).rejects.toThrow();
      expect(await first.exited).toBe('SIGKILL');
      expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - SLIP_PAISE);
      await ledgerClean();
      const [open] = journalOf(dataDir).filter((l) => l.t === 'open');
      const second = await startProviderWith(walletUrl, dataDir, null, FAST_TABLE);
      try {
        await until(
          'the slip refunded',
          async () => (await roundStatus(u.userId, open!.round_id)) === 'CANCELLED',
        );
        await until('the journal closed', async () => closedOf(dataDir, open!.round_id) !== undefined);
        expect(closedOf(dataDir, open!.round_id)).toMatchObject({ how: 'rollback', code: 'OK' });
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE);
        await ledgerClean();
      } finally {
        await stopProvider(second);
      }
    });

    it('the roulette table: a result journaled but not credited survives two restarts with compaction; the win is credited, not rolled back (issue 40)', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-demo-table-'));
      dirs.push(dataDir);
      // The provider reaches our wallet through this relay, which answers 503 to credits while
      // `creditsDown` (the wallet out of reach): the round stays pending in the journal.
      let creditsDown = true;
      const relay: Server = createHttpServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          void (async () => {
            if (creditsDown && req.url!.endsWith('/credit')) {
              res.writeHead(503).end();
              return;
            }
            const headers: Record<string, string> = {};
            for (const h of ['content-type', 'x-provider-signature', 'x-provider-id'])
              if (typeof req.headers[h] === 'string') headers[h] = req.headers[h];
            try {
              const answer = await fetch(`${walletUrl}${req.url!}`, {
                method: 'POST',
                headers,
                body: Buffer.concat(chunks),
              });
              res
                .writeHead(answer.status, { 'content-type': 'application/json' })
                .end(Buffer.from(await answer.arrayBuffer()));
            } catch {
              res.writeHead(502).end();
            }
          })();
        });
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      const relayUrl = `http://127.0.0.1:${(relay.address() as { port: number }).port}`;
      let p = await startProviderWith(relayUrl, dataDir, null, FAST_TABLE);
      try {
        expect(await ctx.app.providers.sync('demo')).toEqual({ ok: true });
        const { u, page_session } = await launchedBettor('European Roulette', 'european-roulette');
        // Red, black and zero: every pocket returns something, never the ₹30 stake itself.
        const slip = [
          { bet: 'red', stake_paise: 1_000 },
          { bet: 'black', stake_paise: 1_000 },
          { bet: 'straight:0', stake_paise: 1_000 },
        ];
        const placed = await placeSlip(page_session, slip);
        expect(placed.status, placed.message).toBe(true);
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - 3_000);
        let last: TableView['my_last'] = null;
        await until('the spin', async () => (last = (await tableState(page_session)).my_last) !== null);
        const win = last!.win_paise;
        expect(win === 2_000 || win === 36_000, String(win)).toBe(true);
        const [open] = journalOf(dataDir).filter((l) => l.t === 'open');
        await until('the result journaled', async () =>
          journalOf(dataDir).some((l) => l.t === 'result' && l.round_id === open!.round_id),
        );
        await stopProvider(p);
        // Two restarts, each compacting the journal at start; the first still cannot credit.
        p = await startProviderWith(relayUrl, dataDir, null, FAST_TABLE);
        await stopProvider(p);
        expect(closedOf(dataDir, open!.round_id)).toBeUndefined();
        expect(await roundStatus(u.userId, open!.round_id)).toBe('OPEN');
        creditsDown = false;
        p = await startProviderWith(relayUrl, dataDir, null, FAST_TABLE);
        await until('the journal closed', async () => closedOf(dataDir, open!.round_id) !== undefined);
        expect(closedOf(dataDir, open!.round_id)).toMatchObject({ how: 'credit', code: 'OK' });
        expect(await roundStatus(u.userId, open!.round_id)).toBe('CLOSED');
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - 3_000 + win);
        await ledgerClean();
      } finally {
        await stopProvider(p);
        await new Promise((resolve) => relay.close(resolve));
      }
    });

    type CardView = {
      phase: string;
      round_id: string;
      seed_hash: string;
      phase_ends_in_ms: number;
      my_last: {
        table_round: string;
        cards: string[];
        seed: string;
        seed_hash: string;
        stake_paise: number;
        win_paise: number;
      } | null;
    };
    const cardState = async (page_session: string) =>
      (await providerPost('/api/table/state', { page_session })).data as unknown as CardView;
    async function placeCards(page_session: string, bets: { option_id: string; stake_paise: number }[]) {
      await until('a betting window', async () => {
        const v = await cardState(page_session);
        return v.phase === 'BETTING' && v.phase_ends_in_ms > 700;
      });
      return providerPost('/api/table/bet', { page_session, bets });
    }
    const DT = 'live-dragon_tiger_20';
    const DT_SLIP = [
      // Dragon and Tiger both: every deal returns something, so a wrong return always shows.
      { option_id: 'dragon', stake_paise: 1_000 },
      { option_id: 'tiger', stake_paise: 2_000 },
      { option_id: 'tie', stake_paise: 1_000 },
      { option_id: 'tiger_red', stake_paise: 5_000 },
    ];
    const DT_STAKE_PAISE = 9_000;

    it('Dragon Tiger 20-20 Live: debited the slip, credited what the engine settles for the revealed seed', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-demo-cards-'));
      dirs.push(dataDir);
      const p = await startProviderWith(walletUrl, dataDir, null, FAST_TABLE);
      try {
        expect(await ctx.app.providers.sync('demo')).toEqual({ ok: true });
        const { u, page_session } = await launchedBettor('Dragon Tiger 20-20 Live', DT);
        const bad = await placeCards(page_session, [{ option_id: 'banker', stake_paise: 1_000 }]);
        expect(bad).toMatchObject({ status: false, message: expect.stringContaining('option') });
        const odd = await placeCards(page_session, [{ option_id: 'dragon', stake_paise: 1_234 }]);
        expect(odd).toMatchObject({ status: false, message: expect.stringContaining('chips') });
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE);
        const placed = await placeCards(page_session, DT_SLIP);
        expect(placed.status, placed.message).toBe(true);
        const at = placed.data as unknown as CardView;
        expect(at.seed_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - DT_STAKE_PAISE);
        let last: CardView['my_last'] = null;
        await until('the deal', async () => (last = (await cardState(page_session)).my_last) !== null);
        // The revealed seed is the one whose hash was published when bets were taken.
        expect(last!.table_round).toBe(at.round_id);
        expect(createHash('sha256').update(last!.seed).digest('hex')).toBe(at.seed_hash);
        // Recompute the deal and the settlement from the seed, as any bettor can.
        const game = roundGame('dragon_tiger_20')!;
        const hmac = (key: string, message: string) =>
          new Uint8Array(createHmac('sha256', key).update(message).digest());
        const play = game.play(last!.seed, at.round_id, hmac);
        expect(last!.cards).toEqual(play.steps);
        const profits = game.settle(DT_SLIP, play.result);
        const expected = DT_SLIP.reduce((sum, b, i) => sum + b.stake_paise + profits[i]!, 0);
        expect(last!.win_paise).toBe(expected);
        await until(
          'the credit',
          async () =>
            (await ctx.app.wallet.availablePaise(u.userId)) === FUNDS_PAISE - DT_STAKE_PAISE + expected,
        );
        const [open] = journalOf(dataDir).filter((l) => l.t === 'open');
        await until(
          'the round closed',
          async () => (await roundStatus(u.userId, open!.round_id)) === 'CLOSED',
        );
        expect(closedOf(dataDir, open!.round_id)).toMatchObject({ how: 'credit', code: 'OK' });
        await ledgerClean();
      } finally {
        await stopProvider(p);
      }
    });

    it('Dragon Tiger 20-20 Live killed after a slip was debited: refunded when it comes back', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'provider-demo-cards-'));
      dirs.push(dataDir);
      const first = await startProviderWith(walletUrl, dataDir, 'exit-after-debit', FAST_TABLE);
      expect(await ctx.app.providers.sync('demo')).toEqual({ ok: true });
      const { u, page_session } = await launchedBettor('Dragon Tiger 20-20 Live', DT);
      await expect(placeCards(page_session, DT_SLIP)).rejects.toThrow();
      expect(await first.exited).toBe('SIGKILL');
      expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE - DT_STAKE_PAISE);
      await ledgerClean();
      const [open] = journalOf(dataDir).filter((l) => l.t === 'open');
      const second = await startProviderWith(walletUrl, dataDir, null, FAST_TABLE);
      try {
        await until(
          'the slip refunded',
          async () => (await roundStatus(u.userId, open!.round_id)) === 'CANCELLED',
        );
        await until('the journal closed', async () => closedOf(dataDir, open!.round_id) !== undefined);
        expect(closedOf(dataDir, open!.round_id)).toMatchObject({ how: 'rollback', code: 'OK' });
        expect(await ctx.app.wallet.availablePaise(u.userId)).toBe(FUNDS_PAISE);
        await ledgerClean();
      } finally {
        await stopProvider(second);
      }
    });
  },
  { providers: { list: [{ id: 'demo', name: 'Demo Games', base_url: PROVIDER_URL, secret: SECRET }] } },
);
