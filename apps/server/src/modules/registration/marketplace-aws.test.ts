/**
 * Registration from AWS Marketplace, through the AWS Marketplace test peer (every request's SigV4
 * signature checked by code of its own): the buyer's browser posts the token to the registration
 * URL, /aws-register reads the reference it is redirected with, and the account keeps the ids
 * ResolveCustomer answered. Refusals: an unknown or expired token, a marketplace that cannot answer
 * now, an AWS account that already has an account; each in both languages, each changing nothing.
 */
import { ErrorCode } from '@console/contract/codes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, knownCaptcha, type TTestApp } from '../../../test/harness';
import {
  startAwsMarketplacePeer,
  type TAwsMarketplacePeer,
} from '../../../test/provider-peers/aws-marketplace';
import { accounts, auditEntries, marketplaceArrivals } from '../../db/schema';

let t: TTestApp;
let peer: TAwsMarketplacePeer;
let nextIp = 10;

beforeAll(async () => {
  peer = await startAwsMarketplacePeer();
  t = await createTestApp({ env: { FEATURE_MARKETPLACE_REGISTER: '1', ...peer.env } });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const customer = {
  CustomerIdentifier: 'cUstOm3rId1',
  CustomerAWSAccountId: '111122223333',
  ProductCode: 'prod-7zk2lc3exmpl',
  LicenseArn: 'arn:aws:license-manager::111122223333:license:l-0123456789abcdef',
};

/** What AWS's redirect does: the buyer's browser posts the form to the registration URL. */
function arrive(form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/account/awsMktRegister',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://aws.amazon.com' },
    payload: new URLSearchParams(form).toString(),
  });
}

function check(token: string, lang = 'en-US') {
  return t.app.inject({
    url: `/api/portal/account/checkAwsMktToken?awsMktToken=${encodeURIComponent(token)}`,
    headers: { 'cz-lang': lang },
  });
}

