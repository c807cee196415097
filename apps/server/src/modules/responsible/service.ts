// Responsible gaming, enforced on the server: deposit limits (checked when a deposit is asked
// for), loss limits (a cap on the betting budget every bet placement reads from the wallet),
// reality checks (the client reminds; the server gives the session's start and net result) and
// time-out / self-exclusion (every session ends; login refused until the end; open bets stand).
import type { ResponsibleGaming } from '@backlay/contract';
import { RG_LIMIT_KINDS, RG_PERIODS } from '@backlay/contract';
import { and, eq, gte, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sessions } from '../account/schema.ts';
import { paymentRequests } from '../payments/schema.ts';
import { rgLimits, rgSettings } from './schema.ts';
import { ledgerAccounts, transfers } from '../wallet/schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import type { AuthService } from '../../plugins/auth.ts';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../account/service.ts';
import { gameMovementSql } from '../wallet/service.ts';

export type LimitKind = (typeof RG_LIMIT_KINDS)[number];
export type LimitPeriod = (typeof RG_PERIODS)[number];

const DAY_MS = 86_400_000;
export const PERIOD_MS: Record<LimitPeriod, number> = { DAY: DAY_MS, WEEK: 7 * DAY_MS, MONTH: 30 * DAY_MS };
const PERIOD_SQL: Record<LimitPeriod, string> = { DAY: '1 day', WEEK: '7 days', MONTH: '30 days' };
const PERIOD_WORD: Record<LimitPeriod, string> = { DAY: 'daily', WEEK: 'weekly', MONTH: 'monthly' };
/** A raise or removal of a limit waits this long. */
export const RAISE_DELAY_MS = DAY_MS;

export const EXCLUSION_MS = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '6m': 182 * DAY_MS,
  '1y': 365 * DAY_MS,
  '5y': 5 * 365 * DAY_MS,
} as const;

