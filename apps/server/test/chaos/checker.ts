// The chaos run's checker: reads the history (history.ts) and the store once every fault has
// healed and every node has stopped, and lists every violation of what the exchange promises:
// - every acknowledged placement is in the store exactly once, under the bet id it was told;
//   every refused one left no bet; every ambiguous one (no answer said what happened) is there at
//   most once; no bet is there that no operation accounts for (a retry under a new id would be);
// - a cash out follows the placements' rule by its request id, its hedge bets with it (an
//   acknowledged one stored once with its bets, a refused one with none);
// - a cancel acknowledged left its bet with nothing unmatched;
// - deposits and withdrawals asked for follow the placements' rule (by request id); a deposit the
//   gateway's notice was acknowledged for is credited (once: its transfer's key is unique); an
//   acknowledged withdrawal's amount is held;
// - every bet adds up (size = matched + remaining + cancelled; matched = its fills, at or better
//   than its price), and every fill has a back and a lay;
// - no client saw an available balance below zero;
// - every WebSocket client's pushes came in order (one image, then seq + 1, or an image after a
//   gap), the same seq was the same state on every node, and once healed each client reached the
//   book a new connection is shown within 5 s;
// - the ledger check is clean (balances equal their transfers, sum to zero, holds and exposure
//   recomputed), once the reservations of nodes killed mid-bet have been swept.
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkLedger } from '../../src/modules/admin/ledger-check.ts';
import { bookmakerBets } from '../../src/modules/bookmaker/schema.ts';
import { casinoBets } from '../../src/modules/casino/schema.ts';
import { bets, exchangeCashOuts, fills } from '../../src/modules/exchange/schema.ts';
import { fancyBets } from '../../src/modules/fancy/schema.ts';
import { paymentRequests } from '../../src/modules/payments/schema.ts';
import { transfers } from '../../src/modules/wallet/schema.ts';
import { outcomeOf, type Operation, type Outcome } from './history.ts';

/**
 * At most this many violations are listed per check, the rest counted: one check's flood (a
 * broken retry's hundreds of extra bets) never hides another check's first violation.
 */
const LISTED_PER_CHECK = 10;

export interface CheckReport {
  readonly violations: string[];
  /** Violations found beyond those listed. */
  readonly more: number;
  /** Operations by kind and outcome, e.g. { 'place ok': 512 }. */
  readonly operations: Record<string, number>;
  /** Ambiguous placements found in the store (committed) and not (never happened). */
  readonly ambiguous_resolved: { committed: number; absent: number };
  readonly checks_passed: string[];
}

type StoredBet = typeof bets.$inferSelect;

/**
 * The rule every request id is held to: an acknowledged operation stored once, a refused one
 * never, an ambiguous one at most once, and nothing stored that no operation asked for. `stored`
 * holds a `user/request id` key per stored row.
 */
function requestIdRule(
  what: string,
  ops: readonly Operation[],
  stored: readonly string[],
  violate: (v: string) => void,
) {
  const count = new Map<string, number>();
  for (const key of stored) count.set(key, (count.get(key) ?? 0) + 1);
  const asked = new Set(ops.map((o) => `${o.user_id}/${o.request_id}`));
  for (const op of ops) {
    const key = `${op.user_id}/${op.request_id}`;
    const n = count.get(key) ?? 0;
    const outcome = outcomeOf(op);
    if (outcome === 'ok' && n !== 1) violate(`${what} ${key} was acknowledged; the store has it ${n} times`);
    if (outcome === 'refused' && n > 0)
      violate(`${what} ${key} was refused (${op.attempts.at(-1)?.message}) and stored`);
    if (outcome === 'ambiguous' && n > 1) violate(`ambiguous ${what} ${key} stored ${n} times`);
  }
  for (const key of count.keys())
    if (!asked.has(key)) violate(`${what} ${key} was asked for by no operation`);
}

