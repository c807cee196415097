import { describe, expect, it } from 'vitest';
import { LiveClient, type MarketEvent, type SocketLike } from '../src/lib/ws.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

const image = (market_id: number, seq: number, status = 'OPEN') => ({
  type: 'image',
  market_id,
  seq,
  market: { market_id, status, in_play: false, version: 1, runners: [] },
});
const delta = (market_id: number, seq: number) => ({
  type: 'delta',
  market_id,
  seq,
  market: { runners: [{ selection_id: 1, status: 'ACTIVE', back: [], lay: [], traded_volume: 0 }] },
});

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const clock = { now: 0, watches: [] as (() => void)[] };
  /** Moves the clock on, running the freshness watch once a second as it goes. */
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 1000) {
      clock.now += 1000;
      for (const w of clock.watches) w();
    }
  };
  const client = new LiveClient({
    now: () => clock.now,
    every: (fn) => {
      clock.watches.push(fn);
      return () => {
        clock.watches = clock.watches.filter((w) => w !== fn);
      };
    },
    url: () => 'ws://test/ws',
    token: () => 'tok',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    minDelayMs: 100,
    maxDelayMs: 1000,
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: () => {},
  });
  const events: MarketEvent[] = [];
  const states: string[] = [];
  client.onState((s) => states.push(s));
  return {
    client,
    sockets,
    timers,
    events,
    states,
    advance,
    clock,
    listen: (e: MarketEvent) => events.push(e),
  };
}

