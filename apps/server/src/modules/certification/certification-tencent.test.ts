/**
 * Real-name verification through Tencent Cloud (IDENTITY_PROVIDER=tencent), against the local
 * Tencent peer that checks every request's TC3 signature with its own code: the face check
 * passing through the provider's page and the phone's return, each mapped face failure, a waiting
 * check settled by the background job, the enterprise four-element check's outcomes, and provider
 * failures (a wrong key, the service's own failure) that answer a clear error and change nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCertification, TFaceResult, TPersonalVerifyResult } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import { apiPaths } from '@console/contract/paths';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  signIn,
  type TTestApp,
} from '../../../test/harness';
import {
  startTencentIdentityPeer,
  type TTencentIdentityPeer,
  tencentIdentityCredentials,
} from '../../../test/provider-peers/tencent-identity';
import { IdentityError } from '../../adapters/identity';
import { createTencentIdentityProvider } from '../../adapters/identity-tencent';
import { rowsOf } from '../../db/client';
import { createJobRunner } from '../../jobs/runner';
import { multipart, samples } from '../billing/uploads/upload.fixtures';
import { providerFailure } from './certification.service';
import { faceQueryJobKind } from './certification-personal.service';
import { faceQueryJobHandlers } from './face-query.job';

let t: TTestApp;
let peer: TTencentIdentityPeer;
let dir: string;
const api = routeClient(() => t.app);
const idNumber = '11010519491231002X';
const legalPersonId = '440524188001010014';
const creditCode = '91350100M000100Y43';
const log = { warn: () => {}, info: () => {}, error: () => {} } as never;
let serial = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-certification-tencent-'));
  peer = await startTencentIdentityPeer([
    {
      creditCode,
      name: 'Acme Trading Co., Ltd.',
      legalPerson: '李四',
      legalPersonId,
      operatingStatus: '1',
    },
    {
      creditCode: '91110000600037341L',
      name: 'Closed Trading Co., Ltd.',
      legalPerson: '李四',
      legalPersonId,
      operatingStatus: '4',
    },
    {
      creditCode: '91310000MA1FL8LQ21',
      name: 'Unreadable Trading Co., Ltd.',
      legalPerson: '李四',
      legalPersonId,
      operatingStatus: '/',
    },
  ]);
  t = await createTestApp({ env: { ...peer.env, UPLOAD_DIR: dir, CERTIFICATION_ATTEMPTS_PER_DAY: '100' } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function freshAccount() {
  serial += 1;
  const name = `tcid${serial.toString(26).replace(/./g, (d) => String.fromCharCode(97 + Number.parseInt(d, 26)))}`;
  const account = await seedAccount(t.deps, name);
  return { account, admin: await signIn(t.app, name, account.admin) };
}

async function accountType(id: number): Promise<number | undefined> {
  return rowsOf<{ type: number }>(await t.deps.db.execute(sql`select type from accounts where id = ${id}`))[0]
    ?.type;
}

async function counts(accountId: number) {
  const [row] = rowsOf<{ certifications: number; sessions: number; audits: number }>(
    await t.deps.db.execute(sql`select
      (select count(*)::int from certifications where account_id = ${accountId}) as certifications,
      (select count(*)::int from face_sessions where account_id = ${accountId}) as sessions,
      (select count(*)::int from audit_entries where account_id = ${accountId} and action like 'certification.%') as audits`),
  );
  return row;
}

async function startFace(admin: string) {
  const started = await api.ok<TPersonalVerifyResult>('personalVerify', admin, { name: '张三', idNumber });
  const detect = peer.calls.filter((c) => c.action === 'DetectAuth').at(-1);
  const bizToken = [...peer.faceid.attempts.keys()].at(-1) as string;
  return { started, detect, bizToken };
}

/** The phone on the provider's page: chooses the outcome, follows the redirect back to the console. */
async function walkProviderPage(providerUrl: string, errCode: number) {
  const page = await fetch(providerUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`data-errcode="${errCode}"`);
  const chosen = await fetch(providerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `errCode=${errCode}`,
    redirect: 'manual',
  });
  expect(chosen.status).toBe(302);
  const back = new URL(chosen.headers.get('location') ?? '');
  expect(back.origin).toBe(new URL(t.deps.config.publicUrl).origin);
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
}

