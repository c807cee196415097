import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { BettorRequestOf } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { bankAccountsKey, type BankAccount } from './bank-accounts.ts';

/** POST payment/addBankAccount — IFSC checked by format, the account number typed twice. */
export const addBankAccount = (body: BettorRequestOf<'addBankAccount'>): Promise<ApiResult<BankAccount>> =>
  callEndpoint(paymentsEndpoints.addBankAccount, body);

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBankAccount,
    onSuccess: (r) => {
      if (r.status) void queryClient.invalidateQueries({ queryKey: bankAccountsKey });
    },
  });
}
