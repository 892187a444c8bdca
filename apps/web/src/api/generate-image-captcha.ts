/**
 * POST /api/portal/common/generateImageCaptcha: a new single-use image captcha `{ id, imageBase64 }`
 * (the picture as a data URL). A plain fetcher: the light pages use it too.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const generateImageCaptchaEndpoint = endpoint(
  'generateImageCaptcha',
  'POST',
  '/api/portal/common/generateImageCaptcha',
);

export type TCaptcha = TRouteData<'generateImageCaptcha'>;

/** What a captcha-guarded request carries. */
export type TCaptchaAnswer = { captchaId: string; captchaCode: string };

export function generateImageCaptcha(): Promise<TCaptcha> {
  return callApi(generateImageCaptchaEndpoint, { hints: false });
}
