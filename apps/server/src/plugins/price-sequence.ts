// Where a market's WebSocket sequence numbers come from (docs/live-prices.md).
//
// 'node': this node counts (one node, the in-process bus): the first image a node sends has seq 1,
// every visible change the next number.
//
// 'store': the numbers are kept per market in the store, so every node of a deployment sends the
// same seq for the same state, and the same deltas. A node that hears of a change (its own commit
// or another node's notice on the bus) reads the market's image and, when it differs visibly from
// the newest logged one, logs it under the next number (price_images, primary key (market_id,
// seq): when two nodes race for a number one insert wins and the other looks again). It then sends
// every logged state after the last one it sent, in order, as deltas. States only move forward: a
// node reads the newest entry before it reads the image it compares, so whatever it logs is at
// least as new as the entry it follows. Only markets someone follows are logged; each keeps its
// last PRICE_LOG_KEEP entries.
import type { MarketImage } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { priceImages } from '../db/schema.ts';
import type { Db } from '../db/store.ts';
import { diffImages } from './ws-diff.ts';

export type Sequenced = { seq: number; image: MarketImage };

export interface PriceSequencer {
  readonly kind: 'node' | 'store';
  /** The market's newest state with its number (logged first if the store moved on); null for an unknown market. */
  latest(market_id: number): Promise<Sequenced | null>;
  /**
   * Every state after `after`, oldest first (the current one logged first if it differs visibly
   * from the newest entry). Entries may start later than `after.seq + 1` when older ones are gone.
   */
  since(market_id: number, after: Sequenced): Promise<Sequenced[]>;
}

export type GetImage = (market_id: number) => Promise<MarketImage | null>;

/** One node: numbers kept by the caller (the hub), each visible change is the next one. */
export function createNodeSequencer(getImage: GetImage): PriceSequencer {
  return {
    kind: 'node',
    async latest(market_id) {
      const image = await getImage(market_id);
      return image ? { seq: 1, image } : null;
    },
    async since(market_id, after) {
      const image = await getImage(market_id);
      if (!image || diffImages(after.image, image) === null) return [];
      return [{ seq: after.seq + 1, image }];
    },
  };
}

/** Entries kept per market (older ones are pruned); a node further behind sends an image. */
export const PRICE_LOG_KEEP = 64;
/** Prune a market's log when its seq is a multiple of this. */
const PRUNE_EVERY = 16;
/** Lost races for one number in a row before giving up (the caller retries on the next notice). */
const MAX_RACES = 8;

type Row = { seq: number | string; image: string };
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

/** Per market in the store (price_images), the same numbers on every node. */
export function createStoreSequencer(db: Db, getImage: GetImage): PriceSequencer {
  async function newest(market_id: number): Promise<Sequenced | null> {
    const rows = rowsOf(
      await db.execute(sql`
        select seq, image from ${priceImages} where market_id = ${market_id} order by seq desc limit 1`),
    );
    return rows[0] ? toSequenced(rows[0]) : null;
  }

  /** Logs the current image when it differs visibly from the newest entry; returns the newest entry. */
  async function capture(market_id: number): Promise<Sequenced | null> {
    for (let race = 0; race < MAX_RACES; race++) {
      const last = await newest(market_id);
      const image = await getImage(market_id);
      if (!image) return null;
      if (last && diffImages(last.image, image) === null) return last;
      const seq = (last?.seq ?? 0) + 1;
      const inserted = rowsOf(
        await db.execute(sql`
          insert into ${priceImages} (market_id, seq, image) values (${market_id}, ${seq}, ${JSON.stringify(image)})
          on conflict do nothing returning seq`),
      );
      if (inserted.length === 0) continue; // another node logged this number first: look again
      if (seq % PRUNE_EVERY === 0) {
        await db.execute(sql`
          delete from ${priceImages} where market_id = ${market_id} and seq <= ${seq - PRICE_LOG_KEEP}`);
      }
      return { seq, image };
    }
    throw new Error(`price sequence: lost ${MAX_RACES} races in a row for market ${market_id}`);
  }

  return {
    kind: 'store',
    latest: capture,
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
