/**
 * Real-name verification through the development provider: personal verification with each face
 * outcome, enterprise verification with each result and manual review, trial → formal, the trial's
 * end pausing services and a pass resuming them, the daily attempts, masking and access.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EnterpriseResults,
  FaceErrorCodes,
  type TCertification,
  type TCertificationState,
  type TPersonalVerifyResult,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TTestApp,
} from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { creditCash } from '../billing';
import { pauseExpiredTrials } from '../billing/billing.jobs';
import { multipart, samples } from '../billing/uploads/upload.fixtures';
import { runCertificationCommand } from './certification.cli';

let t: TTestApp;
let dir: string;
const api = routeClient(() => t.app);
const idNumber = '11010519491231002X';
const legalPersonId = '440524188001010014';
const creditCode = '91350100M000100Y43';
let serial = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-certification-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir, CERTIFICATION_ATTEMPTS_PER_DAY: '5' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh trial account with its administrator's and member's tokens. */
async function freshAccount(options: { createdAt?: Date } = {}) {
  serial += 1;
  // Account names are letters only.
  const name = `cert${serial.toString(26).replace(/./g, (d) => String.fromCharCode(97 + Number.parseInt(d, 26)))}`;
  const account = await seedAccount(t.deps, name, options);
  return {
    account,
    admin: await signIn(t.app, name, account.admin),
    member: await signIn(t.app, name, account.member),
  };
}

async function accountRow(id: number) {
  return rowsOf<{ type: number; services_paused_at: Date | null; trial_expired_at: Date | null }>(
    await t.deps.db.execute(
      sql`select type, services_paused_at, trial_expired_at from accounts where id = ${id}`,
    ),
  )[0];
}

async function auditActions(accountId: number): Promise<string[]> {
  return rowsOf<{ action: string }>(
    await t.deps.db.execute(
      sql`select action from audit_entries where account_id = ${accountId} order by id`,
    ),
  ).map((r) => r.action);
}

async function uploadLicence(token: string, purpose = 'businessLicense'): Promise<string> {
  const body = multipart('licence.pdf', samples.pdf);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/portal/billing/certification/upload?fileName=licence.pdf&purpose=${purpose}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return envelope<{ fileId: string }>(res).data.fileId;
}

function devPage(providerUrl: string) {
  const url = new URL(providerUrl);
  return { path: url.pathname, token: url.searchParams.get('token') ?? '' };
}

/** Starts a personal verification and walks the phone to the development liveness page. */
async function startFace(admin: string) {
  const started = await api.ok<TPersonalVerifyResult>('personalVerify', admin, { name: '张三', idNumber });
  const { providerUrl } = await api.ok<{ providerUrl: string }>('faceVerify', admin, {
    token: started.face.faceToken,
  });
  return { started, providerUrl };
}

async function chooseOutcome(providerUrl: string, outcome: string) {
  const page = devPage(providerUrl);
  return t.app.inject({
    method: 'POST',
    url: page.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: page.token, outcome }).toString(),
  });
}

const company = (licenseFileId: string, companyName = 'Acme Trading Co., Ltd.') => ({
  companyName,
  creditCode,
  legalPersonName: '李四',
  legalPersonId,
  bankAccount: '6222 0210 0108 8889 999',
  bankName: 'ICBC Beijing',
  licenseFileId,
});

