// The race test's oracle (docs/reliability.md): the money invariants recomputed from the rows of
// one snapshot with packages/engine — the naive model — never with the server's own
// recomputeHolds or settlement, which are what is under test. A position is a function of the
// bets that are not void over the runners still running (issue 28 item 2): the voids of
// market_voids (runner, window of placing, named bet) are applied here from the rows.
import {
  binaryExposurePaise,
  binaryResult,
  bookmakerPosition,
  fancyExposurePaise,
  marketPosition,
  movementsFromNets,
  payout,
  roundGame,
  serverSeedHash,
  settleBookmakerBetsPaise,
  settleFancyBetPaise,
  settleBinaryBetsPaise,
  settleMarket,
  splitPool,
  type PositionBet,
  type SettleBet,
} from '@backlay/engine';
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { providerNets, type ProviderBook } from './race-provider.ts';
import type { FeedTick, Scoreboard } from '@backlay/feed';
import { binaryBets, binarySessions } from '../../src/modules/binary/schema.ts';
import { bookmakerBets } from '../../src/modules/bookmaker/schema.ts';
import { casinoBets, casinoRounds } from '../../src/modules/casino/schema.ts';
import { bets, fills } from '../../src/modules/exchange/schema.ts';
import { fancies, fancyBets } from '../../src/modules/fancy/schema.ts';
import { fantasyContests, fantasyEntries } from '../../src/modules/fantasy/schema.ts';
import { marketSettlements, marketVoids, markets, runners } from '../../src/modules/markets/schema.ts';
import { providerRounds, providerTransactions } from '../../src/modules/providers/schema.ts';
import {
  exposureHolds,
  exposureReservations,
  ledgerAccounts,
  transfers,
} from '../../src/modules/wallet/schema.ts';

export type Problem = {
  /** Which invariant: kind, hold, available, conservation, share, ledger-check, audit, status, answer. */
  invariant: string;
  detail: string;
  userId?: number;
  marketId?: number;
};

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

type Snapshot = Awaited<ReturnType<typeof readSnapshot>>;
type VoidRow = typeof marketVoids.$inferSelect;

/** Every row the invariants need, read in one REPEATABLE READ transaction (one committed state). */
async function readSnapshot(app: FastifyInstance) {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const cash = await tx.execute(sql`
      select a.account_id, a.user_id, a.kind, a.code, a.balance_paise::bigint as balance,
             coalesce((select sum(t.amount_paise) from ${transfers} t
                        where t.credit_account_id = a.account_id and t.kind = 'deposit'), 0)::bigint as deposited,
             coalesce((select sum(t.amount_paise) from ${transfers} t
                        where t.debit_account_id = a.account_id and t.kind = 'withdrawal'), 0)::bigint as withdrawn,
             coalesce((select sum(case when t.credit_account_id = a.account_id then t.amount_paise else -t.amount_paise end)
                         from ${transfers} t
                        where a.account_id in (t.debit_account_id, t.credit_account_id)
                          and t.kind in ('credit_given', 'credit_returned')), 0)::bigint as credited
        from ${ledgerAccounts} a`);
    // Every share transfer and reversal of one, with the user whose cash it moves (the upline).
    const shareRows = await tx.execute(sql`
      select t.transfer_id, t.kind, t.memo, t.idempotency_key, t.market_id, t.amount_paise::bigint as amount,
             d.user_id as debit_user_id, c.user_id as credit_user_id
        from ${transfers} t
        join ${ledgerAccounts} d on d.account_id = t.debit_account_id
        join ${ledgerAccounts} c on c.account_id = t.credit_account_id
       where t.kind in ('share_win', 'share_loss')
          or (t.kind = 'settlement_reversal' and t.memo in ('share_win', 'share_loss'))`);
    return {
      markets: await tx.select().from(markets),
      runners: await tx.select().from(runners),
      settlements: await tx.select().from(marketSettlements),
      voids: await tx.select().from(marketVoids),
      bets: await tx.select().from(bets),
      fills: await tx.select().from(fills),
      bookmakerBets: await tx.select().from(bookmakerBets),
      fancies: await tx.select().from(fancies),
      fancyBets: await tx.select().from(fancyBets),
      casinoRounds: await tx.select().from(casinoRounds),
      casinoBets: await tx.select().from(casinoBets),
      binarySessions: await tx.select().from(binarySessions),
      binaryBets: await tx.select().from(binaryBets),
      fantasyContests: await tx.select().from(fantasyContests),
      fantasyEntries: await tx.select().from(fantasyEntries),
      providerTransactions: await tx.select().from(providerTransactions),
      providerRounds: await tx.select().from(providerRounds),
      gameTransfers: (
        (await tx.execute(sql`select a.user_id, t.kind,
            coalesce(sum(case when t.debit_account_id = a.account_id then t.amount_paise else -t.amount_paise end), 0)::bigint as out_paise
          from ${transfers} t join ${ledgerAccounts} a
            on a.kind = 'user_cash' and a.account_id in (t.debit_account_id, t.credit_account_id)
          where t.kind in ('provider_bet', 'provider_win', 'provider_refund')
          group by a.user_id, t.kind`)) as unknown as {
          rows: { user_id: number; kind: string; out_paise: string }[];
        }
      ).rows.map((r) => ({ userId: r.user_id, kind: r.kind, outPaise: Number(r.out_paise) })),
      matchScores: (
        (await tx.execute(sql`select match_id, score from cricket_matches`)) as unknown as {
          rows: { match_id: number; score: Scoreboard | null }[];
        }
      ).rows,
      shareTransfers: (
        shareRows as unknown as {
          rows: {
            transfer_id: number;
            kind: string;
            memo: string | null;
            idempotency_key: string;
            market_id: number | null;
            amount: string;
            debit_user_id: number | null;
            credit_user_id: number | null;
          }[];
        }
      ).rows.map((r) => ({
        transferId: Number(r.transfer_id),
        kind: r.kind,
        key: r.idempotency_key,
        marketId: r.market_id,
        amountPaise: Number(r.amount),
        debitUserId: r.debit_user_id,
        creditUserId: r.credit_user_id,
      })),
      holds: await tx.select().from(exposureHolds),
      reservations: await tx.select().from(exposureReservations),
      accounts: (
        cash as unknown as {
          rows: {
            account_id: number;
            user_id: number | null;
            kind: string;
            code: string | null;
            balance: string;
            deposited: string;
            withdrawn: string;
            credited: string;
          }[];
        }
      ).rows.map((r) => ({
        userId: r.user_id,
        kind: r.kind,
        code: r.code,
        balance: Number(r.balance),
        deposited: Number(r.deposited),
        withdrawn: Number(r.withdrawn),
        /** Credit from the parent (admin/wallet/deposit as a master or agent) less credit returned, net of what it passed down. */
        credited: Number(r.credited),
      })),
    };
  });
}

