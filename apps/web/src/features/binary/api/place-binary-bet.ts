import { binaryEndpoints } from '@backlay/contract/bettor/binary';
import type { PlaceBinaryBetRequest, ResponseOf } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST bet/placeBinaryBet — line and rate as quoted, stake in rupees; refused ("Line changed", closed, limits). */
export const placeBinaryBet = (
  req: PlaceBinaryBetRequest,
  init?: { signal?: AbortSignal },
): Promise<ApiResult<ResponseOf<'placeBinaryBet'>>> =>
  callEndpoint(binaryEndpoints.placeBinaryBet, req, init);
