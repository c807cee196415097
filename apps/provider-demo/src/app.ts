// The demo provider's HTTP face: the provider API the operator calls (/games, /launch, signed),
// the game page the launch URL opens, and the page's own calls (/api/...), which reach the
// operator's wallet only through the signed callbacks.
import { readFileSync } from 'node:fs';
import {
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_SIGNATURE_TOLERANCE_S,
  providerApiLaunchRequest,
} from '@backlay/contract';
import { verifySignature } from '@backlay/contract/provider-signature';
import { isRouletteBet, slotById, stakeProblem, ROULETTE_BETS_MAX, type PlacedBet } from '@backlay/slots';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { ProviderConfig } from './config.ts';
import { catalog, gameName, gameView, rouletteView, thumbnailSvg } from './games.ts';
import { ROULETTE_GAME_ID, rouletteTable } from './roulette-table.ts';
import { CARD_SLIP_BETS_MAX, cardGameOf, cardTables, cardTableView } from './card-tables.ts';
import type { CasinoBet } from '@backlay/engine';
import type { Journal } from './journal.ts';
import { clientWentAway, loggerOptions } from './logging.ts';
import { RoundRunner } from './rounds.ts';
import { PageSessions } from './sessions.ts';
import type { Wallet } from './wallet-client.ts';

export const BODY_BYTES_MAX = 16 * 1024;
/** Last wins a page shows. */
export const LAST_WINS_SHOWN = 10;

const PAGE_FILES = [
  'game.js',
  'roulette.js',
  'wheel.js',
  'board.js',
  'cards.js',
  'symbols.svg',
  'game.css',
] as const;
const pageFile = (name: string) => readFileSync(new URL(`./page/${name}`, import.meta.url), 'utf8');

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

type Envelope = { status: boolean; message?: string; data?: unknown };
const fail = (message: string): Envelope => ({ status: false, message });

const TOKEN_MESSAGES: Record<string, string> = {
  TOKEN_EXPIRED: 'This game link has expired: open the game again from the lobby.',
  TOKEN_USED: 'This game link was already used: open the game again from the lobby.',
  TOKEN_INVALID: 'This game link is not valid: open the game again from the lobby.',
  GAME_MISMATCH: 'This game link was made for another game.',
};

export interface ProviderParts {
  readonly config: ProviderConfig;
  readonly wallet: Wallet;
  readonly journal: Journal;
  /** The logger's options: by default as apps/provider-demo/src/logging.ts makes them for this process. */
  readonly logger?: FastifyServerOptions['logger'];
}

