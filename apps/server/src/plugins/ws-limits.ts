// The live hub's limits and its small accounting tools: what one client may cost (docs/live-prices.md,
// "Limits"), the token buckets its rates are counted in, and the bounded memory of ids and tokens
// answered without a read.

/** A ping every 30 s; a socket that has not answered the previous ping by then is terminated. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/**
 * Sockets that sent `{op:'heartbeat'}` get `{type:'heartbeat', at}` this often (and once at once), so
 * the client can tell a silent connection (stalled proxy, half-open network) from a quiet market.
 */
export const LIVE_HEARTBEAT_INTERVAL_MS = 2_000;
/**
 * A client whose unsent data stays above this many bytes… (a client steadily behind; one that
 * falls further behind is dropped at once at `send_buffer_max_bytes`, LiveLimits)
 */
export const SLOW_CLIENT_MAX_BUFFERED_BYTES = 64 * 1024;
/** …for longer than this is dropped (it cannot keep up; it resyncs with a fresh image on reconnect). */
export const SLOW_CLIENT_GRACE_MS = 5_000;
/** How often the send buffers are looked at. */
export const SLOW_CLIENT_CHECK_INTERVAL_MS = 1_000;
/** At most one image read per market per this many ms (the first change is read at once). */
export const IMAGE_COALESCE_MS = 50;
/**
 * A conflating client (a program's stream) whose unsent bytes pass this gets no more deltas of a
 * market until they drain: then one image of its newest state (docs/trading-api.md "Conflation").
 */
export const CONFLATE_ABOVE_BYTES = 32 * 1024;
/** How often a conflating client's buffer is looked at while it has markets waiting. */
export const CONFLATE_CHECK_MS = 25;
/** Reads of the log one resume may make while the market moves on under it, before it sends an image. */
export const MAX_CATCH_UP_ROUNDS = 4;
/** Largest client message, bytes (a subscribe of 50 ids is under 1 KiB); bigger closes the socket (1009). */
export const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;
/** Markets one socket may follow at once (each subscribe message carries at most 50). */
export const MAX_MARKETS_PER_SOCKET = 200;
/**
 * Open sockets per client address (req.ip, which honours TRUST_PROXY: the address the proxy saw,
 * a port it wrote after it dropped, the peer's when the entry is no address; IPv6 by its /64;
 * `clientAddressOf`); more are closed at once (1008).
 */
export const MAX_SOCKETS_PER_IP = 100;
/** A socket closed for a policy (flooding, too many reads) that has not finished closing by then is terminated. */
export const CLOSE_GRACE_MS = 2_000;
/** Client messages waiting to be handled on one socket; a client that floods beyond it is closed. */
export const MAX_QUEUED_CLIENT_MESSAGES = 100;

/**
 * What one client may cost the server (docs/live-prices.md, "Limits"). Tests may loosen them;
 * production runs the defaults.
 */
export type LiveLimits = {
  /** Unsent bytes a socket may have; a message that would take it past this drops the socket at once. */
  send_buffer_max_bytes: number;
  /** Messages per second one socket may send, sustained, and its burst. Over: closed (1008). */
  socket_messages_per_s: number;
  socket_messages_burst: number;
  /** Messages per second all sockets of one address may send together, and their burst. */
  ip_messages_per_s: number;
  ip_messages_burst: number;
  /** Store reads one socket may cause (a token lookup, a market read), per second and burst. */
  socket_reads_per_s: number;
  socket_reads_burst: number;
  /** How long an unknown market id or a dead token is answered from memory. */
  negative_cache_ms: number;
  /** Remembered unknown market ids and dead tokens, each (oldest forgotten first). */
  negative_cache_max_entries: number;
  /** How often every bound socket's session is looked up again (a notice lost, an expiry). */
  session_recheck_ms: number;
};

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  send_buffer_max_bytes: 512 * 1024,
  socket_messages_per_s: 20,
  socket_messages_burst: 100,
  ip_messages_per_s: 200,
  ip_messages_burst: 1_000,
  socket_reads_per_s: 5,
  socket_reads_burst: 250,
  negative_cache_ms: 60_000,
  negative_cache_max_entries: 10_000,
  session_recheck_ms: 30_000,
};

/** WebSocket close code for a policy violation (flooding, too slow). */
export const CLOSE_POLICY = 1008;
/** WebSocket close code: the server is going away (shutdown). */
export const CLOSE_GOING_AWAY = 1001;

/** A token bucket: `tokens` left at `at_ms`; it refills at a rate up to a burst. */
export type Bucket = { tokens: number; at_ms: number };

/** Takes `n` tokens if the bucket has them (refilled to `t` first); false leaves it as it was. */
export function take(b: Bucket, per_s: number, burst: number, n: number, t: number): boolean {
  b.tokens = Math.min(burst, b.tokens + ((t - b.at_ms) * per_s) / 1000);
  b.at_ms = t;
  if (b.tokens < n) return false;
  b.tokens -= n;
  return true;
}

/** Keys answered from memory until a time, at most `max` of them (the oldest forgotten first). */
export function createNegativeCache<K>(ttl_ms: number, max: number) {
  const until = new Map<K, number>();
  return {
    add(key: K, t: number) {
      until.delete(key);
      if (until.size >= max) until.delete(until.keys().next().value!);
      until.set(key, t + ttl_ms);
    },
    has(key: K, t: number): boolean {
      const u = until.get(key);
      if (u === undefined) return false;
      if (u > t) return true;
      until.delete(key);
      return false;
    },
    delete: (key: K) => until.delete(key),
    get size() {
      return until.size;
    },
  };
}