/** The voids of one market as a predicate on a bet (its id, runner and placing time). */
function voidTest(voids: readonly VoidRow[]) {
  const sel = new Set(voids.filter((v) => v.kind === 'SELECTION').map((v) => v.selectionId!));
  const betIds = new Set(voids.filter((v) => v.kind === 'BET').map((v) => Number(v.betId)));
  const windows = voids
    .filter((v) => v.kind === 'WINDOW')
    .map((v) => [v.fromAt!.getTime(), v.toAt!.getTime()]);
  return {
    selections: sel,
    isVoid(b: { placedAt: Date; selectionId?: number | null; betId?: number }) {
      if (b.selectionId != null && sel.has(b.selectionId)) return true;
      if (b.betId !== undefined && betIds.has(b.betId)) return true;
      const t = b.placedAt.getTime();
      return windows.some(([from, to]) => t >= from! && t <= to!);
    },
  };
}

type MarketModel = { holds: Map<number, number>; settledNets: Map<number, number> | null };

const add = (m: Map<number, number>, k: number, v: number) => m.set(k, (m.get(k) ?? 0) + v);

function exchangeModel(
  s: Snapshot,
  marketId: number,
  voids: readonly VoidRow[],
  settled: boolean,
): MarketModel {
  const market = s.markets.find((m) => m.marketId === marketId)!;
  const v = voidTest(voids);
  const running = s.runners
    .filter((r) => r.marketId === marketId && !v.selections.has(r.selectionId))
    .map((r) => String(r.selectionId));
  const betById = new Map(s.bets.filter((b) => b.marketId === marketId).map((b) => [b.betId, b]));
  const marketFills = s.fills.filter((f) => f.marketId === marketId);
  // Matched parts summed per (user, runner, side, price), as the market's batch keeps them; resting
  // remainders one per bet.
  const matched = new Map<number, Map<string, PositionBet>>();
  const unmatched = new Map<number, PositionBet[]>();
  const users = new Set<number>();
  const part = (userId: number, selection: number, side: 'BACK' | 'LAY', price: number, size: number) => {
    users.add(userId);
    const m = matched.get(userId) ?? new Map<string, PositionBet>();
    matched.set(userId, m);
    const k = `${selection}:${side}:${price}`;
    const prev = m.get(k);
    m.set(k, {
      selection_id: String(selection),
      side,
      price,
      stake_paise: (prev?.stake_paise ?? 0) + size,
    });
  };
  for (const f of marketFills) {
    const back = betById.get(f.backBetId)!;
    const lay = betById.get(f.layBetId)!;
    if (!v.isVoid(back)) part(f.backUserId, f.selectionId, 'BACK', f.price, f.sizePaise);
    if (!v.isVoid(lay)) part(f.layUserId, f.selectionId, 'LAY', f.price, f.sizePaise);
  }
  for (const b of betById.values()) {
    if (b.remainingPaise === 0 || v.isVoid(b)) continue;
    users.add(b.userId);
    const list = unmatched.get(b.userId) ?? [];
    unmatched.set(b.userId, list);
    list.push({
      selection_id: String(b.selectionId),
      side: b.side,
      price: b.price,
      stake_paise: b.remainingPaise,
    });
  }
  const holds = new Map<number, number>();
  if (!settled) {
    for (const u of users) {
      holds.set(
        u,
        // Over the market's declared outcome space (markets.winners: one winner, or any k placed).
        marketPosition(
          running,
          { matched: [...(matched.get(u)?.values() ?? [])], unmatched: unmatched.get(u) ?? [] },
          { winners: market.winners },
        ).exposure_paise,
      );
    }
    return { holds, settledNets: null };
  }
  // Settled: what settleMarket pays on the declared facts, one SettleBet per fill and side.
  const facts = s.settlements.find((x) => x.marketId === marketId)!;
  const settleBets: SettleBet[] = [];
  for (const f of marketFills) {
    const common = {
      selection_id: String(f.selectionId),
      price: f.price,
      stake_paise: f.sizePaise,
      matched_at_ms: f.createdAt.getTime(),
    };
    for (const side of ['BACK', 'LAY'] as const) {
      const bet = betById.get(side === 'BACK' ? f.backBetId : f.layBetId)!;
      settleBets.push({
        ...common,
        bet_id: `${bet.betId}/${f.fillId}`,
        user_id: String(bet.userId),
        side,
        placed_at_ms: bet.placedAt.getTime(),
      });
    }
  }
  const result = facts.result && 'winners' in facts.result ? facts.result : null;
  const voidBetIds = new Set(voids.filter((x) => x.kind === 'BET').map((x) => Number(x.betId)));
  const settlement = settleMarket({
    market: {
      market_id: String(marketId),
      kind: market.winners > 1 ? 'PLACE' : 'MATCH_ODDS',
      commission_bp: market.commissionBps,
    },
    bets: settleBets,
    result:
      facts.voidMarket || !result
        ? null
        : {
            winners: result.winners.map(String),
            dead_heat_count: result.dead_heat_count,
            dead_heats: (result.dead_heats ?? []).map((g) => ({
              selection_ids: g.selection_ids.map(String),
              places: g.places,
            })),
          },
    void_market: facts.voidMarket ? { reason: 'OPERATOR' } : null,
    void_selections: [...v.selections].map(String),
    void_windows: voids
      .filter((x) => x.kind === 'WINDOW')
      .map((x) => ({ from_ms: x.fromAt!.getTime(), to_ms: x.toAt!.getTime() })),
    void_bet_ids: settleBets
      .filter((b) => voidBetIds.has(Number(b.bet_id.split('/')[0])))
      .map((b) => b.bet_id),
  });
  const nets = new Map<number, number>();
  for (const mv of settlement.movements) add(nets, Number(mv.user_id), mv.user_delta_paise);
  return { holds, settledNets: nets };
}

function bookmakerModel(
  s: Snapshot,
  marketId: number,
  voids: readonly VoidRow[],
  settled: boolean,
): MarketModel {
  const market = s.markets.find((m) => m.marketId === marketId)!;
  const v = voidTest(voids);
  const running = s.runners
    .filter((r) => r.marketId === marketId && !v.selections.has(r.selectionId))
    .map((r) => String(r.selectionId));
  const mine = s.bookmakerBets.filter((b) => b.marketId === marketId);
  const engineBet = (b: (typeof mine)[number]) => ({
    selection_id: String(b.selectionId),
    is_back: b.isBack,
    rate: b.rate,
    stake_paise: b.stakePaise,
  });
  const holds = new Map<number, number>();
  if (!settled) {
    for (const u of new Set(mine.map((b) => b.userId))) {
      const live = mine.filter((b) => b.userId === u && !v.isVoid(b)).map(engineBet);
      holds.set(u, live.length === 0 ? 0 : bookmakerPosition(running, live).exposure_paise);
    }
    return { holds, settledNets: null };
  }
  const facts = s.settlements.find((x) => x.marketId === marketId)!;
  const result = facts.result && 'winners' in facts.result ? facts.result : null;
  const nets = new Map<string, number>();
  for (const u of new Set(mine.map((b) => b.userId))) {
    const live = mine.filter((b) => b.userId === u && !(facts.voidMarket || result === null || v.isVoid(b)));
    const each =
      live.length === 0 || result === null
        ? []
        : settleBookmakerBetsPaise(live.map(engineBet), { winners: result.winners.map(String) });
    nets.set(
      String(u),
      each.reduce((t, x) => t + x, 0),
    );
  }
  return { holds, settledNets: netsOf(movementsFromNets(String(marketId), nets, market.commissionBps)) };
}

