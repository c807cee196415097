// Request limits (rate-limiter-flexible). With REDIS_URL the counters live in Redis, so a limit
// holds across every node (one atomic Lua script per check, through ioredis); without it they are
// kept in this node's memory, which is right for one node only. If Redis stops answering (no answer
// within REDIS_TIMEOUTS.command_ms, or the connection is gone), each node counts in its own memory
// at once, says so (a warning, /healthz, /metrics) and asks Redis again every probe_ms; when it
// answers, the limits are shared again. A Redis outage never holds a request nor turns it away by
// itself (docs/reliability.md, "Faults").
//
// Who is counted: a signed-in caller by user id on every /api call (so one bettor on many
// addresses has one budget, and many bettors behind one address, a mobile carrier's shared IPv4,
// each have their own); a call without a valid session by its client address (IPv6 by its /64,
// the block one subscriber gets). Login also counts per IP and per account name, and a route can
// add its own per-IP limit (`route(..., { rateLimit })`: sign-up, OTP).
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { isIP, isIPv4 } from 'node:net';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.ts';
import { createLeasedLimiter, leaseBlock } from './leased-limiter.ts';

export type RateLimitOptions = {
  /** Requests per minute per signed-in user, on every /api call. */
  userPerMinute: number;
  /** Requests per minute per client address on /api calls without a valid session. */
  anonymousPerMinute: number;
  /** Login attempts per minute per client address. */
  loginPerMinute: number;
  /** Login attempts per minute per account name (whatever the address). */
  loginPerAccountPerMinute: number;
  /** Calls per minute per API key (issue 46): a program's budget, apart from its bettor's site. */
  apiKeyPerMinute: number;
  /** Calls per minute by all of one bettor's API keys together. */
  apiKeyUserPerMinute: number;
};

/** What buildApp takes: any of the figures; `globalPerMinute` sets both request limits at once. */
export type RateLimitInput = Partial<RateLimitOptions> & { globalPerMinute?: number };

/**
 * The figures and why (docs/scaling.md, "Limits"):
 * - 600 a minute per user: the web client makes 20–30 calls a minute (balance every 5 s, bets
 *   every 10 s, the screen's own calls, bets); 10 a second sustained is far above any person.
 * - 3,000 a minute per address without a session: one carrier-grade NAT address can carry a few
 *   thousand subscribers. Without a session a client only loads the login page (the settings call
 *   and three images) and logs in, about 5 calls, so this is 600 sign-ins a minute from one address.
 * - 60 login attempts a minute per address, for the same shared addresses; guessing one account's
 *   password is stopped by the lockout (5 failures in 15 minutes, in the store, so on every node).
 * - 30 login attempts a minute per account name, from all addresses together: the owner never
 *   needs more; it bounds the password-hashing work an attacker spread over many addresses can
 *   make one account name (or an unknown one) cost, and the refusals of a locked account.
 * - 1,200 a minute per API key and 2,400 a minute for all of one bettor's keys (issue 46): a
 *   program places, cancels and reads books faster than a person, 20 calls a second sustained is
 *   a busy trading bot; a key's calls do not spend its bettor's site budget (the phone keeps
 *   working while the bot runs), and the bettor's cap bounds what many keys can do together.
 */
export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  userPerMinute: 600,
  anonymousPerMinute: 3_000,
  loginPerMinute: 60,
  loginPerAccountPerMinute: 30,
  apiKeyPerMinute: 1_200,
  apiKeyUserPerMinute: 2_400,
};

export function resolveRateLimits(input: RateLimitInput = {}): RateLimitOptions {
  const { globalPerMinute, ...rest } = input;
  return {
    ...DEFAULT_RATE_LIMITS,
    ...(globalPerMinute === undefined
      ? {}
      : { userPerMinute: globalPerMinute, anonymousPerMinute: globalPerMinute }),
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
  };
}

/** Where the counters live: Redis shared by every node, or this node's memory. */
export type RateLimitStore = { redisUrl: string; prefix?: string } | null;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A per-IP limit of this route on top of the general ones (`route(..., { rateLimit })`). */
    rateLimit?: { max: number; timeWindow: number };
  }
  interface FastifyInstance {
    limits: RateLimits;
  }
}

/**
 * An address as a proxy may write it in X-Forwarded-For, as a plain address: a port after it
 * ("203.0.113.7:40001", "[2001:db8::7]:40001") and brackets dropped, as are spaces around it;
 * null when it is no address at all. A balancer that writes the client's source port (new for
 * every connection) would otherwise make every socket of one client a new address (issue 40: 150
 * of 150 sockets from one address were taken with a cap of 100).
 */
