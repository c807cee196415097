import { reportsEndpoints } from '@backlay/contract/bettor/reports';
import type { AccountStatement, BettorRequestOf } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type AccountStatementRequest = BettorRequestOf<'getAccountStatement'>;

/** POST report/getAccountStatement — opening balance, the transfers of the range (oldest first), closing balance. */
export const getAccountStatement = (
  req: AccountStatementRequest,
  signal?: AbortSignal,
): Promise<AccountStatement> => queryEndpoint(reportsEndpoints.getAccountStatement, req, { signal });

export const accountStatementKey = (req: AccountStatementRequest) =>
  ['reports', 'accountStatement', req] as const;

export const accountStatementQueryOptions = (req: AccountStatementRequest) =>
  queryOptions({
    queryKey: accountStatementKey(req),
    queryFn: ({ signal }) => getAccountStatement(req, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAccountStatement = (req: AccountStatementRequest) =>
  useQuery(accountStatementQueryOptions(req));
