import { formatMoney } from '@backlay/ui/money';
import { formatDateTime } from '@backlay/ui/time';
import type { FantasyContest } from '@backlay/contract';

export const rupees = (n: number) => `₹${formatMoney(n)}`;
export const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
export const startsAt = (iso: string) => formatDateTime(iso);

/** A contest's state in a bettor's words. */
export function stateText(c: FantasyContest): string {
  switch (c.state) {
    case 'OPEN':
      return `Open · starts ${startsAt(c.starts_at)}`;
    case 'LIVE':
      return 'Live';
    case 'SETTLED':
      return 'Completed · prizes paid';
    case 'REFUNDED':
      return `Refunded${c.refund_reason ? ` · ${c.refund_reason}` : ''}`;
  }
}
