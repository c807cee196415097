// The live hub's signed-in sockets: a socket bound to its user by its token (`{op:'auth'}`), the
// user's 'bets' notices, and the token looked up again when the user's sessions change (logout, new
// password, lock, exclusion) and every session_recheck_ms (an expiry, a notice lost): a socket
// whose session ended is unbound and told so. Dead tokens are answered from memory.
import type { WsServerMessage } from '@backlay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { hash } from 'node:crypto';
import type { Client, ClientIo, HubStats } from './ws-client.ts';
import { createNegativeCache, type LiveLimits } from './ws-limits.ts';

export const SESSION_ENDED = 'Your session has ended; please log in again';

const tokenKey = (token: string) => hash('sha256', token, 'base64url');

export type SessionsDeps = {
  /** The user id of a token's live session; 'ended' (remembered as dead) or 'held' (a temporary password). */
  lookupToken(token: string): Promise<number | 'ended' | 'held'>;
  limits: LiveLimits;
  stats: HubStats;
  now(): number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  io: Pick<ClientIo, 'broadcast' | 'sendError' | 'spendReads'>;
  /** The hub's open sockets (the periodic re-check looks at every bound one). */
  clients(): Iterable<Client>;
  isClosed(): boolean;
};

/** One closure over the user → sockets map and the dead tokens its short inner functions share. */
// Long because it is a factory: its inner functions, each short, share the sockets' sessions and
// their revocation by the bus.
export function createSessions(deps: SessionsDeps) {
  const { lookupToken, limits, stats, now, log, clients, isClosed } = deps;
  const { broadcast, sendError, spendReads } = deps.io;
  const byUser = new Map<number, Set<Client>>();
  const deadTokens = createNegativeCache<string>(limits.negative_cache_ms, limits.negative_cache_max_entries);

  function bind(client: Client, userId: number | null, token: string | null = null) {
    // A closed client is never registered again (a queued auth that ends after the close).
    if (client.closed && userId !== null) return;
    client.token = userId === null ? null : token;
    if (client.userId !== null) {
      const set = byUser.get(client.userId);
      set?.delete(client);
      if (set && set.size === 0) byUser.delete(client.userId);
    }
    client.userId = userId;
    if (userId !== null) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(client);
    }
  }

  /** `{op:'auth'}`: binds the socket to the token's user, or tells it the session has ended. */
  async function auth(client: Client, token: string) {
    const key = tokenKey(token);
    let found: number | 'ended' | 'held';
    if (deadTokens.has(key, now())) {
      stats.negative_hits += 1;
      found = 'ended';
    } else {
      if (!spendReads(client, 1)) return;
      found = await lookupToken(token);
      if (found === 'ended') deadTokens.add(key, now());
    }
    if (client.closed) return;
    if (typeof found === 'number') {
      bind(client, found, token);
    } else {
      bind(client, null);
      sendError(client, SESSION_ENDED);
    }
  }

  function userChanged(user_id: number, market_id: number) {
    const sockets = byUser.get(user_id);
    if (!sockets || sockets.size === 0) return;
    const data = Buffer.from(JSON.stringify({ type: 'bets', market_id } satisfies WsServerMessage));
    broadcast(sockets, data);
  }

  /** A token's session as it is now; null when the store did not answer (the binding is kept). */
  async function sessionOf(token: string): Promise<number | 'ended' | 'held' | null> {
    try {
      return await lookupToken(token);
    } catch (err) {
      log.warn({ err }, 'ws: session re-check failed');
      return null;
    }
  }

  /** Unbinds the socket (and tells it) when the session its token named has ended. */
  function settleSession(client: Client, token: string, found: number | 'ended' | 'held' | null) {
    if (found === null || client.closed || client.token !== token || found === client.userId) return;
    if (found === 'ended') deadTokens.add(tokenKey(token), now());
    stats.unbound_ended += 1;
    bind(client, null);
    sendError(client, SESSION_ENDED);
  }

  /** A user's sessions changed (logout, new password, lock, exclusion): re-check their sockets. */
  function sessionChanged(user_id: number) {
    const sockets = byUser.get(user_id);
    if (!sockets) return;
    const targets = [...sockets];
    // After every handler of this notice has run: the session cache forgets the user in its own.
    queueMicrotask(() => void recheck(targets));
  }

  /** Looks the tokens of `targets` up again, one lookup per token, one at a time. */
  async function recheck(targets: Iterable<Client>) {
    const byToken = new Map<string, Client[]>();
    for (const client of targets) {
      if (client.closed || client.token === null) continue;
      const list = byToken.get(client.token);
      if (list) list.push(client);
      else byToken.set(client.token, [client]);
    }
    for (const [token, list] of byToken) {
      if (isClosed()) return;
      const found = await sessionOf(token);
      for (const client of list) settleSession(client, token, found);
    }
  }

  let recheckRunning = false;
  /** Every bound socket's session (a session that expired, a notice lost on the way). */
  async function recheckAll() {
    if (recheckRunning || isClosed()) return;
    recheckRunning = true;
    try {
      await recheck([...clients()]);
    } finally {
      recheckRunning = false;
    }
  }

  return {
    auth,
    bind,
    userChanged,
    sessionChanged,
    recheckAll,
    users: () => byUser.size,
  };
}
