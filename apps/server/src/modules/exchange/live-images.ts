// The images the live hub sends, from the memory that just changed (issue 42 item 7, issue 43's
// "prices from memory"). A round builds its market's image from the book it left, the locked
// market row and the runners it read (`imageOfRound`), and publishes it with the bus notice,
// stamped with the market's next_seq after the round. Every node's hub then takes the newest
// image it has heard of instead of reading the market again (`createLiveImages`).
//
// Why a stamp and a "stale" mark: rounds on one market are serialised by its row lock and each
// moves next_seq, so of two round images the larger stamp is the newer, whatever order two nodes'
// notices arrive in. A change that is not a round (a status change, a settlement, a lapse, another
// kind's change) does not always move next_seq and its notice carries no image: it marks the
// market stale, and only a read of the store, started after that notice, clears the mark. A round
// image heard while the mark is up is not used (it may be older than the change that set it), and
// a bus that lost messages forgets every image. So the hub never sends a state older than one it
// would have read, and reads the store only when no round told it the state.
import type { MarketImage, RunnerLevels } from '@backlay/contract';
import { ladderView, type OrderBook } from '@backlay/engine';
import type { Executor } from '../../db/store.ts';
import { LADDER_DEPTH, readStampedImage, type StampedImage } from './ladder-view.ts';

/** Markets whose last image a node keeps at most (the least recently noted forgotten first). */
export const LIVE_IMAGES_MAX_MARKETS = 2_000;

/** What a round's image is made of: the locked row, the runners it read (traded before it), the traded it added. */
export type RoundImageInput = {
  market: { marketId: number; status: MarketImage['status']; inPlay: boolean; version: number };
  runners: readonly { selectionId: number; status: RunnerLevels['status']; tradedPaise: number }[];
  /** Traded paise the round added, by selection id. */
  traded: ReadonlyMap<number, number>;
  book: OrderBook;
};

const rupees = (paise: number) => Math.round(paise) / 100;

/** The market's image as `readMarketImage` would read it right after the round's commit. */
export function imageOfRound({ market, runners, traded, book }: RoundImageInput): MarketImage {
  return {
    market_id: market.marketId,
    status: market.status,
    in_play: market.inPlay,
    version: market.version,
    runners: runners.map((r): RunnerLevels => {
      const l = ladderView(book, String(r.selectionId), LADDER_DEPTH);
      return {
        selection_id: r.selectionId,
        status: r.status,
        back: l.available_to_back.map((x) => ({ price: x.price / 100, size: rupees(x.size_paise) })),
        lay: l.available_to_lay.map((x) => ({ price: x.price / 100, size: rupees(x.size_paise) })),
        traded_volume: rupees(r.tradedPaise + (traded.get(r.selectionId) ?? 0)),
      };
    }),
  };
}

/** A market notice as the bus carries it: a round's carries its image and stamp. */
export type MarketNotice = { market_id: number; stamp?: number; image?: MarketImage };

type Entry = {
  /** next_seq of the newest state known (a round's stamp, or a read's). */
  stamp: number;
  /** That state's image; null when none is known. */
  image: MarketImage | null;
  /** A notice without an image came after it: only a store read started after it may be used. */
  stale: boolean;
  /** Notices without an image so far (a read started before the last one is not kept). */
  gen: number;
};

export function createLiveImages(db: Executor, maxMarkets = LIVE_IMAGES_MAX_MARKETS) {
  const entries = new Map<number, Entry>();
  /** Moves on every forget(): a read started before it is not kept. */
  let epoch = 0;
  /** Images answered from memory (a round's, or a read kept until the next notice), and reads of the store. */
  const stats = { from_memory: 0, reads: 0 };

  function put(id: number, e: Entry) {
    entries.delete(id); // most recently noted last
    entries.set(id, e);
    if (entries.size > maxMarkets) entries.delete(entries.keys().next().value!);
  }

  /** The next image of the market is read from the store (and what is heard before that read is not used). */
  function readNext(id: number) {
    const e = entries.get(id);
    put(id, { stamp: e?.stamp ?? -1, image: e?.image ?? null, stale: true, gen: (e?.gen ?? 0) + 1 });
  }

  /** The market's newest image and its stamp: the one a round carried, or the store's (kept until the next notice). */
  async function getStamped(marketId: number): Promise<StampedImage | null> {
    const known = entries.get(marketId);
    if (known && !known.stale && known.image) {
      stats.from_memory += 1;
      return { image: known.image, stamp: known.stamp };
    }
    const [gen, startEpoch] = [known?.gen ?? 0, epoch];
    stats.reads += 1;
    const read = await readStampedImage(db, marketId);
    if (!read) return null;
    const now = entries.get(marketId);
    // Kept unless a notice without an image (or a lost bus) came during the read, or a round's
    // newer image did.
    if (startEpoch === epoch && (now?.gen ?? 0) === gen && (!now || now.stale || read.stamp >= now.stamp))
      put(marketId, { stamp: read.stamp, image: read.image, stale: false, gen });
    return read;
  }

  return {
    stats,

    /**
     * A socket subscribes: its first image is read from the store, never older than what it may
     * have had from another node (whose notices may still be on their way here).
     */
    readNext,

    /** A 'market' notice, before the hub acts on it (plugins/ws.ts calls it first). */
    note(m: MarketNotice) {
      const e = entries.get(m.market_id);
      if (m.image === undefined || m.stamp === undefined) {
        readNext(m.market_id);
        return;
      }
      if (e && (e.stale || m.stamp <= e.stamp)) return;
      put(m.market_id, { stamp: m.stamp, image: m.image, stale: false, gen: e?.gen ?? 0 });
    },

    /** The market's newest image (getStamped without the stamp). */
    get: async (marketId: number): Promise<MarketImage | null> => (await getStamped(marketId))?.image ?? null,

    getStamped,

    /**
     * The store's image now (a read started after this call) and its stamp, kept as the newest
     * unless a notice comes during the read: for a caller that must not act on an image older than
     * something it has just read elsewhere (the store's price sequence).
     */
    fresh(marketId: number): Promise<StampedImage | null> {
      readNext(marketId);
      return getStamped(marketId);
    },

    /** The bus lost messages: nothing heard before is trusted (the next image of each is read). */
    forget() {
      epoch += 1;
      entries.clear();
    },

    /** Markets with an entry (tests). */
    get size() {
      return entries.size;
    },
  };
}
export type LiveImages = ReturnType<typeof createLiveImages>;
