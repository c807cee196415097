/**
 * localStorage and sessionStorage that never throw (private mode, quota, storage disabled). Each
 * app keeps its own keys on top of these (the bettor's spec keys, the console's own).
 */

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const storage = {
  get: (key: string): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => localStorage.removeItem(key), undefined),
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (raw == null) return null;
    return safe(() => JSON.parse(raw) as T, null);
  },
  setJson: (key: string, value: unknown): void => storage.set(key, JSON.stringify(value)),
};

export const sessionStore = {
  get: (key: string): string | null => safe(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => sessionStorage.removeItem(key), undefined),
  clear: (): void => safe(() => sessionStorage.clear(), undefined),
};