function fancyModel(s: Snapshot, marketId: number, voids: readonly VoidRow[], settled: boolean): MarketModel {
  const market = s.markets.find((m) => m.marketId === marketId)!;
  const f = s.fancies.find((x) => x.marketId === marketId)!;
  const v = voidTest(voids);
  const mine = s.fancyBets.filter((b) => b.marketId === marketId);
  const engineBet = (b: (typeof mine)[number]) => ({
    is_yes: b.isYes,
    line: b.line,
    ...(b.lineTo === null ? {} : { line_to: b.lineTo }),
    rate: b.rate,
    stake_paise: b.stakePaise,
  });
  const holds = new Map<number, number>();
  if (!settled) {
    for (const u of new Set(mine.map((b) => b.userId))) {
      const live = mine.filter((b) => b.userId === u && !v.isVoid(b)).map(engineBet);
      holds.set(u, live.length === 0 ? 0 : fancyExposurePaise(f.variant, live, f.resultMax));
    }
    return { holds, settledNets: null };
  }
  const facts = s.settlements.find((x) => x.marketId === marketId)!;
  const value = facts.result && 'value' in facts.result ? facts.result.value : null;
  const deadHeat = facts.result && 'value' in facts.result ? (facts.result.dead_heat_count ?? 1) : 1;
  const nets = new Map<string, number>();
  for (const b of mine) {
    const isVoid = facts.voidMarket || value === null || v.isVoid(b);
    const profit = isVoid
      ? 0
      : settleFancyBetPaise(f.variant, engineBet(b), {
          kind: 'RESULT',
          value,
          ...(deadHeat > 1 ? { dead_heat_count: deadHeat } : {}),
        });
    nets.set(String(b.userId), (nets.get(String(b.userId)) ?? 0) + profit);
  }
  return { holds, settledNets: netsOf(movementsFromNets(String(marketId), nets, market.commissionBps)) };
}

/** The provably fair scheme's HMAC and hash, from node:crypto (not the server's fair.ts). */
const hmac = (key: string, message: string) =>
  createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest();
const sha256 = (message: string) => createHash('sha256').update(message, 'utf8').digest();

/**
 * A casino round's market: its bets are backs on the round's options; a bet is void when a window
 * of the operator's covers its placing, or the market was voided, or the round ended without a
 * result. Held: the stakes of the bets no void touches. Settled: what the engine's game pays on the
 * cards the round's revealed seed deals (engine `roundGame(id).play`), each user's net one movement.
 */
function casinoModel(
  s: Snapshot,
  marketId: number,
  voids: readonly VoidRow[],
  settled: boolean,
  problems: Problem[],
): MarketModel {
  const market = s.markets.find((m) => m.marketId === marketId)!;
  const round = s.casinoRounds.find((r) => r.marketId === marketId);
  const v = voidTest(voids);
  const mine = s.casinoBets.filter((b) => b.marketId === marketId);
  const holds = new Map<number, number>();
  if (!settled) {
    for (const b of mine) add(holds, b.userId, v.isVoid(b) ? 0 : b.stakePaise);
    return { holds, settledNets: null };
  }
  const facts = s.settlements.find((x) => x.marketId === marketId)!;
  const game = roundGame(market.marketType);
  let play = null;
  if (round && game && round.state === 'RESULT') {
    play = game.play(round.serverSeed, String(round.roundId), hmac);
    const stored = round.result;
    if (
      serverSeedHash(round.serverSeed, sha256) !== round.serverSeedHash ||
      round.steps.join(' ') !== play.steps.join(' ') ||
      stored?.summary !== play.result.summary
    )
      problems.push({
        invariant: 'casino',
        detail: `round ${round.roundId}: stored ${round.steps.join(' ')} (${stored?.summary}), its seed deals ${play.steps.join(' ')} (${play.result.summary})`,
        marketId,
      });
  }
  const counted = facts.voidMarket || !play ? [] : mine.filter((b) => !v.isVoid(b));
  const each = play
    ? game!.settle(
        counted.map((b) => ({ option_id: b.optionId, stake_paise: b.stakePaise })),
        play.result,
      )
    : [];
  const nets = new Map<string, number>();
  for (const b of mine) nets.set(String(b.userId), nets.get(String(b.userId)) ?? 0);
  counted.forEach((b, i) => nets.set(String(b.userId), nets.get(String(b.userId))! + each[i]!));
  return { holds, settledNets: netsOf(movementsFromNets(String(marketId), nets, market.commissionBps)) };
}

/** What the oracle knows besides the rows: the binary clock and every tick the feed was given. */
export type OracleInputs = {
  binaryClock: { ms: number };
  binaryTicks: readonly FeedTick[];
  /** The game provider's id and its own book of calls and answers (compared at a quiet moment). */
  provider?: { config: { id: string }; book: ProviderBook };
  /** The bettor with a daily loss limit, and the limit. */
  lossLimit?: { userId: number; limitPaise: number };
  /** Each bettor's uplines and shares, nearest first, as the world built its tree (none: no shares are due). */
  chains?: ReadonlyMap<number, OracleChain>;
};

/** How often the shares were compared, how many of those checks had shares due, and the share lines compared in all (RACE_STATS). */
export const shareChecks = { checks: 0, withShares: 0, lines: 0 };

/** How often the loss-limit invariant was checked, and skipped for an operator's correction (RACE_STATS). */
export const lossLimitChecks = { checked: 0, skipped: 0 };

const fancyBetOf = (b: { isYes: boolean; lineC: number; rate: number; stakePaise: number }) => ({
  is_yes: b.isYes,
  line: b.lineC,
  rate: b.rate,
  stake_paise: b.stakePaise,
});

/**
 * A binary session: Yes/No bets on the instrument's closing price, the fancy arithmetic of the
 * engine. Held: `binaryExposurePaise` of the bets no window void touches. Settled: on the price
 * it was declared with, which must be the last tick the feed was given inside the session's hours
 * (its close excluded; the test's own record, never the session's stored last price) or the
 * operator's override; void when the market was voided.
 */
