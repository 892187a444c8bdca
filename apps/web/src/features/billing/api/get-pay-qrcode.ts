/**
 * GET /api/portal/billing/getPayQrcode (administrators): creates a top-up order with WeChat Pay
 * (at most 50,000 yuan) or Alipay and answers its QR code. 4071 (recharge failed) and the
 * validation errors come back to the form.
 */
import type { TRouteData } from '@console/contract';
import type { TPayChannel } from '@console/contract/billing-enums';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';

const getPayQrcodeEndpoint = endpoint('getPayQrcode', 'GET', '/api/portal/billing/getPayQrcode');

export type TRechargeData = TRouteData<'getPayQrcode'>;

export function getPayQrcode(params: { channel: TPayChannel; amount: string }) {
  return callApi(getPayQrcodeEndpoint, {
    query: { channel: params.channel, amount: params.amount, agreement: 'true' },
    hints: false,
  });
}

export function useGetPayQrcode() {
  return useMutation({ mutationFn: getPayQrcode });
}
