// Issue 42, item 5: the live hub names no product. Each product registers its followed-head topic
// (plugins/live-topics.ts) and the hub serves every registered topic alike: a subscribe answers
// the head at once, a change on the topic's bus channel sends the new head, an unsubscribe ends
// it, and an op of a topic nobody registered is answered in words.
import type { CasinoRoundHead, WsServerMessage } from '@backlay/contract';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { casinoLiveTopic } from '../src/modules/casino/live-topic.ts';
import { createInProcessBus } from '../src/plugins/bus.ts';
import { createLiveTopics } from '../src/plugins/live-topics.ts';
import { createLiveHub } from '../src/plugins/ws.ts';
import { settle } from './helpers/ws-client.ts';

/** A socket the hub can write to: every text message it was sent, parsed. */
function fakeSocket() {
  const s = new EventEmitter() as EventEmitter & {
    readyState: number;
    OPEN: number;
    bufferedAmount: number;
    got: WsServerMessage[];
    send(data: string | Buffer): void;
    ping(): void;
    terminate(): void;
    close(): void;
  };
  Object.assign(s, { readyState: 1, OPEN: 1, bufferedAmount: 0, got: [] });
  s.send = (data) => void s.got.push(JSON.parse(String(data)) as WsServerMessage);
  s.ping = () => {};
  s.terminate = () => void s.emit('close');
  s.close = () => void s.emit('close');
  return s;
}

describe('live topics', () => {
  it('the hub and its topic machinery name no product', () => {
    for (const f of ['ws.ts', 'ws-topic.ts', 'live-topics.ts']) {
      const src = readFileSync(new URL(`../src/plugins/${f}`, import.meta.url), 'utf8')
        .split('\n')
        .filter((l) => !/^\s*(\/\/|\*|\/\*\*)/.test(l)) // the comments may give examples
        .join('\n');
      expect(src, f).not.toMatch(/casino|fantasy|binary_|'binary'|BinaryInstrument|contest_id/i);
    }
  });

  it('the registry refuses a topic after the hub started, a second of one name, a name that is not a word', () => {
    const topics = createLiveTopics();
    const t = casinoLiveTopic(async () => null);
    topics.register(t);
    expect(() => topics.register(t)).toThrow(/registered twice/);
    expect(() => topics.register({ ...t, name: 'Casino Tables' })).toThrow(/is not a word/);
    expect(topics.seal().map((x) => x.name)).toEqual(['casino']);
    expect(() => topics.register({ ...t, name: 'later' })).toThrow(/after the live hub started/);
  });

  it('the hub serves a registered topic: the head at once, again on a change, nothing after unsubscribing', async () => {
    const bus = createInProcessBus();
    let version = 1;
    const head = (match_id: number) => ({ match_id, version }) as unknown as CasinoRoundHead;
    const topics = createLiveTopics();
    topics.register(casinoLiveTopic(async (id) => (id === 7 ? head(id) : null)));
    const hub = createLiveHub({
      bus,
      getImage: async () => null,
      lookupToken: async () => 'ended' as const,
      log: { warn() {}, debug() {}, error() {} },
      topics: topics.seal(),
    });
    const s = fakeSocket();
    hub.connect(s as never);
    const say = async (msg: object) => {
      s.emit('message', Buffer.from(JSON.stringify(msg)), false);
      await settle(20);
    };

    await say({ op: 'subscribe_casino', match_ids: [7, 8] });
    expect(s.got).toEqual([
      { type: 'casino', round: { match_id: 7, version: 1 } },
      { type: 'error', message: 'Unknown casino table 8 (or it has no round yet)' },
    ]);
    expect(hub.followed('casino')).toBe(1);

    version = 2;
    bus.publish('casino', { match_id: 7, round_id: 1 });
    await settle(20);
    expect(s.got.at(-1)).toEqual({ type: 'casino', round: { match_id: 7, version: 2 } });
    expect(hub.topicStats()).toEqual({ casino: { reads: 1, sent: 1 } });

    await say({ op: 'unsubscribe_casino', match_ids: [7] });
    const seen = s.got.length;
    bus.publish('casino', { match_id: 7, round_id: 1 });
    await settle(20);
    expect(s.got.length).toBe(seen);
    expect(hub.followed('casino')).toBe(0);

    // Binary registered no topic on this hub: its op is answered, not ignored.
    await say({ op: 'subscribe_binary', match_ids: [1] });
    expect(s.got.at(-1)).toEqual({
      type: 'error',
      message: 'This server has no live topic for subscribe_binary',
    });
    hub.close();
  });
});
