/**
 * The live-price WebSocket (`/ws`). One connection for the app: it authenticates with the stored
 * token, subscribes to the market ids that screens ask for, checks each market's sequence number
 * (a gap asks for a fresh image) and reconnects with exponential backoff. After a reconnect every
 * subscription is sent again and `resync` listeners run, so screens refetch what they show.
 *
 * Freshness: the client asks for the server's heartbeat (every 2 s) and watches the age of the last
 * message of any kind. Nothing for `staleAfterMs` → state 'stale' (the socket may look open, but a
 * stalled proxy or half-open network delivers nothing); nothing for `reconnectAfterMs` → the socket
 * is dropped and a new one opened. The first message after staleness brings the state back to
 * 'open', asks for fresh images of every market and runs the `resync` listeners.
 *
 * Casino tables (issue 22) ride the same socket: `subscribeCasino` follows tables' rounds
 * (`subscribe_casino`), each `casino` message is the round's whole head; after a reconnect they are
 * subscribed again and the `resync` listeners refetch the rounds. Binary instruments (issue 24) the
 * same way: `subscribeBinary` (`subscribe_binary`), each `binary` message the instrument's head.
 */
import type {
  BinaryInstrumentHead,
  FantasyLeaderboard,
  CasinoRoundHead,
  MarketDelta,
  MarketImage,
  WsClientMessage,
  WsServerMessage,
} from '@backlay/contract';
import { readToken } from './storage.ts';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'stale' | 'reconnecting';

/** No message for this long: the prices are no longer live. */
export const STALE_AFTER_MS = 5_000;
/** No message for this long: drop the socket and open a new one. */
export const RECONNECT_AFTER_MS = 10_000;
/** How often the age of the last message is checked. */
export const WATCH_INTERVAL_MS = 1_000;

export type { MarketImage, MarketDelta, WsClientMessage, WsServerMessage };

/** What a subscriber receives: images and deltas in order (gaps already repaired), and bet notices. */
export type MarketEvent =
  | { type: 'image'; market_id: number; market: MarketImage }
  | { type: 'delta'; market_id: number; market: MarketDelta }
  | { type: 'bets'; market_id: number };

type Listener = (event: MarketEvent) => void;

/** What a casino subscriber receives: the whole head of a followed table's round, on every change. */
export type CasinoListener = (round: CasinoRoundHead) => void;
/** What a binary subscriber receives: the instrument's whole head, after every tick, line move or state change. */
export type BinaryListener = (head: BinaryInstrumentHead) => void;
/** What a fantasy subscriber receives: the contest's leaderboard after every change (a ball, an entry, the end). */
export type FantasyListener = (board: FantasyLeaderboard) => void;

/** The bits of the WebSocket API we use (so tests can pass a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export type LiveClientOptions = {
  url: () => string;
  token?: () => string | null;
  createSocket?: (url: string) => SocketLike;
  /** Backoff: first retry after `minDelayMs`, doubled each time up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** The clock for message ages (ms). */
  now?: () => number;
  /** Calls `fn` every `ms` until the returned stop is called (the freshness watch). */
  every?: (fn: () => void, ms: number) => () => void;
  staleAfterMs?: number;
  reconnectAfterMs?: number;
};

const OPEN = 1;

