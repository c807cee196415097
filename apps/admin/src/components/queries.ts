// Query helpers: a contract call as a TanStack query (the server's refusal becomes the error).
import type { EndpointName, RequestOf, ResponseOf } from '@backlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../lib/api.ts';

export function useEndpoint<N extends EndpointName>(
  name: N,
  body?: RequestOf<N>,
  options: {
    refetchInterval?: number;
    enabled?: boolean;
    /**
     * Lists: keep showing the last page while the next one loads. Never for one entity's view (a
     * match, a user): the screen would show, and act on, the previous one meanwhile.
     */
    keepPrevious?: boolean;
  } = {},
) {
  return useQuery<ResponseOf<N>, Error>({
    queryKey: [name, body ?? null],
    queryFn: ({ signal }) => queryEndpoint(name, body, { signal }),
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
  });
}
