// The cricket simulator's port (packages/feed CricketFeedApi) on this server: it reads the demo
// cricket matches with their bookmaker market and fancies, and writes only through the calls an
// operator's quoting uses (app.fancy, app.bookmaker, app.settlement, publishScore), so the feed
// can do nothing an operator could not. A composition of the modules beside the root (as the seed
// is): the cricket module knows no market kind, the kinds read cricket through app.cricket.
import type {
  BookmakerStatus,
  CricketFeedApi,
  CricketMatch,
  FancyEvent,
  FancyStatus,
  FeedFancy,
  Scoreboard,
} from '@backlay/feed';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookmakerMarkets } from '../modules/bookmaker/schema.ts';
import { matches } from '../modules/catalog/schema.ts';
import { cricketMatches } from '../modules/cricket/schema.ts';
import { fancies } from '../modules/fancy/schema.ts';
import { markets, runners } from '../modules/markets/schema.ts';
import { marketSettlements } from '../modules/markets/schema.ts';
import { settleIncompleteFancy } from '../modules/fancy/incomplete.ts';
import { averageOverrides } from '../modules/fancy/rules.ts';
import { endsMatch, suspendMatchOdds } from '../modules/cricket/match-odds.ts';
import type { Fence } from '../plugins/leader.ts';
import { BOOKMAKER_KIND } from '../modules/bookmaker/kind.ts';
import { EXCHANGE_KIND } from '../modules/exchange/kind.ts';
import { publishScore } from '../modules/cricket/plugin.ts';
import { openPlayerFancy } from '../modules/fancy/players.ts';
import { createCricketReads, type CricketElevensReader } from '../modules/cricket/reads.ts';

type RunnerRow = { marketId: number; selectionId: number; name: string };

/** teams[k]'s selection id among a market's runners, by name (null when a team has no runner). */
function selectionsByTeam(
  teams: readonly [string, string],
  rs: readonly RunnerRow[],
): readonly [number, number] | null {
  const a = rs.find((r) => r.name === teams[0]);
  const b = rs.find((r) => r.name === teams[1]);
  return a && b ? [a.selectionId, b.selectionId] : null;
}

/**
 * A fancy's status as the feed must respect it: its own, unless the operator's generic market
 * status (admin/market/status) holds it suspended or closed.
 */
function feedStatusOf(status: FancyStatus, marketStatus: string): FancyStatus {
  if (marketStatus === 'SUSPENDED' && (status === 'ACTIVE' || status === 'BALL_RUNNING')) return 'SUSPENDED';
  if (marketStatus === 'CLOSED' && status !== 'REMOVED') return 'CLOSED';
  return status;
}

/**
 * `fence`: the leader term the feed runs under (feeds/feed.ts passes the one its term started
 * with); its score writes are refused once that term is over. 'current' (tests, tools): whatever
 * term this node is in at each write.
 * Long because it is a factory: its inner functions, each short, share the cricket reads and the
 * kinds' services the simulator drives.
 */
