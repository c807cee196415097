export const FAST_BOX_MS: number;
export const WORKERS_FAST: number;
export const WORKERS_SLOW: number;
export const WORKERS_MAX: number;
export function passMs(): number;
export function boxPassMs(): Promise<number>;
export function browserWorkers(
  env?: Record<string, string | undefined>,
  measure?: () => number | Promise<number>,
): Promise<{ workers: number; why: string }>;