export function buildProviderApp({ config, wallet, journal, logger }: ProviderParts): {
  app: FastifyInstance;
  runner: RoundRunner;
} {
  const app = Fastify({
    bodyLimit: BODY_BYTES_MAX,
    logger: logger ?? loggerOptions(process.env.LOG_LEVEL ?? 'info', process.stdout.isTTY === true),
    // Not every request: a roulette page polls its table each second. (Through a LogController:
    // the top-level disableRequestLogging is deprecated, FSTDEP023.)
    logController: new LogController({ disableRequestLogging: true }),
  });
  const runner = new RoundRunner(journal, wallet, config.fault);
  const sessions = new PageSessions();
  const table = rouletteTable(runner, {
    window_ms: config.roulette_window_ms,
    play_ms: config.roulette_spin_ms,
  });
  const cards = cardTables(runner, { window_ms: config.card_window_ms, play_ms: config.card_deal_ms });
  const files = new Map(PAGE_FILES.map((f) => [f, pageFile(f)]));
  const siteOrigin = new URL(config.wallet_url).origin;

  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    req.rawBody = body;
    try {
      done(null, body.length === 0 ? {} : JSON.parse(body.toString('utf8')));
    } catch {
      const error = new Error('The body is not JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    // A browser that left mid-answer: nobody to answer, nothing of ours failed.
    if (clientWentAway(error, req.raw.socket)) {
      req.log.debug({ why: error.code, url: req.url }, 'client closed the connection before the answer');
      reply.raw.destroy();
      return;
    }
    const code = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    if (code === 500) app.log.error(error);
    void reply.code(code).send(fail(code === 500 ? 'Something went wrong' : error.message));
  });

  /** The operator's calls are signed with the shared secret (docs/providers.md). */
  const signed = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const check = verifySignature(
      config.secret,
      req.headers[PROVIDER_SIGNATURE_HEADER],
      req.rawBody ?? Buffer.alloc(0),
      new Date(),
      PROVIDER_SIGNATURE_TOLERANCE_S,
    );
    if (!check.ok) void reply.code(401).send(fail(check.message));
    return check.ok;
  };

  app.get('/healthz', async () => ({ status: true, data: { pending_rounds: journal.pending().length } }));

  app.post('/games', async (req, reply) => {
    if (!signed(req, reply)) return reply;
    return { games: catalog(config.public_url) };
  });

  app.post('/launch', async (req, reply) => {
    if (!signed(req, reply)) return reply;
    const body = providerApiLaunchRequest.safeParse(req.body);
    if (!body.success)
      return reply.code(400).send(fail(body.error.issues[0]?.message ?? 'Bad launch request'));
    if (gameName(body.data.game_id) === null)
      return reply.code(404).send(fail(`No game ${body.data.game_id}`));
    const url = new URL(`${config.public_url}/play/${encodeURIComponent(body.data.game_id)}`);
    url.searchParams.set('token', body.data.token);
    return { url: url.toString() };
  });

  app.get<{ Params: { file: string } }>('/static/:file', async (req, reply) => {
    const text = files.get(req.params.file as (typeof PAGE_FILES)[number]);
    if (text === undefined) return reply.code(404).send(fail('Not found'));
    const file = req.params.file;
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.svg')
        ? 'image/svg+xml'
        : 'text/css';
    return reply.type(`${type}; charset=utf-8`).header('cache-control', 'no-cache').send(text);
  });

  app.get<{ Params: { file: string } }>('/thumbs/:file', async (req, reply) => {
    const svg = thumbnailSvg(req.params.file.replace(/\.svg$/, ''));
    if (svg === null) return reply.code(404).send(fail('Not found'));
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(svg);
  });

  app.get<{ Params: { game: string } }>('/play/:game', async (req, reply) => {
    const name = gameName(req.params.game);
    if (name === null) return reply.code(404).type('text/plain').send('No such game');
    // The site frames this page (#/world-casino/play/{gameId}); nobody else may.
    reply.header(
      'content-security-policy',
      `frame-ancestors 'self' ${siteOrigin} http://localhost:* http://127.0.0.1:*`,
    );
    return reply.type('text/html; charset=utf-8').send(pageHtml(req.params.game, name));
  });

  // ---- the page's calls: the page never sees the secret; we call the wallet for it.
  app.post('/api/session', async (req) => {
    const { token, game_id } = (req.body ?? {}) as { token?: unknown; game_id?: unknown };
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,128}$/.test(token))
      return fail('token is missing or malformed');
    const gameId = typeof game_id === 'string' && gameName(game_id) !== null ? game_id : null;
    if (gameId === null) return fail('game_id is not a game of this provider');
    const slot = slotById(gameId);
    const card = cardGameOf(gameId);
    const auth = await wallet.call('authenticate', { token, game_id: gameId });
    if (!auth.reached) return fail('The casino wallet is not answering: try again in a moment.');
    const a = auth.answer;
    if (a.code !== 'OK' || a.player_id === undefined || a.session_id === undefined) {
      return fail(TOKEN_MESSAGES[a.code] ?? `The wallet refused the session (${a.code}).`);
    }
    const session = sessions.create(
      {
        player_id: a.player_id,
        session_id: a.session_id,
        game_id: gameId,
        display_name: a.display_name ?? a.player_id,
      },
      Date.now(),
    );
    return {
      status: true,
      data: {
        page_session: session.id,
        display_name: session.display_name,
        balance_paise: a.balance,
        // The wallet says which figure it reports: the page labels it so (never plain "Balance",
        // which the site's header uses for the whole balance).
        balance_label: a.balance_kind === 'AVAILABLE' ? 'Available' : 'Balance',
        game: slot !== undefined ? gameView(slot) : card !== undefined ? cardTableView(card) : rouletteView(),
        last_wins: lastWins(journal, a.player_id),
      },
    };
  });

  app.post('/api/balance', async (req) => {
    const session = sessions.get((req.body as { page_session?: unknown } | null)?.page_session, Date.now());
    if (session === null) return fail('Your game session has ended: open the game again from the lobby.');
    const res = await wallet.call('balance', {
      player_id: session.player_id,
      session_id: session.session_id,
    });
    if (!res.reached) return fail('The casino wallet is not answering: try again in a moment.');
    return { status: true, data: { balance_paise: res.answer.balance } };
  });

  app.post('/api/spin', async (req) => {
    const body = (req.body ?? {}) as { page_session?: unknown; stake_paise?: unknown };
    const session = sessions.get(body.page_session, Date.now());
    if (session === null) return fail('Your game session has ended: open the game again from the lobby.');
    const slot = slotById(session.game_id);
    if (slot === undefined) return fail('This session is not at a slot.');
    const stake = body.stake_paise;
    const problem = typeof stake === 'number' ? stakeProblem(slot, stake) : 'stake_paise must be a number';
    if (problem !== null || typeof stake !== 'number') return fail(problem ?? 'stake_paise must be a number');
    if (!gameView(slot).stakes_paise.includes(stake))
      return fail('stake_paise is not one of the stakes offered');
    if (session.busy) return fail('A spin is still being played.');
    session.busy = true;
    try {
      const answer = await runner.spin(slot, session, stake);
      if (!answer.ok)
        return {
          status: false,
          message: answer.message,
          data: { code: answer.code, balance_paise: answer.balance_paise },
        };
      return {
        status: true,
        data: {
          round_id: answer.round_id,
          spins: answer.outcome.spins,
          win_paise: answer.outcome.win_paise,
          stake_paise: stake,
          balance_paise: answer.balance_paise,
          credited: answer.credited,
          last_wins: lastWins(journal, session.player_id),
        },
      };
    } finally {
      session.busy = false;
    }
  });

  const tableSession = (body: unknown) => {
    const session = sessions.get((body as { page_session?: unknown } | null)?.page_session, Date.now());
    return session !== null && session.game_id === ROULETTE_GAME_ID ? session : null;
  };
  const ENDED = 'Your game session has ended: open the game again from the lobby.';

  app.post('/api/roulette/state', async (req) => {
    const session = tableSession(req.body);
    if (session === null) return fail(ENDED);
    return { status: true, data: table.view(session.player_id) };
  });

  app.post('/api/roulette/bet', async (req) => {
    const session = tableSession(req.body);
    if (session === null) return fail(ENDED);
    const bets = (req.body as { bets?: unknown }).bets;
    if (!Array.isArray(bets) || bets.length === 0 || bets.length > ROULETTE_BETS_MAX) {
      return fail(`bets must be a list of 1 to ${ROULETTE_BETS_MAX} bets`);
    }
    const slip: PlacedBet[] = [];
    for (const b of bets as unknown[]) {
      const { bet, stake_paise } = (b ?? {}) as { bet?: unknown; stake_paise?: unknown };
      if (!isRouletteBet(bet)) return fail(`bet ${JSON.stringify(bet)} is not a bet of this table`);
      if (typeof stake_paise !== 'number' || !Number.isSafeInteger(stake_paise))
        return fail('stake_paise must be a whole number of paise');
      slip.push({ bet, stake_paise });
    }
    if (session.busy) return fail('Your last request is still being answered.');
    session.busy = true;
    try {
      const answer = await table.place(session, slip);
      if (!answer.ok)
        return {
          status: false,
          message: answer.message,
          data: { code: answer.code, balance_paise: answer.balance_paise },
        };
      return { status: true, data: table.view(session.player_id) };
    } finally {
      session.busy = false;
    }
  });

  /** A page session at a card table, with its table. */
  const cardSession = (body: unknown) => {
    const session = sessions.get((body as { page_session?: unknown } | null)?.page_session, Date.now());
    const at = session === null ? undefined : cards.get(session.game_id);
    return session === null || at === undefined ? null : { session, at };
  };

  app.post('/api/table/state', async (req) => {
    const found = cardSession(req.body);
    if (found === null) return fail(ENDED);
    return { status: true, data: found.at.view(found.session.player_id) };
  });

  app.post('/api/table/bet', async (req) => {
    const found = cardSession(req.body);
    if (found === null) return fail(ENDED);
    const { session, at } = found;
    const bets = (req.body as { bets?: unknown }).bets;
    const parsed = parseCardBets(bets);
    if (typeof parsed === 'string') return fail(parsed);
    if (session.busy) return fail('Your last request is still being answered.');
    session.busy = true;
    try {
      const answer = await at.place(session, parsed);
      if (!answer.ok)
        return {
          status: false,
          message: answer.message,
          data: { code: answer.code, balance_paise: answer.balance_paise },
        };
      return { status: true, data: at.view(session.player_id) };
    } finally {
      session.busy = false;
    }
  });

  app.addHook('onReady', async () => {
    table.start();
    for (const t of cards.values()) t.start();
  });
  app.addHook('onClose', async () => {
    table.stop();
    for (const t of cards.values()) t.stop();
    runner.stop();
  });
  return { app, runner };
}

