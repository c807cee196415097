// The recorded-file instrument feed: a CSV of `time,instrument,price` (time as ISO 8601 or ms
// since the epoch; instrument a spec code; price a positive number), replayed by the clock it is
// advanced by. It is how an operator plugs a real feed in without code: record the prices, point
// BINARY_FEED_FILE at the file (docs/binary.md).
import type { FeedTick, InstrumentFeed } from './types.ts';

/** The file's size limit: a day of every instrument once a second is about 1 M rows. */
export const REPLAY_MAX_ROWS = 2_000_000;

/** The rows of a recorded file, oldest first; a bad row throws with its line number. */
export function parseTicksCsv(text: string, known?: ReadonlySet<string>): FeedTick[] {
  const lines = text.split(/\r?\n/);
  const header = lines[0]?.trim().toLowerCase().replace(/\s/g, '');
  if (header !== 'time,instrument,price') throw new Error('line 1: the header must be time,instrument,price');
  const out: FeedTick[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (out.length >= REPLAY_MAX_ROWS) throw new Error(`more than ${REPLAY_MAX_ROWS} rows`);
    const cells = line.split(',').map((c) => c.trim());
    if (cells.length !== 3) throw new Error(`line ${i + 1}: expected time,instrument,price`);
    const [time, code, priceText] = cells as [string, string, string];
    const t = /^\d+$/.test(time) ? Number(time) : Date.parse(time);
    if (!Number.isSafeInteger(t)) throw new Error(`line ${i + 1}: bad time ${time}`);
    if (known && !known.has(code)) throw new Error(`line ${i + 1}: unknown instrument ${code}`);
    const price = Number(priceText);
    if (!(price > 0) || !Number.isFinite(price)) throw new Error(`line ${i + 1}: bad price ${priceText}`);
    out.push({ code, t, price: Math.round(price * 100) / 100 });
  }
  // Stable: rows at the same instant keep the file's order.
  return out
    .map((r, i) => [r, i] as const)
    .sort((a, b) => a[0].t - b[0].t || a[1] - b[1])
    .map(([r]) => r);
}

export function createReplayFeed(
  ticks: readonly FeedTick[],
  opts: { start_ms?: number; name?: string } = {},
): InstrumentFeed {
  let i = 0;
  let last = opts.start_ms ?? -Infinity;
  // Rows at or before the start were "already given".
  while (i < ticks.length && ticks[i]!.t <= last) i++;
  return {
    name: opts.name ?? 'replay',
    advance(to_ms) {
      if (to_ms <= last) return [];
      const out: FeedTick[] = [];
      while (i < ticks.length && ticks[i]!.t <= to_ms) out.push(ticks[i++]!);
      last = to_ms;
      return out;
    },
  };
}
