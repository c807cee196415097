import {
  endpoints,
  PROVIDER_ID_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_SIGNATURE_TOLERANCE_S,
  type EndpointName,
} from '@backlay/contract';
import { verifySignature } from '@backlay/contract/provider-signature';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { ProviderConfig } from '../../config.ts';
import { describeZodError, HttpError } from '../../http/errors.ts';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { httpProvider, ProviderCallError, type Provider } from './provider.ts';
import { createProvidersService, type ProvidersService } from './service.ts';
import { createWalletCalls, refusedCall, type CallAnswer, type WalletCalls } from './wallet-calls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Game providers: catalog, lobby, launch, reports, operator views (modules/providers). */
    providers: ProvidersService;
    /** The seamless wallet's callbacks (tests drive them directly too). */
    providerWallet: WalletCalls;
  }
}

export type ProvidersOptions = {
  /** The configured providers (config.ts providersOf); none: the lobby is empty. */
  list?: readonly ProviderConfig[];
  /** Fetch each provider's games on start and every PROVIDER_SYNC_MS (off in tests: they sync by hand). */
  sync?: boolean;
  /** Per call to a provider (provider.ts PROVIDER_CALL_TIMEOUT_MS unless given). */
  timeout_ms?: number;
};

/** A synced catalog is fetched again this often; a failed sync is tried again after PROVIDER_RETRY_MS. */
export const PROVIDER_SYNC_MS = 10 * 60_000;
export const PROVIDER_RETRY_MS = 15_000;

const CALLBACKS = [
  ['providerAuthenticate', 'authenticate'],
  ['providerBalance', 'balance'],
  ['providerDebit', 'debit'],
  ['providerCredit', 'credit'],
  ['providerRollback', 'rollback'],
] as const satisfies readonly (readonly [EndpointName, keyof WalletCalls])[];

