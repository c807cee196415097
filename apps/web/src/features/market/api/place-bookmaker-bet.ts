import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { PlaceBookmakerBetRequest, ResponseOf } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST bet/placeBookmakerBet — rate per 100, stake in rupees; taken whole or refused ("Rate changed"). */
export const placeBookmakerBet = (
  req: PlaceBookmakerBetRequest,
  init?: { signal?: AbortSignal },
): Promise<ApiResult<ResponseOf<'placeBookmakerBet'>>> =>
  callEndpoint(exchangeEndpoints.placeBookmakerBet, req, init);
