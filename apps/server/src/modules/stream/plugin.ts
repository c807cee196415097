// The stream for programs (issue 46, docs/trading-api.md "The stream"): a WebSocket at STREAM_PATH
// opened with an API key. Its sockets live in the site's live hub (plugins/ws.ts) as sockets of
// another protocol: the hub's market feeds send them the same serialised images and deltas as the
// site's sockets (with a clock token each), resume them from a clock, and conflate when they read
// slowly; this module parses their messages, turns a filter into markets (and adds the markets
// made later that match it), follows the bettor's orders, and holds the key to every gate for as
// long as the socket lives.
import {
  STREAM_CONNECTIONS_PER_KEY_MAX,
  STREAM_PATH,
  STREAM_SUBSCRIPTIONS_MAX,
  streamClientMessage,
  type StreamClientMessage,
  type StreamMarketFilter,
  type StreamServerMessage,
} from '@backlay/contract';
import fp from 'fastify-plugin';
import { HttpError } from '../../http/errors.ts';
import { MUST_CHANGE_PASSWORD } from '../../http/route.ts';
import { keyCredential, type KeyCredential } from '../../plugins/auth.ts';
import { clientAddressOf } from '../../plugins/rate-limit.ts';
import type { Client } from '../../plugins/ws-client.ts';
import {
  CLOSE_POLICY,
  LIVE_HEARTBEAT_INTERVAL_MS,
  MAX_MARKETS_PER_SOCKET,
  upgradeRequired,
  type ForeignProtocol,
} from '../../plugins/ws.ts';
import { factsOf, marketsMatching, matchesFilter, type MarketFacts } from './filter.ts';
import { createOrderFeeds } from './orders.ts';

/** How often every stream's key is asked again (an expiry; a notice lost on the way). */
export const STREAM_KEY_RECHECK_MS = 30_000;
/** Markets whose facts a node remembers for filters (the oldest forgotten first). */
export const STREAM_FACTS_MAX = 20_000;

type Subscription = { filter: StreamMarketFilter; markets: Set<number> };

/** One program's connection: its key, its subscriptions, its orders. */
type Program = {
  client: Client;
  closed: boolean;
  userId: number;
  keyId: string;
  credential: KeyCredential;
  ip: string;
  subs: Map<number, Subscription>;
  orders: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The stream's figures on this node (tests, metrics). */
    programStream: {
      counts(): { connections: number; users: number; order_users: number; facts: number };
      /** Asks every stream's key again now (what the 30 s timer does). */
      recheckAll(): Promise<void>;
    };
  }
}

/**
 * Long because it is the module's composition: its inner functions, each short, share the
 * connections, their keys and the markets' facts.
 */
