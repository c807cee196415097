/** Visibility rules of the user menu (spec §6). Pure, so they are tested on their own. */
import type { GlobalSetting, UserInfo } from '@backlay/contract';

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
