import { sessionEndpoints } from '@backlay/contract/bettor/session';
import type { ExposureEntry } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** GET bet/getExposureDetail — the entries arrive in data.data. */
export async function getExposureDetail(signal?: AbortSignal): Promise<ExposureEntry[]> {
  const data = await queryEndpoint(sessionEndpoints.getExposureDetail, undefined, { signal });
  return data.data;
}

export const exposureDetailQueryOptions = () =>
  queryOptions({
    queryKey: ['exposureDetail'],
    queryFn: ({ signal }) => getExposureDetail(signal),
    retry: false,
  });

export const useExposureDetail = (enabled: boolean) => useQuery({ ...exposureDetailQueryOptions(), enabled });
