/** Visibility rules of the user menu (spec §6): shared with the screens they guard, in src/lib. */
export {
  isParentValid,
  showAccountSecurityItems,
  showPaymentItems,
  type MenuContext,
} from '../../lib/permissions.ts';
