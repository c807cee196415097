import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { PaymentRequestView } from '@backlay/contract';
import { displayDay } from '@backlay/ui/time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** How far back the Deposit/Withdraw screen looks for requests still waiting (IST days). */
export const PENDING_LOOKBACK_DAYS = 90;

const DAY_MS = 86_400_000;

/**
 * The caller's requests still waiting for the operator: report/getPaymentStatement over the last
 * 90 IST days, pending ones only (newest first, the first page of 25); asked again every 10 s, so a
 * request the operator decided leaves the list.
 */
export async function getPendingRequests(
  signal?: AbortSignal,
  now = new Date(),
): Promise<PaymentRequestView[]> {
  const statement = await queryEndpoint(
    paymentsEndpoints.getPaymentStatement,
    {
      from_date: displayDay(new Date(now.getTime() - (PENDING_LOOKBACK_DAYS - 1) * DAY_MS)),
      to_date: displayDay(now),
      type: 'all',
      status: 'PENDING',
      page: 1,
    },
    { signal },
  );
  return statement.rows;
}

export const pendingRequestsKey = ['payments', 'pending'] as const;

export const pendingRequestsQueryOptions = () =>
  queryOptions({
    queryKey: pendingRequestsKey,
    queryFn: ({ signal }) => getPendingRequests(signal),
    retry: false,
    refetchInterval: 10_000,
  });

export const usePendingRequests = () => useQuery(pendingRequestsQueryOptions());
