export * from './cash-out.ts';
