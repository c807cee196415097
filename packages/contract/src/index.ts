export * from './auth.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './endpoints.ts';
export * from './envelope.ts';
export * from './settings.ts';
export * from './stakes.ts';
export * from './wallet.ts';
