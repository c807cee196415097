/**
 * Who sees what (spec §6), shared by the header, the user menu and the screens the rules guard
 * (Deposit/Withdraw, Payment Statement). Pure rules first, so they are tested on their own.
 */
import type { GlobalSetting, UserInfo } from '@backlay/contract';
import { useGlobalSetting } from './api/global-settings.ts';
import { readToken, STORAGE_KEYS, storage } from './storage.ts';
import { useClientStore } from './store.ts';

/** parent_id is valid when it is neither -1 nor empty. */
export function isParentValid(parentId: string | number | null | undefined): boolean {
  if (parentId == null) return false;
  const text = String(parentId).trim();
  return text !== '' && text !== '-1' && text !== 'null' && text !== 'undefined';
}

export type MenuContext = {
  user: Pick<UserInfo, 'is_signup_user'> | null;
  /** The stored parent_id (localStorage), falling back to the user's. */
  parentId: string | number | null | undefined;
  token: string | null;
  settings: Pick<GlobalSetting, 'payment_gateway'> | null | undefined;
};

/** Payment Statement and the Deposit/Withdraw wallet. */
export function showPaymentItems({ user, parentId, settings }: MenuContext): boolean {
  return isParentValid(parentId) && settings?.payment_gateway === '1' && user?.is_signup_user === '1';
}

/** Security Auth Verification and Change Password. */
export function showAccountSecurityItems({ parentId, token }: MenuContext): boolean {
  return isParentValid(parentId) && !!token;
}

/** The signed-in user's context for the rules above. */
export function useMenuContext(): MenuContext {
  const user = useClientStore((s) => s.loginData);
  const settings = useGlobalSetting().data;
  return {
    user,
    parentId: storage.get(STORAGE_KEYS.parentId) ?? user?.parent_id,
    token: readToken(),
    settings,
  };
}

/**
 * Whether the signed-in user may deposit and withdraw (spec §6): `null` while the global settings
 * are not loaded yet, so a screen waits rather than saying no too early.
 */
export function usePaymentAccess(): boolean | null {
  const ctx = useMenuContext();
  if (!ctx.settings) return null;
  return showPaymentItems(ctx);
}
