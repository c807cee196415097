import {
  FREE_SPINS_PER_ROUND_MAX,
  LINES_MAX,
  REELS,
  ROWS,
  STRIP_LENGTH_MAX,
  type Slot,
  type SlotSpec,
} from './types.ts';

function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(`slot definition: ${message}`);
}

function compileStrips(spec: SlotSpec, strips: readonly string[], what: string): number[][] {
  assert(strips.length === REELS, `${spec.id} ${what}: ${REELS} strips`);
  const index = new Map(spec.symbols.map((s, i) => [s.code, i]));
  return strips.map((text, reel) => {
    const strip = text
      .trim()
      .split(/\s+/)
      .map((code) => {
        const i = index.get(code);
        assert(i !== undefined, `${spec.id} ${what} reel ${reel + 1}: unknown symbol ${code}`);
        return i;
      });
    assert(
      strip.length >= ROWS && strip.length <= STRIP_LENGTH_MAX,
      `${spec.id} ${what} reel ${reel + 1}: length`,
    );
    return strip;
  });
}

/** Checks a slot's invariants and compiles its strips; throws on any fault (at module load). */
export function defineSlot(spec: SlotSpec): Slot {
  assert(/^[a-z0-9-]{3,40}$/.test(spec.id), `id ${spec.id}`);
  const wilds = spec.symbols.flatMap((s, i) => (s.kind === 'wild' ? [i] : []));
  const scatters = spec.symbols.flatMap((s, i) => (s.kind === 'scatter' ? [i] : []));
  assert(wilds.length === 1 && scatters.length === 1, `${spec.id}: one wild and one scatter`);
  assert(new Set(spec.symbols.map((s) => s.code)).size === spec.symbols.length, `${spec.id}: codes unique`);
  for (const s of spec.symbols) {
    const [p3, p4, p5] = s.pays;
    assert(
      Number.isSafeInteger(p3) && p3 >= 0 && p3 <= p4 && p4 <= p5 && p5 <= 10_000,
      `${spec.id} ${s.code}: pays`,
    );
  }
  assert(spec.lines.length >= 1 && spec.lines.length <= LINES_MAX, `${spec.id}: line count`);
  for (const line of spec.lines) {
    assert(
      line.length === REELS && line.every((r) => Number.isInteger(r) && r >= 0 && r < ROWS),
      `${spec.id}: line ${line.join('')}`,
    );
  }
  const fs = spec.free_spins;
  assert(
    fs.award >= 1 && fs.per_round_max >= fs.award && fs.per_round_max <= FREE_SPINS_PER_ROUND_MAX,
    `${spec.id}: free spins`,
  );
  assert(
    Number.isInteger(fs.multiplier) && fs.multiplier >= 1 && fs.multiplier <= 10,
    `${spec.id}: multiplier`,
  );
  return {
    ...spec,
    base_strips: compileStrips(spec, spec.base_strips, 'base'),
    free_strips: compileStrips(spec, spec.free_strips, 'free'),
    wild: wilds[0]!,
    scatter: scatters[0]!,
  };
}
