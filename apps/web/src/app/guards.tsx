import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { readUserInfo, STORAGE_KEYS, storage } from '../lib/storage.ts';
import { useClientStore } from '../lib/store.ts';

export const CHANGE_PASSWORD_PATH = '/setting/change-password';

/**
 * Guard of the main layout (spec §4): without a logged-in user or stored user data, auth state
 * becomes false and the user goes to the root (login). A stored otp-verify flag sends the user to
 * /login; is_change_password '1' forces the change-password screen.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const isLoggedIn = useClientStore((s) => s.isLoggedIn);
  const loginData = useClientStore((s) => s.loginData);
  const setLoggedIn = useClientStore((s) => s.setLoggedIn);
  const location = useLocation();
  const stored = readUserInfo();
  const allowed = isLoggedIn && loginData != null && stored != null;

  useEffect(() => {
    if (!allowed && isLoggedIn) setLoggedIn(null);
  }, [allowed, isLoggedIn, setLoggedIn]);

  if (storage.get(STORAGE_KEYS.otpVerify) != null) return <Navigate to="/login" replace />;
  if (!allowed) return <Navigate to="/" replace />;
  if (stored.is_change_password === '1' && location.pathname !== CHANGE_PASSWORD_PATH) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  }
  return children ?? <Outlet />;
}

/** Login screens: a signed-in user (without a pending otp verification) goes on to the app. */
export function PublicOnly({ children }: { children?: ReactNode }) {
  const isLoggedIn = useClientStore((s) => s.isLoggedIn);
  const loginData = useClientStore((s) => s.loginData);
  if (isLoggedIn && loginData && storage.get(STORAGE_KEYS.otpVerify) == null) {
    return <Navigate to={loginData.is_change_password === '1' ? CHANGE_PASSWORD_PATH : '/home'} replace />;
  }
  return children ?? <Outlet />;
}

/** The sign-up route's third segment is an invitation code; anything else goes to login. */
export const SIGN_UP_CODE = /^[A-Za-z0-9_-]{3,32}$/;

export function SignUpGuard({ children }: { children?: ReactNode }) {
  const { code } = useParams();
  if (!code || !SIGN_UP_CODE.test(code)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
