import { responsibleEndpoints } from '@backlay/contract/bettor/responsible';
import type { ResponsibleGaming } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** GET user/responsibleGaming — limits (in force, used, pending raises), reality check, the session's start and net result. */
export const getResponsibleGaming = (signal?: AbortSignal): Promise<ResponsibleGaming> =>
  queryEndpoint(responsibleEndpoints.getResponsibleGaming, undefined, { signal });

export const responsibleGamingKey = ['responsibleGaming'] as const;

export const responsibleGamingQueryOptions = () =>
  queryOptions({
    queryKey: responsibleGamingKey,
    queryFn: ({ signal }) => getResponsibleGaming(signal),
    retry: false,
    staleTime: 60_000,
  });

export const useResponsibleGaming = (enabled = true) =>
  useQuery({ ...responsibleGamingQueryOptions(), enabled });
