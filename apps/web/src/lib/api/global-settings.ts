import type { GlobalSetting } from '@backlay/contract';
import { useSyncExternalStore } from 'react';
import { queryEndpoint } from '../api.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';

/** How often an open page asks for the settings again (the operator console can change them). */
export const GLOBAL_SETTINGS_REFRESH_MS = 60_000;
/** Settings younger than this are not asked for again when a screen starts reading them. */
export const GLOBAL_SETTINGS_FRESH_MS = 5 * 60_000;

/**
 * GET globalSetting/getGlobalSetting — loaded on start; the last answer is kept as `globalData`.
 * This module is in the login's first load, which carries no zod: the session's table (its check)
 * is imported here on demand, in the background of the login screen.
 */
export async function getGlobalSetting(signal?: AbortSignal): Promise<GlobalSetting> {
  const { sessionEndpoints } = await import('@backlay/contract/bettor/session');
  const data = await queryEndpoint(sessionEndpoints.getGlobalSetting, undefined, { signal });
  storage.setJson(STORAGE_KEYS.globalData, data);
  return data;
}

// The settings have a store of their own, not React Query: the login screen and the theme read
// them, and the login's first load carries no query library (docs/performance.md, "First load").
// The last settings seen (localStorage) paint the theme at once while the fresh ones load; while
// any screen reads them they are asked for again every minute; a failed refresh keeps the last.
const listeners = new Set<() => void>();
let settings: GlobalSetting | undefined;
let stored: GlobalSetting | null | undefined;
let fetchedAt = 0;
let inflight: Promise<void> | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
/** Bumped by the test reset: an answer to an older generation's request is dropped. */
let generation = 0;

function refresh(): Promise<void> {
  const gen = generation;
  inflight ??= getGlobalSetting()
    .then(
      (data) => {
        if (gen !== generation) return;
        settings = data;
        fetchedAt = Date.now();
        listeners.forEach((l) => l());
      },
      () => undefined,
    )
    .finally(() => {
      if (gen === generation) inflight = undefined;
    });
  return inflight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (Date.now() - fetchedAt > GLOBAL_SETTINGS_FRESH_MS) void refresh();
    timer = setInterval(() => void refresh(), GLOBAL_SETTINGS_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

function snapshot(): GlobalSetting | undefined {
  if (settings) return settings;
  stored ??= storage.getJson<GlobalSetting>(STORAGE_KEYS.globalData);
  return stored ?? undefined;
}

/** The global settings (`data`: undefined until the first answer, or the last one stored). */
export function useGlobalSetting(): { data: GlobalSetting | undefined } {
  return { data: useSyncExternalStore(subscribe, snapshot) };
}

/** Forgets the settings (tests: each starts with none, as a fresh page). */
export function resetGlobalSettings(): void {
  generation += 1;
  clearInterval(timer);
  listeners.clear();
  settings = undefined;
  stored = undefined;
  fetchedAt = 0;
  inflight = undefined;
}