export class LiveClient {
  private socket: SocketLike | null = null;
  private state: ConnectionState = 'idle';
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  private readonly resyncListeners = new Set<() => void>();
  /** market id → listeners */
  private readonly subs = new Map<number, Set<Listener>>();
  /**
   * Casino table (match) id → listeners. A casino message carries the whole round head, so there
   * is no sequence to check: the last one received is the state (issue 22).
   */
  private readonly casinoSubs = new Map<number, Set<CasinoListener>>();
  /** Binary instrument (match) id → listeners; heads are whole too, so no sequence numbers. */
  private readonly binarySubs = new Map<number, Set<BinaryListener>>();
  /** Fantasy contest id → listeners; each message is the whole board. */
  private readonly fantasySubs = new Map<number, Set<FantasyListener>>();
  /** market id → last sequence number seen (undefined until an image arrives). */
  private readonly seqs = new Map<number, number>();
  /** Markets waiting for an image after a gap: deltas are dropped until it comes. */
  private readonly awaitingImage = new Set<number>();
  private attempts = 0;
  private timer: unknown = null;
  private everOpened = false;
  /** When the current socket last delivered anything (or opened). */
  private lastMessageAt = 0;
  /** Nothing has arrived for staleAfterMs; cleared by the next message. Survives a reconnect. */
  private stale = false;
  private stopWatch: (() => void) | null = null;
  private readonly opts: Required<Omit<LiveClientOptions, 'token'>> & { token: () => string | null };

  constructor(options: LiveClientOptions) {
    this.opts = {
      token: options.token ?? readToken,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
      minDelayMs: options.minDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 15_000,
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
      now: options.now ?? (() => Date.now()),
      every:
        options.every ??
        ((fn, ms) => {
          const h = setInterval(fn, ms);
          return () => clearInterval(h);
        }),
      staleAfterMs: options.staleAfterMs ?? STALE_AFTER_MS,
      reconnectAfterMs: options.reconnectAfterMs ?? RECONNECT_AFTER_MS,
      url: options.url,
    };
  }

  getState = (): ConnectionState => this.state;