const rupees = (paise: number) => Math.round(paise) / 100;
const rupeesText = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** dd/MM/yyyy HH:mm in UTC+5:30. */
export function istText(at: Date): string {
  const d = new Date(at.getTime() + 330 * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

type LimitRow = typeof rgLimits.$inferSelect;

/** The amount in force at `now` (a pending change whose time has come counts). */
export function effectiveLimit(
  row: Pick<LimitRow, 'amountPaise' | 'pendingAmountPaise' | 'pendingFrom'>,
  now: Date,
) {
  if (row.pendingFrom && row.pendingFrom <= now) return row.pendingAmountPaise;
  return row.amountPaise;
}

/** How a new amount applies: lower (or a first limit) at once; higher or none after 24 hours. */
export function planLimitChange(
  current: number | null,
  wanted: number | null,
  now: Date,
): { amountPaise: number | null; pendingAmountPaise: number | null; pendingFrom: Date | null } {
  const lowers = wanted !== null && (current === null || wanted <= current);
  if (lowers) return { amountPaise: wanted, pendingAmountPaise: null, pendingFrom: null };
  return {
    amountPaise: current,
    pendingAmountPaise: wanted,
    pendingFrom: new Date(now.getTime() + RAISE_DELAY_MS),
  };
}

/** A transfer `t` that is a stake or a result of any product (the wallet's one definition). */
const GAME = gameMovementSql('t');

/**
 * Net loss (≥ 0) of a user's game movements since `since` (every product's: a market's
 * settlement, a provider's bets and wins, fantasy fees and prizes), as SQL over the user's cash
 * account. A stake that leaves the wallet when it is made (a provider's debit, an entry fee)
 * counts at once, until its win or refund comes back.
 */
function lossSinceExpr(userId: SQLWrapper | number, since: SQL) {
  return sql<string>`(select greatest(0,
      coalesce((select sum(t.amount_paise) from ${transfers} t where t.debit_account_id = a.account_id and ${GAME} and t.created_at >= ${since}), 0)
    - coalesce((select sum(t.amount_paise) from ${transfers} t where t.credit_account_id = a.account_id and ${GAME} and t.created_at >= ${since}), 0))
    from ${ledgerAccounts} a where a.user_id = ${userId} and a.kind = 'user_cash')`;
}

// Long because it is a factory: its inner functions, each short, share the limits' reads and the
// session ends a time-out or exclusion triggers.
export function createResponsibleService(deps: { db: Db; clock: Clock; auth: AuthService }) {
  const { db, clock, auth } = deps;
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

  async function settingsOf(tx: Executor, userId: number) {
    const [row] = await tx.select().from(rgSettings).where(eq(rgSettings.userId, userId));
    return row ?? null;
  }

  async function depositedSince(tx: Executor, userId: number, since: Date): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${paymentRequests.amountPaise}), 0)::text` })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.userId, userId),
          eq(paymentRequests.type, 'DEPOSIT'),
          inArray(paymentRequests.status, ['PENDING', 'APPROVED']),
          gte(paymentRequests.createdAt, since),
        ),
      );
    return Number(row?.total ?? 0);
  }

  async function lostSince(tx: Executor, userId: number, since: Date): Promise<number> {
    const [row] = await tx
      .execute<{ loss: string | null }>(sql`select ${lossSinceExpr(userId, ts(since))}::text as loss`)
      .then((r) => (r as unknown as { rows: { loss: string | null }[] }).rows);
    return Number(row?.loss ?? 0);
  }

  async function view(userId: number, sessionId: number): Promise<ResponsibleGaming> {
    const now = clock.now();
    const rows = await db.select().from(rgLimits).where(eq(rgLimits.userId, userId));
    const settings = await settingsOf(db, userId);
    const [session] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.sessionId, sessionId));
    const started = session?.createdAt ?? now;
    const limits = [];
    for (const kind of RG_LIMIT_KINDS) {
      for (const period of RG_PERIODS) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        const since = new Date(now.getTime() - PERIOD_MS[period]);
        const used =
          kind === 'DEPOSIT' ? await depositedSince(db, userId, since) : await lostSince(db, userId, since);
        const amount = row ? effectiveLimit(row, now) : null;
        const pending = row?.pendingFrom && row.pendingFrom > now ? row : null;
        limits.push({
          kind,
          period,
          amount: amount === null ? null : rupees(amount),
          used: rupees(used),
          pending: pending
            ? {
                amount: pending.pendingAmountPaise === null ? null : rupees(pending.pendingAmountPaise),
                from: pending.pendingFrom!.toISOString(),
              }
            : null,
        });
      }
    }
    const net = await db.execute(sql`select (
        coalesce((select sum(t.amount_paise) from ${transfers} t join ${ledgerAccounts} a on a.account_id = t.credit_account_id where a.user_id = ${userId} and a.kind = 'user_cash' and ${GAME} and t.created_at >= ${ts(started)}), 0)
      - coalesce((select sum(t.amount_paise) from ${transfers} t join ${ledgerAccounts} a on a.account_id = t.debit_account_id where a.user_id = ${userId} and a.kind = 'user_cash' and ${GAME} and t.created_at >= ${ts(started)}), 0))::text as net`);
    const netPaise = Number((net as unknown as { rows: { net: string }[] }).rows[0]?.net ?? 0);
    return {
      limits,
      reality_check_minutes: settings?.realityCheckMinutes ?? 0,
      session_started_at: started.toISOString(),
      session_net: rupees(netPaise),
    };
  }

  return {
    view,

    /**
     * The cap on a user's betting budget from their loss limits: for each period with a limit,
     * limit − net loss in the period; the least of them (null when no loss limit is set). With
     * exposure ≤ budget, what the user can still lose in the period stays within every limit.
     */
    budgetCap(userId: SQLWrapper, now: Date): SQL<string | null> {
      const eff = sql`case when l.pending_from is not null and l.pending_from <= ${ts(now)} then l.pending_amount_paise else l.amount_paise end`;
      const since = sql`${ts(now)} - (case l.period when 'DAY' then interval '${sql.raw(PERIOD_SQL.DAY)}' when 'WEEK' then interval '${sql.raw(PERIOD_SQL.WEEK)}' else interval '${sql.raw(PERIOD_SQL.MONTH)}' end)`;
      return sql<string | null>`(select min(x.lim - x.loss)::text from (
          select ${eff} as lim, ${lossSinceExpr(sql`l.user_id`, since)}::bigint as loss
          from ${rgLimits} l where l.user_id = ${userId} and l.kind = 'LOSS') x
        where x.lim is not null)`;
    },

    /** A deposit of `amountPaise` within every deposit limit? The refusal, or null. */
    async depositRefusal(tx: Executor, userId: number, amountPaise: number): Promise<string | null> {
      const now = clock.now();
      const rows = await tx
        .select()
        .from(rgLimits)
        .where(and(eq(rgLimits.userId, userId), eq(rgLimits.kind, 'DEPOSIT')));
      for (const row of rows) {
        const limit = effectiveLimit(row, now);
        if (limit === null) continue;
        const used = await depositedSince(tx, userId, new Date(now.getTime() - PERIOD_MS[row.period]));
        if (used + amountPaise > limit) {
          return `This deposit would go over your ${PERIOD_WORD[row.period]} deposit limit of ${rupeesText(limit)} (${rupeesText(Math.max(0, limit - used))} left)`;
        }
      }
      return null;
    },

    async setLimit(
      userId: number,
      sessionId: number,
      kind: LimitKind,
      period: LimitPeriod,
      amountPaise: number | null,
    ) {
      const now = clock.now();
      let message = '';
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(rgLimits)
          .where(and(eq(rgLimits.userId, userId), eq(rgLimits.kind, kind), eq(rgLimits.period, period)))
          .for('update');
        const current = row ? effectiveLimit(row, now) : null;
        const plan = planLimitChange(current, amountPaise, now);
        message =
          plan.pendingFrom === null
            ? 'Limit saved: it counts from now'
            : `A higher limit (or none) counts after 24 hours, from ${istText(plan.pendingFrom)}; until then ${current === null ? 'there is no limit' : `the limit stays ${rupeesText(current)}`}`;
        await tx
          .insert(rgLimits)
          .values({ userId, kind, period, ...plan, updatedAt: now })
          .onConflictDoUpdate({
            target: [rgLimits.userId, rgLimits.kind, rgLimits.period],
            set: { ...plan, updatedAt: now },
          });
      });
      return { view: await view(userId, sessionId), message };
    },

    async setRealityCheck(userId: number, sessionId: number, minutes: number) {
      const now = clock.now();
      await db
        .insert(rgSettings)
        .values({ userId, realityCheckMinutes: minutes, updatedAt: now })
        .onConflictDoUpdate({
          target: rgSettings.userId,
          set: { realityCheckMinutes: minutes, updatedAt: now },
        });
      return view(userId, sessionId);
    },

    /**
     * Starts a time-out or self-exclusion and ends every session and open sign-in, in one
     * transaction. Only ever lengthens: one upsert keeps the later of the stored end and the new
     * one on the row it locks, so two calls sent together end at the later end whatever the order
     * of their commits. Returns the end that holds.
     */
    async exclude(userId: number, kind: 'TIME_OUT' | 'SELF_EXCLUSION', period: keyof typeof EXCLUSION_MS) {
      const now = clock.now();
      const wanted = new Date(now.getTime() + EXCLUSION_MS[period]);
      return db.transaction(async (tx) => {
        // The user row first (the session gate's lock), then the settings row: one lock order.
        await auth.endAll(tx, userId, null);
        const stored = rgSettings.excludedUntil;
        const longer = sql`(${stored} is null or ${stored} < excluded.excluded_until)`;
        const [row] = await tx
          .insert(rgSettings)
          .values({ userId, excludedUntil: wanted, exclusionKind: kind, updatedAt: now })
          .onConflictDoUpdate({
            target: rgSettings.userId,
            set: {
              excludedUntil: sql`case when ${longer} then excluded.excluded_until else ${stored} end`,
              exclusionKind: sql`case when ${longer} then excluded.exclusion_kind else ${rgSettings.exclusionKind} end`,
              updatedAt: now,
            },
          })
          .returning({ until: rgSettings.excludedUntil });
        return row!.until!;
      });
    },

    /**
     * Login gate: refused while a time-out or self-exclusion lasts. Checked before any second
     * step, and again by the session gate in the transaction that issues the session.
     */
    async exclusionGate(user: UserRow, tx: Executor = db): Promise<null | { refuse: string }> {
      const s = await settingsOf(tx, user.userId);
      if (!s?.excludedUntil || s.excludedUntil <= clock.now()) return null;
      const what = s.exclusionKind === 'SELF_EXCLUSION' ? 'self-excluded' : 'on a time-out';
      return { refuse: `This account is ${what} until ${istText(s.excludedUntil)} (IST). Open bets stand.` };
    },
  };
}
export type ResponsibleService = ReturnType<typeof createResponsibleService>;
