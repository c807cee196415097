// The race test's game provider (docs/reliability.md, docs/providers.md): an in-process provider
// with one slot game. Its HTTP side (a small fastify on 127.0.0.1) answers the server's catalog
// and launch calls; its wallet side sends the signed callbacks a provider sends — debits, credits,
// rollbacks, the same call again (a retry, or the replay after a restart) and a transaction id
// reused for another call — to the wallet endpoints of either node. It keeps its own account of
// every answer: the oracle holds the server's rows to it (race-oracle.ts providerModel).
import { PROVIDER_ID_HEADER, PROVIDER_SIGNATURE_HEADER } from '@backlay/contract';
import { signPayload, verifySignature } from '@backlay/contract/provider-signature';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ProviderConfig } from '../../src/config.ts';
import { Api, type Answer } from './api.ts';

export const RACE_PROVIDER_GAME = 'race-slot';

export type RaceProvider = {
  config: ProviderConfig;
  /** The tokens of the launches the server asked for, by player id (the latest last). */
  launched: Map<string, string[]>;
  close(): Promise<void>;
};

/** The provider's HTTP side: its catalog (one slot game) and its launch (the token kept). */
export async function startRaceProvider(): Promise<RaceProvider> {
  const secret = `race-provider-secret-${Math.random().toString(36).slice(2)}`;
  const launched = new Map<string, string[]>();
  const server: FastifyInstance = Fastify();
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, b, done) => done(null, b));
  const signed = (req: { headers: Record<string, unknown>; body: unknown }) =>
    verifySignature(
      secret,
      req.headers[PROVIDER_SIGNATURE_HEADER] as string,
      req.body as Buffer,
      new Date(),
      300,
    ).ok;
  server.post('/games', async (req, reply) => {
    if (!signed(req)) return reply.code(401).send({ error: 'signature' });
    return {
      games: [{ game_id: RACE_PROVIDER_GAME, name: 'Race Sevens', category: 'SLOTS', thumbnail_url: null }],
    };
  });
  server.post('/launch', async (req, reply) => {
    if (!signed(req)) return reply.code(401).send({ error: 'signature' });
    const body = JSON.parse((req.body as Buffer).toString('utf8')) as { token: string; player_id: string };
    launched.set(body.player_id, [...(launched.get(body.player_id) ?? []), body.token]);
    return { url: `http://race-provider.invalid/play?token=${body.token}` };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  return {
    config: { id: 'race', name: 'Race Provider', base_url: `http://127.0.0.1:${port}`, secret },
    launched,
    close: () => server.close(),
  };
}

export type WalletCallName = 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback';
export type WalletAnswer = { code: string; balance: number | null; session_id?: string };
export type WalletCall = { name: WalletCallName; body: Record<string, unknown> };
export type SentCall = WalletCall & {
  statusCode: number;
  raw: string;
  data: WalletAnswer | undefined;
  /** The answer as the harness reads every call's (status: the code is OK; message: the code). */
  answer: Answer;
};

/** A signed wallet callback to `app`, as the provider sends it. */
export async function sendCall(
  app: FastifyInstance,
  provider: ProviderConfig,
  call: WalletCall,
): Promise<SentCall> {
  const raw = JSON.stringify(call.body);
  const res = await app.inject({
    method: 'POST',
    url: `/api/provider/wallet/${call.name}`,
    headers: {
      'content-type': 'application/json',
      [PROVIDER_ID_HEADER]: provider.id,
      [PROVIDER_SIGNATURE_HEADER]: signPayload(provider.secret, raw, Math.floor(Date.now() / 1000)),
    },
    payload: raw,
  });
  let data: WalletAnswer | undefined;
  try {
    data = (res.json() as { data?: WalletAnswer }).data;
  } catch {
    data = undefined;
  }
  const code = data?.code ?? `HTTP ${res.statusCode}`;
  return {
    ...call,
    statusCode: res.statusCode,
    raw: res.body,
    data,
    answer: { statusCode: res.statusCode, body: { status: code === 'OK', message: code, data }, res },
  };
}

/** A bettor's game session at the provider: the player id and session id its calls name. */
export type PlayerSession = { player: string; session: string };

/**
 * Each bettor launches the game (the site's launch: a token the provider is sent) and the provider
 * exchanges the token for a game session. Done at the start of every run, so sessions never idle out.
 */
export async function openSessions(
  app: FastifyInstance,
  provider: RaceProvider,
  bettors: readonly { userId: number; token: string }[],
): Promise<PlayerSession[]> {
  const [row] = (
    (await app.db.execute(
      `select game_id from provider_games where provider_id = '${provider.config.id}' and provider_game_id = '${RACE_PROVIDER_GAME}'`,
    )) as unknown as { rows: { game_id: number }[] }
  ).rows;
  if (!row) throw new Error('the race provider has no game in the catalog');
  const out: PlayerSession[] = [];
  for (const b of bettors) {
    const api = new Api(app);
    api.token = b.token;
    const launch = await api.call('userAuthentication', { game_id: row.game_id });
    if (!launch.body.status) throw new Error(`the launch was refused: ${String(launch.body.message)}`);
    const token = provider.launched.get(String(b.userId))?.at(-1);
    if (!token) throw new Error('the provider was sent no launch');
    const auth = await sendCall(app, provider.config, {
      name: 'authenticate',
      body: { token, game_id: RACE_PROVIDER_GAME },
    });
    if (auth.data?.code !== 'OK' || !auth.data.session_id)
      throw new Error(`authenticate answered ${auth.raw}`);
    out.push({ player: String(b.userId), session: auth.data.session_id });
  }
  return out;
}

/**
 * The provider's own account of its calls, as it saw the answers: every distinct call (by
 * transaction id and body) with each answer it got — a repeat must get the first answer byte for
 * byte — and its rounds per player, to choose what to send next.
 */
export type ProviderBook = {
  sessions: PlayerSession[];
  /** Every call sent, by transaction id and body (its JSON); the raw answers, one per sending. */
  calls: Map<string, { call: WalletCall; answers: string[]; codes: string[] }>;
  /**
   * Per player, the rounds it opened: their debits' transaction ids and amounts, and whether a
   * closing credit was answered OK (after which nothing more of the round may be taken).
   */
  rounds: Map<string, ProviderRound[]>;
  /** Transaction ids named by a rollback before any debit used them (a debit of one is ROLLED_BACK). */
  unseen: string[];
  next: number;
};

export type ProviderRound = { roundId: string; debits: { txid: string; amount: number }[]; closed: boolean };

export const newBook = (): ProviderBook => ({
  sessions: [],
  calls: new Map(),
  rounds: new Map(),
  unseen: [],
  next: 0,
});

export const callKey = (c: WalletCall) =>
  `${String(c.body.transaction_id)} ${c.name} ${JSON.stringify(c.body)}`;

/** Records an answer in the book (after the call returned). */
export function record(book: ProviderBook, sent: SentCall) {
  const k = callKey(sent);
  const entry = book.calls.get(k) ?? { call: { name: sent.name, body: sent.body }, answers: [], codes: [] };
  entry.answers.push(sent.statusCode === 200 ? sent.raw : `HTTP ${sent.statusCode} ${sent.raw}`);
  entry.codes.push(sent.data?.code ?? `HTTP ${sent.statusCode}`);
  book.calls.set(k, entry);
}

/**
 * The provider's money with each player by its own account: each distinct transaction id's first
 * OK answer (a debit takes its amount, a credit pays its amount, a rollback returns its debit's).
 */
export function providerNets(book: ProviderBook): Map<number, number> {
  const out = new Map<number, number>();
  const okDebits = new Map<string, number>();
  const firstOk = new Map<string, WalletCall>();
  for (const { call, codes } of book.calls.values()) {
    if (!codes.includes('OK')) continue;
    const id = `${String(call.body.player_id)}/${String(call.body.transaction_id)}`;
    if (!firstOk.has(id)) firstOk.set(id, call);
    if (call.name === 'debit') okDebits.set(id, Number(call.body.amount));
  }
  // A debit is refunded once, however many rollbacks name it (the later ones move nothing).
  const refunded = new Set<string>();
  for (const call of firstOk.values()) {
    const user = Number(call.body.player_id);
    let amount = 0;
    if (call.name === 'debit') amount = -Number(call.body.amount);
    else if (call.name === 'credit') amount = Number(call.body.amount);
    else if (call.name === 'rollback') {
      const ref = `${String(call.body.player_id)}/${String(call.body.reference_transaction_id)}`;
      if (!refunded.has(ref)) amount = okDebits.get(ref) ?? 0;
      refunded.add(ref);
    }
    out.set(user, (out.get(user) ?? 0) + amount);
  }
  return out;
}
