// Virtual racing's table: a track with a lane per runner, each runner's marker moving from furlong
// to furlong (a CSS transition on its position), the running order with the gaps, and the finish.
// The leader sits at furlong / 10 of the track and every runner its gap behind; markers carry the
// saddlecloth number and positions are written out, so nothing is told by colour alone. A polite
// live region says who leads at each furlong and who won.
import { RACING_FURLONGS, readRacingStep, type RacingCheckpoint } from '@backlay/engine';
import type { CSSProperties } from 'react';
import { useT } from '../i18n.ts';
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

export function VirtualRacingView({ steps, options, state }: RoundRendererProps) {
  const t = useT();
  const runners = runnersOf(options);
  const cp = lastCheckpoint(steps);
  const finished = cp !== null && cp.furlong >= RACING_FURLONGS;
  const voided = state === 'VOID';
  const nameOf = (no: number) => runners.find((r) => r.no === no)?.name ?? t('casino.racing.runner', { no });
  const place = new Map(cp?.order.map((p, i) => [p.no, { pos: i + 1, gap: p.gap }]) ?? []);
  const photo = finished && cp.order.length > 1 && cp.order[1]!.gap === 0;
  const leader = cp?.order[0];
  const second = cp?.order[1];
  const liveWords = (): string => {
    if (voided) return t('casino.racing.voidLive');
    if (!cp || !leader) return '';
    const lead = { no: leader.no, name: nameOf(leader.no) };
    if (finished) return photo ? t('casino.racing.wonPhotoLive', lead) : t('casino.racing.wonLive', lead);
    const at = { ...lead, furlong: cp.furlong, furlongs: RACING_FURLONGS };
    if (!second) return t('casino.racing.leadsLive', at);
    return t('casino.racing.leadsByLive', {
      ...at,
      gap: second.gap,
      secondNo: second.no,
      secondName: nameOf(second.no),
    });
  };
  const live = liveWords();
  const x = (no: number): number => {
    const p = place.get(no);
    if (!cp || !p) return 0;
    return Math.max(0, Math.min(100, (cp.furlong / RACING_FURLONGS) * 100 - p.gap * TRACK_PCT_PER_UNIT));
  };
  return (
    <section className="vracing" aria-label={t('casino.racing.label')}>
      <p className="vracing__status">
        {voided
          ? t('casino.racing.void')
          : finished
            ? photo
              ? t('casino.racing.photoFinish')
              : t('casino.racing.finish')
            : cp
              ? t('casino.racing.furlong', { furlong: cp.furlong, furlongs: RACING_FURLONGS })
              : t('casino.racing.goesOff', { furlongs: RACING_FURLONGS })}
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
      <ol
        className="vracing__order"
        aria-label={finished ? t('casino.racing.finishingOrder') : t('casino.racing.runningOrder')}
      >
        {(cp ? cp.order : runners.map((r) => ({ no: r.no, gap: 0 }))).map((p, i) => (
          <li key={p.no} className="vracing__pos">
            <span className="vracing__place">{cp ? t('casino.racing.place', { place: i + 1 }) : ''}</span>
            <span className={`vracing__cloth vracing__runner--${p.no}`}>{p.no}</span>
            <span className="vracing__name">{nameOf(p.no)}</span>
            <span className="vracing__gap">
              {cp
                ? i === 0
                  ? finished
                    ? t('casino.racing.winner')
                    : t('casino.racing.leads')
                  : `+${p.gap}`
                : ''}
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