/** Live Casino and Slot Game: outside providers on our wallet (docs/providers.md). */
export const providersModule = fp<ProvidersOptions>(
  // Long because it registers the provider routes (launch, the wallet callbacks, the bettor's
  // lists), each a few lines over the services.
  async (app, opts) => {
    const list: Provider[] = (opts.list ?? []).map((c) =>
      httpProvider({ ...c, clock: app.clock, ...(opts.timeout_ms ? { timeout_ms: opts.timeout_ms } : {}) }),
    );
    const providers = createProvidersService({ db: app.db, providers: list });
    const calls = createWalletCalls({
      db: app.db,
      wallet: app.wallet,
      responsible: app.responsible,
      clock: app.clock,
    });
    app.decorate('providers', providers);
    app.decorate('providerWallet', calls);
    await providers.register();

    // ---- the bettor's calls
    route(app, 'getProvidersList', async () => ok(await providers.providersList()));
    route(app, 'getGameList', async ({ body }) => ok(await providers.gameList(body)));
    route(app, 'userAuthentication', async ({ body, user }) => {
      const game = await providers.game(body.game_id);
      if (!game || !game.listed) return refuse('No such game');
      if (!game.provider_enabled || !game.enabled) return refuse(`${game.name} is not available now`);
      const provider = providers.provider(game.provider_id)!;
      const issued = await app.db.transaction((tx) =>
        calls.issueToken(tx, user.userId, game.game_id, user.sessionId),
      );
      if (!issued.ok && issued.reason === 'ended')
        throw new HttpError(401, 'Your session has ended; please log in again');
      if (!issued.ok) {
        const s = Math.max(1, Math.ceil((issued.retryAt.getTime() - app.clock.now().getTime()) / 1000));
        return refuse(`Too many game launches: try again in ${s} second${s === 1 ? '' : 's'}`);
      }
      const { token, expiresAt } = issued;
      try {
        const { url } = await provider.launch({
          token,
          player_id: String(user.userId),
          game_id: game.provider_game_id,
          currency: 'INR',
          language: 'en',
          display_name: user.userName,
        });
        return ok({
          game_id: game.game_id,
          name: game.name,
          provider_id: game.provider_id,
          url,
          expires_at: expiresAt.toISOString(),
        });
      } catch (err) {
        if (!(err instanceof ProviderCallError)) throw err;
        app.log.warn({ provider: provider.id, reason: err.message }, 'provider launch failed');
        return refuse(`${game.provider_name} is not answering: try again in a moment`);
      }
    });
    route(app, 'getLiveCasinoBets', async ({ body, user }) =>
      ok(await providers.liveCasinoBets(user.userId, body)),
    );

    // ---- the operator's calls
    route(app, 'adminProviders', async () => ok(await providers.adminProviders()));
    route(app, 'adminProviderEnable', async ({ user, body }) =>
      audited(app, user.userId, 'provider/enable', body, async () => {
        const view = await providers.setProviderEnabled(body.provider_id, body.enabled);
        if (!view) return refuse(`No provider ${body.provider_id} is configured`);
        return ok(view, body.enabled ? `${view.name} is on` : `${view.name} is off`);
      }),
    );
    route(app, 'adminProviderSync', async ({ user, body }) =>
      audited(app, user.userId, 'provider/sync', body, async () => {
        const r = await providers.sync(body.provider_id);
        if (!r.ok) return refuse(r.message);
        const view = await providers.adminProvider(body.provider_id);
        return ok(view!, `Games synced: ${view!.games}`);
      }),
    );
    route(app, 'adminProviderGames', async ({ body }) => ok(await providers.adminGames(body)));
    route(app, 'adminProviderGameEnable', async ({ user, body }) =>
      audited(app, user.userId, 'provider/game/enable', body, async () => {
        const game = await providers.setGameEnabled(body.game_id, body.enabled);
        if (!game) return refuse('No such game');
        return ok(game, body.enabled ? `${game.name} is on` : `${game.name} is off`);
      }),
    );
    route(app, 'adminProviderRounds', async ({ body }) => {
      if (!providers.provider(body.provider_id))
        return refuse(`No provider ${body.provider_id} is configured`);
      return ok(await providers.adminRounds(body, app.clock.now()));
    });
    route(app, 'adminProviderReconciliation', async ({ body }) => {
      if (!providers.provider(body.provider_id))
        return refuse(`No provider ${body.provider_id} is configured`);
      return ok(await providers.reconciliation(body.provider_id, body.date, app.clock.now()));
    });

    // ---- the providers' wallet callbacks: their own raw-body parser (the signature covers the
    // exact bytes), exempt from the CSRF cookie check and the per-address limit (a provider's
    // servers call them for all of its players, with no cookie), never from the signature.
    for (const [name] of CALLBACKS) app.registeredEndpoints.add(name);
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      for (const [name, call] of CALLBACKS) {
        const endpoint = endpoints[name];
        scope.post(
          `/api/${endpoint.path}`,
          { config: { csrf: false, signedCaller: true } },
          async (req, reply) => {
            const answer = await callback(req.headers, req.body, endpoint.request, (body) =>
              (calls[call] as (id: string, b: unknown) => Promise<CallAnswer>)(
                req.headers[PROVIDER_ID_HEADER] as string,
                body,
              ),
            );
            if (answer.http !== 200)
              req.log.warn({ call: name, answer: answer.body }, 'provider call refused');
            return reply.code(answer.http).type('application/json; charset=utf-8').send(answer.body);
          },
        );
      }
    });

    /** Signature (per provider), then JSON, then the call's shape, then the call. */
    async function callback(
      headers: Record<string, string | string[] | undefined>,
      raw: unknown,
      schema: z.ZodType,
      run: (body: never) => Promise<CallAnswer>,
    ): Promise<CallAnswer> {
      const id = headers[PROVIDER_ID_HEADER];
      const provider = typeof id === 'string' ? providers.provider(id) : null;
      if (!provider) return refusedCall(401, 'INVALID_SIGNATURE', 'Unknown provider');
      const bytes = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
      const signed = verifySignature(
        provider.secret,
        headers[PROVIDER_SIGNATURE_HEADER],
        bytes,
        app.clock.now(),
        PROVIDER_SIGNATURE_TOLERANCE_S,
      );
      if (!signed.ok) return refusedCall(401, 'INVALID_SIGNATURE', signed.message);
      let json: unknown;
      try {
        json = JSON.parse(bytes.toString('utf8'));
      } catch {
        return refusedCall(400, 'INVALID_REQUEST', 'Body is not JSON');
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) return refusedCall(400, 'INVALID_REQUEST', describeZodError(parsed.error));
      return run(parsed.data as never);
    }

    // ---- the catalog, fetched on start and kept fresh (never blocks a request)
    if (opts.sync) {
      const timers = new Set<NodeJS.Timeout>();
      let closed = false;
      const plan = (p: Provider, delay_ms: number) => {
        if (closed) return;
        const t = setTimeout(() => {
          timers.delete(t);
          void providers.sync(p.id).then(
            (r) => {
              if (!r.ok) app.log.warn({ provider: p.id, reason: r.message }, 'provider games sync failed');
              plan(p, r.ok ? PROVIDER_SYNC_MS : PROVIDER_RETRY_MS);
            },
            (err: unknown) => {
              app.log.error({ err, provider: p.id }, 'provider games sync failed');
              plan(p, PROVIDER_RETRY_MS);
            },
          );
        }, delay_ms);
        t.unref();
        timers.add(t);
      };
      app.addHook('onReady', async () => {
        for (const p of list) plan(p, 0);
      });
      app.addHook('onClose', async () => {
        closed = true;
        for (const t of timers) clearTimeout(t);
        timers.clear();
      });
    }
  },
  { name: 'providers', dependencies: ['db', 'auth', 'wallet', 'responsible'] },
);