function binaryModel(
  s: Snapshot,
  marketId: number,
  voids: readonly VoidRow[],
  settled: boolean,
  inputs: OracleInputs | undefined,
  problems: Problem[],
): MarketModel {
  const market = s.markets.find((m) => m.marketId === marketId)!;
  const session = s.binarySessions.find((x) => x.marketId === marketId)!;
  const v = voidTest(voids);
  const mine = s.binaryBets.filter((b) => b.marketId === marketId);
  const holds = new Map<number, number>();
  const byUser = (list: typeof mine) => {
    const out = new Map<number, typeof mine>();
    for (const b of list) out.set(b.userId, [...(out.get(b.userId) ?? []), b]);
    return out;
  };
  if (!settled) {
    for (const u of new Set(mine.map((b) => b.userId))) holds.set(u, 0);
    for (const [u, list] of byUser(mine.filter((b) => !v.isVoid(b))))
      holds.set(u, binaryExposurePaise(list.map(fancyBetOf)));
    return { holds, settledNets: null };
  }
  const facts = s.settlements.find((x) => x.marketId === marketId)!;
  const value = facts.result && 'value' in facts.result ? facts.result.value : null;
  if (inputs && !facts.voidMarket) {
    const inHours = inputs.binaryTicks.filter(
      (t) => t.t >= session.opensAt.getTime() && t.t < session.closesAt.getTime(),
    );
    const last = inHours.reduce<FeedTick | null>((a, t) => (a === null || t.t >= a.t ? t : a), null);
    const allowed = [
      ...(last ? [binaryResult(Math.round(last.price * 100))] : []),
      ...(session.overridePriceC === null ? [] : [binaryResult(session.overridePriceC)]),
    ];
    if (value === null || !allowed.includes(value))
      problems.push({
        invariant: 'binary',
        detail: `session ${session.code} ${session.tradingDay} settled on ${value}, but its last tick before the close is ${last ? `${last.price} at ${new Date(last.t).toISOString()}` : 'none'}${session.overridePriceC === null ? '' : ` and the override ${session.overridePriceC}`}`,
        marketId,
      });
  }
  const nets = new Map<string, number>();
  for (const b of mine) nets.set(String(b.userId), 0);
  if (!facts.voidMarket && value !== null) {
    for (const [u, list] of byUser(mine.filter((b) => !v.isVoid(b)))) {
      const each = settleBinaryBetsPaise(list.map(fancyBetOf), value);
      nets.set(
        String(u),
        each.reduce((t, x) => t + x, 0),
      );
    }
  }
  return { holds, settledNets: netsOf(movementsFromNets(String(marketId), nets, market.commissionBps)) };
}

/**
 * Fantasy contests: every entry pays its contest's fee; a REFUNDED contest gives every fee back; a
 * SETTLED one pays the engine's prizes (`splitPool`, `payout` over the entries' points, ties split,
 * first joined first). Each user's net over all contests, and the pool's balance (the fees of the
 * contests not yet paid out or refunded). A contest short of its minimum never goes LIVE or is paid.
 */
function fantasyModel(s: Snapshot, problems: Problem[]) {
  const nets = new Map<number, number>();
  /** Each entrant's result in each paid contest (its prizes less its fees): what its uplines' shares split. */
  const contestResults: SettledResult[] = [];
  let pool = 0;
  for (const c of s.fantasyContests) {
    const es = s.fantasyEntries.filter((e) => e.contestId === c.contestId);
    const fees = es.length * c.entryFeePaise;
    for (const e of es) add(nets, e.userId, -c.entryFeePaise);
    if (es.length > c.size)
      problems.push({
        invariant: 'fantasy',
        detail: `contest ${c.contestId} has ${es.length} entries, its size is ${c.size}`,
      });
    if ((c.state === 'LIVE' || c.state === 'SETTLED') && es.length < c.minEntries)
      problems.push({
        invariant: 'fantasy',
        detail: `contest ${c.contestId} is ${c.state} with ${es.length} entries, its minimum is ${c.minEntries}`,
      });
    if (c.state === 'REFUNDED') {
      if (es.length >= c.minEntries && c.refundReason !== 'match abandoned')
        problems.push({
          invariant: 'fantasy',
          detail: `contest ${c.contestId} refunded (${c.refundReason}) with ${es.length} entries, its minimum ${c.minEntries}`,
        });
      for (const e of es) add(nets, e.userId, c.entryFeePaise);
    } else if (c.state === 'SETTLED') {
      const score = s.matchScores.find((m) => m.match_id === c.matchId)?.score;
      if (score?.status !== 'COMPLETE' || score.stopped || score.result?.kind === 'NO_RESULT')
        problems.push({
          invariant: 'fantasy',
          detail: `contest ${c.contestId} paid its prizes, but its match ${score?.status !== 'COMPLETE' ? 'has not ended' : 'was abandoned'}`,
        });
      const split = splitPool({ rake_bp: c.rakeBp, shares_bp: c.sharesBp }, c.entryFeePaise, es.length);
      const results = payout(
        es.map((e) => ({ entry_id: e.entryId, points_halves: e.pointsHalves, joined_seq: e.entryId })),
        split.place_prizes_paise,
      );
      const byId = new Map(es.map((e) => [e.entryId, e]));
      const entrants = new Map<number, number>();
      for (const e of es) add(entrants, e.userId, -c.entryFeePaise);
      for (const r of results) {
        const e = byId.get(r.entry_id)!;
        add(nets, e.userId, r.prize_paise);
        add(entrants, e.userId, r.prize_paise);
        if (e.prizePaise !== r.prize_paise)
          problems.push({
            invariant: 'fantasy',
            detail: `entry ${e.entryId} of contest ${c.contestId}: stored prize ${rupees(e.prizePaise ?? 0)}, the engine pays ${rupees(r.prize_paise)}`,
            userId: e.userId,
          });
      }
      for (const [bettorId, resultPaise] of entrants)
        contestResults.push({ unit: contestUnit(c.contestId), bettorId, resultPaise });
    } else pool += fees;
  }
  return { nets, pool, results: contestResults };
}

/**
 * A game provider's money, from its transactions' rows (never the server's round or balance
 * figures): each accepted (OK) debit takes its amount, each accepted credit pays its amount, each
 * accepted rollback returns the debit it names (of its own player). Every accepted credit names a
 * round opened by an accepted debit of that player, within 10,000 × the round's debits; a debit is
 * refunded once however many rollbacks name it; the ledger's provider_bet, provider_win and provider_refund transfers
 * of each user are those sums; the provider's house account holds the players' losses less the
 * uplines' shares of its closed rounds (each closed round's result is pushed to `results`). At a
 * quiet moment the provider's own book agrees: the same money per player, and every repeat of a
 * call answered byte for byte as the first.
 */