describe('face check through Tencent FaceID', () => {
  it('passes: DetectAuth signed with the rule, the phone opens its Url, comes back, the outcome is read', async () => {
    const { account, admin } = await freshAccount();
    const { started, detect, bizToken } = await startFace(admin);
    expect(started.certification).toMatchObject({ type: 'personal', status: 'verifying' });
    expect(detect).toMatchObject({ version: '2018-03-01', signatureFailure: null });
    expect(detect?.params).toMatchObject({
      RuleId: tencentIdentityCredentials.ruleId,
      IdCard: idNumber,
      Name: '张三',
      RedirectUrl: `${t.deps.config.publicUrl}${apiPaths.faceReturn.path}?faceToken=${started.face.faceToken}`,
      Extra: `account-${account.id}`,
    });
    // The QR code's page hands the phone Tencent's Url.
    const { providerUrl } = await api.ok<{ providerUrl: string }>('faceVerify', admin, {
      token: started.face.faceToken,
    });
    expect(providerUrl).toBe(`${peer.url}/faceid/h5/${bizToken}`);
    // The desktop polls meanwhile: the provider says the check is not finished.
    expect(
      await api.ok<TFaceResult>('queryFaceVerifyResult', admin, { token: started.face.faceToken }),
    ).toEqual({ status: 'waiting', errorCode: null });

    // Back on the result address before finishing: the face page again, nothing settled.
    const early = await t.app.inject({
      url: `${apiPaths.faceReturn.path}?faceToken=${started.face.faceToken}&token=${bizToken}`,
    });
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe(
      `/faceRecognition?token=${encodeURIComponent(started.face.faceToken)}`,
    );

    const back = await walkProviderPage(providerUrl, 0);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/faceRecognitionSuccessful');
    expect(
      await api.ok<TFaceResult>('queryFaceVerifyResult', admin, { token: started.face.faceToken }),
    ).toEqual({ status: 'passed', errorCode: null });
    expect(await accountType(account.id)).toBe(AccountType.formal);
    const reads = peer.calls.filter((c) => c.action === 'GetDetectInfoEnhanced');
    expect(reads.at(-1)?.params).toEqual({ BizToken: bizToken, RuleId: '1', InfoType: '1' });
    expect(peer.calls.every((c) => c.signatureFailure === null)).toBe(true);
  });

  it.each([
    [2016, 'NOT_SAME_PERSON'],
    [1004, 'NO_VALID_FACE'],
    [2006, 'DATA_ERROR'],
    [16, 'TOO_MANY_RETRIES'],
    [1008, 'NETWORK_ERROR'],
  ] as const)('maps ErrCode %i onto %s, on the desktop and on the phone', async (errCode, code) => {
    const { account, admin } = await freshAccount();
    const { started, bizToken } = await startFace(admin);
    peer.faceid.finish(bizToken, errCode);
    expect(
      await api.ok<TFaceResult>('queryFaceVerifyResult', admin, { token: started.face.faceToken }),
    ).toEqual({ status: 'failed', errorCode: code });
    const status = await api.ok<{ certification: TCertification | null }>('certificationStatus', admin);
    expect(status.certification).toMatchObject({ status: 'failed', faceError: code });
    expect(await accountType(account.id)).toBe(AccountType.trial);
    // The phone coming back afterwards is shown the same error.
    const back = await t.app.inject({
      url: `${apiPaths.faceReturn.path}?faceToken=${started.face.faceToken}&token=${bizToken}`,
    });
    expect(back.headers.location).toBe(
      `/faceRecognition?token=${encodeURIComponent(started.face.faceToken)}&error=${code}`,
    );
  });

  it('a waiting check is settled by the background job once the person has finished', async () => {
    const { account } = await freshAccount();
    const admin = await signIn(t.app, account.name, account.admin);
    const { started, bizToken } = await startFace(admin);
    const jobs = rowsOf<{ kind: string; payload: { faceSessionId: number } }>(
      await t.deps.db.execute(
        sql`select kind, payload from jobs where kind = ${faceQueryJobKind} and status = 'queued' order by id desc limit 1`,
      ),
    );
    expect(jobs).toHaveLength(1);
    const runner = createJobRunner(t.deps, faceQueryJobHandlers(log), log, { pollMs: 1000, heartbeatMs: 0 });
    // Not finished yet: asked, still waiting, asked again later.
    t.clock.advance(30_000);
    expect(await runner.drain()).toBeGreaterThanOrEqual(1);
    expect((await counts(account.id))?.audits).toBe(1);
    peer.faceid.finish(bizToken, 0);
    t.clock.advance(30_000);
    expect(await runner.drain()).toBeGreaterThanOrEqual(1);
    expect(await accountType(account.id)).toBe(AccountType.formal);
    expect(
      await api.ok<TFaceResult>('queryFaceVerifyResult', admin, { token: started.face.faceToken }),
    ).toEqual({ status: 'passed', errorCode: null });
    const audit = rowsOf<{ action: string; user_id: number | null }>(
      await t.deps.db.execute(
        sql`select action, user_id from audit_entries where account_id = ${account.id} and action = 'certification.face'`,
      ),
    );
    expect(audit).toEqual([{ action: 'certification.face', user_id: null }]);
  });

  it('the job asks again later when the provider cannot be reached, and settles nothing meanwhile', async () => {
    const { account, admin } = await freshAccount();
    const { started, bizToken } = await startFace(admin);
    const runner = createJobRunner(t.deps, faceQueryJobHandlers(log), log, { pollMs: 1000, heartbeatMs: 0 });
    const original = t.deps.identity.faceResult;
    t.deps.identity.faceResult = async () => {
      throw new IdentityError('UNREACHABLE', 'FaceID GetDetectInfoEnhanced: UNREACHABLE');
    };
    try {
      peer.faceid.finish(bizToken, 0);
      t.clock.advance(30_000);
      await runner.drain();
      expect(await accountType(account.id)).toBe(AccountType.trial);
    } finally {
      t.deps.identity.faceResult = original;
    }
    t.clock.advance(30_000);
    await runner.drain();
    expect(await accountType(account.id)).toBe(AccountType.formal);
    expect(
      await api.ok<TFaceResult>('queryFaceVerifyResult', admin, { token: started.face.faceToken }),
    ).toEqual({ status: 'passed', errorCode: null });
  });

  it('a check nobody finishes expires through the job (USER_EXIT)', async () => {
    const { account, admin } = await freshAccount();
    const { started } = await startFace(admin);
    const runner = createJobRunner(t.deps, faceQueryJobHandlers(log), log, { pollMs: 1000, heartbeatMs: 0 });
    for (let i = 0; i < 21; i += 1) {
      t.clock.advance(30_000);
      await runner.drain();
    }
    const status = await api.ok<{ certification: TCertification | null }>('certificationStatus', admin);
    expect(status.certification).toMatchObject({ status: 'failed', faceError: 'USER_EXIT' });
    expect(await accountType(account.id)).toBe(AccountType.trial);
    expect(
      envelope(await api.call('queryFaceVerifyResult', admin, { token: started.face.faceToken })).data,
    ).toEqual({ status: 'failed', errorCode: 'USER_EXIT' });
    // The expiry is audited, by the system.
    const audit = rowsOf<{ action: string; user_id: number | null; status: number }>(
      await t.deps.db.execute(
        sql`select action, user_id, status from audit_entries where account_id = ${account.id} and action = 'certification.face'`,
      ),
    );
    expect(audit).toEqual([{ action: 'certification.face', user_id: null, status: 0 }]);
  });
});

