/**
 * The payment providers of this deployment: WeChat Pay and Alipay with their configured merchant
 * settings, or, where development adapters may answer (outside production mode, or a
 * demonstration installation), the development gateway standing in for the providers that are not
 * configured. Otherwise a provider without settings is absent (null): its top-ups answer 4103.
 */
import type { TPayChannel } from '@console/contract/billing-enums';
import { apiPaths } from '@console/contract/paths';
import type { TConfig } from '../../config';
import { createAlipay, type TAlipaySettings } from './alipay';
import { createDevPayGateway, type TDevPayGateway } from './dev-gateway';
import { privateKeyOf, publicKeyOf, type TPaymentProvider } from './payment-provider';
import { createWechatPay, type TWechatPaySettings } from './wechatpay';

export type TPayments = Record<TPayChannel, TPaymentProvider | null> & {
  /** Development only: the stand-in of the providers that are not configured. */
  devGateway: TDevPayGateway | null;
};

export function createPayments(config: TConfig, now: () => Date): TPayments {
  const p = config.payments;
  const devGateway =
    config.devAdapters && (!p.wechat || !p.alipay)
      ? createDevPayGateway({
          secretKey: config.secretKey,
          merchantName: p.merchantName,
          now,
          publicUrl: () => config.publicUrl,
          timeoutMs: p.timeoutMs,
        })
      : null;

  let wechat: TPaymentProvider | null = null;
  if (p.wechat) {
    const w = p.wechat;
    const settings: TWechatPaySettings = {
      baseUrl: w.baseUrl,
      mchId: w.mchId,
      appId: w.appId,
      serialNo: w.serialNo,
      privateKey: privateKeyOf(w.privateKey),
      platformPublicKey: publicKeyOf(w.platformPublicKey),
      platformSerial: w.platformSerial,
      apiV3Key: w.apiV3Key,
      notifyUrl: w.notifyUrl ?? `${config.publicUrl}${apiPaths.wechatPayNotify.path}`,
      timeoutMs: p.timeoutMs,
    };
    wechat = createWechatPay(() => settings, now);
  } else if (devGateway) {
    wechat = createWechatPay(() => devGateway.wechatSettings(), now);
  }

  let alipay: TPaymentProvider | null = null;
  if (p.alipay) {
    const a = p.alipay;
    const settings: TAlipaySettings = {
      gatewayUrl: a.gatewayUrl,
      appId: a.appId,
      privateKey: privateKeyOf(a.privateKey),
      alipayPublicKey: publicKeyOf(a.alipayPublicKey),
      sellerId: a.sellerId,
      notifyUrl: a.notifyUrl ?? `${config.publicUrl}${apiPaths.alipayNotify.path}`,
      timeoutMs: p.timeoutMs,
    };
    alipay = createAlipay(() => settings, now);
  } else if (devGateway) {
    alipay = createAlipay(() => devGateway.alipaySettings(), now);
  }

  return { wechat, alipay, devGateway };
}
