import { z } from 'zod';
import { changePasswordRequest, logoutRequest } from '../auth.ts';
import { languageSetting, setLanguageRequest } from '../language.ts';
import { globalSetting } from '../settings.ts';
import { buttonValue, setButtonValueRequest } from '../stakes.ts';
import { exposureDetail, userBalance } from '../wallet.ts';
import { defineEndpoints } from '../endpoint.ts';

/** The signed-in session's own calls: the site's settings, logout and password, the balance and exposure, the stake buttons, the display language. */
export const sessionEndpoints = defineEndpoints({
  getGlobalSetting: {
    method: 'GET',
    path: 'globalSetting/getGlobalSetting',
    access: 'public',
    summary: 'Global settings (logo, colours, site message, links); loaded on start.',
    response: globalSetting,
  },
  logout: {
    method: 'POST',
    path: 'user/logout',
    access: 'user',
    summary: 'Revoke the token.',
    request: logoutRequest,
    response: z.null(),
  },
  changePassword: {
    method: 'POST',
    path: 'user/changePassword',
    access: 'user',
    summary: 'Change password (master_password is the current one); revokes the other sessions.',
    request: changePasswordRequest,
    response: z.null(),
  },
  getUserBalance: {
    method: 'GET',
    path: 'user/getUserBalance',
    access: 'user',
    key: 'read',
    summary: 'Balance and liability (exposure) in rupees; polled every 5 s.',
    response: userBalance,
  },
  getButtonValue: {
    method: 'GET',
    path: 'user/getButtonValue',
    access: 'user',
    summary: "The user's quick-stake buttons (Game and Casino).",
    response: z.array(buttonValue),
  },
  setButtonValue: {
    method: 'POST',
    path: 'user/setButtonValue',
    access: 'user',
    summary: "Replace the user's buttons of each type present in the array.",
    request: setButtonValueRequest,
    response: z.array(buttonValue),
  },
  setLanguage: {
    method: 'POST',
    path: 'user/setLanguage',
    access: 'user',
    summary: "Remember the bettor's display language (en or hi) for their next sign-in.",
    request: setLanguageRequest,
    response: languageSetting,
  },
  getExposureDetail: {
    method: 'GET',
    path: 'bet/getExposureDetail',
    access: 'user',
    key: 'read',
    summary: 'Markets holding exposure, in data.data.',
    response: exposureDetail,
  },
});
