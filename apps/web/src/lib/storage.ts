/**
 * Locally stored client data (spec §3). The keys are exactly the spec's where it names them;
 * where it only describes a value (visibility choices, otp-verify flag, welcome flag) the key is
 * ours and recorded in docs/decisions.md.
 */
import type { UserInfo } from '@backlay/contract';
import { sessionStore, storage } from '@backlay/ui/storage';

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
  /** The display language, 'en' or 'hi' (docs/i18n.md): kept on this device across sign-outs. */
  language: 'language',
} as const;

/** Session-scoped (sessionStorage). */
export const SESSION_KEYS = {
  exposureBalance: 'exposureBalance',
  /** A message for the login screen, shown once (e.g. after a time-out ended the session). */
  loginNotice: 'loginNotice',
} as const;

/** What local logout removes — exactly these (spec §4). */
export const LOCAL_LOGOUT_KEYS: readonly string[] = [
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.userToken,
  STORAGE_KEYS.loggedIn,
  STORAGE_KEYS.parentId,
  SESSION_KEYS.exposureBalance,
];

export { sessionStore, storage };

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
    if (key === SESSION_KEYS.exposureBalance) sessionStore.remove(key);
    else storage.remove(key);
  }
}

/** Visibility choice: stored '0' means hidden; anything else (or nothing) means visible. */
export function readVisibility(key: typeof STORAGE_KEYS.showBalance | typeof STORAGE_KEYS.showExposure) {
  return storage.get(key) !== '0';
}
