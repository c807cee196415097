import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { CashOutRequest, CashOutResult } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/**
 * POST bet/cashOut — places the hedge fill-or-kill, refused (nothing placed) when it would lock less
 * than `profit`, the figure the bettor confirmed. The same request_id twice answers the first answer.
 */
export const cashOut = (req: CashOutRequest, signal?: AbortSignal): Promise<ApiResult<CashOutResult>> =>
  callEndpoint(exchangeEndpoints.cashOut, req, signal ? { signal } : undefined);