export function createCricketFeedApi(
  app: Pick<
    FastifyInstance,
    | 'bookmaker'
    | 'bus'
    | 'clock'
    | 'cricket'
    | 'db'
    | 'exchange'
    | 'fancy'
    | 'kinds'
    | 'leader'
    | 'log'
    | 'settlement'
  >,
  fence: Fence | null | 'current' = 'current',
): CricketFeedApi & { elevensFor: CricketElevensReader } {
  const db = app.db;
  const feedActor = null; // settlement by the feed, not by an operator (settled_by null)

  const reads = createCricketReads(db, app.kinds);
  const elevensFor = reads.elevensFor;

  /** These matches in full: score, match-odds and bookmaker markets, fancies, elevens. */
  // Long because it reads every part of a match (score, markets, fancies, elevens) in a few set-
  // based queries and assembles them; one read per part, not per match.
  async function readCricketMatches(matchIds: readonly number[]): Promise<CricketMatch[]> {
    if (matchIds.length === 0) return [];
    const rows = await db
      .select({ cm: cricketMatches, startTime: matches.startTime, inPlay: matches.inPlay })
      .from(cricketMatches)
      .innerJoin(matches, eq(matches.matchId, cricketMatches.matchId))
      .where(inArray(cricketMatches.matchId, [...matchIds]))
      .orderBy(asc(matches.startTime));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.cm.matchId);
    const [ms, rs, fs] = await Promise.all([
      db
        .select({
          marketId: markets.marketId,
          matchId: markets.matchId,
          kind: markets.marketKind,
          status: markets.status,
          inPlay: markets.inPlay,
          bmStatus: bookmakerMarkets.status,
          settled: marketSettlements.state,
        })
        .from(markets)
        .leftJoin(bookmakerMarkets, eq(bookmakerMarkets.marketId, markets.marketId))
        .leftJoin(marketSettlements, eq(marketSettlements.marketId, markets.marketId))
        .where(
          and(
            inArray(markets.matchId, ids),
            or(eq(markets.marketKind, EXCHANGE_KIND), eq(markets.marketKind, BOOKMAKER_KIND)),
          ),
        )
        .orderBy(asc(markets.marketId)),
      db
        .select({ marketId: runners.marketId, selectionId: runners.selectionId, name: runners.name })
        .from(runners)
        .innerJoin(markets, eq(markets.marketId, runners.marketId))
        .where(
          and(
            inArray(markets.matchId, ids),
            or(eq(markets.marketKind, EXCHANGE_KIND), eq(markets.marketKind, BOOKMAKER_KIND)),
          ),
        ),
      db
        .select({
          f: fancies,
          name: markets.marketName,
          marketStatus: markets.status,
          settled: marketSettlements.state,
        })
        .from(fancies)
        .innerJoin(markets, eq(markets.marketId, fancies.marketId))
        .leftJoin(marketSettlements, eq(marketSettlements.marketId, fancies.marketId))
        .where(inArray(fancies.matchId, ids))
        .orderBy(asc(fancies.displayOrder), asc(fancies.marketId)),
    ]);
    const elevens = await elevensFor(
      rows.map((r) => ({
        matchId: r.cm.matchId,
        teams: [r.cm.teamA, r.cm.teamB] as const,
        score: r.cm.score,
      })),
    );
    return rows.map(({ cm, startTime, inPlay }) => {
      const teams = [cm.teamA, cm.teamB] as const;
      const own = ms.filter((m) => m.matchId === cm.matchId);
      const mo = own.find((m) => m.kind === EXCHANGE_KIND && m.status !== 'CLOSED');
      const bm = own.find((m) => m.kind === BOOKMAKER_KIND);
      const bmSelections = bm
        ? selectionsByTeam(
            teams,
            rs.filter((r) => r.marketId === bm.marketId),
          )
        : null;
      const moSelections = mo
        ? selectionsByTeam(
            teams,
            rs.filter((r) => r.marketId === mo.marketId),
          )
        : null;
      const feedFancies: FeedFancy[] = fs
        .filter((x) => x.f.matchId === cm.matchId)
        .map(({ f, name, marketStatus, settled }) => ({
          fancy_id: f.marketId,
          name,
          variant: f.variant,
          status: feedStatusOf(f.status, marketStatus),
          event: f.event as FancyEvent,
          no_line: f.noLine,
          no_rate: f.noRate,
          yes_line: f.yesLine,
          yes_rate: f.yesRate,
          settled: settled === 'SETTLED',
          // Any settlement record: a result was declared once (the operator may have unsettled it).
          result_declared: settled !== null,
        }));
      return {
        match_id: cm.matchId,
        format: cm.format,
        // The match is in play once any of its markets is (the match-odds feed turns them in play).
        in_play: inPlay || own.some((m) => m.inPlay),
        start_time_ms: startTime.getTime(),
        teams,
        score: (cm.score as Scoreboard | null) ?? null,
        score_seq: cm.scoreSeq,
        match_odds_market_id: mo && moSelections ? mo.marketId : null,
        ...(moSelections ? { match_odds_selection_ids: moSelections } : {}),
        bookmaker:
          bm && bmSelections
            ? {
                market_id: bm.marketId,
                selection_ids: bmSelections,
                status: bm.status === 'CLOSED' ? 'CLOSED' : (bm.bmStatus ?? 'SUSPENDED'),
                // Any settlement record: a result was declared once (the operator may have unsettled it).
                result_declared: bm.settled !== null,
              }
            : null,
        fancies: feedFancies,
        elevens: elevens.get(cm.matchId) ?? null,
      };
    });
  }

  /** A refused quote or status change is the operator's to sort out: the feed logs and moves on. */
  const must = (what: string, out: { ok: boolean; message?: string }) => {
    if (!out.ok) throw new Error(`${what}: ${out.message ?? 'refused'}`);
  };

  return {
    listCricketMatches: reads.listCricketMatches,
    readCricketMatches,
    elevensFor,
    async publishScore(matchId: number, score: Scoreboard, prevSeq?: number) {
      // The match-odds market stops taking bets before the score saying the match is over is stored.
      if (endsMatch(score)) await suspendMatchOdds(app, matchId);
      const r = await publishScore(app, matchId, score, {
        ...(prevSeq === undefined ? {} : { prevSeq }),
        fence: fence === 'current' ? app.leader.fence() : fence,
      });
      if (!r.ok) app.log.warn({ match_id: matchId, prev_seq: prevSeq }, `cricket feed: ${r.message}`);
      return r.ok;
    },
    async openPlayerFancy(matchId, name, event, quote) {
      const id = await openPlayerFancy(app, matchId, name, event, quote, app.clock.now());
      if (id !== null) app.bus.publish('market', { market_id: id });
    },
    // A ball's quotes in one write (app.fancy.quoteMany checks each as app.fancy.quote does).
    quoteFancies: (quotes) => app.fancy.quoteMany(quotes),
    async setFancyStatus(fancyId, status: FancyStatus) {
      must(`fancy ${fancyId} ${status}`, await app.fancy.setStatus(fancyId, status));
    },
    async setFancyStatuses(fancyIds, status: FancyStatus) {
      const refused = await app.fancy.setStatuses(fancyIds, status);
      if (refused.length > 0) {
        const ids = refused.map((r) => r.fancy_id).join(', ');
        throw new Error(`fancies ${ids} ${status}: ${refused[0]!.message}`);
      }
    },
    async settleFancy(fancyId, result, deadHeatCount) {
      // A tie for Top batsman: the dead heat (paid on rate / k, DOMAIN.md "Dead heat").
      const r = await app.settlement.declareValue(feedActor, fancyId, result, 'RESULT', deadHeatCount ?? 1);
      return r.ok ? { ok: true } : { ok: false, message: r.message };
    },
    // A stopped or cut-short innings: the operator's own incomplete path (rules, averages and
    // overrides, decided and applied under the fancy's lock), with the feed as the actor.
    async settleFancyIncomplete(fancyId, facts) {
      const row = await app.fancy.fancyRow(fancyId);
      if (!row) return { ok: false, message: `Unknown fancy ${fancyId}` };
      const cm = await app.cricket.matchOf(db, row.fancy.matchId);
      if (!cm) return { ok: false, message: 'The fancy’s match has no cricket details' };
      const r = await settleIncompleteFancy(
        app,
        feedActor,
        fancyId,
        cm,
        { ...facts, complete: false },
        await averageOverrides(db),
      );
      return r.ok ? { ok: true, decision: r.decision, value: r.value } : { ok: false, message: r.message };
    },
    // The operator's `admin/bookmaker/incomplete` on the stored scoreboard (the 10 / 25-over mark).
    async settleBookmakerWinner(marketId, selectionId) {
      // settled_by null: the feed, reading the scoreboard's result (a refusal is the operator's).
      const r = await app.settlement.declareResult(feedActor, marketId, { winners: [selectionId] });
      return r.ok ? { ok: true } : { ok: false, message: r.message };
    },
    async settleBookmakerIncomplete(marketId) {
      const r = await app.bookmaker.incomplete(feedActor, marketId, null);
      return r.ok ? { ok: true } : { ok: false, message: r.message };
    },
    async matchOddsBackPrices(marketId) {
      const img = await app.exchange.getMarketImage(marketId);
      if (!img) return null;
      return new Map(
        img.runners.map((r) => [r.selection_id, r.back[0] ? Math.round(r.back[0].price * 100) : null]),
      );
    },
    async quoteBookmaker(marketId, rates) {
      must(`quote bookmaker ${marketId}`, await app.bookmaker.quote(marketId, rates));
    },
    async setBookmakerStatus(marketId, status: BookmakerStatus) {
      must(`bookmaker ${marketId} ${status}`, await app.bookmaker.setStatus(marketId, status));
    },
  };
}