function providerModel(
  s: Snapshot,
  inputs: OracleInputs | undefined,
  quiet: boolean,
  problems: Problem[],
  results: SettledResult[],
) {
  const nets = new Map<number, number>();
  const id = inputs?.provider?.config.id;
  if (!id) return nets;
  const rows = s.providerTransactions.filter((t) => t.providerId === id && t.code === 'OK');
  const key = (user: number | null, ref: string) => `${user}/${ref}`;
  const debits = new Map(
    rows.filter((t) => t.type === 'DEBIT').map((t) => [key(t.userId, t.transactionId), t]),
  );
  const bet = new Map<number, number>();
  const win = new Map<number, number>();
  const refund = new Map<number, number>();
  const rolledBack = new Map<string, number>();
  const rounds = new Map<string, { debits: number; credits: number; user: number }>();
  /** Each round's result for its player by round key (credits + refunds − debits): what its uplines' shares split. */
  const byKey = new Map<number, { user: number; paise: number }>();
  const roundResult = (key: number | null, user: number, paise: number) => {
    if (key === null) return;
    const r = byKey.get(key) ?? { user, paise: 0 };
    byKey.set(key, { user, paise: r.paise + paise });
  };
  for (const t of rows) {
    const u = t.userId!;
    const r = rounds.get(`${u}/${t.roundId}`) ?? { debits: 0, credits: 0, user: u };
    rounds.set(`${u}/${t.roundId}`, r);
    if (t.type === 'DEBIT') {
      add(bet, u, t.amountPaise);
      r.debits += t.amountPaise;
      roundResult(t.roundKey, u, -t.amountPaise);
    } else if (t.type === 'CREDIT') {
      add(win, u, t.amountPaise);
      r.credits += t.amountPaise;
      roundResult(t.roundKey, u, t.amountPaise);
    } else {
      const d = debits.get(key(u, t.referenceId ?? ''));
      if (!d) {
        // A rollback of a debit that was refused is answered OK and moves nothing; of no debit of
        // this player at all, it must not be taken.
        const refused = s.providerTransactions.some(
          (x) =>
            x.providerId === id && x.type === 'DEBIT' && x.userId === u && x.transactionId === t.referenceId,
        );
        if (!refused)
          problems.push({
            invariant: 'provider',
            detail: `rollback ${t.transactionId} was taken, but ${t.referenceId} is no debit of this player`,
            userId: u,
          });
        continue;
      }
      // A debit is refunded once, whichever rollback of it came first: another rollback of it is
      // answered OK and moves nothing (docs/providers.md: a rollback of nothing).
      if (!rolledBack.has(d.transactionId)) {
        add(refund, u, d.amountPaise);
        roundResult(d.roundKey, u, d.amountPaise);
      }
      rolledBack.set(d.transactionId, (rolledBack.get(d.transactionId) ?? 0) + 1);
    }
  }
  for (const [k, r] of rounds) {
    if (r.credits > 0 && r.debits === 0)
      problems.push({
        invariant: 'provider',
        detail: `round ${k} was credited ${rupees(r.credits)} with no accepted debit`,
        userId: r.user,
      });
    if (r.credits > 10_000 * r.debits)
      problems.push({
        invariant: 'provider',
        detail: `round ${k} was credited ${rupees(r.credits)} on ${rupees(r.debits)} staked`,
        userId: r.user,
      });
  }
  for (const u of new Set([...bet.keys(), ...win.keys(), ...refund.keys()]))
    nets.set(u, (win.get(u) ?? 0) + (refund.get(u) ?? 0) - (bet.get(u) ?? 0));
  // A round is shared once, when a credit closes it (its state written with that credit); nothing
  // moves in it after (a later debit, credit or rollback of it is refused), so its result is final.
  const closed: SettledResult[] = [];
  for (const round of s.providerRounds)
    if (round.providerId === id && round.status === 'CLOSED') {
      const r = byKey.get(round.roundKey);
      if (r) closed.push({ unit: roundUnit(round.roundKey), bettorId: r.user, resultPaise: r.paise });
    }
  results.push(...closed);
  // The ledger's own transfers of each kind (what left the user's cash, + out; − in).
  const ledger = (u: number, kind: string) =>
    s.gameTransfers.find((x) => x.userId === u && x.kind === kind)?.outPaise ?? 0;
  for (const u of new Set([...nets.keys(), ...s.gameTransfers.map((x) => x.userId)])) {
    for (const [kind, want] of [
      ['provider_bet', bet.get(u) ?? 0],
      ['provider_win', -(win.get(u) ?? 0)],
      ['provider_refund', -(refund.get(u) ?? 0)],
    ] as const)
      if (ledger(u, kind) !== want)
        problems.push({
          invariant: 'provider',
          detail: `the ledger's ${kind} transfers move ${rupees(Math.abs(ledger(u, kind)))}, the accepted calls ${rupees(Math.abs(want))}`,
          userId: u,
        });
  }
  // The house account took the players' losses and paid the uplines' shares of its rounds.
  const house = s.accounts.find((a) => a.code === `PROVIDER:${id}`)?.balance ?? 0;
  const players = [...nets.values()].reduce((t, x) => t + x, 0);
  let shared = 0;
  for (const l of expectedShares(closed, inputs?.chains ?? new Map()).values()) shared += l.paise;
  if (house !== -players - shared)
    problems.push({
      invariant: 'provider',
      detail: `the provider's house account holds ${rupees(house)}, the players' results are ${rupees(players)} and the uplines' shares of its rounds ${rupees(shared)}`,
    });
  if (quiet && inputs?.provider) {
    const book = providerNets(inputs.provider.book);
    for (const u of new Set([...book.keys(), ...nets.keys()]))
      if ((book.get(u) ?? 0) !== (nets.get(u) ?? 0))
        problems.push({
          invariant: 'provider',
          detail: `the provider's answers move ${rupees(book.get(u) ?? 0)}, the server's accepted calls ${rupees(nets.get(u) ?? 0)}`,
          userId: u,
        });
    // A repeat gets the first answer byte for byte, balance included, when the id was this call's
    // (stored with it). DUPLICATE_TRANSACTION is about another call's id: it says the balance now,
    // so only its code must stay the same (a soak seed, 1829262086: a bet in between moved it).
    const codeOf = (raw: string) => {
      try {
        return (JSON.parse(raw) as { data?: { code?: string } }).data?.code ?? raw;
      } catch {
        return raw;
      }
    };
    const sameness = (raw: string) =>
      codeOf(raw) === 'DUPLICATE_TRANSACTION' ? 'DUPLICATE_TRANSACTION' : raw;
    for (const { call, answers } of inputs.provider.book.calls.values())
      if (new Set(answers.map(sameness)).size > 1)
        problems.push({
          invariant: 'provider',
          detail: `${call.name} ${String(call.body.transaction_id)} sent ${answers.length} times was answered differently: ${[...new Set(answers)].join(' / ')}`,
          userId: Number(call.body.player_id),
        });
  }
  return nets;
}

