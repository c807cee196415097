import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { BettorRequestOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { bankAccountsKey } from './bank-accounts.ts';

/** POST payment/removeBankAccount — withdrawals already asked for keep it. */
export const removeBankAccount = (body: BettorRequestOf<'removeBankAccount'>): Promise<ApiResult<null>> =>
  callEndpoint(paymentsEndpoints.removeBankAccount, body);

export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBankAccount,
    onSuccess: (r) => {
      if (r.status) void queryClient.invalidateQueries({ queryKey: bankAccountsKey });
    },
  });
}
