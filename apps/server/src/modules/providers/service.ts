// The providers module's catalog (synced from each provider), the bettor's lobby, launch and Live
// Casino Bets report, and the operator's views: rounds and the daily reconciliation against the
// ledger. The wallet callbacks are wallet-calls.ts.
import {
  GAME_LIST_PAGE_SIZE,
  PROVIDER_CATEGORY_LABELS,
  PROVIDER_GAME_CATEGORIES,
  PROVIDER_REPORT_PAGE_SIZE,
  type AdminProviderReconciliation,
  type AdminProviderView,
  type LiveCasinoBetRow,
  type ProviderApiGame,
  type ProviderGameCategory,
  type ProviderRoundStatus,
  type WorldCasinoGame,
} from '@backlay/contract';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import { ledgerAccounts, transfers } from '../wallet/schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import { likeEscape } from '../catalog/queries.ts';
import { istRange } from '../reports/service.ts';
import { PROVIDER_TRANSFER_KINDS, providerHouseCode } from '../wallet/service.ts';
import { ProviderCallError, type Provider } from './provider.ts';
import { gameProviders, providerGames, providerRounds, providerTransactions } from './schema.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const rupees = (paise: number) => Math.round(paise) / 100;
const iso = (d: Date | string) => new Date(d).toISOString();

/** A provider's category text as ours: its own word upper-cased, SLOT as SLOTS, anything else OTHER. */
export function categoryOf(text: string): ProviderGameCategory {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const aliases: Record<string, ProviderGameCategory> = {
    SLOT: 'SLOTS',
    LIVE_CASINO: 'LIVE',
    LIVE_DEALER: 'LIVE',
    TABLE_GAMES: 'TABLE',
  };
  const c = aliases[word] ?? word;
  return (PROVIDER_GAME_CATEGORIES as readonly string[]).includes(c) ? (c as ProviderGameCategory) : 'OTHER';
}

/**
 * A thumbnail as an absolute http(s) URL (a relative one resolved against the provider's base), or
 * null; only on the provider's own origin, the one the site's CSP lets pictures come from
 * (plugins/security-headers.ts): a picture elsewhere would not show.
 */
export function thumbnailOf(url: string | null, baseUrl: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, `${baseUrl}/`);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin === new URL(baseUrl).origin ? u.toString() : null;
  } catch {
    return null;
  }
}