// ---------------------------------------------------------------- shares of the result (issue 41)

/** One upline of a bettor with its share in basis points, nearest first (the world's own record of its tree). */
export type OracleChain = readonly { uplineId: number; shareBp: number }[];

/**
 * One bettor's result in one settled unit, by the oracle's own model (never the ledger's figures):
 * what the bettor got (+) or paid (−), commission included. The units: a market's settlement
 * generation (the market models), a closed provider round (`providerModel`), a paid fantasy contest
 * (`fantasyModel`). Another product that pays shares is one more source of these, with its key's
 * branch in `shareLineOf`.
 */
export type SettledResult = { unit: string; bettorId: number; resultPaise: number; marketId?: number };

/** One expected or written share: what `uplineId` got (+) or paid (−) of `bettorId`'s result in `unit`. */
type ShareLine = { unit: string; bettorId: number; uplineId: number; paise: number; marketId?: number };

const marketUnit = (marketId: number, generation: number) => `market ${marketId} generation ${generation}`;
const roundUnit = (roundKey: number) => `provider round ${roundKey}`;
const contestUnit = (contestId: number) => `fantasy contest ${contestId}`;

const shareKey = (l: { unit: string; bettorId: number; uplineId: number }) =>
  `${l.unit}|${l.bettorId}|${l.uplineId}`;

/** ⌊gain × bp / 10,000⌋, exactly (BigInt): the naive rounding against the upline, toward −∞. */
function floorShare(gainPaise: number, shareBp: number): number {
  const n = BigInt(gainPaise) * BigInt(shareBp);
  const q = n / 10_000n;
  return Number(n % 10_000n !== 0n && n < 0n ? q - 1n : q);
}

/**
 * The shares every settled result owes (docs/hierarchy.md "Shares of the result"), written out
 * naively here rather than with the server's code or the engine's `splitResultShares`: the house's
 * gain on a bettor is minus the bettor's result; each upline of the bettor's chain takes
 * ⌊gain × its share⌋ (a loss: pays as much), one rounding per upline, nothing when it rounds to 0.
 */
export function expectedShares(
  results: readonly SettledResult[],
  chains: ReadonlyMap<number, OracleChain>,
): Map<string, ShareLine> {
  const out = new Map<string, ShareLine>();
  for (const r of results) {
    for (const u of chains.get(r.bettorId) ?? []) {
      const paise = floorShare(-r.resultPaise, u.shareBp);
      if (paise === 0) continue;
      const line = { unit: r.unit, bettorId: r.bettorId, uplineId: u.uplineId, paise, marketId: r.marketId };
      const k = shareKey(line);
      out.set(k, { ...line, paise: (out.get(k)?.paise ?? 0) + paise });
    }
  }
  return out;
}

/** A settlement's share key (shares.ts): settle/<market>/<bettor>/SHARE/<upline>/g<generation>, unsettle/… for its reversal. */
const MARKET_SHARE_KEY = /^(?:settle|unsettle)\/(\d+)\/(\d+)\/SHARE\/(\d+)\/g(\d+)$/;
/** A game's share key: share/round/<round key>/<bettor>/<upline>, share/contest/<contest>/<bettor>/<upline>. */
const GAME_SHARE_KEY = /^share\/(round|contest)\/(\d+)\/(\d+)\/(\d+)$/;

/**
 * Which unit, bettor and upline a share transfer (or its reversal) belongs to, from its key (the
 * bettor is named nowhere else); null when the oracle cannot read it.
 */
function shareLineOf(t: Snapshot['shareTransfers'][number]) {
  const m = MARKET_SHARE_KEY.exec(t.key);
  if (m)
    return {
      unit: marketUnit(Number(m[1]), Number(m[4])),
      marketId: Number(m[1]),
      bettorId: Number(m[2]),
      uplineId: Number(m[3]),
    };
  const g = GAME_SHARE_KEY.exec(t.key);
  if (g)
    return {
      unit: g[1] === 'round' ? roundUnit(Number(g[2])) : contestUnit(Number(g[2])),
      bettorId: Number(g[3]),
      uplineId: Number(g[4]),
    };
  return null;
}

/** The ledger's share transfers netted per (unit, bettor, upline): + the house paid the upline, − the upline paid. */
function ledgerShares(s: Snapshot, problems: Problem[]): Map<string, ShareLine> {
  const out = new Map<string, ShareLine>();
  for (const t of s.shareTransfers) {
    const line = shareLineOf(t);
    // Between the upline's cash and a house account (no user): + when the upline is credited.
    const upline = t.creditUserId ?? t.debitUserId;
    const between = t.creditUserId === null || t.debitUserId === null;
    if (!line || !between || upline !== line.uplineId || (line.marketId ?? t.marketId) !== t.marketId) {
      problems.push({
        invariant: 'share',
        detail: `transfer ${t.transferId} (${t.kind}, key ${t.key}, users ${t.debitUserId} → ${t.creditUserId}) is no share of a bettor's result the oracle can name`,
        ...(t.marketId === null ? {} : { marketId: t.marketId }),
      });
      continue;
    }
    const paise = t.creditUserId === upline ? t.amountPaise : -t.amountPaise;
    const k = shareKey(line);
    out.set(k, { ...line, paise: (out.get(k)?.paise ?? 0) + paise });
  }
  return out;
}

/**
 * The shares: every (unit, bettor, upline) the ledger moves nets to what the model owes — so an
 * unsettled generation's shares were all reversed, and the settled one's written once — and what
 * each upline is owed in all (its cash beside the credit it was given and passed down).
 */
function shareModel(
  s: Snapshot,
  results: readonly SettledResult[],
  chains: ReadonlyMap<number, OracleChain>,
  problems: Problem[],
): Map<number, number> {
  const want = expectedShares(results, chains);
  const have = ledgerShares(s, problems);
  shareChecks.checks += 1;
  if (want.size > 0) shareChecks.withShares += 1;
  shareChecks.lines += want.size;
  const resultOf = new Map(results.map((r) => [`${r.unit}|${r.bettorId}`, r.resultPaise]));
  for (const k of new Set([...want.keys(), ...have.keys()])) {
    const w = want.get(k);
    const h = have.get(k);
    if ((w?.paise ?? 0) === (h?.paise ?? 0)) continue;
    const l = (w ?? h)!;
    const result = resultOf.get(`${l.unit}|${l.bettorId}`) ?? 0;
    const share = chains.get(l.bettorId)?.find((u) => u.uplineId === l.uplineId)?.shareBp;
    problems.push({
      invariant: 'share',
      detail:
        `${l.unit}: bettor ${l.bettorId}'s result ${rupees(result)} (the house's gain ${rupees(-result)}) owes ` +
        `upline ${l.uplineId} (${share === undefined ? 'not its upline' : `${share / 100} %`}) ${rupees(w?.paise ?? 0)}, ` +
        `the ledger's share transfers move ${rupees(h?.paise ?? 0)} (+ to the upline, − from it)`,
      userId: l.uplineId,
      ...(l.marketId === undefined ? {} : { marketId: l.marketId }),
    });
  }
  const owed = new Map<number, number>();
  for (const l of want.values()) add(owed, l.uplineId, l.paise);
  return owed;
}

