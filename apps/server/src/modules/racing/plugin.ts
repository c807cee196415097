import fp from 'fastify-plugin';
import { ok, refuse, route, type Outcome } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { createRacingService, type RaceOutcome } from './service.ts';
import type { RaceCard } from '@backlay/contract';
import type { RacingService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Races: cards and the race's day (modules/racing). */
    racing: RacingService;
  }
}

/** Percent with at most two decimals → basis points. */
const bpOf = (percent: number) => Math.round(percent * 100);

const answer = (r: RaceOutcome): Outcome<RaceCard> => (r.ok ? ok(r.card, r.message) : refuse(r.message));

/**
 * Horse and greyhound racing: `app.racing` (the race card, the race's day; the seed and the racing
 * feed create races through it), the bettor's race card and the operator's race-day calls.
 */
export const racingModule = fp(
  async (app) => {
    const racing = createRacingService(app);
    app.decorate('racing', racing);

    route(app, 'getRaceCard', async ({ body }) => {
      const card = await racing.card(body.match_id);
      return card ? ok(card) : refuse(`Match ${body.match_id} is not a race`);
    });

    route(app, 'adminRaceNonRunner', async ({ body, user }) =>
      audited(app, user.userId, 'racing/nonRunner', body, async () =>
        answer(
          await racing.nonRunner(
            user.userId,
            body.match_id,
            body.number,
            bpOf(body.reduction_factor),
            body.place_reduction_factor === undefined ? undefined : bpOf(body.place_reduction_factor),
          ),
        ),
      ),
    );
    route(app, 'adminRaceOff', async ({ body, user }) =>
      audited(app, user.userId, 'racing/off', body, async () =>
        answer(await racing.off(user.userId, body.match_id)),
      ),
    );
    route(app, 'adminRaceFinish', async ({ body, user }) =>
      audited(app, user.userId, 'racing/finish', body, async () =>
        answer(await racing.finish(user.userId, body.match_id)),
      ),
    );
    route(app, 'adminRaceResult', async ({ body, user }) =>
      audited(app, user.userId, 'racing/result', body, async () =>
        answer(await racing.result(user.userId, body.match_id, body.placings)),
      ),
    );
    route(app, 'adminRaceVoid', async ({ body, user }) =>
      audited(app, user.userId, 'racing/void', body, async () =>
        answer(await racing.voidRace(user.userId, body.match_id, body.reason)),
      ),
    );
    route(app, 'adminRaceSurface', async ({ body, user }) =>
      audited(app, user.userId, 'racing/surface', body, async () =>
        answer(await racing.surface(user.userId, body.match_id, body.surface)),
      ),
    );
  },
  { name: 'racing', dependencies: ['db', 'auth', 'bus', 'catalog', 'exchange', 'settlement'] },
);
