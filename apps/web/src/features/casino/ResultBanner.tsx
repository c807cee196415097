import type { CasinoBet, CasinoRoundHead } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import { useEffect, useState } from 'react';

/** How long a round's result stays big on the table (the next round's window replaces it anyway). */
export const RESULT_SHOW_MS = 6_000;

/** The bettor's net on the round: won, lost, or nothing to say (no settled bets). */
function yourNet(bets: readonly CasinoBet[]): string | null {
  const settled = bets.filter((b) => b.status !== 'MATCHED');
  if (settled.length === 0 || settled.length < bets.length) return null;
  const net = settled.reduce((sum, b) => sum + Math.round((b.profit_loss ?? 0) * 100), 0) / 100;
  if (net > 0) return `You won ₹${formatMoney(net)}`;
  if (net < 0) return `You lost ₹${formatMoney(-net)}`;
  return 'Your stakes are returned';
}

/** The round's result shown big for a few seconds after it settles: who won, and your win or loss. */
export function ResultBanner({ round, bets }: { round: CasinoRoundHead; bets: readonly CasinoBet[] }) {
  const finished = (round.state === 'RESULT' || round.state === 'VOID') && round.result != null;
  const [hiddenRound, setHiddenRound] = useState<number | null>(null);
  useEffect(() => {
    if (!finished) return;
    const id = round.round_id;
    const timer = setTimeout(() => setHiddenRound(id), RESULT_SHOW_MS);
    return () => clearTimeout(timer);
  }, [finished, round.round_id]);
  const show = finished && hiddenRound !== round.round_id;
  const net = show ? yourNet(bets) : null;
  return (
    <div className="cresult" aria-live="polite" data-testid="round-result">
      {show && round.result ? (
        <div className={`cresult__box${round.state === 'VOID' ? ' cresult__box--void' : ''}`}>
          <p className="cresult__who">
            {round.state === 'VOID' ? 'Round void: stakes returned' : `${round.result.summary} wins`}
          </p>
          {net ? <p className="cresult__net">{net}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
