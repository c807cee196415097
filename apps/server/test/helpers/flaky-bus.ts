import { createInProcessBus, type Bus } from '../../src/plugins/bus.ts';

/**
 * An in-process bus whose connection a test takes down (`drop`) and brings back (`restore`), as
 * NATS would report it: out of sync while down, its resync handlers run when back. `loses`: what
 * is published while down never arrives (NATS across an outage); otherwise it still does.
 */
export function flakyBus({ loses = false }: { loses?: boolean } = {}): Bus & {
  drop(): void;
  restore(): void;
} {
  const inner = createInProcessBus();
  const resync = new Set<() => void>();
  const stats = inner.stats;
  let down = false;
  return {
    kind: 'in-process',
    stats,
    publish: (c, m) => (down && loses ? undefined : inner.publish(c, m)),
    subscribe: (c, h) => inner.subscribe(c, h),
    request: (s, p, t) => inner.request(s, p, t),
    respond: (s, h) => inner.respond(s, h),
    onResync(h) {
      resync.add(h);
      return () => resync.delete(h);
    },
    close: () => inner.close(),
    drop() {
      down = true;
      stats.connected = false;
      stats.in_sync = false;
    },
    restore() {
      down = false;
      stats.connected = true;
      stats.in_sync = true;
      for (const h of resync) h();
    },
  };
}

/**
 * `inner` with each message of `channel` handed to each subscriber after a random delay of up to
 * `maxDelayMs` (a seeded draw): messages arrive out of the order they were published in, as two
 * nodes' messages may over NATS.
 */
export function reorderingBus(inner: Bus, channel: string, maxDelayMs: number, random: () => number): Bus {
  return {
    kind: inner.kind,
    stats: inner.stats,
    publish: (c, m) => inner.publish(c, m),
    subscribe: (c, h) =>
      inner.subscribe(
        c,
        c === channel ? (m) => void setTimeout(() => h(m), Math.floor(random() * maxDelayMs)) : h,
      ),
    onResync: (h) => inner.onResync(h),
    request: (s, p, t) => inner.request(s, p, t),
    respond: (s, h) => inner.respond(s, h),
    close: () => inner.close(),
  };
}
