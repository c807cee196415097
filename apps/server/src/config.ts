import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flagOrUnset = z.enum(['0', '1']).optional();

/** Where the demo provider listens by default (apps/provider-demo reads the same names). */
export const DEFAULT_PROVIDER_DEMO_URL = 'http://127.0.0.1:8090';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The bettor app's build to serve at / (default apps/web/dist): another build, e.g. a release's copy. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SEED_DEMO: flagOrUnset,
  /** Fractional hours are allowed (0.001 h = 3.6 s), so tests can let tokens expire. */
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies in front whose X-Forwarded-For entries are believed: a number of hops (1: the one
   * balancer; 0 or false: none), or a comma-separated list of proxy addresses/CIDRs. Not 'true'.
   */
  TRUST_PROXY: z.string().optional(),
  /** Price feed: 'demo' (simulator, default) or a path to a recorded feed file. Used by the feed issue. */
  FEED: z.string().min(1).default('demo'),
  /**
   * The bus between nodes: NATS server(s), e.g. nats://127.0.0.1:4222 (several comma-separated for
   * a NATS cluster). Unset: the in-process bus (one node).
   */
  BUS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/\S+$/, 'BUS_URL must be nats://host:port (or several, comma-separated)')
    .optional(),
  /** The deployment's NATS subject prefix: nodes that share it share the bus. */
  BUS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'BUS_PREFIX must be NATS subject tokens separated by dots')
    .default('backlay'),
  /**
   * The bus's credentials: BUS_USER with BUS_PASSWORD, or BUS_TOKEN (as the NATS server's
   * `authorization` block asks). Required when BUS_URL names any host other than this machine's
   * loopback (docs/scaling.md): a bus on the network without them would let anyone who reaches
   * NATS tell every node what changed, or listen.
   */
  BUS_USER: z.string().min(1).max(256).optional(),
  BUS_PASSWORD: z.string().min(1).max(256).optional(),
  BUS_TOKEN: z.string().min(16, 'BUS_TOKEN must be at least 16 characters').max(256).optional(),
  /** Demo cricket: ms between balls (a ball runs 40% of it, at most 2 s). Tests shorten it. */
  CRICKET_BALL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** The in-house casino tables: 'on' (default) runs their rounds on the node that leads; 'off' never. */
  CASINO_TABLES: z.enum(['on', 'off']).default('on'),
  /** Fantasy contests (made, started, scored, paid) on the node that leads: 'on' (default) or 'off'. */
  FANTASY_CONTESTS: z.enum(['on', 'off']).default('on'),
  /** Every phase of a casino round is divided by this (1: real time; tests and fast-clock runs raise it). */
  CASINO_CLOCK_SPEED: z.coerce.number().min(1).max(100_000).default(1),
  /** Binary sessions' instrument feed: 'on' (default) runs it on the node that leads; 'off' never. */
  BINARY_FEED: z.enum(['on', 'off']).default('on'),
  /** The binary clock runs this many times faster than the server's (1: real time; 300 plays a session in under a minute). */
  BINARY_CLOCK_SPEED: z.coerce.number().min(1).max(100_000).default(1),
  /** Where a fast binary clock starts (ISO 8601, e.g. 2026-11-23T09:59:00+05:30); default: when the server starts. */
  BINARY_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** Replay this CSV (time,instrument,price) instead of the demo random walk (docs/binary.md). */
  BINARY_FEED_FILE: z.string().min(1).max(4096).optional(),
  /** An SMS provider with a JSON HTTP API; without it SMS go to the server log (and the operator's message list). */
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** The payment gateway's webhook signing secret; without it the webhook answers 404. */
  PAYMENT_GATEWAY_SECRET: z
    .string()
    .min(16, 'PAYMENT_GATEWAY_SECRET must be at least 16 characters')
    .optional(),
  PAYMENT_GATEWAY_NAME: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .default('gateway'),
  /**
   * The demo game provider (apps/provider-demo, docs/providers.md): its base URL ('off': none) and
   * the secret both sides sign with. The default secret is for a development machine only.
   */
  PROVIDER_DEMO_URL: z
    .union([
      z.literal('off'),
      z.url({ protocol: /^https?$/, error: 'PROVIDER_DEMO_URL must be an http(s) address or off' }),
    ])
    .default(DEFAULT_PROVIDER_DEMO_URL),
  PROVIDER_DEMO_SECRET: z
    .string()
    .min(16, 'PROVIDER_DEMO_SECRET must be at least 16 characters')
    .max(256)
    .optional(),
  /** More game providers: a JSON array of {"id","name","base_url","secret"} (docs/providers.md). */
  PROVIDERS: z.string().max(20_000).optional(),
  NODE_ENV: z.string().optional(),
  /** Redis for the request and login limits, shared by every node. Unset: each node counts in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must be redis://host:port (or rediss:// for TLS)')
    .optional(),
  /** Key prefix of the limits in Redis: nodes of one deployment share it. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'REDIS_PREFIX must be letters, digits and _ : . -')
    .default('backlay:rl'),
  /** /metrics on the API port answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** /metrics without a token on a listener of its own, bound to METRICS_HOST. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The address bettors reach the site at. https://…: the site is served over HTTPS (by the
   * balancer), so every answer carries Strict-Transport-Security and every cookie is Secure.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .optional(),
});

/** Every environment variable the server reads (README's "The server" table lists exactly these; a test keeps it so). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** The demo provider's secret on a development machine; production must set PROVIDER_DEMO_SECRET. */
export const DEV_PROVIDER_DEMO_SECRET = 'backlay-demo-provider-secret';