describe('LiveClient', () => {
  it('authenticates, subscribes, and passes images and in-order deltas on', () => {
    const t = setup();
    t.client.subscribe([7], t.listen);
    const s = t.sockets[0]!;
    s.open();
    expect(s.sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'heartbeat' },
      { op: 'subscribe', market_ids: [7] },
    ]);
    expect(t.client.getState()).toBe('open');
    s.receive(image(7, 1));
    s.receive(delta(7, 2));
    s.receive(delta(7, 3));
    expect(t.events.map((e) => e.type)).toEqual(['image', 'delta', 'delta']);
  });

  it('on a sequence gap asks for an image and drops deltas until it comes', () => {
    const t = setup();
    t.client.subscribe([7], t.listen);
    const s = t.sockets[0]!;
    s.open();
    s.receive(image(7, 1));
    s.receive(delta(7, 2));
    s.receive(delta(7, 4)); // 3 is missing
    expect(s.sent.at(-1)).toEqual({ op: 'image', market_id: 7 });
    s.receive(delta(7, 5)); // still waiting: dropped, no second request
    expect(s.sent.filter((m) => (m as { op: string }).op === 'image')).toHaveLength(1);
    s.receive(image(7, 6));
    s.receive(delta(7, 7));
    expect(t.events.map((e) => e.type)).toEqual(['image', 'delta', 'image', 'delta']);
  });

  it('a delta before any image asks for the image', () => {
    const t = setup();
    t.client.subscribe([9], t.listen);
    const s = t.sockets[0]!;
    s.open();
    s.receive(delta(9, 3));
    expect(s.sent.at(-1)).toEqual({ op: 'image', market_id: 9 });
    expect(t.events).toHaveLength(0);
  });

  it('reconnects with growing backoff, resubscribes and tells screens to resync', () => {
    const t = setup();
    let resyncs = 0;
    t.client.onResync(() => (resyncs += 1));
    t.client.subscribe([7, 8], t.listen);
    t.sockets[0]!.open();
    t.sockets[0]!.receive(image(7, 10));
    t.sockets[0]!.drop();
    expect(t.client.getState()).toBe('reconnecting');
    expect(t.timers.map((x) => x.ms)).toEqual([100]);
    t.timers[0]!.fn();
    t.sockets[1]!.drop(); // fails before opening
    expect(t.timers.map((x) => x.ms)).toEqual([100, 200]);
    t.timers[1]!.fn();
    const s = t.sockets[2]!;
    s.open();
    expect(s.sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'heartbeat' },
      { op: 'subscribe', market_ids: [7, 8] },
    ]);
    expect(resyncs).toBe(1);
    expect(t.client.getState()).toBe('open');
    // Sequence numbers start again with the new image.
    s.receive(image(7, 1));
    s.receive(delta(7, 2));
    expect(t.events.map((e) => e.type)).toEqual(['image', 'image', 'delta']);
    expect(t.states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('bet notices reach the market subscriber; the last unsubscribe closes the socket', () => {
    const t = setup();
    const off = t.client.subscribe([7], t.listen);
    const s = t.sockets[0]!;
    s.open();
    s.receive({ type: 'bets', market_id: 7 });
    expect(t.events).toEqual([{ type: 'bets', market_id: 7 }]);
    off();
    expect(s.sent.at(-1)).toEqual({ op: 'unsubscribe', market_ids: [7] });
    expect(s.closed).toBe(true);
    expect(t.client.getState()).toBe('idle');
  });
  it('nothing arriving for 5 s makes the state stale; the next message recovers with fresh images and a resync', () => {
    const t = setup();
    let resyncs = 0;
    t.client.onResync(() => (resyncs += 1));
    t.client.subscribe([7, 8], t.listen);
    const s = t.sockets[0]!;
    s.open();
    s.receive(image(7, 1));
    s.receive(image(8, 1));
    t.advance(4000);
    s.receive({ type: 'heartbeat', at: 1 });
    t.advance(4000);
    expect(t.client.getState()).toBe('open'); // 4 s since the heartbeat
    t.advance(1000);
    expect(t.client.getState()).toBe('stale');
    s.receive(delta(7, 2)); // anything arriving: fresh images are asked for, deltas wait for them
    expect(t.client.getState()).toBe('open');
    expect(s.sent.slice(-2)).toEqual([
      { op: 'image', market_id: 7 },
      { op: 'image', market_id: 8 },
    ]);
    expect(resyncs).toBe(1);
    s.receive(image(7, 5, 'SUSPENDED'));
    expect(t.events.at(-1)).toMatchObject({ type: 'image', market_id: 7, market: { status: 'SUSPENDED' } });
    expect(t.states).toEqual(['connecting', 'open', 'stale', 'open']);
  });

  it('nothing for 10 s drops the socket and opens another; it stays stale until a message comes', () => {
    const t = setup();
    t.client.subscribe([7], t.listen);
    const s = t.sockets[0]!;
    s.open();
    t.advance(10_000);
    expect(s.closed).toBe(true);
    expect(t.client.getState()).toBe('reconnecting');
    t.timers.at(-1)!.fn();
    const s2 = t.sockets[1]!;
    s2.open();
    expect(t.client.getState()).toBe('stale'); // open, but nothing has arrived yet
    s2.receive({ type: 'heartbeat', at: 2 });
    expect(t.client.getState()).toBe('open');
    t.client.close();
    expect(t.clock.watches).toHaveLength(0);
  });

  it('binary: subscribes instruments, hands each head to its listeners, resubscribes after a reconnect, closes with the last', () => {
    const t = setup();
    const heads: number[] = [];
    const off = t.client.subscribeBinary([901, 911], (h) => heads.push(h.match_id));
    t.sockets[0]!.open();
    expect(t.sockets[0]!.sent).toContainEqual({ op: 'subscribe_binary', match_ids: [901, 911] });
    t.sockets[0]!.receive({ type: 'binary', instrument: { match_id: 911 } });
    t.sockets[0]!.receive({ type: 'binary', instrument: { match_id: 999 } });
    expect(heads).toEqual([911]);
    t.sockets[0]!.drop();
    t.timers[0]!.fn();
    t.sockets[1]!.open();
    expect(t.sockets[1]!.sent).toContainEqual({ op: 'subscribe_binary', match_ids: [901, 911] });
    off();
    expect(t.sockets[1]!.sent).toContainEqual({ op: 'unsubscribe_binary', match_ids: [901, 911] });
    expect(t.client.getState()).toBe('idle');
  });
});
