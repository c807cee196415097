/**
 * The shared HTTP client (`@backlay/ui/http`, spec §7 and §8) bound to this app's session: the
 * bearer token is the one stored under the spec's `usertoken` key. Every module of the app that
 * calls the API imports it from here (or from ./api.ts), so the binding is in place first.
 */
import { clearConsoleOnceAfterRequest, setNetworkObserver, setTokenSource } from '@backlay/ui/http';
import { reportNetwork } from './app-install.ts';
import { CONSOLE_CLEAR_AFTER_MS } from './constants.ts';
import { readToken } from './storage.ts';

setTokenSource(readToken);
// Whether requests reach the server: the offline screen (lib/app-install.ts).
setNetworkObserver(reportNetwork);
// Spec §9: the console is cleared once, 1,115,000 ms (about 18.6 minutes) after a request.
clearConsoleOnceAfterRequest(CONSOLE_CLEAR_AFTER_MS);

export * from '@backlay/ui/http';
