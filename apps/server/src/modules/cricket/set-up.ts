// A cricket match's own markets as a real exchange opens them: a bookmaker table on the match
// winner and the usual fancy rows per innings, quoted from a par score for the format.
import type { CricketFormat, FancyVariant } from '@backlay/contract';
import { bookmakerMarkets, bookmakerQuotes, cricketMatches, fancies } from '../../db/schema.ts';
import { BOOKMAKER_KIND } from '../bookmaker/kind.ts';
import { FANCY_KIND } from '../fancy/kind.ts';
import type { Tx } from '../../db/store.ts';
import { insertPlayerFancies, setUpElevens, topBatsmanSeeds } from './players.ts';
import { createMarkets } from '../markets/lifecycle.ts';

/** Par runs per over by format, for the opening lines (the feed moves them with the score). */
const PAR_RUNS_PER_OVER: Record<CricketFormat, number> = { T20: 8, ODI: 5.5, TEST: 3.2 };
const INNINGS_OVERS: Record<CricketFormat, number> = { T20: 20, ODI: 50, TEST: 90 };

type FancySeed = {
  name: string;
  variant: FancyVariant;
  event:
    | { innings: 1 | 2; kind: 'RUNS_AT_OVER'; over: number }
    | { innings: 1 | 2; kind: 'INNINGS_TOTAL' }
    | { innings: 1 | 2; kind: 'WICKET_BEFORE_OVER'; over: number };
  line: number;
  band?: number;
  averageKey?: string;
  eventKind?: string;
};

function fancySeeds(format: CricketFormat, teams: readonly [string, string]): FancySeed[] {
  const par = PAR_RUNS_PER_OVER[format];
  const out: FancySeed[] = [];
  for (const innings of [1, 2] as const) {
    const team = teams[innings - 1]!;
    const sessions = format === 'T20' ? [6, 10, 15, 20] : format === 'ODI' ? [10, 20, 30, 40, 50] : [20, 40];
    for (const over of sessions) {
      out.push({
        name: `${over} over runs ${team}`,
        variant: 'RUNS',
        event: { innings, kind: 'RUNS_AT_OVER', over },
        line: Math.round(over * par),
        ...(over === 6 && format === 'T20' ? { averageKey: 'FIRST_6_OVERS_RUNS' } : {}),
        ...(format === 'TEST' ? { eventKind: 'FIRST_DAY_SESSION' } : {}),
      });
    }
    const total = Math.round(INNINGS_OVERS[format] * par);
    out.push({
      name: `${team} innings runs (Lambi)`,
      variant: 'LAMBI',
      event: { innings, kind: 'INNINGS_TOTAL' },
      line: total,
      ...(format === 'TEST' ? { eventKind: 'LAMBI_INNINGS' } : {}),
    });
    out.push({
      name: `1st over runs ${team}`,
      variant: 'RUNS',
      event: { innings, kind: 'RUNS_AT_OVER', over: 1 },
      line: 6,
      averageKey: 'FIRST_OVER_RUNS',
    });
    out.push({
      name: `6 over runs ${team} odd/even`,
      variant: 'ODD_EVEN',
      event: { innings, kind: 'RUNS_AT_OVER', over: 6 },
      line: 0,
    });
    out.push({
      name: `10 over runs ${team} Khado`,
      variant: 'KHADO',
      event: { innings, kind: 'RUNS_AT_OVER', over: 10 },
      line: Math.round(10 * par) - 5,
      band: 10,
    });
    out.push({
      name: `${sessions[sessions.length - 1]} over runs ${team} Meter`,
      variant: 'METER',
      event: { innings, kind: 'RUNS_AT_OVER', over: sessions[sessions.length - 1]! },
      line: Math.round(sessions[sessions.length - 1]! * par),
    });
    out.push({
      name: `Wicket before 6 over ${team}`,
      variant: 'FANCY1',
      event: { innings, kind: 'WICKET_BEFORE_OVER', over: 6 },
      line: 1,
    });
  }
  return out;
}

export type CricketSetUp = {
  matchId: number;
  format: CricketFormat;
  competition: string;
  teams: readonly [string, string];
  startTime: Date;
  inPlay: boolean;
  at: Date;
};

/** Creates the match's cricket row, its bookmaker market (quoted) and its fancies (quoted, active). */
export async function setUpCricketMatch(tx: Tx, s: CricketSetUp) {
  await tx.insert(cricketMatches).values({
    matchId: s.matchId,
    format: s.format,
    competition: s.competition,
    teamA: s.teams[0],
    teamB: s.teams[1],
  });
  const common = {
    matchId: s.matchId,
    status: 'OPEN' as const,
    inPlay: s.inPlay,
    startTime: s.startTime,
    commissionBps: 0,
  };
  const [bm] = await createMarkets(tx, [
    {
      ...common,
      marketName: 'Bookmaker',
      marketType: BOOKMAKER_KIND,
      marketKind: BOOKMAKER_KIND,
      minStakePaise: 10_000,
      maxStakePaise: 50_000_000,
      runners: s.teams,
    },
  ]);
  const rs = bm!.selectionIds.map((selectionId) => ({ selectionId }));
  await tx.insert(bookmakerMarkets).values({ marketId: bm!.marketId, status: 'ACTIVE', updatedAt: s.at });
  await tx.insert(bookmakerQuotes).values(
    rs.map((r, i) => ({
      selectionId: r.selectionId,
      marketId: bm!.marketId,
      backRate: i === 0 ? 85 : 110,
      layRate: i === 0 ? 88 : 114,
      updatedAt: s.at,
    })),
  );
  const seeds = fancySeeds(s.format, s.teams);
  const fancyMarkets = await createMarkets(
    tx,
    seeds.map((f) => ({
      ...common,
      marketName: f.name,
      marketType: FANCY_KIND,
      marketKind: FANCY_KIND,
      minStakePaise: 10_000,
      maxStakePaise: 10_000_000,
    })),
  );
  await tx.insert(fancies).values(
    seeds.map((f, i) => ({
      marketId: fancyMarkets[i]!.marketId,
      matchId: s.matchId,
      variant: f.variant,
      status: 'ACTIVE' as const,
      noLine: f.variant === 'KHADO' ? null : f.line,
      noRate: f.variant === 'KHADO' ? null : f.variant === 'ODD_EVEN' ? 98 : 100,
      yesLine:
        f.variant === 'FANCY1'
          ? 1
          : f.variant === 'ODD_EVEN'
            ? 0
            : f.variant === 'KHADO'
              ? f.line
              : f.line + 1,
      yesRate: f.variant === 'ODD_EVEN' ? 98 : f.variant === 'KHADO' ? 400 : 100,
      band: f.band ?? null,
      maxUserStakePaise: 20_000_000,
      displayOrder: i,
      resultMax: f.variant === 'FANCY1' ? 1 : 999,
      event: f.event,
      eventKind: f.eventKind ?? 'SESSION',
      averageKey: f.averageKey ?? null,
      updatedAt: s.at,
    })),
  );
  // The players (issue 25): both squads, the playing elevens, and the Top batsman rows.
  const elevens = await setUpElevens(tx, s.matchId, s.teams);
  const topIds = await insertPlayerFancies(
    tx,
    s.matchId,
    topBatsmanSeeds(s.format, elevens),
    { inPlay: s.inPlay, startTime: s.startTime },
    s.at,
  );
  return {
    elevens,
    topBatsmanIds: topIds,
    bookmakerMarketId: bm!.marketId,
    selectionIds: rs.map((r) => r.selectionId),
    fancyIds: fancyMarkets.map((m) => m.marketId),
  };
}
