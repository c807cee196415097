import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { PlaceFancyBetRequest, ResponseOf } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST bet/placeFancyBet — line and rate as quoted, stake in rupees; refused ("Line changed", "Ball running"). */
export const placeFancyBet = (
  req: PlaceFancyBetRequest,
  init?: { signal?: AbortSignal },
): Promise<ApiResult<ResponseOf<'placeFancyBet'>>> =>
  callEndpoint(exchangeEndpoints.placeFancyBet, req, init);
