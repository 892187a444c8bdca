/**
 * WeChat Pay API v3, Native payment (a QR code the payer scans):
 *
 * - Requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",
 *   signature="…",timestamp="…",serial_no="…"`, the signature being RSA-SHA256 with the merchant
 *   private key over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`.
 * - Answers are verified: `Wechatpay-Signature` over `TIMESTAMP\nNONCE\nBODY\n` with the platform
 *   public key (`Wechatpay-Serial` must name it when its id is configured).
 * - Notifications carry the same signature headers (refused when older than 5 minutes) and a
 *   resource encrypted with AEAD_AES_256_GCM under the APIv3 key.
 */
import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import {
  beijingRfc3339,
  fetchWithTimeout,
  headerOf,
  PaymentError,
  PaymentNotificationError,
  rsaSign,
  rsaVerify,
  type TNotificationInput,
  type TPaymentOrder,
  type TPaymentProvider,
  type TTradeNotice,
  type TTradeState,
} from './payment-provider';

export type TWechatPaySettings = {
  /** https://api.mch.weixin.qq.com (or the development gateway). */
  baseUrl: string;
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKey: KeyObject;
  platformPublicKey: KeyObject;
  /** The platform key's id (`PUB_KEY_ID_…`) or certificate serial; null: not checked. */
  platformSerial: string | null;
  /** The APIv3 key (32 characters) that encrypts notifications. */
  apiV3Key: string;
  notifyUrl: string;
  timeoutMs: number;
};

/** Notifications older (or further ahead) than this are refused. */
export const wechatNotifyMaxAgeMs = 5 * 60_000;

type TAnswer = { status: number; text: string; json: Record<string, unknown> | null };

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function errorDetail(answer: TAnswer): string {
  const code = typeof answer.json?.code === 'string' ? answer.json.code : `HTTP_${answer.status}`;
  const message = typeof answer.json?.message === 'string' ? answer.json.message : '';
  return (message ? `${code} ${message}` : code).slice(0, 200);
}

/**
 * Encrypts a resource as WeChat Pay does for notifications (AEAD_AES_256_GCM under the APIv3 key,
 * the nonce and associated data as UTF-8): base64 of the encrypted bytes followed by the 16-byte
 * tag. The development gateway seals its notifications with it.
 */
export function encryptWechatResource(
  apiV3Key: string,
  plaintext: string,
  nonce: string,
  associatedData: string,
): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  );
}

/** Decrypts a notification resource (AEAD_AES_256_GCM: ciphertext = encrypted bytes + 16-byte tag). */
export function decryptWechatResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | null },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

function tradeStatusOf(tradeState: unknown): TTradeState['status'] {
  switch (tradeState) {
    case 'SUCCESS':
    case 'REFUND':
      return 'paid';
    case 'NOTPAY':
    case 'USERPAYING':
      return 'pending';
    default:
      return 'closed';
  }
}

function successTimeOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function amountOf(transaction: Record<string, unknown>): { total: number | null; currency: unknown } {
  const amount = transaction.amount as { total?: unknown; currency?: unknown } | undefined;
  const total = amount?.total;
  return {
    total: typeof total === 'number' && Number.isSafeInteger(total) ? total : null,
    currency: amount?.currency,
  };
}

