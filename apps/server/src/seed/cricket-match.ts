// A cricket match with its own markets as a real exchange opens them: the cricket row and the
// elevens (the cricket module's), a bookmaker table on the match winner (the bookmaker kind's) and
// the usual fancy rows per innings, quoted from a par score for the format, with the players' Top
// batsman rows (the fancy kind's). Each part written by its own module; put together here, beside
// the root, so that cricket imports no market kind (the demo seed and the tests' worlds call it).
import type { CricketFormat, FancyVariant } from '@backlay/contract';
import type { Tx } from '../db/store.ts';
import { openBookmaker } from '../modules/bookmaker/open.ts';
import { insertCricketMatch } from '../modules/cricket/set-up.ts';
import { setUpElevens } from '../modules/cricket/players.ts';
import { openFancies } from '../modules/fancy/open.ts';
import { insertPlayerFancies, topBatsmanSeeds } from '../modules/fancy/players.ts';

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

/**
 * Creates the match's cricket row and opens its bookmaker table and its fancies (quoted, active)
 * through their own modules.
 */
export async function setUpCricketMatch(tx: Tx, s: CricketSetUp) {
  await insertCricketMatch(tx, s);
  const market = { inPlay: s.inPlay, startTime: s.startTime };
  // The match winner's table, opened at the favourite's and the outsider's usual rates.
  const bm = await openBookmaker(tx, {
    matchId: s.matchId,
    ...market,
    runners: s.teams.map((name, i) => ({
      name,
      backRate: i === 0 ? 85 : 110,
      layRate: i === 0 ? 88 : 114,
    })),
    at: s.at,
  });
  const seeds = fancySeeds(s.format, s.teams);
  const fancyIds = await openFancies(
    tx,
    s.matchId,
    seeds.map((f, i) => ({
      name: f.name,
      variant: f.variant,
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
      displayOrder: i,
      resultMax: f.variant === 'FANCY1' ? 1 : 999,
      event: f.event,
      eventKind: f.eventKind ?? 'SESSION',
      averageKey: f.averageKey ?? null,
    })),
    market,
    s.at,
  );
  // The players (issue 25): both squads, the playing elevens, and the Top batsman rows.
  const elevens = await setUpElevens(tx, s.matchId, s.teams);
  const topIds = await insertPlayerFancies(tx, s.matchId, topBatsmanSeeds(s.format, elevens), market, s.at);
  return {
    elevens,
    topBatsmanIds: topIds,
    bookmakerMarketId: bm.marketId,
    selectionIds: bm.selectionIds,
    fancyIds,
  };
}
