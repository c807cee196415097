import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { PaymentRequestView, BettorRequestOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { afterPaymentRequest } from './refresh.ts';

/**
 * POST payment/withdraw — to a saved bank account, at most the available balance; held at once
 * until the operator pays or rejects it. A retry with the same request_id answers the first request.
 */
export const requestWithdraw = (
  body: BettorRequestOf<'requestWithdraw'>,
): Promise<ApiResult<PaymentRequestView>> => callEndpoint(paymentsEndpoints.requestWithdraw, body);

export function useRequestWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdraw,
    onSuccess: (r) => {
      if (r.status) afterPaymentRequest(queryClient);
    },
  });
}
