import type { FastifyInstance } from 'fastify';
import type { ExchangeService } from './types.ts';

export type * from './types.ts';

/** Placeholder until the exchange lands: no markets trade yet. */
export function createExchangeService(_app: FastifyInstance): ExchangeService {
  const notYet = async () => ({ ok: false as const, message: 'Not available yet' });
  return {
    getMarketImage: async () => null,
    placeBet: notYet,
    cancelBets: notYet,
    setMarketStatus: async () => {},
    setInPlay: async () => {},
    listMarkets: async () => [],
    liabilityPaise: async () => 0,
  };
}
