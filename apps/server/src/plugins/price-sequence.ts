// Where a market's WebSocket sequence numbers come from (docs/live-prices.md).
//
// 'node': this node counts (one node, the in-process bus), in a log per market kept in memory: the
// first state it logs has seq 1, every visible change the next number.
//
// 'store': the numbers are kept per market in the store, so every node of a deployment sends the
// same seq for the same state, and the same deltas. A node that hears of a change (its own commit
// or another node's notice on the bus) reads the market's image and, when it differs visibly from
// the newest logged one, logs it under the next number (price_images, primary key (market_id,
// seq): when two nodes race for a number one insert wins and the other looks again). It then sends
// every logged state after the last one it sent, in order, as deltas. States only move forward: the
// image a node has at hand comes from memory (the newest a round's notice carried) and may be older
// than an entry another node logged from a notice not yet heard here. So each entry keeps its stamp
// (the market's next_seq it shows, which only rises), and a node logs its image only when its stamp
// is above the newest entry's; below, the entry is newer and stays the newest; equal (a change
// that is not a round), it reads the store, after reading the entry, and logs what it read. Only
// markets someone follows are logged; each keeps its last PRICE_LOG_KEEP entries.
import type { MarketImage } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { priceImages } from '../db/schema.ts';
import type { Db } from '../db/store.ts';
import { diffImages } from './ws-diff.ts';

export type Sequenced = { seq: number; image: MarketImage };

export interface PriceSequencer {
  readonly kind: 'node' | 'store';
  /**
   * What a market's numbers are counted in: a clock token (`<epoch>.<seq>`) names a state only
   * under the same epoch. The store's numbers are one count per market for every node and every
   * start ('s'); a node's are its own, from a log it may forget (its own epoch per log).
   */
  epochOf(market_id: number): string;
  /** The market's newest state with its number (logged first if the store moved on); null for an unknown market. */
  latest(market_id: number): Promise<Sequenced | null>;
  /**
   * Every state after `after`, oldest first (the current one logged first if it differs visibly
   * from the newest entry). Entries may start later than `after.seq + 1` when older ones are gone.
   */
  since(market_id: number, after: Sequenced, epoch?: string): Promise<Sequenced[]>;
  /**
   * The logged states `from` to `to`, both included, oldest first; null when the log no longer
   * holds every one of them (a resume then starts from an image).
   */
  history(market_id: number, from: number, to: number): Promise<Sequenced[] | null>;
}

/** The clock token of a market's state: its epoch and its number. */
export const clockOf = (epoch: string, seq: number) => `${epoch}.${seq}`;

/** A clock token's parts, or null when it is not one. */
export function parseClock(token: string): { epoch: string; seq: number } | null {
  const m = /^([A-Za-z0-9_-]{1,40})\.(\d{1,15})$/.exec(token);
  return m ? { epoch: m[1]!, seq: Number(m[2]) } : null;
}

/** `entries` when they are every state from `from` to `to` in order, else null. */
function whole(entries: readonly Sequenced[], from: number, to: number): Sequenced[] | null {
  if (entries.length !== to - from + 1) return null;
  return entries.every((e, i) => e.seq === from + i) ? [...entries] : null;
}

export type GetImage = (market_id: number) => Promise<MarketImage | null>;

/** An image and its stamp: the market's next_seq it shows (live-images.ts orders images by it). */
export type StampedImage = { image: MarketImage; stamp: number };
export type GetStampedImage = (market_id: number) => Promise<StampedImage | null>;

/** Markets a node keeps a log of (the least recently logged forgotten first). */
export const NODE_LOG_MAX_MARKETS = 2_000;

/**
 * One node: the numbers and the last PRICE_LOG_KEEP states of each market it follows, in memory.
 * A market's log outlives the feed that made it (a program that reconnects resumes from it); a log
 * forgotten (more than NODE_LOG_MAX_MARKETS markets, a restart) starts again under a new epoch, so
 * an old clock token is answered with an image, never with the wrong deltas.
 */
export function createNodeSequencer(getImage: GetImage, maxMarkets = NODE_LOG_MAX_MARKETS): PriceSequencer {
  type Log = { epoch: string; entries: Sequenced[]; busy: Promise<unknown> };
  const logs = new Map<number, Log>();
  const boot = Date.now().toString(36);
  let made = 0;

  function logOf(market_id: number): Log {
    let log = logs.get(market_id);
    if (log) {
      logs.delete(market_id); // most recently used last
    } else {
      if (logs.size >= maxMarkets) logs.delete(logs.keys().next().value!);
      log = { epoch: `n${boot}${(made++).toString(36)}`, entries: [], busy: Promise.resolve() };
    }
    logs.set(market_id, log);
    return log;
  }

  /** Logs the current image when it differs visibly from the newest entry; one capture per market at a time. */
  function capture(market_id: number): Promise<Sequenced | null> {
    const log = logOf(market_id);
    const run = log.busy.then(async () => {
      const image = await getImage(market_id);
      if (!image) return null;
      const last = log.entries.at(-1);
      if (last && diffImages(last.image, image) === null) return last;
      const entry = { seq: (last?.seq ?? 0) + 1, image };
      log.entries.push(entry);
      if (log.entries.length > PRICE_LOG_KEEP) log.entries.shift();
      return entry;
    });
    log.busy = run.catch(() => undefined);
    return run;
  }

  return {
    kind: 'node',
    epochOf: (market_id) => logOf(market_id).epoch,
    latest: capture,
    async since(market_id, after, epoch) {
      const last = await capture(market_id);
      if (!last) return [];
      // `after` was numbered in a log since forgotten: the newest state, under the new epoch.
      if (epoch !== undefined && epoch !== logs.get(market_id)?.epoch) return [last];
      if (last.seq === after.seq) return [];
      if (last.seq < after.seq) return [last];
      return (logs.get(market_id)?.entries ?? [last]).filter((e) => e.seq > after.seq);
    },
    async history(market_id, from, to) {
      const entries = logs.get(market_id)?.entries ?? [];
      return whole(
        entries.filter((e) => e.seq >= from && e.seq <= to),
        from,
        to,
      );
    },
  };
}

