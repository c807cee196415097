// Virtual cricket's table: the scoreboard (both teams' runs, wickets and overs, who bats, the
// target), the current over as ball chips, the last ball large, and once the round is decided the
// result. Everything is read from the step codes (docs/casino.md "Our Virtual"); a polite live
// region says each ball in words, and every chip carries its text, never colour alone.
import { cricketOvers, readCricketSteps, type CricketDelivery, type CricketReading } from '@backlay/engine';
import { msgId, type Translate } from '../../../lib/i18n/catalog.ts';
import { useT } from '../i18n.ts';
import type { RoundRendererProps } from './types.ts';
import './virtual.css';

/** Each ball's code in words (message ids). */
const WORDS: Record<string, string> = {
  '0': msgId('casino.cricket.ballDot'),
  '1': msgId('casino.cricket.ballOne'),
  '2': msgId('casino.cricket.ballTwo'),
  '3': msgId('casino.cricket.ballThree'),
  '4': msgId('casino.cricket.ballFour'),
  '6': msgId('casino.cricket.ballSix'),
  W: msgId('casino.cricket.ballWicket'),
  WD: msgId('casino.cricket.ballWide'),
};

/** A ball's code in words (the code itself for one this table does not know). */
function ballWord(code: string, t: Translate): string {
  const id = WORDS[code];
  return id === undefined ? code : t(id);
}

const CHIP: Record<string, string> = { WD: 'Wd' };

function teamNames(options: RoundRendererProps['options'], t: Translate): { a: string; b: string } {
  const label = (id: string, fallback: string) => options.find((o) => o.option_id === id)?.label ?? fallback;
  return { a: label('team_a', t('casino.cricket.teamA')), b: label('team_b', t('casino.cricket.teamB')) };
}

function read(steps: readonly string[]): CricketReading | null {
  try {
    return readCricketSteps(steps);
  } catch {
    return null; // an unknown code: show nothing rather than a wrong score
  }
}

function resultLine(r: CricketReading, a: string, b: string, t: Translate): string {
  if (r.a.runs > r.b.runs) return t('casino.cricket.wonByRuns', { team: a, count: r.a.runs - r.b.runs });
  if (r.b.runs > r.a.runs) return t('casino.cricket.wonByWickets', { team: b, count: 10 - r.b.wickets });
  return t('casino.cricket.tied');
}

function ballWords(d: CricketDelivery, r: CricketReading, a: string, b: string, t: Translate): string {
  const team = d.side === 'A' ? a : b;
  const s = d.side === 'A' ? r.a : r.b;
  return t('casino.cricket.ballLive', {
    over: d.over - 1,
    ball: d.ball,
    what: ballWord(d.code, t),
    team,
    runs: s.runs,
    wickets: s.wickets,
  });
}

export function VirtualCricketView({ steps, options, state }: RoundRendererProps) {
  const t = useT();
  const names = teamNames(options, t);
  const voided = state === 'VOID';
  const r = read(steps);
  const last = r?.deliveries.at(-1);
  const batting: 'A' | 'B' = last?.side ?? 'A';
  const chasing = batting === 'B';
  const over = r ? r.deliveries.filter((d) => last && d.side === last.side && d.over === last.over) : [];
  const decided = state === 'RESULT' && r !== null && r.a_done;
  const target = r && r.a_done ? r.a.runs + 1 : null;
  const row = (side: 'A' | 'B', name: string) => {
    const s = side === 'A' ? r?.a : r?.b;
    const batsNow = !decided && last !== undefined && batting === side;
    return (
      <tr className={batsNow ? 'vcricket__team vcricket__team--batting' : 'vcricket__team'}>
        <th scope="row">
          {name}
          {batsNow && <span className="vcricket__bat"> {t('casino.cricket.batting')}</span>}
        </th>
        <td className="vcricket__runs">
          {s && (s.balls > 0 || s.runs > 0) ? `${s.runs}/${s.wickets}` : '–'}
        </td>
        <td className="vcricket__overs">
          {t('casino.cricket.overs', { overs: s ? cricketOvers(s.balls) : '0.0' })}
        </td>
      </tr>
    );
  };
  const live = voided
    ? t('casino.cricket.voidLive')
    : decided
      ? t('casino.cricket.resultLive', { result: resultLine(r, names.a, names.b, t) })
      : last && r
        ? ballWords(last, r, names.a, names.b, t)
        : '';
  return (
    <section className="vcricket" aria-label={t('casino.cricket.label')}>
      <table className="vcricket__board">
        <caption className="visually-hidden">{t('casino.cricket.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('casino.cricket.team')}</th>
            <th scope="col">{t('casino.cricket.runsWickets')}</th>
            <th scope="col">{t('casino.cricket.oversHead')}</th>
          </tr>
        </thead>
        <tbody>
          {row('A', names.a)}
          {row('B', names.b)}
        </tbody>
      </table>
      {target !== null && !decided && chasing && r && (
        <p className="vcricket__target">
          {t('casino.cricket.target', {
            target,
            team: names.b,
            runs: Math.max(0, target - r.b.runs),
            balls: 30 - r.b.balls,
          })}
        </p>
      )}
      {!last && !voided && (
        <p className="vcricket__waiting">{t('casino.cricket.batFirst', { team: names.a })}</p>
      )}
      {last && (
        <div className="vcricket__now">
          <p className={`vcricket__last vcricket__last--${last.code}`} aria-hidden="true">
            <span className="vcricket__last-code">{CHIP[last.code] ?? last.code}</span>
            <span className="vcricket__last-words">{ballWord(last.code, t)}</span>
          </p>
          <div className="vcricket__over">
            <p className="vcricket__over-title">{t('casino.cricket.over', { over: last.over })}</p>
            <ol className="vcricket__chips" aria-label={t('casino.cricket.overBalls', { over: last.over })}>
              {over.map((d, i) => (
                <li
                  key={i}
                  className={`vcricket__chip vcricket__chip--${d.code}`}
                  aria-label={ballWord(d.code, t)}
                >
                  {CHIP[d.code] ?? d.code}
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
      {decided && <p className="vcricket__result">{resultLine(r, names.a, names.b, t)}</p>}
      {voided && <p className="vcricket__result">{t('casino.round.voidReturned')}</p>}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {live}
      </p>
    </section>
  );
}
