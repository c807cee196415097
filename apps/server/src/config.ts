import path from 'node:path';
import { z } from 'zod';

const flagOrUnset = z.enum(['0', '1']).optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
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
  /** '1' trusts X-Forwarded-For from any proxy; or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Price feed: 'demo' (simulator, default) or a path to a recorded feed file. Used by the feed issue. */
  FEED: z.string().min(1).default('demo'),
});

export type StoreConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type Config = {
  port: number;
  host: string;
  store: StoreConfig;
  seedDemo: boolean;
  tokenTtlHours: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  feed: string;
  /** fastify's trustProxy: false, true, or the addresses of trusted proxies. */
  trustProxy: boolean | string[];
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
  const store: StoreConfig = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) };
  return {
    port: e.PORT,
    host: e.HOST,
    store,
    seedDemo: e.SEED_DEMO === undefined ? store.kind === 'pglite' : e.SEED_DEMO === '1',
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    logLevel: e.LOG_LEVEL,
    feed: e.FEED,
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === '0'
        ? false
        : e.TRUST_PROXY === '1'
          ? true
          : e.TRUST_PROXY.split(',')
              .map((a) => a.trim())
              .filter(Boolean),
  };
}