/** A game provider as configured: its id, name, base URL and shared secret. */
export type ProviderConfig = { id: string; name: string; base_url: string; secret: string };

const providerConfig = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'id must be 1 to 32 lower-case letters, digits, - or _'),
  name: z.string().min(1).max(60),
  base_url: z.url({ protocol: /^https?$/, error: 'base_url must be an http(s) address' }),
  secret: z.string().min(16, 'secret must be at least 16 characters').max(256),
});

/** The providers of PROVIDER_DEMO_* and PROVIDERS; throws naming what is wrong. */
export function providersOf(e: {
  PROVIDER_DEMO_URL: string;
  PROVIDER_DEMO_SECRET?: string | undefined;
  PROVIDERS?: string | undefined;
  NODE_ENV?: string | undefined;
}): ProviderConfig[] {
  const out: ProviderConfig[] = [];
  if (e.PROVIDER_DEMO_URL !== 'off') {
    if (!e.PROVIDER_DEMO_SECRET && e.NODE_ENV === 'production')
      throw new Error(
        'Invalid environment: PROVIDER_DEMO_SECRET is required in production (or PROVIDER_DEMO_URL=off)',
      );
    out.push({
      id: 'demo',
      name: 'Backlay Demo Games',
      base_url: e.PROVIDER_DEMO_URL.replace(/\/+$/, ''),
      secret: e.PROVIDER_DEMO_SECRET ?? DEV_PROVIDER_DEMO_SECRET,
    });
  }
  if (e.PROVIDERS) {
    let json: unknown;
    try {
      json = JSON.parse(e.PROVIDERS);
    } catch {
      throw new Error('Invalid environment: PROVIDERS must be a JSON array');
    }
    const parsed = z.array(providerConfig).max(20).safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Invalid environment: PROVIDERS.${issue?.path.join('.')}: ${issue?.message}`);
    }
    for (const p of parsed.data) {
      if (out.some((o) => o.id === p.id)) throw new Error(`Invalid environment: PROVIDERS: id ${p.id} twice`);
      out.push({ ...p, base_url: p.base_url.replace(/\/+$/, '') });
    }
  }
  return out;
}

export type StoreConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type Config = {
  port: number;
  host: string;
  store: StoreConfig;
  seedDemo: boolean;
  tokenTtlHours: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  feed: string;
  cricketBallIntervalMs: number;
  /** The casino tables: whether this node takes part in running them, and their clock speed. */
  casino: { run: boolean; speed: number };
  /** Fantasy contests: whether this node runs them when it leads. */
  fantasy: { run: boolean };
  /** Binary sessions: whether this node runs the feed when it leads, the clock's speed and start, a replay file. */
  binary: { run: boolean; speed: number; start_ms?: number; file?: string };
  sms: { url: string; token?: string } | null;
  paymentGateway: { name: string; secret: string } | null;
  /** Game providers (PROVIDER_DEMO_URL / PROVIDER_DEMO_SECRET, PROVIDERS). */
  providers: ProviderConfig[];
  /** NATS (BUS_URL) when set, with its credentials when given; else the in-process bus. */
  bus: { url: string; prefix: string; user?: string; password?: string; token?: string } | null;
  /** Redis for the limits (REDIS_URL) when set; else each node's memory. */
  rateLimitStore: { redisUrl: string; prefix: string } | null;
  metrics: { token?: string; listen?: { host: string; port: number } };
  /**
   * fastify's trustProxy: false; a number of proxy hops (TRUST_PROXY=1: the one balancer in front,
   * so the client address is the X-Forwarded-For entry the balancer added, never one the client
   * wrote); or the addresses of trusted proxies.
   */
  trustProxy: boolean | number | string[];
  /** Served over HTTPS (PUBLIC_URL https://…): HSTS on every answer, Secure on every cookie. */
  https: boolean;
  /** The bettor app's build (WEB_DIST_DIR), when not apps/web/dist. */
  webDistDir?: string;
};

/** Reads and validates the environment once; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.BUS_URL) checkBusCredentials(e.BUS_URL, e);
  const store: StoreConfig = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) };
  return {
    port: e.PORT,
    host: e.HOST,
    store,
    ...(e.WEB_DIST_DIR ? { webDistDir: path.resolve(e.WEB_DIST_DIR) } : {}),
    seedDemo: e.SEED_DEMO === undefined ? store.kind === 'pglite' : e.SEED_DEMO === '1',
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    logLevel: e.LOG_LEVEL,
    feed: e.FEED,
    cricketBallIntervalMs: e.CRICKET_BALL_INTERVAL_MS,
    casino: { run: e.CASINO_TABLES === 'on', speed: e.CASINO_CLOCK_SPEED },
    fantasy: { run: e.FANTASY_CONTESTS === 'on' },
    binary: {
      run: e.BINARY_FEED === 'on',
      speed: e.BINARY_CLOCK_SPEED,
      ...(e.BINARY_CLOCK_START ? { start_ms: Date.parse(e.BINARY_CLOCK_START) } : {}),
      ...(e.BINARY_FEED_FILE ? { file: path.resolve(e.BINARY_FEED_FILE) } : {}),
    },
    sms: e.SMS_HTTP_URL
      ? { url: e.SMS_HTTP_URL, ...(e.SMS_HTTP_TOKEN ? { token: e.SMS_HTTP_TOKEN } : {}) }
      : null,
    paymentGateway: e.PAYMENT_GATEWAY_SECRET
      ? { name: e.PAYMENT_GATEWAY_NAME, secret: e.PAYMENT_GATEWAY_SECRET }
      : null,
    providers: providersOf(e),
    bus: e.BUS_URL
      ? {
          url: e.BUS_URL,
          prefix: e.BUS_PREFIX,
          ...(e.BUS_USER ? { user: e.BUS_USER, password: e.BUS_PASSWORD! } : {}),
          ...(e.BUS_TOKEN ? { token: e.BUS_TOKEN } : {}),
        }
      : null,
    rateLimitStore: e.REDIS_URL ? { redisUrl: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    metrics: {
      ...(e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : {}),
      ...(e.METRICS_PORT ? { listen: { host: e.METRICS_HOST, port: e.METRICS_PORT } } : {}),
    },
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    https: e.PUBLIC_URL?.startsWith('https:') ?? false,
  };
}

/**
 * TRUST_PROXY: unset, '0' or 'false': no proxy; '1'–'9': that many hops, whatever their address;
 * else proxy addresses or CIDRs. 'true' (every hop) is refused: the first X-Forwarded-For entry
 * is whatever the client wrote, so per-IP limits would count an address of its choosing.
 */
function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^[1-9]$/.test(value)) return Number(value);
  if (value.toLowerCase() === 'true') {
    throw new Error(
      'Invalid environment: TRUST_PROXY: give the number of proxy hops in front (1: one balancer) or their addresses; "true" would believe any address a client writes in X-Forwarded-For',
    );
  }
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const a of list) {
    const [ip = '', bits] = a.split('/');
    const family = isIP(ip);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(
        `Invalid environment: TRUST_PROXY: "${a}" is not a proxy address or CIDR (or a hop count 1–9)`,
      );
    }
  }
  return list;
}

/** Hosts that are this machine: a bus there may go without credentials (development, tests). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * BUS_USER goes with BUS_PASSWORD, and not with BUS_TOKEN; a NATS on any host but loopback needs
 * one of the two. Throws naming the variable.
 */
function checkBusCredentials(
  url: string,
  e: { BUS_USER?: string | undefined; BUS_PASSWORD?: string | undefined; BUS_TOKEN?: string | undefined },
) {
  const fail = (name: string, message: string) => {
    throw new Error(`Invalid environment: ${name}: ${message}`);
  };
  if (e.BUS_USER && !e.BUS_PASSWORD) fail('BUS_PASSWORD', 'BUS_USER needs BUS_PASSWORD');
  if (e.BUS_PASSWORD && !e.BUS_USER) fail('BUS_USER', 'BUS_PASSWORD needs BUS_USER');
  if (e.BUS_USER && e.BUS_TOKEN) fail('BUS_TOKEN', 'give BUS_USER and BUS_PASSWORD, or BUS_TOKEN, not both');
  if (e.BUS_USER || e.BUS_TOKEN) return;
  for (const server of url.split(',')) {
    let host = '';
    try {
      host = new URL(server.trim()).hostname;
    } catch {
      fail('BUS_URL', `not a URL: ${server.trim()}`);
    }
    if (!LOOPBACK_HOST.test(host)) {
      fail(
        'BUS_URL',
        `NATS at ${host} is on the network: give its credentials (BUS_USER and BUS_PASSWORD, or BUS_TOKEN)`,
      );
    }
  }
}
