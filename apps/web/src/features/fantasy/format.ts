import { formatMoney } from '@backlay/ui/money';
import { formatDateTime } from '@backlay/ui/time';
import type { FantasyContest } from '@backlay/contract';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { t } from './i18n.ts';

export const rupees = (n: number) => `₹${formatMoney(n)}`;
export const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
export const startsAt = (iso: string) => formatDateTime(iso);

/** A contest's state in a bettor's words (the active language's, read when called). */
export function stateText(c: FantasyContest): string {
  switch (c.state) {
    case 'OPEN':
      return t('fantasy.state.open', { at: startsAt(c.starts_at) });
    case 'LIVE':
      return t('fantasy.state.live');
    case 'SETTLED':
      return t('fantasy.state.settled');
    case 'REFUNDED':
      return c.refund_reason
        ? t('fantasy.state.refundedWhy', { reason: translateAnswer(c.refund_reason) })
        : t('fantasy.state.refunded');
  }
}
