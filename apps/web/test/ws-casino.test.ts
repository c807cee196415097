import type { CasinoRoundHead } from '@backlay/contract';
import { describe, expect, it } from 'vitest';
import { LiveClient, WS_CASINO_IDS_MAX, type SocketLike } from '../src/lib/ws.ts';

// Casino tables on the live socket (issue 22): subscribe_casino beside the markets, the whole round
// head per message, subscribed again after a reconnect, and the socket closed with the last follower.
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

const head = (match_id: number, round_id: number): CasinoRoundHead => ({
  match_id,
  game_id: 'dragon_tiger_20',
  table_name: 'Dragon Tiger 20-20',
  series_id: 'ourcasino',
  round_id,
  state: 'BETTING',
  opened_at: '2026-01-01T00:00:00.000Z',
  closes_at: '2026-01-01T00:00:20.000Z',
  seconds_left: 20,
  server_time: Date.parse('2026-01-01T00:00:00.000Z'),
  server_seed_hash: 'ab'.repeat(32),
  options: [],
  dealt: [],
  result: null,
});

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const client = new LiveClient({
    url: () => 'ws://test/ws',
    token: () => 'tok',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    every: () => () => {},
    setTimer: (fn) => {
      timers.push(fn);
      return timers.length;
    },
    clearTimer: () => {},
  });
  return { client, sockets, timers };
}

describe('LiveClient casino tables', () => {
  it('subscribes casino tables beside markets and hands each table its own round heads', () => {
    const t = setup();
    const got: CasinoRoundHead[] = [];
    t.client.subscribe([7], () => {});
    t.client.subscribeCasino([501, 502], (r) => got.push(r));
    const s = t.sockets[0]!;
    s.open();
    expect(s.sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'heartbeat' },
      { op: 'subscribe', market_ids: [7] },
      { op: 'subscribe_casino', match_ids: [501, 502] },
    ]);
    s.receive({ type: 'casino', round: head(501, 1) });
    s.receive({ type: 'casino', round: head(999, 1) }); // a table nobody follows
    s.receive({ type: 'casino', round: head(502, 4) });
    expect(got.map((r) => [r.match_id, r.round_id])).toEqual([
      [501, 1],
      [502, 4],
    ]);
  });

  it('a later follower subscribes at once; the socket stays while a casino table is followed', () => {
    const t = setup();
    const offMarket = t.client.subscribe([7], () => {});
    const s = t.sockets[0]!;
    s.open();
    const offCasino = t.client.subscribeCasino([501], () => {});
    expect(s.sent.at(-1)).toEqual({ op: 'subscribe_casino', match_ids: [501] });
    offMarket();
    expect(s.closed).toBe(false);
    offCasino();
    expect(s.sent.at(-1)).toEqual({ op: 'unsubscribe_casino', match_ids: [501] });
    expect(s.closed).toBe(true);
    expect(t.client.getState()).toBe('idle');
  });

  it('a second follower of the same table sends nothing; the table is left when its last follower goes', () => {
    const t = setup();
    const a = t.client.subscribeCasino([501], () => {});
    const s = t.sockets[0]!;
    s.open();
    const sentBefore = s.sent.length;
    const b = t.client.subscribeCasino([501], () => {});
    expect(s.sent.length).toBe(sentBefore);
    a();
    expect(s.sent.length).toBe(sentBefore);
    expect(s.closed).toBe(false);
    b();
    expect(s.sent.at(-1)).toEqual({ op: 'unsubscribe_casino', match_ids: [501] });
  });

  it('after a dropped socket the tables are subscribed again and screens are told to resync', () => {
    const t = setup();
    let resyncs = 0;
    t.client.onResync(() => (resyncs += 1));
    t.client.subscribeCasino([501], () => {});
    t.sockets[0]!.open();
    t.sockets[0]!.drop();
    expect(t.client.getState()).toBe('reconnecting');
    t.timers[0]!();
    const s = t.sockets[1]!;
    s.open();
    expect(s.sent).toContainEqual({ op: 'subscribe_casino', match_ids: [501] });
    expect(resyncs).toBe(1);
  });

  it('more tables than one message may name go in several messages', () => {
    const t = setup();
    const ids = Array.from({ length: WS_CASINO_IDS_MAX + 3 }, (_, i) => 1000 + i);
    t.client.subscribeCasino(ids, () => {});
    const s = t.sockets[0]!;
    s.open();
    const subs = s.sent.filter((m) => (m as { op: string }).op === 'subscribe_casino') as {
      match_ids: number[];
    }[];
    expect(subs.map((m) => m.match_ids.length)).toEqual([WS_CASINO_IDS_MAX, 3]);
  });
});
