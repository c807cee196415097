// Every table of the store, for what must see them all (a test's snapshot of the whole store). Each
// table lives in its module's schema.ts; arch.test.ts fails when one of them is missing here.
export * from './db/schema.ts';
export * from './modules/account/schema.ts';
export * from './modules/api-keys/schema.ts';
export * from './modules/audit/schema.ts';
export * from './modules/binary/schema.ts';
export * from './modules/bookmaker/schema.ts';
export * from './modules/casino/schema.ts';
export * from './modules/catalog/schema.ts';
export * from './modules/console/schema.ts';
export * from './modules/cricket/schema.ts';
export * from './modules/exchange/schema.ts';
export * from './modules/fancy/schema.ts';
export * from './modules/fantasy/schema.ts';
export * from './modules/hierarchy/schema.ts';
export * from './modules/markets/schema.ts';
export * from './modules/messaging/schema.ts';
export * from './modules/payments/schema.ts';
export * from './modules/providers/schema.ts';
export * from './modules/racing/schema.ts';
export * from './modules/responsible/schema.ts';
export * from './modules/security/schema.ts';
export * from './modules/settings/schema.ts';
export * from './modules/shares/schema.ts';
export * from './modules/signup/schema.ts';
export * from './modules/stakes/schema.ts';
export * from './modules/wallet/schema.ts';