function netsOf(movements: readonly { user_id: string; user_delta_paise: number }[]) {
  const nets = new Map<number, number>();
  for (const mv of movements) add(nets, Number(mv.user_id), mv.user_delta_paise);
  return nets;
}

export type OracleResult = {
  problems: Problem[];
  /**
   * Users whose available balance may be below zero without a bug: they have bets on a market
   * with an operator's void (settled or not), which can raise a hold above the cash or take back a
   * win already spent (issue 28 item 2: the market still settles and the ledger shows what is owed);
   * or they are uplines whose shares of their downline's wins took more than their cash, by no
   * more than the shares they paid (a soak seed, 1534672944: a master's share of a provider's win).
   */
  owing: Set<number>;
};

/** The invariants on one snapshot: kinds, holds, available balances, conservation. */
export async function oracleCheck(
  app: FastifyInstance,
  inputs?: OracleInputs,
  /** No call in flight (the provider's book is complete): compare it with the rows. */
  quiet = false,
): Promise<OracleResult> {
  const s = await readSnapshot(app);
  const problems: Problem[] = [];
  const kindOf = new Map(s.markets.map((m) => [m.marketId, m.marketKind]));
  const settled = new Set(s.settlements.filter((x) => x.state === 'SETTLED').map((x) => x.marketId));

  // Every order went to its own kind (issue 28: an exchange order on a bookmaker market).
  const wrongKind = (
    table: string,
    want: string,
    rows: readonly { betId: number; marketId: number; userId: number }[],
  ) => {
    for (const b of rows) {
      if (kindOf.get(b.marketId) !== want) {
        problems.push({
          invariant: 'kind',
          detail: `${table} bet ${b.betId} is on market ${b.marketId} of kind ${kindOf.get(b.marketId)}`,
          userId: b.userId,
          marketId: b.marketId,
        });
      }
    }
  };
  wrongKind('exchange', 'EXCHANGE', s.bets);
  wrongKind('bookmaker', 'BOOKMAKER', s.bookmakerBets);
  wrongKind('fancy', 'FANCY', s.fancyBets);
  wrongKind('casino', 'CASINO', s.casinoBets);
  wrongKind('binary', 'BINARY', s.binaryBets);

  // Holds: every stored hold equals the engine's exposure of the non-void bets over the running runners.
  const expected = new Map<string, number>();
  const settledNets = new Map<number, number>();
  /** Each bettor's result per settled unit: what the uplines' shares are split from. */
  const results: SettledResult[] = [];
  const owing = new Set<number>();
  for (const m of s.markets) {
    const voids = s.voids.filter((x) => x.marketId === m.marketId);
    const isSettled = settled.has(m.marketId);
    const model =
      m.marketKind === 'EXCHANGE'
        ? exchangeModel(s, m.marketId, voids, isSettled)
        : m.marketKind === 'BOOKMAKER'
          ? bookmakerModel(s, m.marketId, voids, isSettled)
          : m.marketKind === 'CASINO'
            ? casinoModel(s, m.marketId, voids, isSettled, problems)
            : m.marketKind === 'FANCY'
              ? fancyModel(s, m.marketId, voids, isSettled)
              : m.marketKind === 'BINARY'
                ? binaryModel(s, m.marketId, voids, isSettled, inputs, problems)
                : null;
    if (!model) {
      problems.push({ invariant: 'kind', detail: `no model of kind ${m.marketKind}`, marketId: m.marketId });
      continue;
    }
    for (const [u, paise] of model.holds) expected.set(`${u}:${m.marketId}`, paise);
    for (const [u, paise] of model.settledNets ?? []) add(settledNets, u, paise);
    const generation = s.settlements.find((x) => x.marketId === m.marketId)?.generation ?? 0;
    for (const [u, paise] of model.settledNets ?? [])
      results.push({
        unit: marketUnit(m.marketId, generation),
        bettorId: u,
        resultPaise: paise,
        marketId: m.marketId,
      });
  }
  const fantasy = fantasyModel(s, problems);
  for (const [u, paise] of fantasy.nets) add(settledNets, u, paise);
  for (const [u, paise] of providerModel(s, inputs, quiet, problems, results)) add(settledNets, u, paise);
  results.push(...fantasy.results);
  // Shares (issue 41): every settled unit's results — market generations, paid fantasy contests,
  // closed provider rounds — split along the world's chains and held to the ledger's share transfers.
  const sharesOwed = shareModel(s, results, inputs?.chains ?? new Map(), problems);
  const poolAccount = s.accounts.find((a) => a.code === 'FANTASY_POOL');
  if ((poolAccount?.balance ?? 0) !== fantasy.pool)
    problems.push({
      invariant: 'fantasy',
      detail: `the fantasy pool holds ${rupees(poolAccount?.balance ?? 0)}, the open and live contests' fees are ${rupees(fantasy.pool)}`,
    });
  // A debt (docs/settlement.md "A bettor who owes") can come only from a void: a bet on a market
  // that carries one (a runner, a window, named bets) or was voided whole, settled or not.
  const voided = new Set([
    ...s.voids.map((x) => x.marketId),
    ...s.settlements.filter((x) => x.voidMarket).map((x) => x.marketId),
  ]);
  for (const b of [...s.bets, ...s.bookmakerBets, ...s.fancyBets, ...s.casinoBets, ...s.binaryBets]) {
    if (voided.has(b.marketId)) owing.add(b.userId);
  }
  const stored = new Map(s.holds.map((h) => [`${h.userId}:${h.marketId}`, h.exposurePaise]));
  for (const k of new Set([...expected.keys(), ...stored.keys()])) {
    const want = expected.get(k) ?? 0;
    const have = stored.get(k) ?? 0;
    if (want !== have) {
      const [userId, marketId] = k.split(':').map(Number) as [number, number];
      problems.push({
        invariant: 'hold',
        detail: `stored hold ${rupees(have)}, the engine recomputes ${rupees(want)} from the bets (${kindOf.get(marketId)}${settled.has(marketId) ? ', settled' : ''})`,
        userId,
        marketId,
      });
    }
  }

  // The loss limit is a hard cap: what the limited bettor has lost today by the engine's account
  // (every product's settled result, fantasy's fees back and forth) plus the worst case of what is
  // open (the engine's holds, reservations in flight) never exceeds the limit. An operator's
  // correction can raise it legitimately (an unsettle takes a win back that the budget had counted;
  // a partial void can raise a hold): a bettor with a bet on a market so corrected is not checked.
  if (inputs?.lossLimit) {
    const { userId, limitPaise } = inputs.lossLimit;
    const mineOn = new Set(
      [...s.bets, ...s.bookmakerBets, ...s.fancyBets, ...s.casinoBets, ...s.binaryBets]
        .filter((b) => b.userId === userId)
        .map((b) => b.marketId),
    );
    const corrected = new Set([
      ...s.voids.map((x) => x.marketId),
      ...s.settlements
        .filter((x) => x.generation >= 2 || (x.state === 'UNSETTLED' && x.generation >= 1))
        .map((x) => x.marketId),
    ]);
    if ([...mineOn].some((m) => corrected.has(m))) lossLimitChecks.skipped += 1;
    else {
      lossLimitChecks.checked += 1;
      let open = 0;
      for (const [k, paise] of expected) if (k.startsWith(`${userId}:`)) open += paise;
      for (const r of s.reservations) if (r.userId === userId) open += r.amountPaise;
      const result = settledNets.get(userId) ?? 0;
      if (open - result > limitPaise)
        problems.push({
          invariant: 'loss-limit',
          detail: `today's result ${rupees(result)} and ${rupees(open)} at risk: up to ${rupees(open - result)} lost, over the daily loss limit of ${rupees(limitPaise)}`,
          userId,
        });
    }
  }

  // Available balance = balance − Σ holds − Σ reservations ≥ 0; and money conserved.
  const committed = new Map<number, number>();
  for (const h of s.holds) add(committed, h.userId, h.exposurePaise);
  for (const r of s.reservations) add(committed, r.userId, r.amountPaise);
  let total = 0;
  for (const a of s.accounts) {
    total += a.balance;
    if (a.kind !== 'user_cash' || a.userId === null) continue;
    const available = a.balance - (committed.get(a.userId) ?? 0);
    // An upline's shortfall no larger than the shares it paid is its share of a win: owed.
    const sharesDebt = available < 0 && -available <= -(sharesOwed.get(a.userId) ?? 0);
    if (sharesDebt) owing.add(a.userId);
    if (available < 0 && !owing.has(a.userId)) {
      problems.push({
        invariant: 'available',
        detail: `available balance ${rupees(available)} (cash ${rupees(a.balance)})`,
        userId: a.userId,
      });
    }
    // Cash = deposits − withdrawals + credit from the parent (net of credit passed down) + what the
    // settled markets pay by the engine + fantasy's fees, prizes and refunds + the provider's
    // accepted debits, credits and rollbacks + a master's or an agent's shares of its bettors' results.
    const fromMarkets = a.balance - a.deposited + a.withdrawn - a.credited;
    const want = (settledNets.get(a.userId) ?? 0) + (sharesOwed.get(a.userId) ?? 0);
    if (fromMarkets !== want) {
      problems.push({
        invariant: 'conservation',
        detail: `cash ${rupees(a.balance)} = deposits ${rupees(a.deposited)} − withdrawals ${rupees(a.withdrawn)} + credit ${rupees(a.credited)} + ${rupees(fromMarkets)} from results, but the oracle's settled results come to ${rupees(settledNets.get(a.userId) ?? 0)} and its shares to ${rupees(sharesOwed.get(a.userId) ?? 0)}`,
        userId: a.userId,
      });
    }
  }
  if (total !== 0)
    problems.push({ invariant: 'conservation', detail: `Σ ledger balances is ${rupees(total)}, not 0` });
  return { problems, owing };
}

