import fp from 'fastify-plugin';
import { createSettlementService } from './service.ts';
import type { SettlementService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settlement: SettlementService;
  }
}

/** `app.settlement`: declare results, void, unsettle (the operator calls and the demo feed use it). */
export const settlementModule = fp(
  async (app) => {
    app.decorate('settlement', createSettlementService(app));
  },
  { name: 'settlement', dependencies: ['db', 'wallet', 'markets', 'bus'] },
);
