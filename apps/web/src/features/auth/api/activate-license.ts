/**
 * POST /api/portal/huaweiLicense/activate?license=…: activates a Huawei-cloud license (a signed
 * string); answers it with its status and times. 4030: forged or damaged; 4031: expired or released.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const activateLicenseEndpoint = endpoint('activateLicense', 'POST', '/api/portal/huaweiLicense/activate');

export type TLicense = TRouteData<'activateLicense'>;

export function activateLicense(license: string): Promise<TLicense> {
  return callApi(activateLicenseEndpoint, { query: { license }, hints: false });
}
