import { fantasyEndpoints } from '@backlay/contract/bettor/fantasy';
import type { BettorRequestOf, BettorResponseOf } from '@backlay/contract';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST fantasy/saveTeam — a new team (no team_id) or an edit until the match starts; refusals name the rule. */
export const saveFantasyTeam = (
  req: BettorRequestOf<'saveFantasyTeam'>,
): Promise<ApiResult<BettorResponseOf<'saveFantasyTeam'>>> =>
  callEndpoint(fantasyEndpoints.saveFantasyTeam, req);