async function uploadLicence(token: string): Promise<string> {
  const body = multipart('licence.pdf', samples.pdf);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/billing/certification/upload?fileName=licence.pdf&purpose=businessLicense',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return envelope<{ fileId: string }>(res).data.fileId;
}

const company = (licenseFileId: string, over: Partial<Record<string, string>> = {}) => ({
  companyName: 'Acme Trading Co., Ltd.',
  creditCode,
  legalPersonName: '李四',
  legalPersonId,
  bankAccount: '6222 0210 0108 8889 999',
  bankName: 'ICBC Beijing',
  licenseFileId,
  ...over,
});

describe('enterprise check through Tencent OCR VerifyBizLicenseEnterprise4', () => {
  it.each([
    ['consistent and operating', {}, 'passed', 'CONSISTENT'],
    ['the legal person differs', { legalPersonName: '王五' }, 'failed', 'LEGAL_PERSON_MISMATCH'],
    [
      'the legal person’s ID differs',
      { legalPersonId: '11010519491231002X' },
      'failed',
      'LEGAL_PERSON_MISMATCH',
    ],
    [
      'not in the register',
      { companyName: 'Nowhere Co., Ltd.', creditCode: '91440300MA5DQ1X10Q' },
      'failed',
      'ENTERPRISE_NOT_FOUND',
    ],
    [
      'the name is another company’s',
      { companyName: 'Closed Trading Co., Ltd.' },
      'failed',
      'FOUR_ELEMENTS_FAILED',
    ],
    [
      'revoked (吊销)',
      { companyName: 'Closed Trading Co., Ltd.', creditCode: '91110000600037341L' },
      'failed',
      'NOT_OPERATING_NORMALLY',
    ],
  ] as const)('%s', async (_name, over, status, result) => {
    const { account, admin } = await freshAccount();
    const c = await api.ok<TCertification>('companyVerify', admin, company(await uploadLicence(admin), over));
    expect(c).toMatchObject({ type: 'enterprise', status, result, manualReview: false });
    expect(await accountType(account.id)).toBe(status === 'passed' ? AccountType.formal : AccountType.trial);
    const call = peer.calls.filter((x) => x.action === 'VerifyBizLicenseEnterprise4').at(-1);
    expect(call).toMatchObject({ version: '2018-11-19', signatureFailure: null });
    // The four elements only: the bank account never leaves the console.
    expect(Object.keys(call?.params ?? {}).sort()).toEqual(['CreditCode', 'EntName', 'IdNum', 'LrName']);
  });

  it('an operating status the register cannot give waits for an operator', async () => {
    const { admin } = await freshAccount();
    const c = await api.ok<TCertification>(
      'companyVerify',
      admin,
      company(await uploadLicence(admin), {
        companyName: 'Unreadable Trading Co., Ltd.',
        creditCode: '91310000MA1FL8LQ21',
      }),
    );
    expect(c).toMatchObject({ status: 'verifying', manualReview: true, result: null });
  });
});