describe('personal verification', () => {
  it('passes through the face check on the phone: trial → formal, masked, audited', async () => {
    const { account, admin } = await freshAccount();
    const { started, providerUrl } = await startFace(admin);
    expect(started.certification).toMatchObject({
      type: 'personal',
      status: 'verifying',
      personName: '张*',
      idNumberMasked: '110105********002X',
    });
    expect(JSON.stringify(started)).not.toContain(idNumber);
    expect(started.face.faceUrl).toBe(
      `${t.deps.config.publicUrl}/faceRecognition?token=${started.face.faceToken}`,
    );
    const token = started.face.faceToken;
    expect(await api.ok('queryFaceVerifyResult', admin, { token })).toEqual({
      status: 'waiting',
      errorCode: null,
    });

    const page = await t.app.inject({ url: providerUrl.replace(t.deps.config.publicUrl, '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-outcome="PASS"');
    const done = await chooseOutcome(providerUrl, 'PASS');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/faceRecognitionSuccessful');

    expect(await api.ok('queryFaceVerifyResult', admin, { token })).toEqual({
      status: 'passed',
      errorCode: null,
    });
    expect((await accountRow(account.id))?.type).toBe(AccountType.formal);
    const state = await api.ok<TCertificationState>('certificationStatus', admin);
    expect(state).toMatchObject({ accountType: AccountType.formal, invoiceTypes: ['ordinary'] });
    expect(state.certification).toMatchObject({ status: 'passed', faceError: null });
    expect(await auditActions(account.id)).toEqual(
      expect.arrayContaining(['certification.personalVerify', 'certification.face', 'account.formal']),
    );
    // Sealed, never in clear.
    const stored = rowsOf<{ sealed_data: string }>(
      await t.deps.db.execute(sql`select sealed_data from certifications where account_id = ${account.id}`),
    );
    expect(stored[0]?.sealed_data).not.toContain(idNumber);
    expect(JSON.parse(t.deps.secrets.open(stored[0]?.sealed_data ?? '')).idNumber).toBe(idNumber);
    const audits = rowsOf<{ info: unknown }>(
      await t.deps.db.execute(sql`select info from audit_entries where account_id = ${account.id}`),
    );
    expect(JSON.stringify(audits)).not.toContain(idNumber);
    // A second personal verification is not needed.
    expect(
      envelope((await api.call('personalVerify', admin, { name: '张三', idNumber })) as never).code,
    ).toBe(ErrorCode.alreadyCertified);
    // The session is finished: the phone cannot start it again.
    expect(envelope(await api.call('faceVerify', admin, { token })).code).toBe(ErrorCode.faceSessionInvalid);
  });

  it.each(FaceErrorCodes)('ends with the face error %s and the retry address', async (code) => {
    const { account, admin } = await freshAccount();
    const { started, providerUrl } = await startFace(admin);
    const done = await chooseOutcome(providerUrl, code);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `/faceRecognition?token=${encodeURIComponent(started.face.faceToken)}&error=${code}`,
    );
    expect(await api.ok('queryFaceVerifyResult', admin, { token: started.face.faceToken })).toEqual({
      status: 'failed',
      errorCode: code,
    });
    const state = await api.ok<TCertificationState>('certificationStatus', admin);
    expect(state.certification).toMatchObject({ status: 'failed', faceError: code });
    expect((await accountRow(account.id))?.type).toBe(AccountType.trial);
  });

  it('refuses malformed ID numbers before any provider call, and unknown or expired sessions', async () => {
    const { admin } = await freshAccount();
    let calls = 0;
    const original = t.deps.identity.createFaceSession;
    t.deps.identity.createFaceSession = async (input) => {
      calls += 1;
      return original(input);
    };
    try {
      const res = await api.call('personalVerify', admin, { name: '张三', idNumber: '110105194912310021' });
      expect(res.statusCode).toBe(400);
      expect(envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors.idNumber).toBeTruthy();
      expect(calls).toBe(0);
    } finally {
      t.deps.identity.createFaceSession = original;
    }
    const unknown = await api.call('queryFaceVerifyResult', admin, { token: 'x'.repeat(32) });
    expect(envelope(unknown).code).toBe(ErrorCode.faceSessionInvalid);

    const { started } = await startFace(admin);
    t.clock.advance(11 * 60_000);
    try {
      expect(envelope(await api.call('faceVerify', admin, { token: started.face.faceToken })).code).toBe(
        ErrorCode.faceSessionInvalid,
      );
      // The unfinished check ends as "left before it finished".
      const state = await api.ok<TCertificationState>('certificationStatus', admin);
      expect(state.certification).toMatchObject({ status: 'failed', faceError: 'USER_EXIT' });
    } finally {
      t.clock.advance(-11 * 60_000);
    }
  });

  it('limits the attempts per day', async () => {
    const { account, admin } = await freshAccount();
    for (let i = 0; i < 5; i++) await api.ok('personalVerify', admin, { name: '张三', idNumber });
    const res = await api.call('personalVerify', admin, { name: '张三', idNumber });
    expect(envelope(res).code).toBe(ErrorCode.certificationAttemptsExceeded);
    expect((await api.ok<TCertificationState>('certificationStatus', admin)).attemptsLeft).toBe(0);
    // The next day counts again.
    t.clock.advance(86_400_000);
    try {
      const again = await signIn(t.app, account.name, account.admin);
      await api.ok('personalVerify', again, { name: '张三', idNumber });
    } finally {
      t.clock.advance(-86_400_000);
    }
  });

  it('answers 4037 to members and refuses another account’s face session', async () => {
    const { admin } = await freshAccount();
    const other = await freshAccount();
    const { started } = await startFace(admin);
    expect(envelope(await api.call('personalVerify', other.member, { name: '张三', idNumber })).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect(envelope(await api.call('certificationStatus', other.member)).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect(envelope(await api.call('faceVerify', other.admin, { token: started.face.faceToken })).code).toBe(
      ErrorCode.faceSessionInvalid,
    );
    expect(
      envelope(await api.call('queryFaceVerifyResult', other.admin, { token: started.face.faceToken })).code,
    ).toBe(ErrorCode.faceSessionInvalid);
  });
});

describe('enterprise verification', () => {
  const names: Record<(typeof EnterpriseResults)[number], string> = {
    CONSISTENT: 'Acme Trading Co., Ltd.',
    NOT_OPERATING_NORMALLY: 'NotOperating Trading',
    LEGAL_PERSON_MISMATCH: '法人不符贸易有限公司',
    FOUR_ELEMENTS_FAILED: 'FourElements Ltd.',
    ENTERPRISE_NOT_FOUND: 'NotFound Ltd.',
    LEGAL_PERSON_NOT_FOUND: 'NoLegalPerson Ltd.',
  };

  it.each(EnterpriseResults)('answers %s by the development rule', async (result) => {
    const { account, admin } = await freshAccount();
    const fileId = await uploadLicence(admin);
    const c = await api.ok<TCertification>('companyVerify', admin, company(fileId, names[result]));
    const passed = result === 'CONSISTENT';
    expect(c).toMatchObject({
      type: 'enterprise',
      status: passed ? 'passed' : 'failed',
      result,
      manualReview: false,
      creditCode,
      legalPersonName: '李*',
      legalPersonIdMasked: '440524********0014',
      bankAccountMasked: '***************9999',
    });
    expect(JSON.stringify(c)).not.toContain(legalPersonId);
    expect((await accountRow(account.id))?.type).toBe(passed ? AccountType.formal : AccountType.trial);
    const funds = await api.ok<{ invoiceTypes: string[] }>('getFundsAccount', admin);
    expect(funds.invoiceTypes).toEqual(passed ? ['ordinary', 'specialVat'] : ['ordinary']);
  });

  it('waits for manual review; the operator approves (formal) or rejects with a reason', async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    const first = await freshAccount();
    const c1 = await api.ok<TCertification>(
      'companyVerify',
      first.admin,
      company(await uploadLicence(first.admin), 'Manual Review Co.'),
    );
    expect(c1).toMatchObject({ status: 'verifying', manualReview: true, result: null });
    // Waiting: no second submission.
    expect(
      envelope(
        await api.call('companyVerify', first.admin, company(await uploadLicence(first.admin), 'Acme Co.')),
      ).code,
    ).toBe(ErrorCode.alreadyCertified);
    expect(await runCertificationCommand(t.deps, 'certification', ['list', '--pending'], io)).toBe(0);
    expect(out.join('\n')).toContain(`${c1.id}  verifying  manual  enterprise`);
    expect(out.join('\n')).not.toContain(legalPersonId);
    expect(await runCertificationCommand(t.deps, 'certification', ['approve', String(c1.id)], io)).toBe(0);
    expect((await accountRow(first.account.id))?.type).toBe(AccountType.formal);
    expect(await runCertificationCommand(t.deps, 'certification', ['approve', String(c1.id)], io)).toBe(1);

    const second = await freshAccount();
    const c2 = await api.ok<TCertification>(
      'companyVerify',
      second.admin,
      company(await uploadLicence(second.admin), '人工审核有限公司'),
    );
    expect(
      await runCertificationCommand(
        t.deps,
        'certification',
        ['reject', String(c2.id), 'licence', 'unreadable'],
        io,
      ),
    ).toBe(0);
    const state = await api.ok<TCertificationState>('certificationStatus', second.admin);
    expect(state.certification).toMatchObject({ status: 'failed', reason: 'licence unreadable' });
    expect(state.accountType).toBe(AccountType.trial);
    expect(await auditActions(second.account.id)).toContain('certification.reject');
  });

  it('refuses malformed credit codes, and licences that are not the account’s business licence', async () => {
    const { admin } = await freshAccount();
    const other = await freshAccount();
    const fileId = await uploadLicence(admin);
    const bad = await api.call('companyVerify', admin, {
      ...company(fileId),
      creditCode: '91350100M000100Y44',
    });
    expect(bad.statusCode).toBe(400);
    expect(envelope<{ fieldErrors: Record<string, string> }>(bad).data.fieldErrors.creditCode).toBeTruthy();
    const foreign = await api.call('companyVerify', other.admin, company(fileId));
    expect(foreign.statusCode).toBe(400);
    expect(
      envelope<{ fieldErrors: Record<string, string> }>(foreign).data.fieldErrors.licenseFileId,
    ).toBeTruthy();
    const remittance = await api.call(
      'companyVerify',
      admin,
      company(await uploadLicence(admin, 'remittance')),
    );
    expect(remittance.statusCode).toBe(400);
    // Another account's administrators cannot download the licence: 403.
    const res = await api.call('certificationDownload', other.admin, { fileId });
    expect(res.statusCode).toBe(403);
  });
});

describe('trial expiry', () => {
  it('pauses an ended trial once, audited; a passed verification resumes it', async () => {
    const createdAt = new Date(t.clock.now().getTime() - 31 * 86_400_000);
    const { account, admin } = await freshAccount({ createdAt });
    const young = await freshAccount();
    const instanceId = await seedOpenedInstance(t.deps, account.id);
    expect(await pauseExpiredTrials(t.deps)).toBe(1);
    expect(await pauseExpiredTrials(t.deps)).toBe(0);
    const row = await accountRow(account.id);
    expect(row?.services_paused_at).not.toBeNull();
    expect(row?.trial_expired_at).not.toBeNull();
    expect((await accountRow(young.account.id))?.services_paused_at).toBeNull();
    const jobs = () =>
      t.deps.db
        .execute(
          sql`select payload from jobs where kind = 'instance.pause' and (payload->>'instanceId')::bigint = ${instanceId} order by id`,
        )
        .then((r) => rowsOf<{ payload: { isPaused: boolean } }>(r).map((j) => j.payload.isPaused));
    expect(await jobs()).toEqual([true]);
    expect(await auditActions(account.id)).toContain('account.trialExpired');

    const { providerUrl } = await startFace(admin);
    await chooseOutcome(providerUrl, 'PASS');
    const after = await accountRow(account.id);
    expect(after?.type).toBe(AccountType.formal);
    expect(after?.services_paused_at).toBeNull();
    expect(await jobs()).toEqual([true, false]);
    expect(await auditActions(account.id)).toContain('account.servicesResumed');
  });

  it('a top-up resumes an ended trial, which is not paused again', async () => {
    const createdAt = new Date(t.clock.now().getTime() - 40 * 86_400_000);
    const { account } = await freshAccount({ createdAt });
    expect(await pauseExpiredTrials(t.deps)).toBe(1);
    expect((await accountRow(account.id))?.services_paused_at).not.toBeNull();
    await t.deps.db.transaction((tx) =>
      creditCash(tx, {
        accountId: account.id,
        amountFen: 10_000,
        type: 'recharge',
        channel: 'wechat',
        reference: null,
        now: t.clock.now(),
      }),
    );
    const after = await accountRow(account.id);
    expect(after?.services_paused_at).toBeNull();
    expect(after?.type).toBe(AccountType.trial);
    expect(await pauseExpiredTrials(t.deps)).toBe(0);
    expect((await accountRow(account.id))?.services_paused_at).toBeNull();
  });
});