/** Entries kept per market (older ones are pruned); a node further behind sends an image. */
export const PRICE_LOG_KEEP = 64;
/** Prune a market's log when its seq is a multiple of this. */
const PRUNE_EVERY = 16;
/** Lost races for one number in a row before giving up (the caller retries on the next notice). */
const MAX_RACES = 8;

type Row = { seq: number | string; image: string; stamp?: number | string | null };
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const toSequenced = (row: Row): Sequenced => ({
  seq: Number(row.seq),
  image: JSON.parse(row.image) as MarketImage,
});

/** Logged states older than this, except each market's newest, are swept by the leader. */
export const PRICE_LOG_MAX_AGE_MS = 10 * 60_000;
/** How often the leader sweeps. */
export const PRICE_SWEEP_INTERVAL_MS = 60_000;

/**
 * Deletes logged states older than `maxAgeMs`, keeping each market's newest (its current number,
 * which a node that still follows the market continues from). Returns the rows deleted.
 */
export async function sweepPriceLog(db: Db, maxAgeMs = PRICE_LOG_MAX_AGE_MS): Promise<number> {
  const r = await db.execute(sql`
    delete from ${priceImages} p
     where p.created_at < now() - make_interval(secs => ${maxAgeMs / 1000})
       and p.seq < (select max(q.seq) from ${priceImages} q where q.market_id = p.market_id)
    returning 1`);
  return (r as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Per market in the store (price_images), the same numbers on every node. `getImage` is the image at
 * hand (from memory: cheap, possibly behind the log); `readImage` reads the store's image now.
 */
export function createStoreSequencer(
  db: Db,
  getImage: GetStampedImage,
  readImage: GetStampedImage,
): PriceSequencer {
  async function newest(market_id: number): Promise<(Sequenced & { stamp: number | null }) | null> {
    const rows = rowsOf(
      await db.execute(sql`
        select seq, image, stamp from ${priceImages} where market_id = ${market_id} order by seq desc limit 1`),
    );
    const row = rows[0];
    return row
      ? {
          ...toSequenced(row),
          stamp: row.stamp === null || row.stamp === undefined ? null : Number(row.stamp),
        }
      : null;
  }

  /**
   * What to log after `last`: the image at hand when its stamp says it is newer; nothing when it
   * says it is older (a change logged by another node, not yet heard here); else (equal stamps: a
   * change that is not a round, or an entry without a stamp) the store's image, read after `last`.
   */
  async function newerThan(
    market_id: number,
    last: { image: MarketImage; stamp: number | null },
    at: StampedImage,
  ): Promise<StampedImage | null> {
    if (last.stamp !== null && at.stamp > last.stamp) return at;
    if (last.stamp !== null && at.stamp < last.stamp) return null;
    const read = await readImage(market_id);
    return read && diffImages(last.image, read.image) !== null ? read : null;
  }

  /** Logs the current image when it is newer than the newest entry; returns the newest entry. */
  async function capture(market_id: number): Promise<Sequenced | null> {
    for (let race = 0; race < MAX_RACES; race++) {
      const last = await newest(market_id);
      const at = await getImage(market_id);
      if (!at) return null;
      if (last && diffImages(last.image, at.image) === null) return { seq: last.seq, image: last.image };
      const next = last ? await newerThan(market_id, last, at) : at;
      if (!next) return { seq: last!.seq, image: last!.image };
      const seq = (last?.seq ?? 0) + 1;
      const inserted = rowsOf(
        await db.execute(sql`
          insert into ${priceImages} (market_id, seq, image, stamp)
          values (${market_id}, ${seq}, ${JSON.stringify(next.image)}, ${next.stamp})
          on conflict do nothing returning seq`),
      );
      if (inserted.length === 0) continue; // another node logged this number first: look again
      if (seq % PRUNE_EVERY === 0) {
        await db.execute(sql`
          delete from ${priceImages} where market_id = ${market_id} and seq <= ${seq - PRICE_LOG_KEEP}`);
      }
      return { seq, image: next.image };
    }
    throw new Error(`price sequence: lost ${MAX_RACES} races in a row for market ${market_id}`);
  }

  return {
    kind: 'store',
    epochOf: () => 's',
    latest: capture,
    async history(market_id, from, to) {
      if (to - from + 1 > PRICE_LOG_KEEP) return null;
      const rows = rowsOf(
        await db.execute(sql`
          select seq, image from ${priceImages}
           where market_id = ${market_id} and seq >= ${from} and seq <= ${to}
           order by seq`),
      );
      return whole(rows.map(toSequenced), from, to);
    },
    async since(market_id, after) {
      const last = await capture(market_id);
      if (!last || last.seq === after.seq) return [];
      // The log is behind what was sent (the store was restored): start again from its newest.
      if (last.seq < after.seq) return [last];
      if (last.seq === after.seq + 1) return [last];
      const rows = rowsOf(
        await db.execute(sql`
          select seq, image from ${priceImages}
           where market_id = ${market_id} and seq > ${after.seq} and seq <= ${last.seq}
           order by seq`),
      );
      return rows.map(toSequenced);
    },
  };
}