/** A card slip from the page's JSON, or why it is not one (the table checks options and chips). */
function parseCardBets(bets: unknown): CasinoBet[] | string {
  if (!Array.isArray(bets) || bets.length === 0 || bets.length > CARD_SLIP_BETS_MAX)
    return `bets must be a list of 1 to ${CARD_SLIP_BETS_MAX} bets`;
  const slip: CasinoBet[] = [];
  for (const b of bets as unknown[]) {
    const { option_id, stake_paise } = (b ?? {}) as { option_id?: unknown; stake_paise?: unknown };
    if (typeof option_id !== 'string' || option_id.length === 0 || option_id.length > 40)
      return 'option_id must be the id of an option of this table';
    if (typeof stake_paise !== 'number' || !Number.isSafeInteger(stake_paise) || stake_paise <= 0)
      return 'stake_paise must be a whole number of paise';
    slip.push({ option_id, stake_paise });
  }
  return slip;
}

function lastWins(journal: Journal, player_id: string) {
  return journal.lastRounds(player_id, LAST_WINS_SHOWN).map((r) => ({
    round_id: r.open.round_id,
    game_id: r.open.game_id,
    stake_paise: r.open.stake_paise,
    win_paise: r.win_paise ?? 0,
    at: r.open.at,
  }));
}

function pageScript(game_id: string): string {
  if (game_id === ROULETTE_GAME_ID) return 'roulette';
  return cardGameOf(game_id) === undefined ? 'game' : 'cards';
}

function pageHtml(game_id: string, name: string): string {
  const escaped = name.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped} · Backlay Demo Games</title>
<link rel="stylesheet" href="/static/game.css">
</head>
<body>
<main id="game" data-game-id="${game_id}">
<h1>${escaped}</h1>
<p id="status" role="status" aria-live="polite">Connecting to your wallet…</p>
</main>
<script type="module" src="/static/${pageScript(game_id)}.js"></script>
</body>
</html>`;
}
