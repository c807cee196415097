// Everything the bettor's app may import (bettor.ts), and the operator's modules and full tables.
export * from './bettor.ts';
export * from './account-endpoints.ts';
export * from './admin.ts';
export * from './racing-admin.ts';
export * from './binary-admin.ts';
export * from './casino-admin.ts';
export * from './console.ts';
export * from './console-endpoints.ts';
export * from './endpoints.ts';
export * from './provider-admin.ts';
export * from './provider-endpoints.ts';
export * from './console-scope.ts';
export * from './downline.ts';
export * from './api-keys.ts';
export * from './stream.ts';
