/** Typed calls on the contract's full endpoint table through the console's client (./http.ts). */
import { createEndpointClient } from '@backlay/ui/api';
import './http.ts';

export * from '@backlay/ui/api';

/** The console's calls: the whole table (operator entries included), imported once, on demand. */
export const { loadEndpoints, callEndpoint, queryEndpoint } = createEndpointClient(() =>
  import('@backlay/contract').then((m) => m.endpoints),
);
