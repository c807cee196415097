import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { PlaceMarketBetRequest, PlaceMarketBetResult } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST bet/placeMarketBet — odds decimal, stake in rupees; a refusal comes back as status false. */
export const placeMarketBet = (
  req: PlaceMarketBetRequest,
  init?: { signal?: AbortSignal },
): Promise<ApiResult<PlaceMarketBetResult>> => callEndpoint(exchangeEndpoints.placeMarketBet, req, init);
