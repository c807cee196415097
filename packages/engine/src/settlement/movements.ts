// Ledger movements of a market from each user's net result, for kinds whose bets settle whole at a
// house rate (bookmaker, fancy): one MARKET_WIN or MARKET_LOSS per user, and commission on net
// winnings (never on a losing market) — the same movements settleMarket makes for match odds.
import { commissionPaise } from './money.ts';
import { SettlementError } from './errors.ts';
import type { SettlementMovement } from './types.ts';

export function movementsFromNets(
  market_id: string,
  net_paise_by_user: ReadonlyMap<string, number>,
  commission_bp: number,
): SettlementMovement[] {
  const movements: SettlementMovement[] = [];
  const users = [...net_paise_by_user.keys()].sort();
  for (const user_id of users) {
    const net = net_paise_by_user.get(user_id)!;
    if (!Number.isSafeInteger(net)) throw new SettlementError(`net of user ${user_id} is not whole paise`);
    const move = (kind: SettlementMovement['kind'], user_delta_paise: number) =>
      movements.push({ key: `${market_id}/${user_id}/${kind}`, market_id, user_id, kind, user_delta_paise });
    if (net > 0) move('MARKET_WIN', net);
    else if (net < 0) move('MARKET_LOSS', net);
    const commission = commissionPaise(net, commission_bp);
    if (commission > 0) move('COMMISSION', -commission);
  }
  return movements;
}