export async function checkHistory(
  app: FastifyInstance,
  history: readonly Operation[],
  userIds: readonly number[],
  /** What the run's WebSocket clients saw wrong (`pushProblems` and convergence), if it had any. */
  pushes?: readonly string[],
): Promise<CheckReport> {
  const violations: string[] = [];
  let more = 0;
  let listed = 0;
  const violate = (v: string) => {
    if (listed < LISTED_PER_CHECK) {
      violations.push(v);
      listed += 1;
    } else more += 1;
  };
  /** A new check starts: its own listing, and the count its violations are told from. */
  const section = () => {
    listed = 0;
    return violations.length + more;
  };
  const checks: string[] = [];
  const check = (name: string, before: number) => {
    if (violations.length + more === before) checks.push(name);
  };

  const operations: Record<string, number> = {};
  for (const op of history) {
    const k = `${op.kind} ${outcomeOf(op)}`;
    operations[k] = (operations[k] ?? 0) + 1;
  }

  const stored: StoredBet[] =
    userIds.length === 0
      ? []
      : await app.db
          .select()
          .from(bets)
          .where(inArray(bets.userId, [...userIds]));
  const byKey = new Map<string, StoredBet[]>();
  for (const b of stored) {
    const key = `${b.userId}/${b.requestId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), b]);
  }
  const byId = new Map(stored.map((b) => [b.betId, b]));

  // Placements.
  let before = section();
  const accounted = new Set<string>();
  const ambiguous_resolved = { committed: 0, absent: 0 };
  for (const op of history.filter((o) => o.kind === 'place')) {
    const key = `${op.user_id}/${op.request_id}`;
    accounted.add(key);
    const rows = byKey.get(key) ?? [];
    const outcome: Outcome = outcomeOf(op);
    if (outcome === 'ok' && (rows.length !== 1 || rows[0]!.betId !== op.bet_id))
      violate(
        `placement ${key} was acknowledged as bet ${op.bet_id}; the store has [${rows.map((r) => r.betId)}]`,
      );
    if (outcome === 'refused' && rows.length > 0)
      violate(
        `placement ${key} was refused (${op.attempts.at(-1)?.message}) but bet ${rows[0]!.betId} was stored`,
      );
    if (outcome === 'ambiguous') {
      if (rows.length > 1) violate(`ambiguous placement ${key} stored ${rows.length} times`);
      else if (rows.length === 1) ambiguous_resolved.committed += 1;
      else ambiguous_resolved.absent += 1;
    }
  }
  // A cash out's hedge bets carry its request id and a leg number (cash-out.ts).
  const cashOutOps = new Map(
    history.filter((o) => o.kind === 'cashout').map((o) => [`${o.user_id}/${o.request_id}`, o]),
  );
  const legOf = (key: string) => {
    const at = key.indexOf('\u001fcash-out ');
    return at === -1 ? undefined : cashOutOps.get(key.slice(0, at));
  };
  for (const [key, rows] of byKey) {
    const cashOut = legOf(key);
    if (cashOut !== undefined) {
      if (outcomeOf(cashOut) === 'refused')
        violate(
          `cash out ${key.split('\u001f')[0]} was refused, and its hedge bet ${rows[0]!.betId} was stored`,
        );
      continue;
    }
    if (!accounted.has(key))
      violate(`bet ${rows.map((r) => r.betId).join(', ')} (${key}) was placed by no operation`);
  }
  const cashOuts =
    userIds.length === 0
      ? []
      : await app.db
          .select()
          .from(exchangeCashOuts)
          .where(inArray(exchangeCashOuts.userId, [...userIds]));
  requestIdRule(
    'cash out',
    [...cashOutOps.values()],
    cashOuts.map((c) => `${c.userId}/${c.requestId}`),
    violate,
  );
  check(
    'every acknowledged placement and cash out stored once, every refused one never, every ambiguous one at most once, none unaccounted',
    before,
  );

  // The house's bets (bookmaker, fancy, casino): by request id as the placements.
  before = section();
  for (const [kind, table] of [
    ['bookmaker', bookmakerBets],
    ['fancy', fancyBets],
    ['casino', casinoBets],
  ] as const) {
    const rows =
      userIds.length === 0
        ? []
        : await app.db
            .select({ userId: table.userId, requestId: table.requestId })
            .from(table)
            .where(inArray(table.userId, [...userIds]));
    requestIdRule(
      `${kind} bet`,
      history.filter((o) => o.kind === kind),
      rows.map((r) => `${r.userId}/${r.requestId}`),
      violate,
    );
  }
  check(
    'every bookmaker, fancy and casino bet acknowledged stored once, refused never, none unaccounted',
    before,
  );

  // Cancels.
  before = section();
  for (const op of history.filter((o) => o.kind === 'cancel' && outcomeOf(o) === 'ok')) {
    const bet = byId.get(op.bet_id!);
    if (bet === undefined) violate(`cancel of bet ${op.bet_id} acknowledged, and no such bet of this bettor`);
    else if (bet.remainingPaise !== 0)
      violate(
        `cancel of bet ${op.bet_id} acknowledged, and it still has ${bet.remainingPaise} paise unmatched`,
      );
  }
  check('every acknowledged cancel left its bet with nothing unmatched', before);

  // Deposits and withdrawals.
  before = section();
  const payments =
    userIds.length === 0
      ? []
      : await app.db
          .select()
          .from(paymentRequests)
          .where(inArray(paymentRequests.userId, [...userIds]));
  const paymentsByKey = new Map<string, typeof payments>();
  for (const p of payments) {
    const key = `${p.userId}/${p.requestId}`;
    paymentsByKey.set(key, [...(paymentsByKey.get(key) ?? []), p]);
  }
  const paymentById = new Map(payments.map((p) => [p.paymentId, p]));
  const moneyKeys = new Set(
    (
      await app.db
        .select({ key: transfers.idempotencyKey })
        .from(transfers)
        .where(
          inArray(
            transfers.idempotencyKey,
            payments.flatMap((p) => [`payment/${p.paymentId}/deposit`, `payment/${p.paymentId}/hold`]),
          ),
        )
    ).map((t) => t.key),
  );
  const asked = new Set<string>();
  for (const op of history.filter((o) => o.kind === 'deposit' || o.kind === 'withdraw')) {
    const key = `${op.user_id}/${op.request_id}`;
    asked.add(key);
    const rows = paymentsByKey.get(key) ?? [];
    const outcome = outcomeOf(op);
    const type = op.kind === 'deposit' ? 'DEPOSIT' : 'WITHDRAW';
    if (
      outcome === 'ok' &&
      (rows.length !== 1 || rows[0]!.paymentId !== op.payment_id || rows[0]!.type !== type)
    )
      violate(
        `${op.kind} ${key} was acknowledged as payment ${op.payment_id}; the store has [${rows.map((r) => `${r.paymentId} ${r.type}`)}]`,
      );
    if (outcome === 'refused' && rows.length > 0)
      violate(
        `${op.kind} ${key} was refused (${op.attempts.at(-1)?.message}) but payment ${rows[0]!.paymentId} was stored`,
      );
    if (outcome === 'ambiguous' && rows.length > 1)
      violate(`ambiguous ${op.kind} ${key} stored ${rows.length} times`);
    if (op.kind === 'withdraw' && outcome === 'ok' && !moneyKeys.has(`payment/${op.payment_id}/hold`))
      violate(`withdrawal ${op.payment_id} was acknowledged and its amount is not held`);
  }
  for (const [key, rows] of paymentsByKey)
    if (!asked.has(key))
      violate(`payment ${rows.map((r) => r.paymentId).join(', ')} (${key}) was asked for by no operation`);
  for (const op of history.filter((o) => o.kind === 'webhook' && outcomeOf(o) === 'ok')) {
    const p = paymentById.get(op.payment_id!);
    if (p?.status !== 'APPROVED' || !moneyKeys.has(`payment/${op.payment_id}/deposit`))
      violate(
        `the gateway's notice for deposit ${op.payment_id} was acknowledged; it is ${p?.status ?? 'missing'} and ${moneyKeys.has(`payment/${op.payment_id}/deposit`) ? '' : 'not '}credited`,
      );
  }
  check(
    'every deposit and withdrawal asked for at most once; every notified deposit credited; every acknowledged withdrawal held',
    before,
  );

  // Bets and fills.
  before = section();
  const allFills = await app.db.select().from(fills);
  const allBets = new Map((await app.db.select().from(bets)).map((b) => [b.betId, b]));
  const matched = new Map<number, number>();
  const value = new Map<number, number>();
  for (const f of allFills) {
    const back = allBets.get(f.backBetId);
    const lay = allBets.get(f.layBetId);
    if (back?.side !== 'BACK' || lay?.side !== 'LAY') {
      violate(`fill ${f.fillId} does not join a back and a lay`);
      continue;
    }
    if (f.price < back.price || f.price > lay.price)
      violate(
        `fill ${f.fillId} at ${f.price} is worse than back ${back.betId} at ${back.price} or lay ${lay.betId} at ${lay.price}`,
      );
    for (const id of [f.backBetId, f.layBetId]) {
      matched.set(id, (matched.get(id) ?? 0) + f.sizePaise);
      value.set(id, (value.get(id) ?? 0) + f.sizePaise * f.price);
    }
  }
  for (const b of allBets.values()) {
    if (b.matchedPaise + b.remainingPaise + b.cancelledPaise !== b.sizePaise)
      violate(
        `bet ${b.betId}: matched ${b.matchedPaise} + remaining ${b.remainingPaise} + cancelled ${b.cancelledPaise} ≠ size ${b.sizePaise}`,
      );
    if (b.matchedPaise !== (matched.get(b.betId) ?? 0))
      violate(
        `bet ${b.betId}: matched ${b.matchedPaise}, its fills ${matched.get(b.betId) ?? 0} (an over- or under-match)`,
      );
    if (b.matchedValue !== (value.get(b.betId) ?? 0))
      violate(`bet ${b.betId}: matched value differs from its fills`);
  }
  check('every bet adds up, every fill at or better than both prices, no over-match', before);

  // What clients saw.
  before = section();
  for (const op of history.filter((o) => o.kind === 'balance' && o.available_paise !== undefined))
    if (op.available_paise! < 0)
      violate(`bettor ${op.bettor} saw an available balance of ${op.available_paise} paise`);
  check('no client saw an available balance below zero', before);

  // Pushes.
  if (pushes !== undefined) {
    before = section();
    for (const p of pushes) violate(`push: ${p}`);
    check(
      "every client's pushes in order, one state per seq on every node, each on the book within 5 s of healing",
      before,
    );
  }

  // The ledger.
  before = section();
  const ledger = await checkLedger(app);
  for (const p of ledger.problems) violate(`ledger: ${p}`);
  if (!ledger.ok && ledger.problems.length === 0) violate('ledger: not ok');
  check('the ledger check is clean', before);

  return { violations, more, operations, ambiguous_resolved, checks_passed: checks };
}
