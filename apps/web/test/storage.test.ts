import { describe, expect, it } from 'vitest';
import { startupAuth } from '../src/app/session.ts';
import {
  hasStoredSession,
  LOCAL_LOGOUT_KEYS,
  localLogout,
  saveSignIn,
  SESSION_KEYS,
  STORAGE_KEYS,
} from '../src/lib/storage.ts';
import { useClientStore } from '../src/lib/store.ts';
import { demoUser } from './helpers.tsx';

describe('stored client data (spec §3)', () => {
  it('uses the exact keys of the spec', () => {
    expect(STORAGE_KEYS).toMatchObject({
      userInfo: 'userinfo',
      userToken: 'usertoken',
      loggedIn: 'logedIn',
      parentId: 'parent_id',
      userId: 'userId',
      globalData: 'globalData',
      testData: 'testData',
      openWelcomePopup: 'openWelcomePopup',
    });
    expect(SESSION_KEYS.exposureBalance).toBe('exposureBalance');
  });

  it('sign-in stores user info, token, logedIn, parent_id, userId and the welcome flag', () => {
    saveSignIn(demoUser);
    expect(JSON.parse(localStorage.getItem('userinfo')!)).toEqual(demoUser);
    expect(localStorage.getItem('usertoken')).toBe('tok-demo');
    expect(localStorage.getItem('logedIn')).toBe('true');
    expect(localStorage.getItem('parent_id')).toBe('1');
    expect(localStorage.getItem('userId')).toBe('2');
    expect(localStorage.getItem('openWelcomePopup')).toBe('true');
    expect(hasStoredSession()).toBe(true);
  });

  it('a user who must change the password gets no welcome flag yet', () => {
    saveSignIn({ ...demoUser, is_change_password: '1' });
    expect(localStorage.getItem('openWelcomePopup')).toBeNull();
  });

  it('local logout removes exactly userinfo, usertoken, logedIn, parent_id and exposureBalance', () => {
    saveSignIn(demoUser);
    localStorage.setItem('globalData', '{}');
    localStorage.setItem('testData', 'x');
    localStorage.setItem('showBalance', '0');
    sessionStorage.setItem('exposureBalance', '-10');
    sessionStorage.setItem('other', 'kept');
    localLogout();
    expect(LOCAL_LOGOUT_KEYS).toEqual(['userinfo', 'usertoken', 'logedIn', 'parent_id', 'exposureBalance']);
    for (const k of ['userinfo', 'usertoken', 'logedIn', 'parent_id'])
      expect(localStorage.getItem(k)).toBeNull();
    expect(sessionStorage.getItem('exposureBalance')).toBeNull();
    expect(localStorage.getItem('userId')).toBe('2');
    expect(localStorage.getItem('globalData')).toBe('{}');
    expect(localStorage.getItem('testData')).toBe('x');
    expect(localStorage.getItem('showBalance')).toBe('0');
    expect(localStorage.getItem('openWelcomePopup')).toBe('true');
    expect(sessionStorage.getItem('other')).toBe('kept');
  });

  it('startup: logged in only with a token and user info; otherwise session storage is cleared', () => {
    sessionStorage.setItem('exposureBalance', '-5');
    localStorage.setItem('usertoken', 'tok');
    expect(startupAuth()).toBe(false);
    expect(useClientStore.getState().isLoggedIn).toBe(false);
    expect(sessionStorage.length).toBe(0);
    saveSignIn(demoUser);
    sessionStorage.setItem('exposureBalance', '-5');
    expect(startupAuth()).toBe(true);
    expect(useClientStore.getState().isLoggedIn).toBe(true);
    expect(useClientStore.getState().loginData).toEqual(demoUser);
    expect(sessionStorage.getItem('exposureBalance')).toBe('-5');
  });
});
