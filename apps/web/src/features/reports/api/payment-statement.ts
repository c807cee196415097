import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { BettorRequestOf, ResponseOf } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type PaymentStatementRequest = BettorRequestOf<'getPaymentStatement'>;
export type PaymentStatement = ResponseOf<'getPaymentStatement'>;

/** POST report/getPaymentStatement — the caller's deposit and withdrawal requests over IST days, newest first. */
export const getPaymentStatement = (
  req: PaymentStatementRequest,
  signal?: AbortSignal,
): Promise<PaymentStatement> => queryEndpoint(paymentsEndpoints.getPaymentStatement, req, { signal });

export const paymentStatementKey = (req: PaymentStatementRequest) =>
  ['reports', 'paymentStatement', req] as const;

export const paymentStatementQueryOptions = (req: PaymentStatementRequest) =>
  queryOptions({
    queryKey: paymentStatementKey(req),
    queryFn: ({ signal }) => getPaymentStatement(req, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const usePaymentStatement = (req: PaymentStatementRequest, enabled = true) =>
  useQuery({ ...paymentStatementQueryOptions(req), enabled });