export function createWechatPay(
  settingsOf: () => TWechatPaySettings | Promise<TWechatPaySettings>,
  now: () => Date,
): TPaymentProvider {
  async function call(method: 'GET' | 'POST', pathAndQuery: string, body?: object): Promise<TAnswer> {
    const s = await settingsOf();
    const url = new URL(s.baseUrl.replace(/\/+$/, '') + pathAndQuery);
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = rsaSign(
      s.privateKey,
      `${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${text}\n`,
    );
    const authorization =
      `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${s.serialNo}"`;
    const res = await fetchWithTimeout(
      url.toString(),
      {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'user-agent': 'data-platform-console',
        },
        ...(body === undefined ? {} : { body: text }),
      },
      s.timeoutMs,
    );
    const answerText = await res.text();
    const answer = { status: res.status, text: answerText, json: parseJson(answerText) };
    if (res.ok) {
      const ts = res.headers.get('wechatpay-timestamp');
      const answerNonce = res.headers.get('wechatpay-nonce');
      const answerSignature = res.headers.get('wechatpay-signature');
      const serial = res.headers.get('wechatpay-serial');
      const isSigned =
        ts !== null &&
        answerNonce !== null &&
        answerSignature !== null &&
        (s.platformSerial === null || serial === s.platformSerial) &&
        rsaVerify(s.platformPublicKey, `${ts}\n${answerNonce}\n${answerText}\n`, answerSignature);
      if (!isSigned) throw new PaymentError('RESPONSE_SIGNATURE_INVALID');
    }
    return answer;
  }

  async function checkedTransaction(answer: TAnswer, outTradeNo: string): Promise<TTradeState> {
    const s = await settingsOf();
    const t = answer.json ?? {};
    if (t.mchid !== s.mchId || t.appid !== s.appId) throw new PaymentError('MERCHANT_MISMATCH');
    if (t.out_trade_no !== outTradeNo) throw new PaymentError('ORDER_MISMATCH');
    const { total, currency } = amountOf(t);
    if (currency !== undefined && currency !== 'CNY') throw new PaymentError('CURRENCY_MISMATCH');
    return {
      status: tradeStatusOf(t.trade_state),
      outTradeNo,
      tradeNo: typeof t.transaction_id === 'string' ? t.transaction_id : null,
      amountFen: total,
      paidAt: successTimeOf(t.success_time),
    };
  }

  return {
    channel: 'wechat',

    async createOrder(order: TPaymentOrder) {
      const s = await settingsOf();
      const answer = await call('POST', '/v3/pay/transactions/native', {
        appid: s.appId,
        mchid: s.mchId,
        description: Buffer.from(order.subject, 'utf8')
          .subarray(0, 127)
          .toString('utf8')
          .replace(/\uFFFD+$/, ''),
        out_trade_no: order.id,
        time_expire: beijingRfc3339(order.expiresAt),
        notify_url: s.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      });
      if (answer.status !== 200) throw new PaymentError(errorDetail(answer));
      const codeUrl = answer.json?.code_url;
      if (typeof codeUrl !== 'string' || codeUrl === '') throw new PaymentError('NO_CODE_URL');
      return { codeUrl };
    },

    async queryOrder(outTradeNo: string) {
      const s = await settingsOf();
      const answer = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(s.mchId)}`,
      );
      if (
        answer.status === 404 ||
        answer.json?.code === 'ORDER_NOT_EXIST' ||
        answer.json?.code === 'ORDERNOTEXIST'
      ) {
        return { status: 'missing', outTradeNo, tradeNo: null, amountFen: null, paidAt: null };
      }
      if (answer.status !== 200) throw new PaymentError(errorDetail(answer));
      return checkedTransaction(answer, outTradeNo);
    },

    async closeOrder(outTradeNo: string) {
      const s = await settingsOf();
      const answer = await call(
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
        {
          mchid: s.mchId,
        },
      );
      if (answer.status === 204 || answer.status === 200 || answer.status === 404) return;
      throw new PaymentError(errorDetail(answer));
    },

    async readNotification(input: TNotificationInput, at: Date): Promise<TTradeNotice> {
      const s = await settingsOf();
      const timestamp = headerOf(input.headers, 'wechatpay-timestamp');
      const nonce = headerOf(input.headers, 'wechatpay-nonce');
      const signature = headerOf(input.headers, 'wechatpay-signature');
      const serial = headerOf(input.headers, 'wechatpay-serial');
      if (!timestamp || !nonce || !signature || !serial) throw new PaymentNotificationError('headers');
      if (s.platformSerial !== null && serial !== s.platformSerial)
        throw new PaymentNotificationError('serial');
      if (
        !/^\d{1,12}$/.test(timestamp) ||
        Math.abs(at.getTime() - Number(timestamp) * 1000) > wechatNotifyMaxAgeMs
      ) {
        throw new PaymentNotificationError('timestamp');
      }
      if (!rsaVerify(s.platformPublicKey, `${timestamp}\n${nonce}\n${input.body}\n`, signature)) {
        throw new PaymentNotificationError('signature');
      }
      const notice = parseJson(input.body);
      const resource = notice?.resource as
        | { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown }
        | undefined;
      if (!resource || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
        throw new PaymentNotificationError('body');
      }
      if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new PaymentNotificationError('algorithm');
      let plain: string;
      try {
        plain = decryptWechatResource(s.apiV3Key, {
          ciphertext: resource.ciphertext,
          nonce: resource.nonce,
          associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : '',
        });
      } catch {
        throw new PaymentNotificationError('decrypt');
      }
      const t = parseJson(plain);
      if (!t || typeof t.out_trade_no !== 'string') throw new PaymentNotificationError('resource');
      if (t.mchid !== s.mchId || t.appid !== s.appId) throw new PaymentNotificationError('merchant');
      const { total, currency } = amountOf(t);
      if (currency !== 'CNY' || total === null) throw new PaymentNotificationError('amount');
      return {
        channel: 'wechat',
        status: tradeStatusOf(t.trade_state),
        outTradeNo: t.out_trade_no,
        tradeNo: typeof t.transaction_id === 'string' ? t.transaction_id : null,
        amountFen: total,
        paidAt: successTimeOf(t.success_time),
      };
    },
  };
}
