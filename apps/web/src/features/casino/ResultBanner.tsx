import type { CasinoBet, CasinoRoundHead } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import { useEffect, useState } from 'react';
import type { Translate } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';

/** How long a round's result stays big on the table (the next round's window replaces it anyway). */
export const RESULT_SHOW_MS = 6_000;

/** The bettor's net on the round: won, lost, or nothing to say (no settled bets). */
function yourNet(bets: readonly CasinoBet[], t: Translate): string | null {
  const settled = bets.filter((b) => b.status !== 'MATCHED');
  if (settled.length === 0 || settled.length < bets.length) return null;
  const net = settled.reduce((sum, b) => sum + Math.round((b.profit_loss ?? 0) * 100), 0) / 100;
  if (net > 0) return t('casino.banner.youWon', { amount: formatMoney(net) });
  if (net < 0) return t('casino.banner.youLost', { amount: formatMoney(-net) });
  return t('casino.banner.stakesReturned');
}

/** The round's result shown big for a few seconds after it settles: who won, and your win or loss. */
export function ResultBanner({ round, bets }: { round: CasinoRoundHead; bets: readonly CasinoBet[] }) {
  const t = useT();
  const finished = (round.state === 'RESULT' || round.state === 'VOID') && round.result != null;
  const [hiddenRound, setHiddenRound] = useState<number | null>(null);
  useEffect(() => {
    if (!finished) return;
    const id = round.round_id;
    const timer = setTimeout(() => setHiddenRound(id), RESULT_SHOW_MS);
    return () => clearTimeout(timer);
  }, [finished, round.round_id]);
  const show = finished && hiddenRound !== round.round_id;
  const net = show ? yourNet(bets, t) : null;
  const voided = round.state === 'VOID';
  return (
    <div className="cresult" aria-live="polite" data-testid="round-result">
      {show && round.result ? (
        <div className={`cresult__box${voided ? ' cresult__box--void' : ''}`}>
          <p className="cresult__who">
            {voided
              ? t('casino.round.voidReturned')
              : t('casino.banner.wins', { summary: round.result.summary })}
          </p>
          {net ? <p className="cresult__net">{net}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
