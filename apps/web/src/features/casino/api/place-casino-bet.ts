import { casinoEndpoints } from '@backlay/contract/bettor/casino';
import type { PlaceCasinoBetRequest, PlaceCasinoBetResult } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST bet/placeCasinoBet — stake in rupees; a refusal (window closed, limits) comes back as status false. */
export const placeCasinoBet = (
  req: PlaceCasinoBetRequest,
  init?: { signal?: AbortSignal },
): Promise<ApiResult<PlaceCasinoBetResult>> => callEndpoint(casinoEndpoints.placeCasinoBet, req, init);
