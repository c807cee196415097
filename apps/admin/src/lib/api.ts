/** Typed calls on the contract's endpoint table through the console's client (./http.ts). */
import './http.ts';

export * from '@backlay/ui/api';
