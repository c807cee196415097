import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { ResponseOf } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type PaymentMethods = ResponseOf<'getPaymentMethods'>;
export type PaymentMethod = PaymentMethods['methods'][number];

/** GET payment/getPaymentMethods — where to pay a deposit, the amount bounds, what may be withdrawn now. */
export const getPaymentMethods = (signal?: AbortSignal): Promise<PaymentMethods> =>
  queryEndpoint(paymentsEndpoints.getPaymentMethods, undefined, { signal });

export const paymentMethodsKey = ['payments', 'methods'] as const;

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodsKey,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    retry: false,
  });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());

/** What may be withdrawn changes with the balance: asked again as often as the balance is. */
export const AVAILABLE_POLL_MS = 5000;

/** The methods with `available` kept fresh while the withdraw form is open. */
export const useLivePaymentMethods = () =>
  useQuery({ ...paymentMethodsQueryOptions(), refetchInterval: AVAILABLE_POLL_MS });
