/**
 * Typed calls on the contract's endpoint table (`@backlay/ui/api`), through the client bound to
 * this app's session (./http.ts). Feature `api/` files wrap these in fetchers, query options and hooks.
 */
import { createEndpointClient } from '@backlay/ui/api';
import './http.ts';

export * from '@backlay/ui/api';

/**
 * The bettor's calls: the bettor's own table (public and user entries), so the operator console's
 * schemas never reach this app; imported once, on demand (docs/performance.md, "First load").
 */
export const { loadEndpoints, callEndpoint, queryEndpoint } = createEndpointClient(() =>
  import('@backlay/contract/bettor-endpoints').then((m) => m.bettorEndpoints),
);