/** What each market's state lets a bettor do, read at a quiet moment (the status rule's basis). */
export async function bettableMarkets(
  app: FastifyInstance,
  inputs?: OracleInputs,
): Promise<Map<number, string | null>> {
  const s = await readSnapshot(app);
  const settled = new Set(s.settlements.filter((x) => x.state === 'SETTLED').map((x) => x.marketId));
  const bm = await app.db.execute(sql`select market_id, status from bookmaker_markets`);
  const bmStatus = new Map(
    (bm as unknown as { rows: { market_id: number; status: string }[] }).rows.map((r) => [
      r.market_id,
      r.status,
    ]),
  );
  const out = new Map<number, string | null>();
  for (const m of s.markets) {
    let why: string | null = null;
    if (settled.has(m.marketId)) why = 'settled';
    else if (m.status !== 'OPEN') why = `market ${m.status}`;
    else if (m.marketKind === 'BOOKMAKER' && bmStatus.get(m.marketId) !== 'ACTIVE')
      why = `bookmaker ${bmStatus.get(m.marketId)}`;
    else if (m.marketKind === 'CASINO') {
      // A round takes bets in its window, while BETTING, and only the table's newest round does.
      const r = s.casinoRounds.find((x) => x.marketId === m.marketId);
      const newer = s.casinoRounds.some((x) => r && x.matchId === r.matchId && x.roundId > r.roundId);
      if (!r || r.state !== 'BETTING') why = `round ${r?.state}`;
      else if (newer) why = 'a newer round';
      else if (r.closesAt.getTime() <= Date.now()) why = 'window over';
    } else if (m.marketKind === 'BINARY') {
      // A session takes bets inside its hours by the binary clock, LIVE, its line quoted.
      const x = s.binarySessions.find((y) => y.marketId === m.marketId);
      const at = inputs?.binaryClock.ms ?? Date.now();
      if (!x || x.state !== 'LIVE') why = `session ${x?.state}`;
      else if (x.lineStatus !== 'ACTIVE') why = `line ${x.lineStatus}`;
      else if (at < x.opensAt.getTime() || at >= x.closesAt.getTime()) why = 'outside the hours';
    } else if (m.marketKind === 'FANCY') {
      const f = s.fancies.find((x) => x.marketId === m.marketId);
      if (f?.status !== 'ACTIVE') why = `fancy ${f?.status}`;
    }
    out.set(m.marketId, why);
  }
  // A fantasy contest (keyed by its id negated): OPEN, its match not started by the store's clock.
  const cs = await app.db.execute(sql`select c.contest_id, c.state,
      (now() < c.starts_at and now() < m.start_time and not m.in_play) as open
    from fantasy_contests c join matches m on m.match_id = c.match_id`);
  for (const c of (cs as unknown as { rows: { contest_id: number; state: string; open: boolean }[] }).rows)
    out.set(-c.contest_id, c.state !== 'OPEN' ? `contest ${c.state}` : c.open ? null : 'the match started');
  return out;
}
