import type { SettledBet } from '@backlay/contract';

/** Back (blue) or Lay (pink), in the market screen's colours; `label` names it as its market does (Yes/No). */
export function SideBadge({ back, label }: { back: boolean; label?: string }) {
  return (
    <span className={`side-badge side-badge--${back ? 'back' : 'lay'}`}>
      {label ?? (back ? 'Back' : 'Lay')}
    </span>
  );
}

const RESULT_WORD: Record<SettledBet['result'], string> = { WON: 'Won', LOST: 'Lost', VOID: 'Void' };

/** Won (green), Lost (red), Void (grey). */
export function ResultBadge({ result }: { result: SettledBet['result'] }) {
  return <span className={`result-badge result-badge--${result.toLowerCase()}`}>{RESULT_WORD[result]}</span>;
}
