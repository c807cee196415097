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
import { slotById, stakeProblem } from '@backlay/slots';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ProviderConfig } from './config.ts';
import { catalog, gameView, thumbnailSvg } from './games.ts';
import type { Journal } from './journal.ts';
import { RoundRunner } from './rounds.ts';
import { PageSessions } from './sessions.ts';
import type { Wallet } from './wallet-client.ts';

export const BODY_BYTES_MAX = 16 * 1024;
/** Last wins a page shows. */
export const LAST_WINS_SHOWN = 10;

const PAGE_FILES = ['game.js', 'game.css'] as const;
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
}

export function buildProviderApp({ config, wallet, journal }: ProviderParts): {
  app: FastifyInstance;
  runner: RoundRunner;
} {
  const app = Fastify({ bodyLimit: BODY_BYTES_MAX, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const runner = new RoundRunner(journal, wallet, config.fault);
  const sessions = new PageSessions();
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
  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
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
    if (slotById(body.data.game_id) === undefined)
      return reply.code(404).send(fail(`No game ${body.data.game_id}`));
    const url = new URL(`${config.public_url}/play/${encodeURIComponent(body.data.game_id)}`);
    url.searchParams.set('token', body.data.token);
    return { url: url.toString() };
  });

  app.get<{ Params: { file: string } }>('/static/:file', async (req, reply) => {
    const text = files.get(req.params.file as (typeof PAGE_FILES)[number]);
    if (text === undefined) return reply.code(404).send(fail('Not found'));
    const type = req.params.file.endsWith('.js') ? 'text/javascript' : 'text/css';
    return reply.type(`${type}; charset=utf-8`).header('cache-control', 'no-cache').send(text);
  });

  app.get<{ Params: { file: string } }>('/thumbs/:file', async (req, reply) => {
    const slot = slotById(req.params.file.replace(/\.svg$/, ''));
    if (slot === undefined) return reply.code(404).send(fail('Not found'));
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(thumbnailSvg(slot));
  });

  app.get<{ Params: { game: string } }>('/play/:game', async (req, reply) => {
    const slot = slotById(req.params.game);
    if (slot === undefined) return reply.code(404).type('text/plain').send('No such game');
    // The site frames this page (#/world-casino/play/{gameId}); nobody else may.
    reply.header(
      'content-security-policy',
      `frame-ancestors 'self' ${siteOrigin} http://localhost:* http://127.0.0.1:*`,
    );
    return reply.type('text/html; charset=utf-8').send(pageHtml(slot.id, slot.name));
  });

  // ---- the page's calls: the page never sees the secret; we call the wallet for it.
  app.post('/api/session', async (req) => {
    const { token, game_id } = (req.body ?? {}) as { token?: unknown; game_id?: unknown };
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,128}$/.test(token))
      return fail('token is missing or malformed');
    const slot = typeof game_id === 'string' ? slotById(game_id) : undefined;
    if (slot === undefined) return fail('game_id is not a game of this provider');
    const auth = await wallet.call('authenticate', { token, game_id: slot.id });
    if (!auth.reached) return fail('The casino wallet is not answering: try again in a moment.');
    const a = auth.answer;
    if (a.code !== 'OK' || a.player_id === undefined || a.session_id === undefined) {
      return fail(TOKEN_MESSAGES[a.code] ?? `The wallet refused the session (${a.code}).`);
    }
    const session = sessions.create(
      {
        player_id: a.player_id,
        session_id: a.session_id,
        game_id: slot.id,
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
        game: gameView(slot),
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
    const slot = slotById(session.game_id)!;
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

  app.addHook('onClose', async () => runner.stop());
  return { app, runner };
}

function lastWins(journal: Journal, player_id: string) {
  return journal.lastRounds(player_id, LAST_WINS_SHOWN).map((r) => ({
    round_id: r.open.round_id,
    game_id: r.open.game_id,
    stake_paise: r.open.stake_paise,
    win_paise: r.open.win_paise,
    at: r.open.at,
  }));
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
<script type="module" src="/static/game.js"></script>
</body>
</html>`;
}
