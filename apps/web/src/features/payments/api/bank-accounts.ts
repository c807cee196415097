import { paymentsEndpoints } from '@backlay/contract/bettor/payments';
import type { ResponseOf } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type BankAccount = ResponseOf<'getBankAccounts'>[number];

/** GET payment/getBankAccounts — the caller's saved accounts for withdrawals (numbers masked). */
export const getBankAccounts = (signal?: AbortSignal): Promise<BankAccount[]> =>
  queryEndpoint(paymentsEndpoints.getBankAccounts, undefined, { signal });

export const bankAccountsKey = ['payments', 'bankAccounts'] as const;

export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: bankAccountsKey,
    queryFn: ({ signal }) => getBankAccounts(signal),
    retry: false,
  });

export const useBankAccounts = () => useQuery(bankAccountsQueryOptions());
