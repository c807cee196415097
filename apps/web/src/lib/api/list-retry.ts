import { ApiRefusal } from '../api.ts';

/**
 * How a list the bettor reads as a fact (the day's matches, a sport's competitions) is fetched
 * when its call fails: tried again and again, 1 s after the first failure, doubling to at most
 * LIST_RETRY_MAX_MS, for as long as the screen shows it, while the screen says "Could not load …
 * — retrying" (ListUnavailable) instead of an empty state that states something untrue (issue 47).
 * Spec §8: list failures bring no toast and no logout; a call refused because the session ended
 * (401/403) is not tried again: the session's handler signs the bettor out.
 */
export const LIST_RETRY_MAX_MS = 30_000;

export const LIST_RETRY = {
  retry: (_failures: number, err: unknown) => !(err instanceof ApiRefusal && err.unauthorized),
  retryDelay: (failures: number) => Math.min(1_000 * 2 ** failures, LIST_RETRY_MAX_MS),
} as const;
