import { endpoints, type EndpointName, type ResponseOf } from '@backlay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { keyCredential, type AuthUser } from '../plugins/auth.ts';
import { checkConsoleScope } from '../modules/hierarchy/scope.ts';
import { describeZodError, HttpError } from './errors.ts';

/** What a handler answers: data (status true) or a business refusal (status false, HTTP 200). */
export type Outcome<T> =
  | { status: true; data: T; message?: string }
  /** `data`: a refusal that carries what the caller needs to try again (checked like a success's). */
  | { status: false; message: string; data?: T };

export const ok = <T>(data: T, message?: string): Outcome<T> =>
  message === undefined ? { status: true, data } : { status: true, data, message };
export function refuse(message: string): Outcome<never>;
export function refuse<T>(message: string, data: T): Outcome<T>;
export function refuse<T>(message: string, data?: T): Outcome<T> {
  return data === undefined ? { status: false, message } : { status: false, message, data };
}

type Ep<N extends EndpointName> = (typeof endpoints)[N];
export type BodyOf<N extends EndpointName> =
  Ep<N> extends { request: infer R extends z.ZodType } ? z.output<R> : undefined;
type UserOf<N extends EndpointName> = Ep<N>['access'] extends 'public' ? AuthUser | null : AuthUser;

export type HandlerContext<N extends EndpointName> = {
  body: BodyOf<N>;
  user: UserOf<N>;
  req: FastifyRequest;
};

export type RouteOptions = {
  /** Per-route rate limit (@fastify/rate-limit), e.g. login per IP. */
  rateLimit?: { max: number; timeWindow: number };
  /** Largest body this route reads, when it is not the app's (an image upload). */
  bodyLimit?: number;
};

/**
 * What a session on a temporary password (is_change_password) may call: changing it and logging
 * out. Anything else answers 428 (not 401/403, which make the clients log out) so that the
 * client keeps the bettor on the change-password screen.
 */
export const MUST_CHANGE_PASSWORD_CALLS: ReadonlySet<string> = new Set(['changePassword', 'logout']);
export const MUST_CHANGE_PASSWORD = 'Change your password first: the one you have is temporary';

/** The shape of one entry of the contract's `endpoints` table. */
export type EndpointSpec = {
  method: 'GET' | 'POST';
  path: string;
  access: 'public' | 'user' | 'operator';
  request?: z.ZodType;
  response: z.ZodType;
  /** The scope an API key needs for this call; none: no key may make it. */
  key?: 'read' | 'trade';
};

/**
 * Refuses (403) an API key's call the key may not make: one no key may make (a password, money,
 * keys), or one that needs a scope the key lacks. Said in words, naming the call and the scope.
 */
export function checkKeyScope(
  name: string,
  endpoint: Pick<EndpointSpec, 'key'>,
  key: NonNullable<AuthUser['apiKey']>,
): void {
  if (endpoint.key === undefined) {
    throw new HttpError(403, `An API key cannot make this call (${name}): sign in on the site for it`);
  }
  if (!key.scopes.includes(endpoint.key)) {
    throw new HttpError(403, `This API key has no ${endpoint.key} scope, which ${name} needs`);
  }
}

/**
 * Registers one call of the contract's `endpoints` table under /api/: its method and path,
 * access check, request validation (400 naming the field; a GET call's query string, a POST
 * call's body) and response validation.
 */
export function route<N extends EndpointName>(
  app: Pick<FastifyInstance, 'auth' | 'db' | 'registeredEndpoints' | 'route'>,
  name: N,
  handler: (ctx: HandlerContext<N>) => Promise<Outcome<ResponseOf<N>>>,
  options: RouteOptions = {},
): void {
  app.registeredEndpoints.add(name);
  registerEndpoint(app, name, endpoints[name], handler as never, options);
}

/** The untyped core of `route`, also used by tests to mount endpoints the contract does not have yet. */
export function registerEndpoint(
  app: Pick<FastifyInstance, 'auth' | 'db' | 'route'>,
  name: string,
  endpoint: EndpointSpec,
  handler: (ctx: { body: unknown; user: AuthUser | null; req: FastifyRequest }) => Promise<Outcome<unknown>>,
  options: RouteOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: `/api/${endpoint.path}`,
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    preHandler: async (req) => {
      // A call with an API key is the key's bettor's on every call, a public one too (so that a
      // bad key is told so, and the key's scope and limits apply).
      if (endpoint.access !== 'public' || keyCredential(req) !== null) {
        const user = await app.auth.authenticate(req);
        if (user.apiKey) checkKeyScope(name, endpoint, user.apiKey);
        // The console's one scope check (modules/hierarchy/scope.ts): a bettor, a master or an
        // agent gets 403 on an operator-only call, and on a call naming a user outside its subtree.
        if (endpoint.access === 'operator' && user.role !== 'operator') {
          await checkConsoleScope(app.db, name, user, req, endpoint.method);
        }
        if (user.mustChangePassword && !MUST_CHANGE_PASSWORD_CALLS.has(name)) {
          throw new HttpError(428, MUST_CHANGE_PASSWORD);
        }
      }
    },
    handler: async (req) => {
      let body: unknown = undefined;
      if (endpoint.request) {
        // A GET call's parameters are its query string; a POST call's, its JSON body.
        const input = endpoint.method === 'GET' ? req.query : req.body;
        // No body at all reads as `{}` (a call whose fields are all optional); a JSON `null` is a
        // body, and not an object, so it is refused like any other non-object.
        const parsed = endpoint.request.safeParse(input === undefined ? {} : input);
        if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
        body = parsed.data;
      }
      const outcome = await handler({ body, user: req.user, req });
      // The answer is returned, not `reply.send`'s result: an async handler that returns the reply
      // makes its promise adopt it (`reply.then`), which hangs a stream-finished watcher on every
      // response (docs/performance.md, "What a bet keeps alive across a young collection").
      if (!outcome.status && outcome.data === undefined) return { status: false, message: outcome.message };
      const checked = endpoint.response.safeParse(outcome.data);
      if (!checked.success) {
        // A server bug, not the caller's fault: log it and answer 500 without details.
        req.log.error(
          { endpoint: name, issues: checked.error.issues },
          'response failed its contract schema',
        );
        throw new Error(`response of ${name} failed its contract schema`);
      }
      return {
        status: outcome.status,
        ...(outcome.message === undefined ? {} : { message: outcome.message }),
        data: checked.data,
      };
    },
  });
}
