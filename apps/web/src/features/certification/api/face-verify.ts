/**
 * POST /api/portal/billing/certification/faceVerify (the phone, signed in as an administrator of
 * the account): answers the address of the provider's liveness check. Without a session it fails
 * with 401 (no redirect: the face page shows the mobile sign-in).
 */
import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const faceVerifyEndpoint = endpoint('faceVerify', 'POST', '/api/portal/billing/certification/faceVerify');

export type TFaceVerifyData = TRouteData<'faceVerify'>;

export function faceVerify(token: string): Promise<TFaceVerifyData> {
  return callApi(faceVerifyEndpoint, { body: { token }, hints: false });
}