/** The page's registration form: a verified phone code, the captcha, and the token. */
async function registerWith(token: string, phone: string, username: string, lang = 'en-US') {
  const ip = `198.51.100.${nextIp++}`;
  await t.app.inject({
    method: 'POST',
    url: '/api/portal/common/sendAuthCodeForUnregistered',
    payload: { authCodeType: 'SMS', phone, authMethod: 'REGISTER_FORM' },
    remoteAddress: ip,
  });
  const code = envelope<{ list: { code: string }[] }>(
    await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(`+86 ${phone}`)}`),
  ).data.list[0]?.code;
  const checkToken = envelope<{ checkToken: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/checkPhoneAuthCode',
      payload: { phone, authMethod: 'REGISTER_FORM', code },
      remoteAddress: ip,
    }),
  ).data.checkToken;
  const captcha = await knownCaptcha(t.deps);
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/account/createAwsMktAccount',
    headers: { authcodetoken: checkToken, 'cz-lang': lang },
    remoteAddress: ip,
    payload: {
      username,
      password: 'Market@2026',
      phone,
      agreement: true,
      awsMktToken: token,
      captchaId: captcha.captchaId,
      captcheCode: captcha.captchaCode,
    },
  });
}

async function accountCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return row?.n ?? 0;
}

describe('AWS Marketplace registration', () => {
  it('takes the form AWS posts, redirects to /aws-register with a reference, and registers with the AWS ids', async () => {
    const token = peer.issue(customer);
    const landed = await arrive({
      'x-amzn-marketplace-token': token,
      'x-amzn-marketplace-offer-type': 'free-trial',
    });
    expect(landed.statusCode).toBe(303);
    const location = new URL(String(landed.headers.location), 'https://console.example.com');
    expect(location.pathname).toBe('/aws-register');
    expect(location.searchParams.get('offerType')).toBe('free-trial');
    const reference = location.searchParams.get('token') ?? '';
    expect(reference).toMatch(/^awsmkt\.[\w-]{32}$/);
    // The token AWS posted stays on the server: neither the address nor the store holds it plainly.
    expect(String(landed.headers.location)).not.toContain(encodeURIComponent(token).slice(0, 20));
    const [held] = await t.deps.db.select().from(marketplaceArrivals);
    expect(held?.tokenSealed).not.toContain(token.slice(0, 20));

    const checked = envelope(await check(reference));
    expect(checked).toEqual({
      code: 0,
      message: expect.any(String),
      data: { customerId: 'cUstOm3rId1', productCode: 'prod-7zk2lc3exmpl', offerType: 'free-trial' },
    });
    expect(peer.resolved.at(-1)).toBe(token);

    const created = envelope<{ id: number }>(await registerWith(reference, '13912340101', 'aws_buyer'));
    expect(created.code).toBe(0);
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.id, created.data.id));
    expect(row).toMatchObject({
      marketplaceCustomerId: 'cUstOm3rId1',
      marketplaceAwsAccountId: '111122223333',
      marketplaceLicenseArn: customer.LicenseArn,
      marketplaceProductCode: 'prod-7zk2lc3exmpl',
      marketplaceCustomerIdentifier: 'cUstOm3rId1',
    });
    const [audit] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(
        sql`${auditEntries.accountId} = ${created.data.id} and ${auditEntries.action} = 'account.register'`,
      );
    expect(audit?.info).toMatchObject({
      via: 'marketplace',
      productCode: 'prod-7zk2lc3exmpl',
      awsAccountId: '111122223333',
      offerType: 'free-trial',
    });
    // The reference served its one registration.
    expect(await t.deps.db.select().from(marketplaceArrivals)).toEqual([]);
    expect(envelope(await check(reference)).code).toBe(ErrorCode.marketplaceTokenInvalid);
    expect(peer.refused).toEqual([]);
  });

  it('registers a customer without CustomerIdentifier and LicenseArn, from the token in the address', async () => {
    const token = peer.issue({ CustomerAWSAccountId: '444455556666', ProductCode: 'prod-7zk2lc3exmpl' });
    expect(envelope(await check(token)).data).toEqual({
      customerId: '444455556666',
      productCode: 'prod-7zk2lc3exmpl',
      offerType: null,
    });
    const created = envelope<{ id: number }>(await registerWith(token, '13912340102', 'aws_buyer2'));
    expect(created.code).toBe(0);
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.id, created.data.id));
    expect(row).toMatchObject({
      marketplaceCustomerId: '444455556666',
      marketplaceAwsAccountId: '444455556666',
      marketplaceLicenseArn: null,
      marketplaceCustomerIdentifier: null,
    });
  });

  it('registers an AWS account once, saying so in both languages', async () => {
    const again = peer.issue({ ...customer, CustomerIdentifier: 'cUstOm3rId9' });
    const before = await accountCount();
    const en = envelope(await check(again));
    expect(en.code).toBe(ErrorCode.marketplaceAccountRegistered);
    expect(en.message).toMatch(/AWS account already has an account/);
    expect(envelope(await check(again, 'zh-CN')).message).toMatch(/该 AWS 账户已在本控制台注册/);
    const refused = envelope(await registerWith(again, '13912340103', 'aws_twice', 'zh-CN'));
    expect(refused.code).toBe(ErrorCode.marketplaceAccountRegistered);
    expect(await accountCount()).toBe(before);
  });

  it('refuses an unknown or expired token, and says try later when AWS cannot answer, changing nothing', async () => {
    const before = await accountCount();
    const cases = [
      {
        token: 'no-such-registration-token',
        code: ErrorCode.marketplaceTokenInvalid,
        en: /invalid/,
        zh: /无效/,
      },
      {
        token: peer.issue('ExpiredTokenException'),
        code: ErrorCode.marketplaceTokenExpired,
        en: /expired/,
        zh: /已过期/,
      },
      {
        token: peer.issue('ThrottlingException'),
        code: ErrorCode.marketplaceUnavailable,
        en: /Try again in a few minutes/,
        zh: /请几分钟后再试/,
      },
      {
        token: peer.issue('InternalServiceErrorException'),
        code: ErrorCode.marketplaceUnavailable,
        en: /Try again/,
        zh: /再试/,
      },
    ];
    for (const [i, c] of cases.entries()) {
      const en = envelope(await check(c.token));
      expect(en.code, c.token).toBe(c.code);
      expect(en.message).toMatch(c.en);
      expect(envelope(await check(c.token, 'zh-CN')).message).toMatch(c.zh);
      expect(envelope(await registerWith(c.token, `1391234011${i}`, `aws_refused${i}`)).code).toBe(c.code);
    }
    expect(await accountCount()).toBe(before);
  });

  it('lets a held token lapse after an hour, and sends a form without a token to the missing-token page', async () => {
    const landed = await arrive({ 'x-amzn-marketplace-token': peer.issue(customer) });
    const reference =
      new URL(String(landed.headers.location), 'https://console.example.com').searchParams.get('token') ?? '';
    t.clock.advance(3_600_001);
    expect(envelope(await check(reference)).code).toBe(ErrorCode.marketplaceTokenExpired);
    expect(envelope(await check('awsmkt.no-such-reference')).code).toBe(ErrorCode.marketplaceTokenInvalid);
    const empty = await arrive({});
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/aws-register');
  });
});
