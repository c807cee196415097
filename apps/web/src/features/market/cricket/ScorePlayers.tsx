import type { CricketDetail } from '@backlay/contract';
import { oversOf } from './kind-slip.ts';

type Innings = NonNullable<CricketDetail['scoreboard']>['totals'][number];
type Players = NonNullable<Innings['players']>;

const DISMISSAL: Record<string, string> = {
  BOWLED: 'bowled',
  CAUGHT: 'caught',
  LBW: 'lbw',
  RUN_OUT: 'run out',
  STUMPED: 'stumped',
  HIT_WICKET: 'hit wicket',
};

/**
 * Who is in (the two batters: runs and balls, the striker marked), the bowler (overs-maidens-
 * runs-wickets) and the fall of wickets of the innings on the scoreboard; nothing for a match
 * without elevens. Between overs the last over's bowler is shown.
 */
export function ScorePlayers({ detail }: { detail: CricketDetail }) {
  const sb = detail.scoreboard;
  const elevens = detail.elevens;
  if (!sb || !elevens || elevens.length < 2) return null;
  const innings = sb.totals[sb.innings - 1];
  const p = innings?.players;
  if (!p) return null;
  const names = new Map(elevens.flatMap((xi) => xi.players.map((x) => [x.player_id, x.name] as const)));
  const name = (id: number | null | undefined) => (id == null ? '' : (names.get(id) ?? `#${id}`));
  const bowlerId = p.bowler_id ?? sb.last_ball?.bowler_id ?? p.last_over_bowler_id;
  const bowler = p.bowlers.find((b) => b.player_id === bowlerId);
  const inIds = [p.striker_id, p.non_striker_id].filter((x): x is number => x !== null);
  const batters = inIds
    .map((id) => p.batters.find((b) => b.player_id === id))
    .filter((b): b is Players['batters'][number] => b !== undefined && b.out === null);
  const lastOut = [...p.batters].reverse().find((b) => b.out);
  return (
    <div className="score__players" data-testid="score-players">
      <table className="score__card">
        <caption className="visually-hidden">Batters in</caption>
        <thead>
          <tr>
            <th scope="col">Batter</th>
            <th scope="col" className="num">
              R
            </th>
            <th scope="col" className="num">
              B
            </th>
          </tr>
        </thead>
        <tbody>
          {batters.map((b) => (
            <tr key={b.player_id} data-testid="score-batter">
              <th scope="row" className="score__player">
                {name(b.player_id)}
                {b.player_id === p.striker_id ? <span aria-label=" on strike"> *</span> : null}
              </th>
              <td className="num">{b.runs}</td>
              <td className="num">{b.balls}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {bowler ? (
        <table className="score__card">
          <caption className="visually-hidden">Bowler</caption>
          <thead>
            <tr>
              <th scope="col">Bowler</th>
              <th scope="col" className="num">
                <abbr title="Overs">O</abbr>
              </th>
              <th scope="col" className="num">
                <abbr title="Maidens">M</abbr>
              </th>
              <th scope="col" className="num">
                <abbr title="Runs">R</abbr>
              </th>
              <th scope="col" className="num">
                <abbr title="Wickets">W</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="score-bowler">
              <th scope="row" className="score__player">
                {name(bowler.player_id)}
              </th>
              <td className="num">{oversOf(bowler.balls)}</td>
              <td className="num">{bowler.maidens}</td>
              <td className="num">{bowler.runs}</td>
              <td className="num">{bowler.wickets}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
      {p.fall.length > 0 ? (
        <p className="score__fall" data-testid="score-fall">
          <span className="score__fall-label">Fall of wickets: </span>
          {p.fall
            .map((f) => `${f.wicket}-${f.runs} (${name(f.player_out_id)}, ${oversOf(f.balls)} ov)`)
            .join(', ')}
        </p>
      ) : null}
      {lastOut?.out ? (
        <p className="score__last-out">
          Last out: {name(lastOut.player_id)} {lastOut.runs} ({lastOut.balls}), {outText(lastOut.out, name)}
        </p>
      ) : null}
    </div>
  );
}

function outText(
  out: NonNullable<Players['batters'][number]['out']>,
  name: (id: number | null) => string,
): string {
  const how = DISMISSAL[out.kind] ?? out.kind.toLowerCase();
  if (out.kind === 'CAUGHT' || out.kind === 'STUMPED') return `${how} by ${name(out.fielder_id)}`;
  if (out.kind === 'RUN_OUT') return out.fielder_id ? `${how} (${name(out.fielder_id)})` : how;
  return how;
}
