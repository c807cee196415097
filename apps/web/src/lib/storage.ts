/**
 * Locally stored client data (spec §3). The keys are exactly the spec's where it names them;
 * where it only describes a value (visibility choices, otp-verify flag, welcome flag) the key is
 * ours and recorded in docs/decisions.md.
 */
import type { UserInfo } from '@backlay/contract';

export const STORAGE_KEYS = {
  userInfo: 'userinfo',
  userToken: 'usertoken',
  loggedIn: 'logedIn',
  parentId: 'parent_id',
  userId: 'userId',
  globalData: 'globalData',
  testData: 'testData',
  /** The welcome flag: set at sign-in, removed when the welcome popup is closed. */
  openWelcomePopup: 'openWelcomePopup',
  showBalance: 'showBalance',
  showExposure: 'showExposure',
  otpVerify: 'otpVerify',
  /** One-click betting: '1' on; and its stake in whole rupees. */
  oneClickOn: 'oneClickOn',
  oneClickStake: 'oneClickStake',
} as const;

/** Session-scoped (sessionStorage). */
export const SESSION_KEYS = {
  exposureBalance: 'exposureBalance',
} as const;

/** What local logout removes — exactly these (spec §4). */
export const LOCAL_LOGOUT_KEYS: readonly string[] = [
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.userToken,
  STORAGE_KEYS.loggedIn,
  STORAGE_KEYS.parentId,
  SESSION_KEYS.exposureBalance,
];

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
  clear: (): void => safe(() => sessionStorage.clear(), undefined),
};

export function readToken(): string | null {
  const token = storage.get(STORAGE_KEYS.userToken);
  return token ? token : null;
}

export function readUserInfo(): UserInfo | null {
  const user = storage.getJson<UserInfo>(STORAGE_KEYS.userInfo);
  return user && typeof user === 'object' && typeof user.user_id === 'number' ? user : null;
}

/** Startup rule of spec §4: logged in when a token exists and user info is stored. */
export function hasStoredSession(): boolean {
  return readToken() != null && readUserInfo() != null;
}

/** Stores what sign-in returns (spec §3 keys). */
export function saveSignIn(user: UserInfo): void {
  storage.setJson(STORAGE_KEYS.userInfo, user);
  storage.set(STORAGE_KEYS.userToken, user.token);
  storage.set(STORAGE_KEYS.loggedIn, 'true');
  storage.set(STORAGE_KEYS.parentId, String(user.parent_id));
  storage.set(STORAGE_KEYS.userId, String(user.user_id));
  if (user.is_change_password === '0') storage.set(STORAGE_KEYS.openWelcomePopup, 'true');
}

export function updateUserInfo(patch: Partial<UserInfo>): UserInfo | null {
  const user = readUserInfo();
  if (!user) return null;
  const next = { ...user, ...patch };
  storage.setJson(STORAGE_KEYS.userInfo, next);
  return next;
}

/** Local logout (spec §4): removes exactly userinfo, usertoken, logedIn, parent_id and exposureBalance. */
export function localLogout(): void {
  for (const key of LOCAL_LOGOUT_KEYS) {
    if (key === SESSION_KEYS.exposureBalance) safe(() => sessionStorage.removeItem(key), undefined);
    else storage.remove(key);
  }
}

/** Visibility choice: stored '0' means hidden; anything else (or nothing) means visible. */
export function readVisibility(key: typeof STORAGE_KEYS.showBalance | typeof STORAGE_KEYS.showExposure) {
  return storage.get(key) !== '0';
}