describe('provider failures', () => {
  it('the service’s own failure (StatusCode 1) answers 4084 and records nothing', async () => {
    const { account, admin } = await freshAccount();
    peer.ocr.failing.add(creditCode);
    try {
      const res = await api.call('companyVerify', admin, company(await uploadLicence(admin)));
      expect(envelope(res).code).toBe(ErrorCode.certificationFailed);
      expect(res.body).not.toContain(legalPersonId);
    } finally {
      peer.ocr.failing.delete(creditCode);
    }
    expect(await counts(account.id)).toEqual({ certifications: 0, sessions: 0, audits: 0 });
    expect(await accountType(account.id)).toBe(AccountType.trial);
  });

  it('a wrong key: the peer refuses the signature, the console answers 4084 and records nothing', async () => {
    const { account, admin } = await freshAccount();
    const wrong = createTencentIdentityProvider({
      secretId: tencentIdentityCredentials.secretId,
      secretKey: 'not-the-key-0123456789',
      ruleId: '1',
      faceidEndpoint: peer.url,
      ocrEndpoint: peer.url,
      timeoutMs: 5000,
    });
    const saved = { ...t.deps.identity };
    Object.assign(t.deps.identity, wrong);
    const before = peer.calls.length;
    try {
      const face = await api.call('personalVerify', admin, { name: '张三', idNumber });
      expect(envelope(face).code).toBe(ErrorCode.certificationFailed);
      expect(face.body).not.toContain(idNumber);
      const firm = await api.call('companyVerify', admin, company(await uploadLicence(admin)));
      expect(envelope(firm).code).toBe(ErrorCode.certificationFailed);
    } finally {
      Object.assign(t.deps.identity, saved);
    }
    expect(peer.calls.slice(before).map((c) => c.signatureFailure)).toEqual([
      'AuthFailure.SignatureFailure',
      'AuthFailure.SignatureFailure',
    ]);
    expect(await counts(account.id)).toEqual({ certifications: 0, sessions: 0, audits: 0 });
  });

  it('the reason kept for the log names the call and Tencent’s code, not the data', async () => {
    const wrong = createTencentIdentityProvider({
      secretId: 'AKIDnobodyKnowsThis0001',
      secretKey: 'not-the-key-0123456789',
      ruleId: '1',
      faceidEndpoint: peer.url,
      ocrEndpoint: peer.url,
      timeoutMs: 5000,
    });
    const error = await wrong
      .createFaceSession({ name: '张三', idNumber, returnUrl: 'https://console.example/r', reference: 'a' })
      .catch((e: unknown) => e);
    const refusal = providerFailure(error);
    expect(refusal.code).toBe(ErrorCode.certificationFailed);
    expect(refusal.cause).toBe('identity provider: FaceID DetectAuth: AuthFailure.SecretIdNotFound');
  });

  it('an unknown BizToken on the way back is an invalid session, nothing settles', async () => {
    const res = await t.app.inject({ url: `${apiPaths.faceReturn.path}?faceToken=nosuchsession0000000` });
    expect(envelope(res).code).toBe(ErrorCode.faceSessionInvalid);
  });
});
