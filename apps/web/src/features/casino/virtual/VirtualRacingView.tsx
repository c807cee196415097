// Virtual racing's table: a track with a lane per runner, each runner's marker moving from furlong
// to furlong (a CSS transition on its position), the running order with the gaps, and the finish.
// The leader sits at furlong / 10 of the track and every runner its gap behind; markers carry the
// saddlecloth number and positions are written out, so nothing is told by colour alone. A polite
// live region says who leads at each furlong and who won.
import { RACING_FURLONGS, readRacingStep, type RacingCheckpoint } from '@backlay/engine';
import type { CSSProperties } from 'react';
import type { RoundRendererProps } from './types.ts';
import './virtual.css';

/** Track per unit of gap: a furlong is about 20 units (10 + rating + a draw below 20) of 1/10 of the track. */
const TRACK_PCT_PER_UNIT = 0.5;

interface Runner {
  readonly no: number;
  readonly name: string;
}

function runnersOf(options: RoundRendererProps['options']): Runner[] {
  return options.flatMap((o) => {
    const m = /^runner_(\d+)$/.exec(o.option_id);
    if (!m) return [];
    const no = Number(m[1]);
    // Labels are "5 Silver Comet": the name without its number.
    return [{ no, name: o.label.replace(/^\d+\s+/, '') }];
  });
}

function lastCheckpoint(steps: readonly string[]): RacingCheckpoint | null {
  const step = steps.at(-1);
  if (!step) return null;
  try {
    return readRacingStep(step);
  } catch {
    return null;
  }
}

const ordinal = (n: number): string => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};

export function VirtualRacingView({ steps, options, state }: RoundRendererProps) {
  const runners = runnersOf(options);
  const cp = lastCheckpoint(steps);
  const finished = cp !== null && cp.furlong >= RACING_FURLONGS;
  const nameOf = (no: number) => runners.find((r) => r.no === no)?.name ?? `Runner ${no}`;
  const place = new Map(cp?.order.map((p, i) => [p.no, { pos: i + 1, gap: p.gap }]) ?? []);
  const photo = finished && cp.order.length > 1 && cp.order[1]!.gap === 0;
  const leader = cp?.order[0];
  const second = cp?.order[1];
  const live =
    state === 'VOID'
      ? 'Race void: stakes returned.'
      : !cp || !leader
        ? ''
        : finished
          ? `Won by ${leader.no} ${nameOf(leader.no)}${photo ? ' on a photo finish' : ''}.`
          : `Furlong ${cp.furlong} of ${RACING_FURLONGS}: ${leader.no} ${nameOf(leader.no)} leads${
              second ? ` by ${second.gap} from ${second.no} ${nameOf(second.no)}` : ''
            }.`;
  const x = (no: number): number => {
    const p = place.get(no);
    if (!cp || !p) return 0;
    return Math.max(0, Math.min(100, (cp.furlong / RACING_FURLONGS) * 100 - p.gap * TRACK_PCT_PER_UNIT));
  };
  return (
    <section className="vracing" aria-label="Virtual racing">
      <p className="vracing__status">
        {state === 'VOID'
          ? 'Race void: stakes returned'
          : finished
            ? photo
              ? 'Finish: photo finish'
              : 'Finish'
            : cp
              ? `Furlong ${cp.furlong} of ${RACING_FURLONGS}`
              : `${RACING_FURLONGS} furlongs: the field goes off once betting closes`}
      </p>
      <div className="vracing__track" aria-hidden="true">
        {runners.map((r) => {
          const p = place.get(r.no);
          return (
            <div key={r.no} className="vracing__lane">
              <span
                className={`vracing__runner vracing__runner--${r.no}${p?.pos === 1 ? ' vracing__runner--lead' : ''}`}
                style={{ '--p': x(r.no) / 100 } as CSSProperties}
              >
                {r.no}
              </span>
            </div>
          );
        })}
        <span className="vracing__post" />
      </div>
      <ol className="vracing__order" aria-label={finished ? 'Finishing order' : 'Running order'}>
        {(cp ? cp.order : runners.map((r) => ({ no: r.no, gap: 0 }))).map((p, i) => (
          <li key={p.no} className="vracing__pos">
            <span className="vracing__place">{cp ? ordinal(i + 1) : ''}</span>
            <span className={`vracing__cloth vracing__runner--${p.no}`}>{p.no}</span>
            <span className="vracing__name">{nameOf(p.no)}</span>
            <span className="vracing__gap">
              {cp ? (i === 0 ? (finished ? 'Winner' : 'Leads') : `+${p.gap}`) : ''}
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {live}
      </p>
    </section>
  );
}
