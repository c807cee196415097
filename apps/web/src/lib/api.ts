/**
 * Typed calls on the contract's endpoint table (`@backlay/ui/api`), through the client bound to
 * this app's session (./http.ts). Feature `api/` files wrap these in fetchers, query options and hooks.
 */
import './http.ts';

export * from '@backlay/ui/api';
