// Slots RTP: for each slot of the demo provider (packages/slots), the exact return to player
// (closed form, docs/slots.md), the brute force over every base-game window (hit frequency and
// the base game's standard deviation, which no closed form gives), and a simulation of
// SLOTS_RTP_SPINS paid rounds (default 10 million, free spins played out) on the seeded
// xoroshiro128+ that must land within ±0.2 percentage points of the exact RTP. The speed figure
// is rounds per second, against the baseline of drawing the 5 reel stops alone.
import { SLOTS, enumerateBase, playRound, slotMath } from '@backlay/slots';
import { seededDraw } from '@backlay/slots/seeded';
import type { Benchmark, Figure } from './lib.ts';
import { report } from './lib.ts';

const SPINS = Number(process.env.SLOTS_RTP_SPINS ?? 10_000_000);
const SEED = 20261126;
/** The brief's tolerance: the simulated RTP within this of the exact one (fraction of stake). */
const TOLERANCE = 0.002;

const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;

function simulate(slot: (typeof SLOTS)[number]) {
  const draw = seededDraw(SEED);
  const stake = slot.lines.length * 100;
  let sum = 0;
  let sumSquares = 0;
  let hits = 0;
  let features = 0;
  let maxWin = 0;
  const t0 = performance.now();
  for (let i = 0; i < SPINS; i++) {
    const round = playRound(slot, stake, draw);
    const x = round.win_paise / stake;
    sum += x;
    sumSquares += x * x;
    if (x > 0) hits++;
    if (round.spins.length > 1) features++;
    if (x > maxWin) maxWin = x;
  }
  const ms = performance.now() - t0;
  const rtp = sum / SPINS;
  const sd = Math.sqrt(sumSquares / SPINS - rtp * rtp);
  return { rtp, sd, hits: hits / SPINS, features: features / SPINS, maxWin, perSecond: SPINS / (ms / 1000) };
}

function drawOnly(slot: (typeof SLOTS)[number]): number {
  const draw = seededDraw(SEED);
  const n = Math.min(SPINS, 2_000_000);
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) for (const strip of slot.base_strips) sink += draw(strip.length);
  const ms = performance.now() - t0;
  if (sink < 0) throw new Error('unreachable');
  return n / (ms / 1000);
}

export const slotsRtpBench: Benchmark = {
  name: 'slots-rtp',
  description: `slots: exact RTP, base-game enumeration, and ${SPINS.toLocaleString('en')} simulated rounds per slot`,
  run() {
    const figures: Figure[] = [];
    let failed = false;
    for (const slot of SLOTS) {
      const m = slotMath(slot);
      const e = enumerateBase(slot);
      const lines = slot.lines.length;
      const baseMean = e.win_units / e.stops / lines;
      const baseSd = Math.sqrt(e.win_units_squared / e.stops / lines ** 2 - baseMean ** 2);
      const sim = simulate(slot);
      const diff = sim.rtp - m.rtp;
      const ok = Math.abs(diff) <= TOLERANCE;
      failed ||= !ok;
      console.log(`  ${slot.name} (${slot.id}, ${lines} lines)`);
      console.log(
        `    exact RTP ${pct(m.rtp)} = base lines ${pct(m.base_line_rtp)} + base scatters ${pct(m.base_scatter_rtp)} + free spins ${pct(m.feature_rtp)}`,
      );
      console.log(
        `    trigger 1 in ${(1 / m.trigger_probability).toFixed(1)}, ${m.free_spins_per_trigger.toFixed(4)} free spins per trigger, ${m.free_spin_rtp.toFixed(4)} stakes per free spin`,
      );
      console.log(
        `    enumeration of ${e.stops.toLocaleString('en')} base windows: RTP ${pct(baseMean)} (closed form ${pct(m.base_line_rtp + m.base_scatter_rtp)}), hit frequency ${pct(e.hits / e.stops, 2)}, base SD ${baseSd.toFixed(3)} stakes`,
      );
      console.log(
        `    simulated ${SPINS.toLocaleString('en')} rounds: RTP ${pct(sim.rtp)} (${diff >= 0 ? '+' : ''}${(diff * 100).toFixed(4)} pp, standard error ${((sim.sd / Math.sqrt(SPINS)) * 100).toFixed(4)} pp) ${ok ? 'within' : 'OUTSIDE'} ±0.2 pp; round hit frequency ${pct(sim.hits, 2)}, free spins 1 in ${(1 / sim.features).toFixed(1)}, SD ${sim.sd.toFixed(3)} stakes, top win ${sim.maxWin.toFixed(1)}× stake`,
      );
      figures.push(
        report({
          label: `${slot.id} rounds simulated`,
          value: sim.perSecond,
          unit: 'rounds/s',
          baseline: { label: 'drawing 5 stops alone', value: drawOnly(slot) },
        }),
      );
    }
    if (failed) {
      console.error('  a simulated RTP is outside ±0.2 pp of the exact one');
      process.exitCode = 1;
    }
    return figures;
  },
};
