import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { CancelBetRequest, CancelBetResult } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST bet/cancelBet — one bet ({bet_id}) or every unmatched bet of the caller on a market ({market_id}). */
export const cancelBet = (req: CancelBetRequest): Promise<ApiResult<CancelBetResult>> =>
  callEndpoint(exchangeEndpoints.cancelBet, req);
