import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { createBookmakerService } from './service.ts';
import type { BookmakerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bookmaker: BookmakerService;
  }
}

/** Bookmaker markets: the bettor's bet, the operator's quoting and the unfinished-match comparison. */
export const bookmakerModule = fp(
  async (app) => {
    const bookmaker = createBookmakerService(app);
    app.decorate('bookmaker', bookmaker);
    app.kinds.register(bookmaker.kind);

    route(app, 'placeBookmakerBet', async ({ body, user }) => {
      const r = await bookmaker.place(
        user.userId,
        {
          match_id: body.match_id,
          market_id: body.market_id,
          selection_id: body.selection_id,
          is_back: body.is_back === '1',
          rate: body.rate,
          stake_paise: Math.round(body.stack * 100),
          request_id: body.request_id,
        },
        { sessionId: user.sessionId },
      );
      return r.ok ? ok({ bet: r.bet }, r.repeated ? 'Bet already placed' : 'Bet placed') : refuse(r.message);
    });

    const viewAnswer = async (r: { ok: true } | { ok: false; message: string }, marketId: number) => {
      if (!r.ok) return refuse(r.message);
      const v = await bookmaker.view(marketId);
      return v ? ok(v) : refuse(`Unknown bookmaker market ${marketId}`);
    };

    route(app, 'adminBookmakerQuote', async ({ body, user }) =>
      audited(app, user.userId, 'bookmaker/quote', body, async () =>
        viewAnswer(await bookmaker.quote(body.market_id, body.runners), body.market_id),
      ),
    );

    route(app, 'adminBookmakerStatus', async ({ body, user }) =>
      audited(app, user.userId, 'bookmaker/status', body, async () =>
        viewAnswer(await bookmaker.setStatus(body.market_id, body.status), body.market_id),
      ),
    );

    route(app, 'adminBookmakerIncomplete', async ({ body, user }) =>
      audited(app, user.userId, 'bookmaker/incomplete', body, async () => {
        const r = await bookmaker.incomplete(user.userId, body.market_id, body.runs_at_mark ?? null);
        return r.ok ? ok(r.value) : refuse(r.message);
      }),
    );
  },
  { name: 'bookmaker', dependencies: ['db', 'auth', 'bus', 'wallet', 'markets'] },
);
