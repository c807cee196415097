import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { PaymentRequestView, BettorRequestOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { afterPaymentRequest } from './refresh.ts';

/**
 * POST payment/deposit — amount, method and the payment reference of the money sent; waits for
 * the operator. A retry with the same request_id answers the first request.
 */
export const requestDeposit = (
  body: BettorRequestOf<'requestDeposit'>,
): Promise<ApiResult<PaymentRequestView>> => callEndpoint(paymentsEndpoints.requestDeposit, body);

export function useRequestDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDeposit,
    onSuccess: (r) => {
      if (r.status) afterPaymentRequest(queryClient);
    },
  });
}
