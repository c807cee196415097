// The store's sequence of a market's states (plugins/price-sequence.ts, docs/live-prices.md
// "Sequence numbers"): every node logs a state under the next number, so every node sends the
// same numbers for the same states. States only move forward: a node whose own image is behind
// the newest logged state (it has not yet heard the change another node logged) must not log its
// older image after it. A socket on that node would see the prices go back, and the nodes would
// end on different numbers for the same last state (cluster.test.ts, "bets on both nodes").
import type { MarketImage } from '@backlay/contract';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createStoreSequencer,
  type GetStampedImage,
  type StampedImage,
} from '../src/plugins/price-sequence.ts';
import { describeStores } from './helpers/stores.ts';

/** A state of market `market_id`: one runner with `size` rupees to back at 2.0. */
const state = (market_id: number, size: number): MarketImage => ({
  market_id,
  status: 'OPEN',
  in_play: false,
  version: 1,
  runners: [{ selection_id: 1, status: 'ACTIVE', back: [{ price: 2, size }], lay: [], traded_volume: 0 }],
});

/** A node: what its memory holds of the market (the newest image it has heard of, with its stamp), and its reads of the store. */
function node(store: { now: StampedImage }) {
  const n = { memory: store.now, reads: 0 };
  const fromMemory: GetStampedImage = async () => n.memory;
  const fromStore: GetStampedImage = async () => {
    n.reads += 1;
    return store.now;
  };
  return { n, fromMemory, fromStore };
}

let nextMarket = 900_000 + Math.floor(Math.random() * 50_000);

describeStores('the store sequence of a market', (ctx) => {
  /** Two nodes on the store, both having heard `first`; `store.now` is the market's state in the store. */
  function twoNodes(first: StampedImage) {
    const store = { now: first };
    const a = node(store);
    const b = node(store);
    return {
      store,
      a: { ...a, seq: createStoreSequencer(ctx.app.db, a.fromMemory, a.fromStore) },
      b: { ...b, seq: createStoreSequencer(ctx.app.db, b.fromMemory, b.fromStore) },
    };
  }

  describe('two nodes, one of them behind', () => {
    it('the node that has not heard the newest round does not log its older state after it', async () => {
      const market_id = nextMarket++;
      const [s1, s2] = [state(market_id, 10), state(market_id, 20)];
      const { store, a, b } = twoNodes({ image: s1, stamp: 5 });

      expect(await a.seq.latest(market_id)).toEqual({ seq: 1, image: s1 });
      // A round: node b has heard its notice, node a not yet.
      store.now = { image: s2, stamp: 6 };
      b.n.memory = store.now;
      expect(await b.seq.latest(market_id)).toEqual({ seq: 2, image: s2 });
      // Node a's memory still holds s1 (stamp 5): the newest entry (stamp 6) is newer and stays
      // the newest, and its stamp says so without a read of the store.
      expect(await a.seq.latest(market_id)).toEqual({ seq: 2, image: s2 });
      expect(a.n.reads).toBe(0);
      expect(await a.seq.history(market_id, 1, 2)).toEqual([
        { seq: 1, image: s1 },
        { seq: 2, image: s2 },
      ]);
      expect(await a.seq.history(market_id, 3, 3)).toBeNull();
      // A socket of node a at state 1 is sent state 2, and nothing after it.
      expect(await a.seq.since(market_id, { seq: 1, image: s1 })).toEqual([{ seq: 2, image: s2 }]);
      // Node a hears the round: nothing new to log.
      a.n.memory = store.now;
      expect(await a.seq.latest(market_id)).toEqual({ seq: 2, image: s2 });
      expect(await b.seq.since(market_id, { seq: 2, image: s2 })).toEqual([]);
    });

    it('a change that is not a round (the same stamp) is compared on a read of the store', async () => {
      const market_id = nextMarket++;
      const open = state(market_id, 10);
      const suspended = { ...open, status: 'SUSPENDED' as const, version: 2 };
      const { store, a, b } = twoNodes({ image: open, stamp: 7 });
      await a.seq.latest(market_id);
      // The market is suspended (next_seq does not move): node b has read it, node a not yet.
      store.now = { image: suspended, stamp: 7 };
      b.n.memory = store.now;
      expect(await b.seq.latest(market_id)).toEqual({ seq: 2, image: suspended });
      expect(b.n.reads).toBe(1);
      // Node a holds the open market under the same stamp: it reads the store and logs nothing.
      expect(await a.seq.latest(market_id)).toEqual({ seq: 2, image: suspended });
      expect(a.n.reads).toBe(1);
      expect(await a.seq.history(market_id, 3, 3)).toBeNull();
    });

    it('rounds are logged from memory: no node reads the store for them', async () => {
      const market_id = nextMarket++;
      const { store, a, b } = twoNodes({ image: state(market_id, 10), stamp: 1 });
      await a.seq.latest(market_id);
      for (let stamp = 2; stamp <= 6; stamp++) {
        store.now = { image: state(market_id, 10 + stamp), stamp };
        a.n.memory = store.now;
        b.n.memory = store.now;
        // Either node first: the other finds it logged.
        await (stamp % 2 === 0 ? a : b).seq.latest(market_id);
        await (stamp % 2 === 0 ? b : a).seq.latest(market_id);
      }
      expect(a.n.reads + b.n.reads).toBe(0);
      expect(await b.seq.latest(market_id)).toEqual({ seq: 6, image: state(market_id, 16) });
    });

    it('an entry logged before stamps were kept is compared on a read of the store', async () => {
      const market_id = nextMarket++;
      const [s1, s2] = [state(market_id, 10), state(market_id, 20)];
      await ctx.app.db.execute(
        sql`insert into price_images (market_id, seq, image) values (${market_id}, 1, ${JSON.stringify(s2)})`,
      );
      const { a } = twoNodes({ image: s2, stamp: 9 });
      a.n.memory = { image: s1, stamp: 3 };
      expect(await a.seq.latest(market_id)).toEqual({ seq: 1, image: s2 });
      expect(a.n.reads).toBe(1);
    });
  });
});
