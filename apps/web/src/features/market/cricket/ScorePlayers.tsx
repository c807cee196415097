import type { CricketDetail } from '@backlay/contract';
import { oversOf } from './kind-slip.ts';
import { msgId, type Translate } from '../../../lib/i18n/catalog.ts';
import { useT } from '../i18n.ts';

type Innings = NonNullable<CricketDetail['scoreboard']>['totals'][number];
type Players = NonNullable<Innings['players']>;

/** How a batter was out, in words (message ids); an unknown kind shows as the scorer sent it. */
const DISMISSAL: Record<string, string> = {
  BOWLED: msgId('market.score.out.bowled'),
  CAUGHT: msgId('market.score.out.caught'),
  LBW: msgId('market.score.out.lbw'),
  RUN_OUT: msgId('market.score.out.runOut'),
  STUMPED: msgId('market.score.out.stumped'),
  HIT_WICKET: msgId('market.score.out.hitWicket'),
};

/**
 * Who is in (the two batters: runs and balls, the striker marked), the bowler (overs-maidens-
 * runs-wickets) and the fall of wickets of the innings on the scoreboard; nothing for a match
 * without elevens. Between overs the last over's bowler is shown.
 */
export function ScorePlayers({ detail }: { detail: CricketDetail }) {
  const t = useT();
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
        <caption className="visually-hidden">{t('market.score.battersIn')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('market.score.batter')}</th>
            <th scope="col" className="num">
              {t('market.score.runsShort')}
            </th>
            <th scope="col" className="num">
              {t('market.score.ballsShort')}
            </th>
          </tr>
        </thead>
        <tbody>
          {batters.map((b) => (
            <tr key={b.player_id} data-testid="score-batter">
              <th scope="row" className="score__player">
                {name(b.player_id)}
                {b.player_id === p.striker_id ? (
                  <span aria-label={` ${t('market.score.onStrike')}`}> *</span>
                ) : null}
              </th>
              <td className="num">{b.runs}</td>
              <td className="num">{b.balls}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {bowler ? (
        <table className="score__card">
          <caption className="visually-hidden">{t('market.score.bowler')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('market.score.bowler')}</th>
              <th scope="col" className="num">
                <abbr title={t('market.score.overs')}>{t('market.score.oversShort')}</abbr>
              </th>
              <th scope="col" className="num">
                <abbr title={t('market.score.maidens')}>{t('market.score.maidensShort')}</abbr>
              </th>
              <th scope="col" className="num">
                <abbr title={t('market.score.runs')}>{t('market.score.runsShort')}</abbr>
              </th>
              <th scope="col" className="num">
                <abbr title={t('market.score.wickets')}>{t('market.score.wicketsShort')}</abbr>
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
          <span className="score__fall-label">{t('market.score.fall')} </span>
          {p.fall
            .map((f) =>
              t('market.score.fallItem', {
                wicket: String(f.wicket),
                runs: String(f.runs),
                player: name(f.player_out_id),
                overs: oversOf(f.balls),
              }),
            )
            .join(', ')}
        </p>
      ) : null}
      {lastOut?.out ? (
        <p className="score__last-out">
          {t('market.score.lastOut', {
            player: name(lastOut.player_id),
            runs: String(lastOut.runs),
            balls: String(lastOut.balls),
            how: outText(lastOut.out, name, t),
          })}
        </p>
      ) : null}
    </div>
  );
}

function outText(
  out: NonNullable<Players['batters'][number]['out']>,
  name: (id: number | null) => string,
  t: Translate,
): string {
  const fielder = name(out.fielder_id);
  if (out.kind === 'CAUGHT') return t('market.score.out.caughtBy', { fielder });
  if (out.kind === 'STUMPED') return t('market.score.out.stumpedBy', { fielder });
  if (out.kind === 'RUN_OUT' && out.fielder_id) return t('market.score.out.runOutBy', { fielder });
  const how = DISMISSAL[out.kind];
  return how ? t(how) : out.kind.toLowerCase();
}
