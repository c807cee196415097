import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { createCatalogService } from './service.ts';
import type { CatalogService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

export const catalogModule = fp(
  async (app) => {
    // main_odds come from the exchange, registered later: looked up at request time.
    app.decorate(
      'catalog',
      createCatalogService(
        app.db,
        (m) => app.kinds.of(m.marketKind).isMainMarket(m),
        (ids) => app.exchange.bestPrices(ids),
        () => app.kinds.listedKinds(),
      ),
    );
    const c = app.catalog;

    route(app, 'getSports', async ({ body }) =>
      ok(await c.sports({ sportId: body.sport_id, isActive: body.is_active })),
    );
    route(app, 'getSeries', async ({ body }) =>
      ok(await c.series({ sportId: body.sport_id, isActive: body.is_active })),
    );
    route(app, 'getMatches', async ({ body }) =>
      ok(
        await c.matches({
          sportId: body.sport_id,
          seriesId: body.series_id,
          isActive: body.is_active,
          brief: body.brief,
        }),
      ),
    );
    route(app, 'getSeriesHeader', async ({ body }) => ok(await c.seriesHeader(body.is_sidebar_call)));
    route(app, 'getCupsForMenu', async () => ok(await c.cups()));
    route(app, 'searchByMatchNameHeader', async ({ body }) => ok(await c.search(body.search)));
    route(app, 'getMatchVenueListByCountryCodeSportId', async ({ body }) =>
      ok(await c.venues({ sportId: body.sport_id, country: body.country, date: body.date })),
    );
  },
  { name: 'catalog', dependencies: ['db', 'auth'] },
);