export const streamModule = fp(
  async (app) => {
    const hub = app.liveHub;
    const programs = new Map<Client, Program>();
    const byUser = new Map<number, Set<Program>>();
    const perKey = new Map<string, number>();
    /** market id → its facts (null: unknown): for filters that take markets made later, and a market's match for its orders' read. */
    const facts = new Map<number, MarketFacts | null>();
    /** Markets the filters have been asked about since they first moved (bounded as `facts`). */
    const considered = new Set<number>();
    const send = (p: Program, msg: StreamServerMessage) => hub.io.send(p.client, JSON.stringify(msg));
    const orders = createOrderFeeds<Program>({
      read: (q) => app.exchange.ordersOf(q),
      matchOf: async (market_id) => (await factsFor(market_id))?.match_id ?? null,
      send,
      failed: (err, userId) => app.log.warn({ err, userId }, 'stream: orders read failed'),
      now: () => app.clock.now().getTime(),
    });

    async function subscribeMarkets(
      p: Program,
      m: Extract<StreamClientMessage, { op: 'subscribe_markets' }>,
    ) {
      if (p.subs.has(m.id))
        return hub.io.sendError(p.client, `Subscription ${m.id} exists: unsubscribe_markets it first`);
      if (p.subs.size >= STREAM_SUBSCRIPTIONS_MAX)
        return hub.io.sendError(p.client, `At most ${STREAM_SUBSCRIPTIONS_MAX} subscriptions per connection`);
      if (!hub.io.spendReads(p.client, 1)) return;
      const found = await marketsMatching(app.db, m.filter, MAX_MARKETS_PER_SOCKET);
      if (p.closed) return;
      const listed = found.slice(0, MAX_MARKETS_PER_SOCKET);
      const fresh = listed.filter((id) => !p.client.markets.has(id));
      const taken = fresh.slice(0, Math.max(0, MAX_MARKETS_PER_SOCKET - p.client.markets.size));
      const sub: Subscription = {
        filter: m.filter,
        markets: new Set([...listed.filter((id) => p.client.markets.has(id)), ...taken]),
      };
      p.subs.set(m.id, sub);
      send(p, {
        type: 'subscribed',
        id: m.id,
        market_ids: [...sub.markets],
        truncated: found.length > listed.length || taken.length < fresh.length,
      });
      const resume = new Map(Object.entries(m.clk ?? {}).map(([id, clk]) => [Number(id), clk]));
      await hub.io.subscribe(p.client, taken, resume);
    }

    function unsubscribeMarkets(p: Program, id: number) {
      const sub = p.subs.get(id);
      if (!sub) return hub.io.sendError(p.client, `No subscription ${id}`);
      p.subs.delete(id);
      const still = new Set([...p.subs.values()].flatMap((s) => [...s.markets]));
      const gone = [...sub.markets].filter((m) => !still.has(m));
      hub.io.unsubscribe(p.client, gone);
      send(p, { type: 'unsubscribed', id, market_ids: gone });
    }

    async function handle(p: Program, raw: unknown) {
      const parsed = streamClientMessage.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return hub.io.sendError(
          p.client,
          `Bad message${issue ? `: ${issue.path.join('.') || 'op'}: ${issue.message}` : ''}`,
        );
      }
      const m = parsed.data;
      switch (m.op) {
        case 'subscribe_markets':
          return subscribeMarkets(p, m);
        case 'unsubscribe_markets':
          return unsubscribeMarkets(p, m.id);
        case 'subscribe_orders':
          if (p.orders) return hub.io.sendError(p.client, 'Orders are followed already on this connection');
          if (!hub.io.spendReads(p.client, 1)) return;
          p.orders = true;
          return orders.subscribe(p, p.userId, m.clk);
        case 'image':
          return hub.io.resend(p.client, m.market_id);
      }
    }

    function gone(p: Program | undefined) {
      if (!p || p.closed) return;
      p.closed = true;
      programs.delete(p.client);
      const mine = byUser.get(p.userId);
      mine?.delete(p);
      if (mine?.size === 0) byUser.delete(p.userId);
      const n = (perKey.get(p.keyId) ?? 1) - 1;
      if (n > 0) perKey.set(p.keyId, n);
      else perKey.delete(p.keyId);
      if (p.orders) orders.unsubscribe(p, p.userId);
    }

    const protocol: ForeignProtocol = {
      handle: async (client, msg) => {
        const p = programs.get(client);
        if (p) await handle(p, msg);
      },
      gone: (client) => gone(programs.get(client)),
    };

    /** Asks the key again (a lock, an exclusion, a revocation, an expiry): a refused one ends its streams. */
    async function recheck(list: Iterable<Program>) {
      const byKey = new Map<string, Program[]>();
      for (const p of list) if (!p.closed) byKey.set(p.keyId, [...(byKey.get(p.keyId) ?? []), p]);
      for (const streams of byKey.values()) {
        const first = streams[0]!;
        let answer;
        try {
          answer = await app.apiKeys.resolver.resolve(first.credential, first.ip);
        } catch (err) {
          app.log.warn({ err }, 'stream: key re-check failed');
          continue;
        }
        const refusal =
          'status' in answer ? answer.message : answer.mustChangePassword ? MUST_CHANGE_PASSWORD : null;
        if (refusal === null) continue;
        for (const p of streams) {
          if (p.closed) continue;
          hub.io.sendError(p.client, refusal);
          hub.io.drop(p.client, CLOSE_POLICY, 'API key refused');
        }
      }
    }

    /** A market's facts, read once per node (a filter looks at them when the market first moves). */
    async function factsFor(market_id: number): Promise<MarketFacts | null> {
      if (facts.has(market_id)) return facts.get(market_id)!;
      const found = await factsOf(app.db, market_id);
      if (facts.size >= STREAM_FACTS_MAX) facts.delete(facts.keys().next().value!);
      facts.set(market_id, found);
      return found;
    }

    /** A market changed: one that a filter names and its subscription does not have yet is added. */
    async function marketMoved(market_id: number) {
      if (considered.has(market_id)) return; // asked when it first moved
      const filtered = [...programs.values()].filter(
        (p) => p.subs.size > 0 && !p.client.markets.has(market_id),
      );
      if (filtered.length === 0) return;
      if (considered.size >= STREAM_FACTS_MAX) considered.delete(considered.keys().next().value!);
      considered.add(market_id);
      const found = await factsFor(market_id).catch((err: unknown) => {
        considered.delete(market_id); // asked again at its next change
        throw err;
      });
      if (!found) return;
      for (const p of filtered) {
        if (p.closed || p.client.markets.has(market_id) || p.client.markets.size >= MAX_MARKETS_PER_SOCKET)
          continue;
        const sub = [...p.subs].find(([, s]) => matchesFilter(s.filter, found));
        if (!sub) continue;
        sub[1].markets.add(market_id);
        send(p, { type: 'subscribed', id: sub[0], market_ids: [...sub[1].markets], truncated: false });
        void hub.io.subscribe(p.client, [market_id]);
      }
    }

    const unsubscribers = [
      app.bus.subscribe('market', (m) => {
        void marketMoved(m.market_id).catch((err: unknown) =>
          app.log.warn({ err, market_id: m.market_id }, 'stream: market facts read failed'),
        );
      }),
      app.bus.subscribe('user', (m) => {
        if ([...(byUser.get(m.user_id) ?? [])].some((p) => p.orders))
          void orders.changed(m.user_id, m.market_id);
      }),
      app.bus.subscribe('session', (m) => {
        const mine = byUser.get(m.user_id);
        // After every handler of this notice: the key cache forgets the bettor in its own.
        if (mine) queueMicrotask(() => void recheck([...mine]));
      }),
      app.bus.onResync(() => {
        facts.clear();
        considered.clear();
        orders.resync();
        void recheck([...programs.values()]);
      }),
    ];
    const recheckTimer = setInterval(() => void recheck([...programs.values()]), STREAM_KEY_RECHECK_MS);
    recheckTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(recheckTimer);
      for (const u of unsubscribers) u();
    });

    app.decorate('programStream', {
      counts: () => ({
        connections: programs.size,
        users: byUser.size,
        order_users: orders.users(),
        facts: facts.size,
      }),
      recheckAll: () => recheck([...programs.values()]),
    });

    app.route({
      method: 'GET',
      url: STREAM_PATH,
      // A plain GET (no upgrade): what it is, in words.
      handler: upgradeRequired,
      // Before the upgrade: a refused key gets its HTTP answer (401, 403, 428, 429) in words.
      preValidation: async (req) => {
        if (!keyCredential(req))
          throw new HttpError(401, 'The stream takes an API key: send Authorization: Key <key_id>:<secret>');
        const user = await app.auth.authenticate(req);
        if (user.mustChangePassword) throw new HttpError(428, MUST_CHANGE_PASSWORD);
        if (!user.apiKey?.scopes.includes('read'))
          throw new HttpError(403, 'This API key has no read scope, which the stream needs');
        if ((perKey.get(user.apiKey.keyId) ?? 0) >= STREAM_CONNECTIONS_PER_KEY_MAX)
          throw new HttpError(
            429,
            `At most ${STREAM_CONNECTIONS_PER_KEY_MAX} stream connections per API key: close one first`,
          );
      },
      wsHandler: (socket, req) => {
        const user = req.user;
        const credential = keyCredential(req);
        if (!user?.apiKey || !credential || req.socket.destroyed || socket.readyState !== socket.OPEN) {
          socket.terminate();
          return;
        }
        // Two upgrades of one key may both have passed the check before either got here.
        if ((perKey.get(user.apiKey.keyId) ?? 0) >= STREAM_CONNECTIONS_PER_KEY_MAX) {
          socket.close(CLOSE_POLICY, 'too many stream connections for this API key');
          return;
        }
        const ip = clientAddressOf(req);
        const client = hub.connect(socket, ip, protocol);
        if (!client) return;
        const p: Program = {
          client,
          closed: false,
          userId: user.userId,
          keyId: user.apiKey.keyId,
          credential,
          ip: req.ip,
          subs: new Map(),
          orders: false,
        };
        programs.set(client, p);
        byUser.set(p.userId, (byUser.get(p.userId) ?? new Set()).add(p));
        perKey.set(p.keyId, (perKey.get(p.keyId) ?? 0) + 1);
        send(p, {
          type: 'connected',
          user_id: p.userId,
          key_id: p.keyId,
          heartbeat_ms: LIVE_HEARTBEAT_INTERVAL_MS,
          limits: {
            subscriptions: STREAM_SUBSCRIPTIONS_MAX,
            markets: MAX_MARKETS_PER_SOCKET,
            send_buffer_bytes: hub.limits.send_buffer_max_bytes,
            messages_per_s: hub.limits.socket_messages_per_s,
          },
        });
      },
    });
  },
  { name: 'stream', dependencies: ['ws', 'api-keys', 'exchange', 'auth', 'bus'] },
);
