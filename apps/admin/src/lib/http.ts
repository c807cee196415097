/**
 * The shared HTTP client (`@backlay/ui/http`) bound to the console's session: the bearer token is
 * the console's own (./session.ts). Modules that call the API import it from here or ./api.ts.
 */
import { setTokenSource } from '@backlay/ui/http';
import { readToken } from './session.ts';

setTokenSource(readToken);

export * from '@backlay/ui/http';