export function plainAddress(text: string | undefined): string | null {
  // undefined: a socket already closed has no peer address (a client gone mid-upgrade).
  const s = (text ?? '').trim();
  if (isIP(s)) return s;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(s);
  if (v4 && isIPv4(v4[1]!)) return v4[1]!;
  const v6 = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(s);
  if (v6 && isIP(v6[1]!)) return v6[1]!;
  return null;
}

/**
 * The address a request or socket is counted by: `req.ip` (the client TRUST_PROXY's trusted hops
 * report, else the peer) as a plain address; when the believed entry is no address at all (a
 * balancer writes addresses, so only a client that reaches the node directly can send one), the
 * peer's own address, never the made-up text (each would be an address of its own).
 */
export function clientAddressOf(req: {
  ip: string | undefined;
  socket?: { remoteAddress?: string | undefined };
}): string {
  return plainAddress(req.ip) ?? plainAddress(req.socket?.remoteAddress) ?? req.ip ?? 'unknown';
}

/**
 * The client address a per-IP limit counts: IPv4 as it is (also when IPv4-mapped), IPv6 by its
 * first 64 bits (one subscriber's block; counting single addresses would let one client rotate);
 * a port written after the address is not part of it (`plainAddress`).
 */
export function addressKey(address: string): string {
  const ip = plainAddress(address) ?? address;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * What a limit is asked: consume points (rejecting with a RateLimiterRes when over), or read a
 * key's count. Redis's or this node's memory, whichever answers.
 */
type Limiter = {
  keyPrefix: string;
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  get(key: string): Promise<RateLimiterRes | null>;
};
/** What `take` needs of a limiter: consume a point (rejecting with a RateLimiterRes when over). */
type Counter = { keyPrefix: string; consume(key: string): Promise<unknown> };

/**
 * The bounds on Redis (the issue: a command ≤ ~500 ms). A limit is asked on every /api call, so
 * a command with no answer by `command_ms` is given up and the node's memory answers: a request
 * waits at most that long once, when Redis goes quiet, and not at all after (`answering` is off
 * until a probe is answered).
 */
export const REDIS_TIMEOUTS = {
  command_ms: 300,
  connect_ms: 500,
  /** While Redis is not answering, one PING this often; its answer makes the limits shared again. */
  probe_ms: 500,
  /** Reconnecting after a lost connection: 100 ms, 200 ms, … at most this between tries. */
  reconnect_max_ms: 1_000,
};

/** Whether Redis answers; told of each failure, it probes until Redis answers again. */
export type RedisLink = {
  answering(): boolean;
  failed(err: unknown): void;
  /** A limit counted in this node's memory because Redis was not answering. */
  fellBack(): void;
};

export type RateLimits = ReturnType<typeof createLimits>;

// Long because it is a factory: its inner functions, each short, share the counters' store (memory
// or Redis) and its fallback state.
function createLimits(
  limits: RateLimitOptions,
  redis: { client: Redis; link: RedisLink } | null,
  prefix: string,
  onStoreError: (err: unknown) => void,
  onLimited: (limit: string) => void,
) {
  const make = (name: string, points: number, durationS: number): Limiter => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration: durationS });
    if (!redis) return memory;
    const { link } = redis;
    const shared = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration: durationS,
      // Not connected: fail at once (and count in memory) instead of queueing behind a reconnect.
      rejectIfRedisNotReady: true,
    });
    /** Redis while it answers; this node's memory at once while it does not, or when it fails. */
    const either = async <T>(onRedis: () => Promise<T>, onMemory: () => Promise<T>): Promise<T> => {
      if (!link.answering()) {
        link.fellBack();
        return onMemory();
      }
      try {
        return await onRedis();
      } catch (e) {
        if (e instanceof RateLimiterRes) throw e;
        link.failed(e);
        link.fellBack();
        return onMemory();
      }
    };
    return {
      keyPrefix: memory.keyPrefix,
      consume: (key, n = 1) =>
        either(
          () => shared.consume(key, n),
          () => memory.consume(key, n),
        ),
      get: (key) =>
        either(
          () => shared.get(key),
          () => memory.get(key),
        ),
    };
  };
  // The per-user limit, asked on every signed-in call, is taken from Redis in blocks
  // (leased-limiter.ts): never more than the limit, one Redis round trip per block of a user's calls.
  const userShared = make('user', limits.userPerMinute, 60);
  const user: Counter = redis
    ? createLeasedLimiter(userShared, leaseBlock(limits.userPerMinute))
    : userShared;
  const anonymous = make('ip', limits.anonymousPerMinute, 60);
  const apiKey = make('api-key', limits.apiKeyPerMinute, 60);
  const apiKeyUser = make('api-user', limits.apiKeyUserPerMinute, 60);
  const loginAccount = make('login-account', limits.loginPerAccountPerMinute, 60);
  const perRoute = new Map<string, Limiter>();

  /** Resolves when within the limit; throws a 429 HttpError (with Retry-After) when over. */
  async function take(limiter: Counter, key: string, reply: FastifyReply | null, what: string) {
    try {
      await limiter.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        onLimited(limiter.keyPrefix.slice(prefix.length + 1));
        const seconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
        reply?.header('retry-after', String(seconds));
        throw new HttpError(429, `${what}; try again in ${seconds} second${seconds === 1 ? '' : 's'}`);
      }
      // The store failed and no insurance answered: let the request through.
      onStoreError(e);
    }
  }

  return {
    /** 'redis': shared by every node; 'memory': this node only. */
    store: redis ? ('redis' as const) : ('memory' as const),
    /** Where the limits count now: Redis, this node's memory (one node), or memory while Redis is not answering. */
    state: (): 'redis' | 'memory' | 'fallback' =>
      !redis ? 'memory' : redis.link.answering() ? 'redis' : 'fallback',
    /**
     * For /healthz: 'off' without Redis; else one PING (bounded by the command timeout), since a
     * node whose bettors spend leases in hand may not have asked Redis for a while. A failure
     * turns the limits to memory at once, as a limit's failure would.
     */
    async health(): Promise<'ok' | 'degraded' | 'off'> {
      if (!redis) return 'off';
      if (!redis.link.answering()) return 'degraded';
      try {
        await redis.client.ping();
        return 'ok';
      } catch (e) {
        redis.link.failed(e);
        return 'degraded';
      }
    },
    figures: limits,
    /** A signed-in user's call. */
    user: (userId: number, reply: FastifyReply | null) =>
      take(user, String(userId), reply, 'Too many requests'),
    /** An API key's call: the key's budget, then its bettor's keys' budget together. */
    async key(keyId: string, userId: number, reply: FastifyReply | null) {
      await take(apiKey, keyId, reply, 'Too many requests with this API key');
      await take(apiKeyUser, String(userId), reply, "Too many requests with this bettor's API keys");
    },
    /** A call without a valid session, by its client address. */
    anonymous: (ip: string, reply: FastifyReply | null) =>
      take(anonymous, addressKey(ip), reply, 'Too many requests'),
    /**
     * Refuses (429) an address already over its limit of calls without a session, counting
     * nothing: asked before a session lookup that would read the store.
     */
    async anonymousNotSpent(ip: string, reply: FastifyReply | null) {
      let res: RateLimiterRes | null = null;
      try {
        res = await anonymous.get(addressKey(ip));
      } catch (e) {
        onStoreError(e);
      }
      if (res && res.consumedPoints >= limits.anonymousPerMinute) {
        onLimited('ip');
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        reply?.header('retry-after', String(seconds));
        throw new HttpError(
          429,
          `Too many requests; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
        );
      }
    },
    /** A route's own per-IP limit. */
    route(url: string, config: { max: number; timeWindow: number }, ip: string, reply: FastifyReply | null) {
      const name = `route:${url}`;
      let limiter = perRoute.get(name);
      if (!limiter) {
        limiter = make(name, config.max, Math.max(1, Math.round(config.timeWindow / 1000)));
        perRoute.set(name, limiter);
      }
      return take(limiter, addressKey(ip), reply, 'Too many requests');
    },
    /** A login attempt for an account name (any case), from any address. */
    loginAccount: (userName: string, reply: FastifyReply | null) =>
      take(loginAccount, userName.trim().toLowerCase(), reply, 'Too many login attempts for this account'),
  };
}

export const rateLimitPlugin = fp<{ limits: RateLimitOptions; store?: RateLimitStore }>(
  async (app, { limits, store }) => {
    let redis: { client: Redis; link: RedisLink } | null = null;
    if (store) {
      const client = new Redis(store.redisUrl, {
        // A command while disconnected fails at once (memory answers) instead of waiting in a
        // queue; one with no answer fails after command_ms; reconnects go on in the background.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        autoResendUnfulfilledCommands: false,
        commandTimeout: REDIS_TIMEOUTS.command_ms,
        connectTimeout: REDIS_TIMEOUTS.connect_ms,
        retryStrategy: (times) => Math.min(times * 100, REDIS_TIMEOUTS.reconnect_max_ms),
        lazyConnect: true,
      });
      const link = createRedisLink(client, {
        lost: (err) => {
          app.metrics.outsideFailure('redis', /timed out/i.test(err) ? 'timeout' : 'error');
          app.log.warn(
            { err, url: redactUrl(store.redisUrl) },
            'rate limits: Redis is not answering; each node counts in its own memory until it does',
          );
        },
        failed: (err) => app.metrics.outsideFailure('redis', /timed out/i.test(err) ? 'timeout' : 'error'),
        back: () => app.log.info('rate limits: Redis answers again; limits are shared again'),
        fellBack: () => app.metrics.fallback('redis'),
      });
      redis = { client, link };
      // Errors are reported by the commands that meet them (link.failed); this keeps ioredis quiet.
      client.on('error', () => {});
      // Start-up waits for Redis at most connect_ms + command_ms: a Redis that accepts the
      // connection and then says nothing must not stop the node from starting.
      const connected = client.connect();
      connected.catch(() => {});
      const waited = await Promise.race([
        connected.then(
          () => null,
          (err: Error) => err.message,
        ),
        new Promise<string>((resolve) =>
          setTimeout(
            () => resolve('no answer'),
            REDIS_TIMEOUTS.connect_ms + REDIS_TIMEOUTS.command_ms,
          ).unref(),
        ),
      ]);
      if (waited !== null) link.failed(new Error(waited));
      app.addHook('onClose', async () => {
        link.stop();
        client.disconnect();
      });
    } else {
      app.log.info('rate limits: in this node’s memory (one node); set REDIS_URL to share them across nodes');
    }
    let storeErrorLogged = false;
    const rl = createLimits(
      limits,
      redis,
      store?.prefix ?? 'backlay:rl',
      (err) => {
        if (!storeErrorLogged) app.log.error({ err }, 'rate limits: the store failed; requests let through');
        storeErrorLogged = true;
      },
      (limit) => app.metrics.limited(limit),
    );
    app.decorate('limits', rl);

    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.url.startsWith('/api/')) return;
      // A server that signs its calls (a game provider's wallet callbacks, for all of its players)
      // is not a visitor: its calls are checked by their signature, not counted per address.
      if ((req.routeOptions.config as { signedCaller?: boolean } | undefined)?.signedCaller) return;
      // A token this node does not remember costs a store read: not for an address that has
      // already spent its budget of calls without a session (made-up tokens count there).
      const ip = clientAddressOf(req);
      if (!app.auth.answersFromMemory(req)) await rl.anonymousNotSpent(ip, reply);
      const user = await app.auth.sessionOf(req);
      if (user?.apiKey) await rl.key(user.apiKey.keyId, user.userId, reply);
      else if (user) await rl.user(user.userId, reply);
      else await rl.anonymous(ip, reply);
      const own = req.routeOptions.config?.rateLimit;
      if (own) await rl.route(req.routeOptions.url ?? req.url, own, ip, reply);
    });
  },
  { name: 'rate-limit', dependencies: ['errors', 'metrics'] },
);

/**
 * Whether Redis answers. The first failure after it answered is `lost` (one warning), each one is
 * `failed`; from then on every limit counts in memory without asking Redis, and one PING every
 * probe_ms (bounded by the command timeout) finds when it answers again (`back`).
 */
export function createRedisLink(
  client: Pick<Redis, 'ping'>,
  on: {
    lost(err: string): void;
    failed(err: string): void;
    back(): void;
    fellBack(): void;
  },
  probe_ms = REDIS_TIMEOUTS.probe_ms,
): RedisLink & { stop(): void } {
  let answering = true;
  let probe: NodeJS.Timeout | null = null;
  let probing = false;
  const stopProbe = () => {
    if (probe) clearInterval(probe);
    probe = null;
  };
  return {
    answering: () => answering,
    failed(err) {
      const message = err instanceof Error ? err.message : String(err);
      if (!answering) return on.failed(message);
      answering = false;
      on.lost(message);
      probe = setInterval(() => {
        if (probing) return;
        probing = true;
        client.ping().then(
          () => {
            probing = false;
            if (answering || !probe) return;
            answering = true;
            stopProbe();
            on.back();
          },
          () => (probing = false),
        );
      }, probe_ms);
      probe.unref();
    },
    fellBack: () => on.fellBack(),
    stop: stopProbe,
  };
}

/** A URL without its password, for logs. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://…';
  }
}
