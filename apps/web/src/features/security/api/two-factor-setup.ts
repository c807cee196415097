import { securityEndpoints } from '@backlay/contract/bettor/security';
import type { ResponseOf } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

export type TwoFactorSetup = ResponseOf<'twoFactorSetup'>;

/** POST user/twoFactor/setup — a new secret, its otpauth URL and QR code (SVG); nothing is on yet. */
export const setupTwoFactor = (): Promise<ApiResult<TwoFactorSetup>> =>
  callEndpoint(securityEndpoints.twoFactorSetup);

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