  onState(fn: (s: ConnectionState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  /** Runs after every reconnect (not the first connect): refetch what the screen shows. */
  onResync(fn: () => void): () => void {
    this.resyncListeners.add(fn);
    return () => this.resyncListeners.delete(fn);
  }

  /** Subscribes to markets; returns the unsubscribe. Connects on first use. */
  subscribe(marketIds: readonly number[], listener: Listener): () => void {
    const added: number[] = [];
    for (const id of marketIds) {
      let set = this.subs.get(id);
      if (!set) {
        set = new Set();
        this.subs.set(id, set);
        added.push(id);
      }
      set.add(listener);
    }
    if (this.state === 'idle') this.connect();
    else if (added.length > 0) this.send({ op: 'subscribe', market_ids: added });
    return () => {
      const removed: number[] = [];
      for (const id of marketIds) {
        const set = this.subs.get(id);
        if (!set) continue;
        set.delete(listener);
        if (set.size === 0) {
          this.subs.delete(id);
          this.seqs.delete(id);
          this.awaitingImage.delete(id);
          removed.push(id);
        }
      }
      if (removed.length > 0) this.send({ op: 'unsubscribe', market_ids: removed });
      if (!this.hasSubscribers()) this.close();
    };
  }

  /** Follows casino tables' rounds (`subscribe_casino`); returns the unsubscribe. Connects on first use. */
  subscribeCasino(matchIds: readonly number[], listener: CasinoListener): () => void {
    const added = addListener(this.casinoSubs, matchIds, listener);
    if (this.state === 'idle') this.connect();
    else this.sendChunked('subscribe_casino', added);
    return () => {
      const removed = removeListener(this.casinoSubs, matchIds, listener);
      this.sendChunked('unsubscribe_casino', removed);
      if (!this.hasSubscribers()) this.close();
    };
  }

  /**
   * Follows binary instruments (`subscribe_binary`): a missed head is repaired by the next one, and
   * a reconnect subscribes again (the server answers with each head at once).
   */
  subscribeBinary(matchIds: readonly number[], listener: BinaryListener): () => void {
    const added = addListener(this.binarySubs, matchIds, listener);
    if (this.state === 'idle') this.connect();
    else this.sendChunked('subscribe_binary', added);
    return () => {
      const removed = removeListener(this.binarySubs, matchIds, listener);
      this.sendChunked('unsubscribe_binary', removed);
      if (!this.hasSubscribers()) this.close();
    };
  }

  /** Follows fantasy contests' leaderboards (`subscribe_fantasy`); a reconnect subscribes again. */
  subscribeFantasy(contestIds: readonly number[], listener: FantasyListener): () => void {
    const added = addListener(this.fantasySubs, contestIds, listener);
    if (this.state === 'idle') this.connect();
    else this.sendFantasy('subscribe_fantasy', added);
    return () => {
      const removed = removeListener(this.fantasySubs, contestIds, listener);
      this.sendFantasy('unsubscribe_fantasy', removed);
      if (!this.hasSubscribers()) this.close();
    };
  }

  private sendFantasy(op: 'subscribe_fantasy' | 'unsubscribe_fantasy', ids: readonly number[]): void {
    for (let i = 0; i < ids.length; i += WS_CASINO_IDS_MAX) {
      this.send({ op, contest_ids: ids.slice(i, i + WS_CASINO_IDS_MAX) });
    }
  }

  private hasSubscribers(): boolean {
    return (
      this.subs.size > 0 || this.casinoSubs.size > 0 || this.binarySubs.size > 0 || this.fantasySubs.size > 0
    );
  }

  /** A lobby may follow more tables than one message may name (WS_CASINO_IDS_MAX). */
  private sendChunked(
    op: 'subscribe_casino' | 'unsubscribe_casino' | 'subscribe_binary' | 'unsubscribe_binary',
    ids: readonly number[],
  ): void {
    for (let i = 0; i < ids.length; i += WS_CASINO_IDS_MAX) {
      this.send({ op, match_ids: ids.slice(i, i + WS_CASINO_IDS_MAX) });
    }
  }

  /** Closes the socket and stops reconnecting (sign-out, last subscriber gone). */
  close(): void {
    if (this.timer != null) this.opts.clearTimer(this.timer);
    this.timer = null;
    this.stopWatch?.();
    this.stopWatch = null;
    this.stale = false;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      s.onopen = null;
      s.close();
    }
    this.seqs.clear();
    this.awaitingImage.clear();
    this.attempts = 0;
    this.everOpened = false;
    this.setState('idle');
  }

  private setState(next: ConnectionState): void {
    // An open socket that has gone quiet is 'stale' until something arrives.
    const s = next === 'open' && this.stale ? 'stale' : next;
    if (this.state === s) return;
    this.state = s;
    for (const fn of this.stateListeners) fn(s);
  }

  private send(msg: WsClientMessage): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  private connect(): void {
    this.setState(this.everOpened || this.attempts > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const wasReconnect = this.everOpened;
      this.everOpened = true;
      this.attempts = 0;
      const token = this.opts.token();
      if (token) this.send({ op: 'auth', token });
      this.send({ op: 'heartbeat' });
      this.lastMessageAt = this.opts.now();
      this.seqs.clear();
      this.awaitingImage.clear();
      const ids = [...this.subs.keys()];
      if (ids.length > 0) this.send({ op: 'subscribe', market_ids: ids });
      this.sendChunked('subscribe_casino', [...this.casinoSubs.keys()]);
      this.sendChunked('subscribe_binary', [...this.binarySubs.keys()]);
      this.sendFantasy('subscribe_fantasy', [...this.fantasySubs.keys()]);
      this.setState('open');
      if (wasReconnect) for (const fn of this.resyncListeners) fn();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.lastMessageAt = this.opts.now();
      if (this.stale) this.recover();
      this.handle(ev.data);
    };
    this.stopWatch ??= this.opts.every(() => this.watch(), WATCH_INTERVAL_MS);
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
  }

  /** The freshness watch: how long since the open socket last delivered anything. */
  private watch(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    const age = this.opts.now() - this.lastMessageAt;
    if (age >= this.opts.reconnectAfterMs) {
      // Half-open or stalled: a new socket (with fresh images) is the way out.
      this.stale = true;
      this.socket = null;
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onopen = null;
      socket.close();
      this.scheduleReconnect();
    } else if (age >= this.opts.staleAfterMs && !this.stale) {
      this.stale = true;
      this.setState('stale');
    }
  }

  /** Messages flow again after staleness: fresh images of every market, and screens refetch. */
  private recover(): void {
    this.stale = false;
    this.setState('open');
    for (const id of this.subs.keys()) {
      this.awaitingImage.add(id);
      this.send({ op: 'image', market_id: id });
    }
    for (const fn of this.resyncListeners) fn();
  }

  private scheduleReconnect(): void {
    if (!this.hasSubscribers()) {
      this.stopWatch?.();
      this.stopWatch = null;
      this.setState('idle');
      return;
    }
    this.setState('reconnecting');
    const delay = Math.min(this.opts.maxDelayMs, this.opts.minDelayMs * 2 ** this.attempts);
    this.attempts += 1;
    this.timer = this.opts.setTimer(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private emit(marketId: number, event: MarketEvent): void {
    const set = this.subs.get(marketId);
    if (!set) return;
    for (const fn of [...set]) fn(event);
  }

  private handle(raw: unknown): void {
    let msg: WsServerMessage;
    try {
      msg = JSON.parse(String(raw)) as WsServerMessage;
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'image') {
      this.seqs.set(msg.market_id, msg.seq);
      this.awaitingImage.delete(msg.market_id);
      this.emit(msg.market_id, { type: 'image', market_id: msg.market_id, market: msg.market });
    } else if (msg.type === 'delta') {
      const id = msg.market_id;
      if (!this.subs.has(id) || this.awaitingImage.has(id)) return;
      const last = this.seqs.get(id);
      if (last === undefined || msg.seq > last + 1) {
        // A gap (or a delta before any image): ask for the full image and drop deltas until it comes.
        this.awaitingImage.add(id);
        this.send({ op: 'image', market_id: id });
        return;
      }
      if (msg.seq <= last) return; // old news
      this.seqs.set(id, msg.seq);
      this.emit(id, { type: 'delta', market_id: id, market: msg.market });
    } else if (msg.type === 'bets') {
      this.emit(msg.market_id, { type: 'bets', market_id: msg.market_id });
    } else if (msg.type === 'fantasy') {
      const set = this.fantasySubs.get(msg.board.contest.contest_id);
      if (set) for (const fn of [...set]) fn(msg.board);
    } else if (msg.type === 'binary') {
      const set = this.binarySubs.get(msg.instrument.match_id);
      if (set) for (const fn of [...set]) fn(msg.instrument);
    } else if (msg.type === 'casino') {
      const set = msg.round ? this.casinoSubs.get(msg.round.match_id) : undefined;
      if (set) for (const fn of [...set]) fn(msg.round);
    }
  }
}

/** Ids in one subscribe_casino message: the contract's limit (at most 50 per message). */
export const WS_CASINO_IDS_MAX = 50;

function addListener<L>(map: Map<number, Set<L>>, ids: readonly number[], listener: L): number[] {
  const added: number[] = [];
  for (const id of ids) {
    let set = map.get(id);
    if (!set) {
      set = new Set();
      map.set(id, set);
      added.push(id);
    }
    set.add(listener);
  }
  return added;
}

function removeListener<L>(map: Map<number, Set<L>>, ids: readonly number[], listener: L): number[] {
  const removed: number[] = [];
  for (const id of ids) {
    const set = map.get(id);
    if (!set) continue;
    set.delete(listener);
    if (set.size === 0) {
      map.delete(id);
      removed.push(id);
    }
  }
  return removed;
}

/** `ws(s)://{this host}/ws`. */
export function defaultWsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

let shared: LiveClient | null = null;
/** The app's one live connection. */
export function liveClient(): LiveClient {
  shared ??= new LiveClient({ url: defaultWsUrl });
  return shared;
}
