/**
 * The shared HTTP client (`@backlay/ui/http`, spec §7 and §8) bound to this app's session: the
 * bearer token is the one stored under the spec's `usertoken` key. Every module of the app that
 * calls the API imports it from here (or from ./api.ts), so the binding is in place first.
 */
import { setTokenSource } from '@backlay/ui/http';
import { readToken } from './storage.ts';

setTokenSource(readToken);

export * from '@backlay/ui/http';
