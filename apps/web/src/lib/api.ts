/**
 * Typed calls on the contract's endpoint tables (`@backlay/ui/api`), through the client bound to
 * this app's session (./http.ts). Feature `api/` files wrap these in fetchers, query options and
 * hooks, each naming its entry in its feature's table: `callEndpoint(catalogEndpoints.getMatches,
 * …)` with the table from `@backlay/contract/bettor/<feature>`. The table comes with the chunk
 * that calls it, so a screen loads its own endpoints' schemas and no other feature's (and the
 * operator console's never: docs/performance.md, "First load").
 */
import './http.ts';

export * from '@backlay/ui/api';
export { callEntry as callEndpoint, queryEntry as queryEndpoint } from '@backlay/ui/api';