// Long because it is a factory: its inner functions, each short, share the configured providers and
// their launch sessions; the wallet calls are their own unit (wallet-calls.ts).
export function createProvidersService(deps: { db: Db; providers: readonly Provider[] }) {
  const { db } = deps;
  const byId = new Map(deps.providers.map((p) => [p.id, p]));
  const configured = [...byId.keys()];
  /** Nothing configured: every list is empty (an IN () would not parse). */
  const inConfigured = (col: SQL | typeof providerGames.providerId) =>
    configured.length === 0 ? sql`false` : inArray(col as typeof providerGames.providerId, configured);

  /** The configured providers' rows: name and URL from the configuration, the operator's switch kept. */
  async function register() {
    for (const p of deps.providers) {
      await db
        .insert(gameProviders)
        .values({ providerId: p.id, name: p.name, baseUrl: p.baseUrl })
        .onConflictDoUpdate({ target: gameProviders.providerId, set: { name: p.name, baseUrl: p.baseUrl } });
    }
  }

  /**
   * Copies a provider's list into the catalog: new games enabled, switches kept, dropped games
   * unlisted. `problems`: the games left out as malformed (sync_error names them; null when none).
   */
  async function storeGames(
    provider: Provider,
    games: readonly ProviderApiGame[],
    problems: readonly string[],
  ) {
    await db.transaction(async (tx) => {
      for (const g of games) {
        const row = {
          name: g.name,
          category: categoryOf(g.category),
          thumbnailUrl: thumbnailOf(g.thumbnail_url, provider.baseUrl),
          listed: true,
        };
        await tx
          .insert(providerGames)
          .values({ providerId: provider.id, providerGameId: g.game_id, ...row })
          .onConflictDoUpdate({ target: [providerGames.providerId, providerGames.providerGameId], set: row });
      }
      const ids = games.map((g) => g.game_id);
      await tx.execute(sql`update ${providerGames} set listed = false
        where provider_id = ${provider.id}
          and not (provider_game_id = any(${`{${ids.map((i) => `"${i}"`).join(',')}}`}::text[]))`);
      await tx
        .update(gameProviders)
        .set({
          syncedAt: sql`now()` as unknown as Date,
          syncError:
            problems.length === 0
              ? null
              : `${problems.length} game${problems.length === 1 ? '' : 's'} left out: ${problems.slice(0, 3).join('; ')}`.slice(
                  0,
                  300,
                ),
        })
        .where(eq(gameProviders.providerId, provider.id));
    });
  }

  async function sync(providerId: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const provider = byId.get(providerId);
    if (!provider) return { ok: false, message: `No provider ${providerId} is configured` };
    try {
      const listed = await provider.listGames();
      await storeGames(provider, listed.games, listed.problems);
      return { ok: true };
    } catch (err) {
      if (!(err instanceof ProviderCallError)) throw err;
      await db
        .update(gameProviders)
        .set({ syncError: err.message.slice(0, 300) })
        .where(eq(gameProviders.providerId, providerId));
      return { ok: false, message: err.message };
    }
  }

  async function providerViews(only?: string): Promise<AdminProviderView[]> {
    const rows = rowsOf<{
      provider_id: string;
      name: string;
      base_url: string;
      enabled: boolean;
      synced_at: string | null;
      sync_error: string | null;
      games: string;
      enabled_games: string;
      open_rounds: string;
    }>(
      await db.execute(sql`select p.*,
          (select count(*) from ${providerGames} g where g.provider_id = p.provider_id and g.listed)::text as games,
          (select count(*) from ${providerGames} g where g.provider_id = p.provider_id and g.listed and g.enabled)::text as enabled_games,
          (select count(*) from ${providerRounds} r where r.provider_id = p.provider_id and r.status = 'OPEN')::text as open_rounds
        from ${gameProviders} p
        where ${inConfigured(sql`p.provider_id`)} ${only === undefined ? sql`` : sql`and p.provider_id = ${only}`}
        order by p.name`),
    );
    return rows.map((r) => ({
      provider_id: r.provider_id,
      name: r.name,
      base_url: r.base_url,
      enabled: r.enabled,
      games: Number(r.games),
      enabled_games: Number(r.enabled_games),
      synced_at: r.synced_at === null ? null : iso(r.synced_at),
      sync_error: r.sync_error,
      open_rounds: Number(r.open_rounds),
    }));
  }

  type GameRow = {
    game_id: number;
    name: string;
    category: ProviderGameCategory;
    thumbnail_url: string | null;
    provider_id: string;
    provider_name: string;
    provider_game_id: string;
    enabled: boolean;
  };
  const gameView = (r: GameRow): WorldCasinoGame => ({
    game_id: r.game_id,
    name: r.name,
    category: r.category,
    thumbnail_url: r.thumbnail_url,
    provider_id: r.provider_id,
    provider_name: r.provider_name,
  });
  const gamesFrom = sql`${providerGames} g join ${gameProviders} p on p.provider_id = g.provider_id`;
  const gameColumns = sql`g.game_id, g.name, g.category, g.thumbnail_url, g.provider_id,
    p.name as provider_name, g.provider_game_id, g.enabled`;

  /** Rounds (with game and provider names) and their transactions, newest first. */
  async function roundRows(where: SQL, page: number) {
    const offset = (page - 1) * PROVIDER_REPORT_PAGE_SIZE;
    const rows = rowsOf<{
      round_key: string;
      round_id: string;
      game_id: number | null;
      game_name: string | null;
      provider_game_id: string;
      category: ProviderGameCategory | null;
      provider_id: string;
      provider_name: string;
      started_at: string;
      status: ProviderRoundStatus;
      stake_paise: string;
      win_paise: string;
      user_id: number;
      user_name: string;
    }>(
      await db.execute(sql`select r.round_key::text, r.round_id, r.game_id, g.name as game_name,
          r.provider_game_id, g.category, r.provider_id, p.name as provider_name, r.started_at,
          r.status, r.stake_paise::text, r.win_paise::text, r.user_id, u.user_name
        from ${providerRounds} r
          join ${gameProviders} p on p.provider_id = r.provider_id
          join ${users} u on u.user_id = r.user_id
          left join ${providerGames} g on g.game_id = r.game_id
        where ${where}
        order by r.started_at desc, r.round_key desc
        limit ${PROVIDER_REPORT_PAGE_SIZE} offset ${offset}`),
    );
    const totals = rowsOf<{ n: string; stake: string; win: string }>(
      await db.execute(sql`select count(*)::text as n, coalesce(sum(r.stake_paise), 0)::text as stake,
          coalesce(sum(r.win_paise), 0)::text as win
        from ${providerRounds} r where ${where}`),
    )[0]!;
    const keys = rows.map((r) => Number(r.round_key));
    const txs =
      keys.length === 0
        ? []
        : await db
            .select()
            .from(providerTransactions)
            .where(inArray(providerTransactions.roundKey, keys))
            .orderBy(providerTransactions.createdAt, providerTransactions.transactionId);
    const views = rows.map((r) => {
      const stake = Number(r.stake_paise);
      const win = Number(r.win_paise);
      const row: LiveCasinoBetRow & { user_id: number; user_name: string } = {
        round_id: r.round_id,
        game_id: r.game_id,
        game_name: r.game_name ?? r.provider_game_id,
        category: r.category,
        provider_id: r.provider_id,
        provider_name: r.provider_name,
        date: iso(r.started_at),
        status: r.status,
        stake: rupees(stake),
        win: rupees(win),
        profit_loss: rupees(win - stake),
        transactions: txs
          .filter((t) => t.roundKey === Number(r.round_key))
          .map((t) => ({
            transaction_id: t.transactionId,
            type: t.type as 'DEBIT' | 'CREDIT' | 'ROLLBACK',
            amount: rupees(t.movedPaise),
            code: t.code,
            date: iso(t.createdAt),
          })),
        user_id: r.user_id,
        user_name: r.user_name,
      };
      return row;
    });
    return {
      rows: views,
      total: Number(totals.n),
      stakePaise: Number(totals.stake),
      winPaise: Number(totals.win),
    };
  }

  const dayOf = (date: string | undefined, now: Date) =>
    date ?? new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

  return {
    register,
    sync,
    provider: (id: string) => byId.get(id) ?? null,
    providers: deps.providers,

    /** The lobby's provider filter: enabled providers and how many enabled games each has. */
    async providersList() {
      return (await providerViews())
        .filter((p) => p.enabled && p.enabled_games > 0)
        .map((p) => ({ provider_id: p.provider_id, name: p.name, game_count: p.enabled_games }));
    },

    async gameList(body: {
      provider_id?: string | undefined;
      category?: ProviderGameCategory | undefined;
      search?: string | undefined;
      page: number;
    }) {
      const base = [
        inConfigured(sql`g.provider_id`),
        sql`p.enabled and g.enabled and g.listed`,
        ...(body.provider_id ? [sql`g.provider_id = ${body.provider_id}`] : []),
        ...(body.search?.trim() ? [sql`g.name ilike ${`%${likeEscape(body.search.trim())}%`}`] : []),
      ];
      const where = sql.join(base, sql` and `);
      const withCategory = body.category ? sql`${where} and g.category = ${body.category}` : where;
      const offset = (body.page - 1) * GAME_LIST_PAGE_SIZE;
      const games = rowsOf<GameRow>(
        await db.execute(sql`select ${gameColumns} from ${gamesFrom} where ${withCategory}
          order by g.name, g.game_id limit ${GAME_LIST_PAGE_SIZE} offset ${offset}`),
      );
      const counts = rowsOf<{ category: ProviderGameCategory; n: string }>(
        await db.execute(
          sql`select g.category, count(*)::text as n from ${gamesFrom} where ${where} group by g.category`,
        ),
      );
      const byCategory = new Map(counts.map((c) => [c.category, Number(c.n)]));
      return {
        games: games.map(gameView),
        categories: PROVIDER_GAME_CATEGORIES.filter((c) => byCategory.has(c)).map((c) => ({
          category: c,
          label: PROVIDER_CATEGORY_LABELS[c],
          count: byCategory.get(c)!,
        })),
        page: body.page,
        page_size: GAME_LIST_PAGE_SIZE,
        total: body.category
          ? (byCategory.get(body.category) ?? 0)
          : counts.reduce((s, c) => s + Number(c.n), 0),
      };
    },

    /** A game with its provider's switch (launch), or null. */
    async game(gameId: number): Promise<(GameRow & { provider_enabled: boolean; listed: boolean }) | null> {
      const [row] = rowsOf<GameRow & { provider_enabled: boolean; listed: boolean }>(
        await db.execute(sql`select ${gameColumns}, g.listed, p.enabled as provider_enabled
          from ${gamesFrom} where g.game_id = ${gameId} and ${inConfigured(sql`g.provider_id`)}`),
      );
      return row ?? null;
    },

    async liveCasinoBets(
      userId: number,
      body: { from_date: string; to_date: string; provider_id?: string | undefined; page: number },
    ) {
      const { start, end } = istRange(body.from_date, body.to_date);
      const where = sql.join(
        [
          sql`r.user_id = ${userId}`,
          sql`r.started_at >= ${start.toISOString()}`,
          sql`r.started_at < ${end.toISOString()}`,
          ...(body.provider_id ? [sql`r.provider_id = ${body.provider_id}`] : []),
        ],
        sql` and `,
      );
      const r = await roundRows(where, body.page);
      return {
        rows: r.rows.map(({ user_id: _u, user_name: _n, ...row }) => row),
        total_stake: rupees(r.stakePaise),
        total_win: rupees(r.winPaise),
        total_profit_loss: rupees(r.winPaise - r.stakePaise),
        page: body.page,
        page_size: PROVIDER_REPORT_PAGE_SIZE,
        total: r.total,
      };
    },

    adminProviders: () => providerViews(),
    async adminProvider(providerId: string) {
      return (await providerViews(providerId))[0] ?? null;
    },
    async setProviderEnabled(providerId: string, enabled: boolean) {
      if (!byId.has(providerId)) return null;
      await db.update(gameProviders).set({ enabled }).where(eq(gameProviders.providerId, providerId));
      return (await providerViews(providerId))[0] ?? null;
    },

    async adminGames(body: { provider_id?: string | undefined; search?: string | undefined; page: number }) {
      const where = sql.join(
        [
          inConfigured(sql`g.provider_id`),
          sql`g.listed`,
          ...(body.provider_id ? [sql`g.provider_id = ${body.provider_id}`] : []),
          ...(body.search?.trim() ? [sql`g.name ilike ${`%${likeEscape(body.search.trim())}%`}`] : []),
        ],
        sql` and `,
      );
      const offset = (body.page - 1) * PROVIDER_REPORT_PAGE_SIZE;
      const games = rowsOf<GameRow>(
        await db.execute(sql`select ${gameColumns} from ${gamesFrom} where ${where}
          order by p.name, g.name, g.game_id limit ${PROVIDER_REPORT_PAGE_SIZE} offset ${offset}`),
      );
      const [n] = rowsOf<{ n: string }>(
        await db.execute(sql`select count(*)::text as n from ${gamesFrom} where ${where}`),
      );
      return {
        games: games.map((g) => ({
          ...gameView(g),
          provider_game_id: g.provider_game_id,
          enabled: g.enabled,
        })),
        page: body.page,
        page_size: PROVIDER_REPORT_PAGE_SIZE,
        total: Number(n?.n ?? 0),
      };
    },
    async setGameEnabled(gameId: number, enabled: boolean) {
      const before = await this.game(gameId);
      if (!before) return null;
      await db.update(providerGames).set({ enabled }).where(eq(providerGames.gameId, gameId));
      return { ...gameView(before), provider_game_id: before.provider_game_id, enabled };
    },

    async adminRounds(
      body: {
        provider_id: string;
        date?: string | undefined;
        status?: ProviderRoundStatus | undefined;
        user_id?: number | undefined;
        page: number;
      },
      now: Date,
    ) {
      const day = dayOf(body.date, now);
      const { start, end } = istRange(day, day);
      const where = sql.join(
        [
          sql`r.provider_id = ${body.provider_id}`,
          sql`r.started_at >= ${start.toISOString()}`,
          sql`r.started_at < ${end.toISOString()}`,
          ...(body.status ? [sql`r.status = ${body.status}`] : []),
          ...(body.user_id === undefined ? [] : [sql`r.user_id = ${body.user_id}`]),
        ],
        sql` and `,
      );
      const r = await roundRows(where, body.page);
      return { rows: r.rows, page: body.page, page_size: PROVIDER_REPORT_PAGE_SIZE, total: r.total };
    },

    /** A provider's IST day: its calls by the transactions table against the ledger's transfers. */
    async reconciliation(
      providerId: string,
      date: string | undefined,
      now: Date,
    ): Promise<AdminProviderReconciliation> {
      const day = dayOf(date, now);
      const { start, end } = istRange(day, day);
      const inDay = (col: string) =>
        sql`${sql.raw(col)} >= ${start.toISOString()} and ${sql.raw(col)} < ${end.toISOString()}`;
      const byType = rowsOf<{ type: string; n: string; paise: string }>(
        await db.execute(sql`select type, count(*)::text as n, coalesce(sum(moved_paise), 0)::text as paise
          from ${providerTransactions}
          where provider_id = ${providerId} and moved_paise > 0 and ${inDay('created_at')}
          group by type`),
      );
      const ledgerRows = rowsOf<{ kind: string; n: string; paise: string }>(
        await db.execute(sql`select t.kind, count(*)::text as n, coalesce(sum(t.amount_paise), 0)::text as paise
          from ${transfers} t join ${ledgerAccounts} a on a.code = ${providerHouseCode(providerId)}
          where t.kind in ('provider_bet', 'provider_win', 'provider_refund')
            and (t.debit_account_id = a.account_id or t.credit_account_id = a.account_id)
            and ${inDay('t.created_at')}
          group by t.kind`),
      );
      const refused = rowsOf<{ code: string; n: string }>(
        await db.execute(sql`select code, count(*)::text as n from ${providerTransactions}
          where provider_id = ${providerId} and code <> 'OK' and ${inDay('created_at')}
          group by code order by code`),
      );
      const [open] = rowsOf<{ n: string }>(
        await db.execute(sql`select count(*)::text as n from ${providerRounds}
          where provider_id = ${providerId} and status = 'OPEN' and ${inDay('started_at')}`),
      );
      const line = (type: string, kind: string) => {
        const t = byType.find((r) => r.type === type);
        const l = ledgerRows.find((r) => r.kind === kind);
        return {
          count: Number(t?.n ?? 0),
          amount: rupees(Number(t?.paise ?? 0)),
          ledger_count: Number(l?.n ?? 0),
          ledger_amount: rupees(Number(l?.paise ?? 0)),
        };
      };
      const debits = line('DEBIT', 'provider_bet');
      const credits = line('CREDIT', 'provider_win');
      const rollbacks = line('ROLLBACK', 'provider_refund');
      const same = (l: typeof debits) => l.count === l.ledger_count && l.amount === l.ledger_amount;
      return {
        provider_id: providerId,
        date: day,
        debits,
        credits,
        rollbacks,
        refused: refused.map((r) => ({ code: r.code, count: Number(r.n) })),
        net: rupees(Math.round((debits.amount - credits.amount - rollbacks.amount) * 100)),
        open_rounds: Number(open?.n ?? 0),
        balanced: same(debits) && same(credits) && same(rollbacks),
      };
    },

    /**
     * The ledger check's part for providers (admin/ledger/check): every recorded movement has its
     * one transfer of that amount and kind, every provider transfer has its recorded movement, and
     * every round's stake and win equal its movements.
     */
    async ledgerProblems(tx: Executor): Promise<string[]> {
      const problems: string[] = [];
      const kindOf = sql`case p.type when 'DEBIT' then 'provider_bet' when 'CREDIT' then 'provider_win' else 'provider_refund' end`;
      const unmatched = rowsOf<{ provider_id: string; transaction_id: string }>(
        await tx.execute(sql`select p.provider_id, p.transaction_id from ${providerTransactions} p
          left join ${transfers} t on t.transfer_id = p.transfer_id
          where p.moved_paise > 0 and (t.transfer_id is null or t.amount_paise <> p.moved_paise or t.kind <> ${kindOf})
          limit 20`),
      );
      for (const u of unmatched)
        problems.push(
          `Provider ${u.provider_id} transaction ${u.transaction_id} has no transfer of its amount`,
        );
      const orphans = rowsOf<{ transfer_id: string }>(
        await tx.execute(sql`select t.transfer_id::text from ${transfers} t
          where t.kind in (${sql.join(
            PROVIDER_TRANSFER_KINDS.map((k) => sql`${k}`),
            sql`, `,
          )})
            and not exists (select 1 from ${providerTransactions} p where p.transfer_id = t.transfer_id)
          limit 20`),
      );
      for (const o of orphans)
        problems.push(`Provider transfer ${o.transfer_id} has no recorded provider call`);
      const rounds = rowsOf<{ provider_id: string; round_id: string }>(
        await tx.execute(sql`select r.provider_id, r.round_id from ${providerRounds} r
          left join lateral (select
              coalesce(sum(case when p.type = 'DEBIT' then p.moved_paise end), 0)
                - coalesce(sum(case when p.type = 'ROLLBACK' then p.moved_paise end), 0) as stake,
              coalesce(sum(case when p.type = 'CREDIT' then p.moved_paise end), 0) as win
            from ${providerTransactions} p where p.round_key = r.round_key) m on true
          where m.stake <> r.stake_paise or m.win <> r.win_paise
          limit 20`),
      );
      for (const r of rounds)
        problems.push(
          `Provider ${r.provider_id} round ${r.round_id}: its stake or win differs from its calls`,
        );
      return problems;
    },

    /** Provider rows for the statement's labels and the report: configured ids. */
    configured,
    dayOf,
  };
}
export type ProvidersService = ReturnType<typeof createProvidersService>;
