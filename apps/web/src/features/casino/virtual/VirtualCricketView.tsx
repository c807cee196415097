// Virtual cricket's table: the scoreboard (both teams' runs, wickets and overs, who bats, the
// target), the current over as ball chips, the last ball large, and once the round is decided the
// result. Everything is read from the step codes (docs/casino.md "Our Virtual"); a polite live
// region says each ball in words, and every chip carries its text, never colour alone.
import { cricketOvers, readCricketSteps, type CricketDelivery, type CricketReading } from '@backlay/engine';
import type { RoundRendererProps } from './types.ts';
import './virtual.css';

const WORDS: Record<string, string> = {
  '0': 'no run',
  '1': '1 run',
  '2': '2 runs',
  '3': '3 runs',
  '4': 'FOUR',
  '6': 'SIX',
  W: 'WICKET',
  WD: 'wide',
};

const CHIP: Record<string, string> = { WD: 'Wd' };

function teamNames(options: RoundRendererProps['options']): { a: string; b: string } {
  const label = (id: string, fallback: string) => options.find((o) => o.option_id === id)?.label ?? fallback;
  return { a: label('team_a', 'Team A'), b: label('team_b', 'Team B') };
}

function read(steps: readonly string[]): CricketReading | null {
  try {
    return readCricketSteps(steps);
  } catch {
    return null; // an unknown code: show nothing rather than a wrong score
  }
}

function resultLine(r: CricketReading, a: string, b: string): string {
  if (r.a.runs > r.b.runs)
    return `${a} won by ${r.a.runs - r.b.runs} run${r.a.runs - r.b.runs === 1 ? '' : 's'}`;
  if (r.b.runs > r.a.runs) {
    const left = 10 - r.b.wickets;
    return `${b} won by ${left} wicket${left === 1 ? '' : 's'}`;
  }
  return 'Match tied';
}

function ballWords(d: CricketDelivery, r: CricketReading, a: string, b: string): string {
  const team = d.side === 'A' ? a : b;
  const s = d.side === 'A' ? r.a : r.b;
  return `Over ${d.over - 1}.${d.ball}: ${WORDS[d.code]}. ${team} ${s.runs} for ${s.wickets}.`;
}

export function VirtualCricketView({ steps, options, state }: RoundRendererProps) {
  const names = teamNames(options);
  const r = read(steps);
  const last = r?.deliveries.at(-1);
  const batting: 'A' | 'B' = last?.side ?? 'A';
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
          {batsNow && <span className="vcricket__bat"> (batting)</span>}
        </th>
        <td className="vcricket__runs">
          {s && (s.balls > 0 || s.runs > 0) ? `${s.runs}/${s.wickets}` : '–'}
        </td>
        <td className="vcricket__overs">{s ? `${cricketOvers(s.balls)} ov` : '0.0 ov'}</td>
      </tr>
    );
  };
  const live =
    state === 'VOID'
      ? 'Round void: stakes returned.'
      : decided
        ? `${resultLine(r, names.a, names.b)}.`
        : last && r
          ? ballWords(last, r, names.a, names.b)
          : '';
  return (
    <section className="vcricket" aria-label="Virtual cricket">
      <table className="vcricket__board">
        <caption className="visually-hidden">Scoreboard, five overs a side</caption>
        <thead>
          <tr>
            <th scope="col">Team</th>
            <th scope="col">Runs/wkts</th>
            <th scope="col">Overs</th>
          </tr>
        </thead>
        <tbody>
          {row('A', names.a)}
          {row('B', names.b)}
        </tbody>
      </table>
      {target !== null && !decided && batting === 'B' && r && (
        <p className="vcricket__target">
          Target {target}: {names.b} need {Math.max(0, target - r.b.runs)} from {30 - r.b.balls} balls
        </p>
      )}
      {!last && state !== 'VOID' && (
        <p className="vcricket__waiting">{names.a} bat first once betting closes.</p>
      )}
      {last && (
        <div className="vcricket__now">
          <p className={`vcricket__last vcricket__last--${last.code}`} aria-hidden="true">
            <span className="vcricket__last-code">{CHIP[last.code] ?? last.code}</span>
            <span className="vcricket__last-words">{WORDS[last.code]}</span>
          </p>
          <div className="vcricket__over">
            <p className="vcricket__over-title">Over {last.over}</p>
            <ol className="vcricket__chips" aria-label={`Over ${last.over}, ball by ball`}>
              {over.map((d, i) => (
                <li key={i} className={`vcricket__chip vcricket__chip--${d.code}`} aria-label={WORDS[d.code]}>
                  {CHIP[d.code] ?? d.code}
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
      {decided && <p className="vcricket__result">{resultLine(r, names.a, names.b)}</p>}
      {state === 'VOID' && <p className="vcricket__result">Round void: stakes returned</p>}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {live}
      </p>
    </section>
  );
}
