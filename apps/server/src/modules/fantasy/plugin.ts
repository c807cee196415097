// Fantasy cricket contests: the bettor's calls, and on the leader the runner that makes contests for
// upcoming matches, starts them at the match's start, moves points with every ball the cricket feed
// publishes, and pays or refunds at the end (service.ts, docs/fantasy.md).
import fp from 'fastify-plugin';
import { ok, refuse, route } from '../../http/route.ts';
import { createCricketPort } from './cricket-port.ts';
import { createFantasyService, FANTASY_POOL, type FantasyService } from './service.ts';
import { fantasyLiveTopic } from './live-topic.ts';

declare module '../../plugins/bus.ts' {
  interface BusChannels {
    /** A fantasy contest's entries, points or state changed: its leaderboard is read again. */
    fantasy: { contest_id: number };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    fantasy: FantasyService;
  }
}

export type FantasyOptions = {
  /** Run the contest runner when this node leads. Default off (tests step it themselves). */
  run?: boolean;
  /** ms between the runner's passes while a contest is live or about to start. Default 1000. */
  step_ms?: number;
  /** ms between passes otherwise (contests to make, starts to watch). Default 5000, or step_ms when given. */
  idle_step_ms?: number;
};

/** The runner's pass interval when none is given. */
export const FANTASY_STEP_MS = 1_000;
/**
 * Between passes with no contest live or starting within it (issue 48: an idle demo node ran ten
 * statements a second here). A start is still met on time: a contest starting within this is
 * `busy`; joins close by the store's clock whatever the runner's pace.
 */
export const FANTASY_IDLE_STEP_MS = 5_000;

export const fantasyModule = fp<{ fantasy?: FantasyOptions }>(
  async (app, opts) => {
    const o = opts.fantasy ?? {};
    const service = createFantasyService(app, createCricketPort(app));
    app.decorate('fantasy', service);
    app.liveTopics.register(
      fantasyLiveTopic(async (id) => {
        const r = await service.leaderboard(null, id);
        return r.ok ? r.value : null;
      }),
    );
    // The pool holds the bettors' fees until their contest ends: not the house's money.
    app.wallet.declareHeldAccount(FANTASY_POOL);

    route(app, 'getFantasyContests', async ({ body, user }) => {
      const contests = await service.contests(user.userId, body.match_id);
      return ok({ contests, server_time: app.clock.now().getTime() });
    });

    route(app, 'getFantasyPlayers', async ({ body, user }) => {
      const r = await service.players(user.userId, body.match_id);
      return r.ok ? ok(r.value) : refuse(r.message);
    });

    route(app, 'saveFantasyTeam', async ({ body, user }) => {
      const r = await service.saveTeam(user.userId, body);
      return r.ok
        ? ok({ team: r.value }, body.team_id === undefined ? 'Team saved' : 'Team updated')
        : refuse(r.message);
    });

    route(app, 'joinFantasyContest', async ({ body, user }) => {
      const r = await service.join(user.userId, body, { sessionId: user.sessionId });
      if (!r.ok) return refuse(r.message);
      return ok(
        { entry_id: r.value.entry_id, contest: r.value.contest },
        r.value.repeated ? 'Already joined' : 'Joined',
      );
    });

    route(app, 'getFantasyLeaderboard', async ({ body, user }) => {
      const r = await service.leaderboard(user.userId, body.contest_id);
      return r.ok ? ok(r.value) : refuse(r.message);
    });

    route(app, 'getFantasyMyContests', async ({ user }) => ok(await service.myContests(user.userId)));

    if (o.run) {
      const step_ms = o.step_ms ?? FANTASY_STEP_MS;
      const idle_step_ms = o.idle_step_ms ?? o.step_ms ?? FANTASY_IDLE_STEP_MS;
      let timer: NodeJS.Timeout | null = null;
      let leading = false;
      let running = false;
      const tick = async () => {
        timer = null;
        const fence = app.leader.fence();
        let next_ms = step_ms;
        if (fence && !running) {
          running = true;
          try {
            next_ms = (await service.step(fence, idle_step_ms)).busy ? step_ms : idle_step_ms;
          } catch (err) {
            app.log.warn({ err }, 'fantasy: runner pass failed');
          } finally {
            running = false;
          }
        }
        if (leading) timer = setTimeout(() => void tick(), next_ms);
      };
      let resign: (() => Promise<void>) | null = null;
      app.addHook('onReady', async () => {
        resign = app.leader.onLeadership(
          () => {
            leading = true;
            timer = setTimeout(() => void tick(), step_ms);
            app.log.info('fantasy runner started');
          },
          async () => {
            leading = false;
            if (timer) clearTimeout(timer);
            timer = null;
            while (running) await new Promise((r) => setTimeout(r, 20));
          },
        );
      });
      app.addHook('preClose', async () => {
        await resign?.();
      });
    }
  },
  { name: 'fantasy', dependencies: ['db', 'auth', 'bus', 'wallet', 'leader', 'cricket', 'live-topics'] },
);
