import { fantasyEndpoints } from '@backlay/contract/bettor/fantasy';
import type { BettorRequestOf, BettorResponseOf } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST fantasy/joinContest — pays the entry fee; the same request_id twice returns the first entry. */
export const joinFantasyContest = (
  req: BettorRequestOf<'joinFantasyContest'>,
): Promise<ApiResult<BettorResponseOf<'joinFantasyContest'>>> =>
  callEndpoint(fantasyEndpoints.joinFantasyContest, req);
