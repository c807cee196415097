import type { SettledBet } from '@backlay/contract';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useT } from './i18n.ts';

/** Back (blue) or Lay (pink), in the market screen's colours; `label` names it as its market does (Yes/No). */
export function SideBadge({ back, label }: { back: boolean; label?: string }) {
  const t = useT();
  return (
    <span className={`side-badge side-badge--${back ? 'back' : 'lay'}`}>
      {label ?? (back ? t('reports.side.back') : t('reports.side.lay'))}
    </span>
  );
}

export const RESULT_WORD: Record<SettledBet['result'], string> = {
  WON: msgId('reports.result.won'),
  LOST: msgId('reports.result.lost'),
  VOID: msgId('reports.result.void'),
};

/** Won (green), Lost (red), Void (grey). */
export function ResultBadge({ result }: { result: SettledBet['result'] }) {
  const t = useT();
  return (
    <span className={`result-badge result-badge--${result.toLowerCase()}`}>{t(RESULT_WORD[result])}</span>
  );
}
