export const FAST_BOX_MS: number;
export const VERY_FAST_BOX_MS: number;
export const WORKERS_FAST: number;
export const WORKERS_SLOW: number;
export const WORKERS_VERY_FAST: number;
export const OTHER_WORKERS: number;
export const OTHER_WORKERS_VERY_FAST: number;
export const WORKERS_MAX: number;
export function passMs(): number;
export function boxPassMs(): Promise<number>;
export function workerPlan(
  env?: Record<string, string | undefined>,
  measure?: () => number | Promise<number>,
): Promise<{ browser: number; other: number; why: string }>;
