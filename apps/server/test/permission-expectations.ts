/**
 * The expected answer of every route of the contract to every kind of caller, on the caller's own
 * object and on another account's. The table is typed against the route table: a route without an
 * entry does not compile, and the matrix test fails on it as well.
 *
 * Cells are derived from each entry:
 * - anonymous callers and service users (who never hold a web session) get `unauthenticated` on
 *   `session` and `admin` routes, and the anonymous answer on `optional` and `public` routes;
 * - ordinary members get `notAdmin` on `admin` routes, else `member` (or `own`);
 * - administrators (of this account, or of the other account acting on its own objects) get `own`;
 * - every signed-in caller addressing another account's object gets `foreign`.
 *
 * `object` says what "another account's object" means for the route: `none` (the route only
 * reads the caller's own account: the cell repeats the own request), `account` (the request names
 * the other account's id or name), `item` (the request names another account's user, role,
 * instance, webhook, statement, order, file or change, under the caller's own account id).
 */
import { randomBytes } from 'node:crypto';
import type { TAccess, TRouteId } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod } from '@console/contract/enums';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../src/context';
import { multipart, samples } from '../src/modules/billing/uploads/upload.fixtures';
import { insertToken } from '../src/modules/scim/scim.repository';
import { findInstanceById } from '../src/modules/service';
import { freshInvitation } from './invitation-fixture';
import type { TSide, TWorld } from './permission-fixture';
import { freshShare, recentJobId } from './share-fixture';

/** A class of answer: a named code or a business code of the contract. */
export type TOutcome =
  | 'ok'
  | 'unauthenticated'
  | 'notAdmin'
  | 'forbidden'
  | 'notFound'
  | 'badRequest'
  | 'redirect'
  | 'file'
  | number;

export type TRequestParts = {
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | readonly (string | number)[]>;
  body?: unknown;
  params?: Record<string, string>;
  /** A raw body with its content type (multipart uploads, provider notifications). */
  raw?: { payload: Buffer | string; contentType: string };
};

export type TTools = {
  deps: TDeps;
  world: TWorld;
  freshUser(accountId: number): Promise<number>;
  freshWebhook(accountId: number): Promise<number>;
  freshChange(accountId: number, userId: number): Promise<number>;
  freshInstance(accountId: number): Promise<number>;
  freshServiceUser(accountId: number): Promise<number>;
  /** A phone number no request used before. */
  phone(): string;
  captcha(): Promise<{ captchaId: string; captchaCode: string }>;
  /** A live proof of a verified code of the user (what checkAuthCode answers). */
  checkToken(accountId: number, userId: number, purpose: TAuthMethod): Promise<string>;
};

/** Builds a request addressing the objects of `o`, under the account id `accountId`. */
export type TBuilder = (o: TSide, accountId: number, t: TTools) => TRequestParts | Promise<TRequestParts>;

export type TExpectation = {
  access: TAccess;
  object: 'none' | 'account' | 'item';
  request?: TBuilder;
  own: TOutcome;
  foreign?: TOutcome;
  member?: TOutcome;
  memberForeign?: TOutcome;
  /** Optional routes without a session. */
  anonymous?: TOutcome;
  /**
   * Why this route's refusal leaves a record (a failed sign-in in the audit log, a payment order
   * the provider refused): then only audit entries of failures and the named tables may change.
   */
  recordsRefusal?: { reason: string; tables: readonly string[] };
};

const none = (access: TAccess, own: TOutcome, extra: Partial<TExpectation> = {}): TExpectation => ({
  access,
  object: 'none',
  own,
  ...extra,
});

const page = { pageNo: 1, pageSize: 10 };

/** A live SCIM provisioning token of the account (decision 0031); answers its id. */
function freshScimToken(deps: TDeps, accountId: number): Promise<number> {
  return insertToken(deps.db, {
    accountId,
    name: 'matrix',
    tokenHash: randomBytes(32),
    prefix: 'scim_matrix',
    createdBy: 0,
    now: deps.clock.now(),
  });
}
/** A proof of a verified code that no one issued: the route must refuse it (or the caller first). */
const proof = { authcodetoken: 'matrix-unknown-proof', authcodetype: 'SMS' };

/** An authenticator's answer to a challenge nobody issued. */
function unknownCredential(kind: 'attestationObject' | 'authenticatorData') {
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge: 'matrix-none' }),
  ).toString('base64url');
  return {
    id: 'bWF0cml4',
    rawId: 'bWF0cml4',
    type: 'public-key',
    clientExtensionResults: {},
    response:
      kind === 'attestationObject'
        ? { clientDataJSON, attestationObject: 'AAAA' }
        : { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
  };
}

function multipartPdf(): TRequestParts['raw'] {
  const { payload, headers } = multipart('proof.pdf', samples.pdf);
  return { payload, contentType: headers['content-type'] };
}

export const expectations = {
  // ---- console meta and operations ----------------------------------------------------------
  meta: none('public', 'ok'),
  healthz: none('public', 'ok'),
  readyz: none('public', 'ok'),

  // ---- sign-in ------------------------------------------------------------------------------
  login: {
    access: 'public',
    object: 'account',
    // A wrong password: the matrix must not create sessions; the refusal only counts an attempt.
    request: async (o, _a, t) => ({
      body: {
        accountDisplayName: o.accountName,
        username: o.spareUsername,
        password: 'Wrong@2026x',
        ...(await t.captcha()),
      },
    }),
    own: ErrorCode.wrongPassword,
    recordsRefusal: {
      reason: 'every failed sign-in is audited; its captcha is used up',
      tables: ['update captchas'],
    },
  },
  logout: none('session', 'ok'),
  // Active sessions: the caller's own (no object of another account to name), and an
  // administrator's view of a user's.
  listMySessions: none('session', 'ok'),
  endMySession: none('session', 'ok', { request: () => ({ body: { id: 1 } }) }),
  endMyOtherSessions: none('session', 'ok'),
  listUserSessions: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ query: { accountId, userId: o.spareId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  endUserSessions: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, userId: o.spareId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getCurrentUser: {
    access: 'session',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  // The login page's check: the user, or `user: null` without a live session (both answer 0).
  findCurrentUser: none('optional', 'ok'),
  getUserAuth: {
    access: 'session',
    object: 'account',
    request: (_o, accountId) => ({ query: { accountId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getPwdErrorTimes: {
    access: 'public',
    object: 'account',
    request: (o) => ({ query: { accountDisplayName: o.accountName, username: o.spareUsername } }),
    own: 'ok',
  },
  // Routes that need a verified code's proof refuse an unknown one before anything else.
  bindEmail: none('session', ErrorCode.verificationFailed, {
    request: (o) => ({ headers: proof, body: { email: `bound.${o.accountName}@bind.example` } }),
  }),

  // ---- account ------------------------------------------------------------------------------
  getAccountDetail: {
    access: 'session',
    object: 'account',
    request: (_o, accountId) => ({ query: { accountId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getAccountBaseInfo: {
    access: 'session',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  checkBill: {
    access: 'session',
    object: 'account',
    request: (_o, accountId) => ({ query: { accountId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getAccountCenter: none('session', 'ok'),
  updateAccountInfo: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, companyName: 'Matrix Company' } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  updateAccount: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({
      headers: proof,
      body: { accountId, phone: '13811112222', phoneCode: '86' },
    }),
    own: ErrorCode.verificationFailed,
    foreign: 'forbidden',
  },
  activateAccount: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, code: 'NOT-A-REAL-CODE' } }),
    own: ErrorCode.activationCodeInvalid,
    foreign: 'forbidden',
    recordsRefusal: { reason: 'a refused activation code is audited: guessing leaves a trace', tables: [] },
  },
  formalApplication: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({
      body: {
        accountId,
        username: 'Matrix',
        company: 'Matrix Co',
        email: 'apply@matrix.example',
        agreement: true,
      },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  updateProfile: {
    access: 'session',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, displayName: 'Matrix Person' } }),
    own: 'ok',
    foreign: 'forbidden',
  },

  // ---- verification codes and captcha -------------------------------------------------------
  generateImageCaptcha: none('public', 'ok'),
  sendAuthCode: {
    access: 'optional',
    object: 'item',
    request: async (o, accountId, t) => ({
      query: {
        accountId,
        userId: await t.freshUser(o.accountId),
        authCodeType: 'SMS',
        authSource: 'matrix',
        ...(await t.captcha()),
      },
    }),
    own: 'ok',
    // Another account's user is no one here: there is no phone to send to.
    foreign: ErrorCode.mfaTargetMissing,
    anonymous: 'ok',
  },
  checkAuthCode: {
    access: 'optional',
    object: 'item',
    request: async (o, accountId, t) => ({
      query: { accountId, userId: await t.freshUser(o.accountId), authCodeType: 'SMS', authSource: 'matrix' },
    }),
    own: ErrorCode.codeMismatch,
    foreign: ErrorCode.mfaTargetMissing,
    anonymous: ErrorCode.codeMismatch,
  },
  sendPhoneAuthCode: none('public', 'ok', {
    request: async (_o, _a, t) => ({
      body: { phone: t.phone(), phoneCode: '86', authMethod: 'UPDATE_USER_INFO', ...(await t.captcha()) },
    }),
  }),
  sendPhoneAuthCodeWithToken: none('session', 'ok', {
    request: async (_o, _a, t) => ({
      body: { phone: t.phone(), phoneCode: '86', authMethod: 'UPDATE_USER_INFO', ...(await t.captcha()) },
    }),
  }),
  checkPhoneAuthCode: none('public', ErrorCode.codeMismatch, {
    request: (_o, _a, t) => ({
      body: { phone: t.phone(), phoneCode: '86', authMethod: 'UPDATE_USER_INFO', code: '000000' },
    }),
  }),
  sendAuthCodeForUnregistered: none('public', 'ok', {
    request: async (_o, _a, t) => ({
      body: {
        authCodeType: 'EMAIL',
        email: `${t.phone()}@unregistered.example`,
        authMethod: 'REGISTER_FORM',
        ...(await t.captcha()),
      },
    }),
  }),
  countries: none('public', 'ok'),

  // ---- login protection ---------------------------------------------------------------------
  getMfaCode: {
    access: 'optional',
    object: 'account',
    request: (o) => ({
      body: { accountName: o.accountName, userName: o.spareUsername, mfaMethodType: 'GA' },
    }),
    own: 'badRequest',
    anonymous: 'badRequest',
  },
  // No authenticator is set up for these users: the method is refused as a field error.
  modifyMfaStatus: none('session', 'badRequest', {
    request: () => ({ body: { enable: false, mfaMethodType: 'GA', uniqueId: 'none', code: '000000' } }),
  }),
  resetMfaCode: none('session', 'badRequest'),
  getMfaStatus: none('session', 'ok'),
  createMfaChallenge: none('session', 'ok'),
  sendLoginCode: none('public', ErrorCode.challengeExpired, {
    request: async (_o, _a, t) => ({
      body: { uniqueId: 'no-such-challenge', authCodeType: 'SMS', ...(await t.captcha()) },
    }),
  }),
  // Passkeys: the caller's own (a passkey id of anyone else is simply not found).
  listPasskeys: none('session', 'ok'),
  passkeyRegistrationOptions: none('session', ErrorCode.verificationFailed, {
    request: () => ({ headers: proof }),
  }),
  registerPasskey: none('session', ErrorCode.passkeyChallengeExpired, {
    request: () => ({ body: { name: 'Matrix key', credential: unknownCredential('attestationObject') } }),
  }),
  renamePasskey: none('session', 'notFound', { request: () => ({ body: { id: 1, name: 'Matrix key' } }) }),
  removePasskey: none('session', ErrorCode.verificationFailed, {
    request: () => ({ headers: proof, body: { id: 1 } }),
  }),
  passkeySignInOptions: {
    access: 'public',
    object: 'account',
    request: (o) => ({ body: { accountDisplayName: o.accountName } }),
    own: ErrorCode.passkeySignInDisabled,
  },
  passkeySignIn: {
    access: 'public',
    object: 'account',
    request: (o) => ({
      body: { accountDisplayName: o.accountName, credential: unknownCredential('authenticatorData') },
    }),
    own: ErrorCode.passkeyChallengeExpired,
  },
  getMfaPolicy: none('session', 'ok'),
  saveMfaPolicy: none('admin', 'ok', { request: () => ({ body: { required: false } }) }),

  // ---- passwords ----------------------------------------------------------------------------
  getPasswordPolicy: {
    access: 'optional',
    object: 'account',
    request: (o) => ({ query: { accountName: o.accountName } }),
    own: 'ok',
    anonymous: 'ok',
  },
  savePasswordPolicy: none('admin', 'ok', {
    request: () => ({ body: { requiredCharTypes: ['DIGIT', 'LOWERCASE'], minLength: 8, expireDays: 0 } }),
  }),
  changePassword: none('session', ErrorCode.oldPasswordWrong, {
    request: () => ({ body: { oldPassword: 'Wrong@2026old', newPassword: 'Matrix@2026new' } }),
  }),
  resetPassword: {
    access: 'session',
    object: 'item',
    // Another user's password: an administrator, with a proof of their own verified code.
    request: async (o, accountId, t) => {
      const caller = accountId === t.world.a.accountId ? t.world.a : t.world.b;
      return {
        headers: {
          authcodetoken: await t.checkToken(accountId, caller.adminId, 'RESET_USER_PASSWORD_MODAL'),
          authcodetype: 'EMAIL',
          authmethod: 'RESET_USER_PASSWORD_MODAL',
        },
        body: { accountId, userId: o.spareId, password: 'Matrix@2026reset' },
      };
    },
    own: 'ok',
    foreign: 'forbidden',
    member: 'notAdmin',
    memberForeign: 'notAdmin',
  },

  // ---- recovery without a session -----------------------------------------------------------
  findAccount: none('public', ErrorCode.verificationFailed, {
    request: () => ({ body: { registerData: 'nobody@nowhere.example', registerType: 'email' } }),
  }),
  getUsernamesByPhoneOrEmail: {
    access: 'public',
    object: 'account',
    request: (o) => ({
      body: {
        registerData: `spare@${o.accountName}.example`,
        registerType: 'email',
        accountName: o.accountName,
      },
    }),
    own: ErrorCode.verificationFailed,
  },
  getUserByUsername: {
    access: 'public',
    object: 'account',
    request: (o) => ({ body: { accountName: o.accountName, username: o.spareUsername } }),
    own: 'ok',
  },
  resetPasswordWithoutLogin: {
    access: 'public',
    object: 'item',
    request: (o) => ({ body: { accountId: o.accountId, userId: o.spareId, password: 'Matrix@2026reset' } }),
    own: ErrorCode.verificationFailed,
  },

  // ---- registration -------------------------------------------------------------------------
  createAccount: none('public', ErrorCode.captchaInvalid, {
    request: () => ({
      body: {
        username: 'matrixnew',
        password: 'Matrix@2026new',
        phone: '13912340001',
        phoneCode: '86',
        email: 'new@matrix-registration.example',
        captchaId: 'none',
        captcheCode: 'none',
        registerCompany: 'Matrix',
        agreement: true,
      },
    }),
  }),
  createAwsMktAccount: none('public', ErrorCode.marketplaceTokenInvalid, {
    request: () => ({
      body: {
        username: 'matrixaws',
        password: 'Matrix@2026new',
        phone: '13912340002',
        phoneCode: '86',
        email: 'new@matrix-aws.example',
        captchaId: 'none',
        captcheCode: 'none',
        registerCompany: 'Matrix',
        agreement: true,
        awsMktToken: 'no-such-token',
      },
    }),
  }),
  checkAwsMktToken: none('public', ErrorCode.marketplaceTokenInvalid, {
    request: () => ({ query: { awsMktToken: 'no-such-token' } }),
  }),
  receiveAwsMktBuyer: none('public', 'redirect', {
    request: () => ({
      raw: {
        payload: 'x-amzn-marketplace-token=no-such-token',
        contentType: 'application/x-www-form-urlencoded',
      },
    }),
  }),
  updateRegistrationInfo: none('public', 'forbidden', {
    request: () => ({ body: { id: 1, registrationKey: 'no-such-key', registrationInfo: '{}' } }),
  }),

  // ---- contact changes confirmed by the user -------------------------------------------------
  updateUserWithConfirm: {
    access: 'admin',
    object: 'item',
    // With the administrator's proof of identity (an UPDATE_USER_INFO code of their own).
    request: async (o, accountId, t) => {
      const caller = accountId === t.world.a.accountId ? t.world.a : t.world.b;
      return {
        headers: {
          authcodetoken: await t.checkToken(accountId, caller.adminId, 'UPDATE_USER_INFO'),
          authcodetype: 'EMAIL',
          authmethod: 'UPDATE_USER_INFO',
        },
        body: { id: o.spareId, accountId, email: `next.${o.accountName}@change.example` },
      };
    },
    own: 'ok',
    foreign: 'notFound',
  },
  getUserUpdateInfoByConfirmToken: none('public', ErrorCode.confirmLinkInvalid, {
    request: () => ({ query: { token: 'no-such-token' } }),
  }),
  updateUserByConfirmToken: none('public', ErrorCode.confirmLinkInvalid, {
    request: () => ({ query: { token: 'no-such-token' } }),
  }),
  listPendingChanges: none('admin', 'ok'),
  revokePendingChange: {
    access: 'admin',
    object: 'item',
    request: async (o, _a, t) => ({ body: { id: await t.freshChange(o.accountId, o.spareId) } }),
    own: 'ok',
    foreign: 'notFound',
  },

  // ---- users and roles ----------------------------------------------------------------------
  userList: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, ...page } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  addUser: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({
      body: {
        accountId,
        username: `matrix_${Math.random().toString(36).slice(2, 10)}`,
        password: 'Matrix@2026new',
      },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  addManagedUser: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({
      body: {
        accountId,
        username: `managed_${Math.random().toString(36).slice(2, 10)}`,
        password: 'Matrix@2026new',
      },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  updateUser: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { id: o.spareId, accountId, displayName: 'Renamed Spare' } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  updateUserStatus: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, ids: [await t.freshUser(o.accountId)], status: 0 },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  checkUserSyncStatus: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ query: { accountId, id: o.spareId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  retryUserSync: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, ids: [o.spareId] } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  deleteUser: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({ body: { accountId, ids: [await t.freshUser(o.accountId)] } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  deleteManagedUser: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, ids: [await t.freshServiceUser(o.accountId)] },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  recoverManagedUser: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, ids: [await t.freshServiceUser(o.accountId)] },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  recoverUser: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({ body: { accountId, ids: [await t.freshUser(o.accountId)] } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  resetManagedUserPassword: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, id: await t.freshServiceUser(o.accountId), password: 'Matrix@2026reset' },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  resetUserMfa: {
    access: 'admin',
    object: 'item',
    // A fresh user with an authenticator bound, and the administrator's proof of their own code.
    request: async (o, accountId, t) => {
      const caller = accountId === t.world.a.accountId ? t.world.a : t.world.b;
      const userId = await t.freshUser(o.accountId);
      await t.deps.db.execute(
        sql`update users set mfa_enabled = true, mfa_method = 'GA', totp_secret = 'sealed' where id = ${userId}`,
      );
      return {
        headers: {
          authcodetoken: await t.checkToken(accountId, caller.adminId, 'RESET_USER_MFA'),
          authcodetype: 'EMAIL',
          authmethod: 'RESET_USER_MFA',
        },
        body: { accountId, userId, reason: 'Lost the phone with the authenticator' },
      };
    },
    own: 'ok',
    foreign: 'forbidden',
  },
  checkProperties: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, id: o.spareId, username: 'matrix_free_name' } }),
    own: 'ok',
    foreign: 'ok',
  },
  fetchUser: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ query: { accountId, id: o.spareId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  userOwnedResources: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ query: { accountId, ids: String(o.spareId) } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  checkTenantAdmin: {
    access: 'session',
    object: 'item',
    request: (o, accountId) => ({ query: { accountId, userId: o.spareId } }),
    own: 'ok',
    foreign: 'forbidden',
    member: 'notAdmin',
    memberForeign: 'notAdmin',
  },
  // ---- invitations (administrators resend and revoke; the link's holder reads and accepts) ----
  resendInvitation: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, id: await freshInvitation(t.deps, o.accountId) },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  revokeInvitation: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, id: await freshInvitation(t.deps, o.accountId) },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getInvitation: none('public', ErrorCode.invitationInvalid, {
    request: (o) => ({ query: { userId: o.spareId, token: 'no-such-token' } }),
  }),
  invitationMfaCode: none('public', ErrorCode.invitationInvalid, {
    request: (o) => ({ body: { userId: o.spareId, token: 'no-such-token' } }),
  }),
  acceptInvitation: none('public', ErrorCode.invitationInvalid, {
    request: (o) => ({ body: { userId: o.spareId, token: 'no-such-token', password: 'Matrix@2026new' } }),
  }),
  roleList: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  roleDetail: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, roleId: o.memberRoleId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  roleUserList: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, roleId: o.memberRoleId, ...page } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  grantRoleForUser: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, userId: await t.freshUser(o.accountId), roleId: o.memberRoleId },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  deleteRoleForUser: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, userId: o.spareId, roleId: o.adminRoleId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  userRoleList: {
    access: 'session',
    object: 'item',
    request: (o, accountId) => ({ query: { accountId, userId: o.spareId } }),
    own: 'ok',
    foreign: 'forbidden',
    member: 'notAdmin',
    memberForeign: 'notAdmin',
  },

  // ---- Huawei-cloud licence -----------------------------------------------------------------
  // The Huawei licence is a feature of on-premise deployments that turn it on: absent here.
  // The matrix's installation has every feature on (a route of a feature that is off answers 4107
  // to everyone: feature-flags.test.ts).
  listLicenses: none('public', 'ok'),
  activateLicense: none('public', ErrorCode.licenseInvalid, {
    request: () => ({ query: { license: 'forged' } }),
  }),

  // ---- single sign-on -----------------------------------------------------------------------
  getSsoConfig: none('admin', 'ok'),
  // SCIM provisioning tokens (decision 0031): the account's own list; a token of the other account
  // is not revoked.
  listScimTokens: none('admin', 'ok'),
  createScimToken: none('admin', 'ok', { request: () => ({ body: { name: 'matrix' } }) }),
  revokeScimToken: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, id: await freshScimToken(t.deps, o.accountId) },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  // Saving reads the provider's discovery document first; this address answers nothing.
  saveSsoConfig: none('admin', ErrorCode.ssoProviderInvalid, {
    request: () => ({
      body: {
        protocol: 'OIDC',
        enabled: false,
        oidc: {
          issuer: 'http://127.0.0.1:9/issuer',
          clientId: 'matrix-client',
          clientSecret: 'matrix-secret',
        },
      },
    }),
  }),
  testSsoConfig: none('admin', ErrorCode.ssoProviderInvalid, {
    request: () => ({
      body: {
        protocol: 'OIDC',
        enabled: false,
        oidc: {
          issuer: 'http://127.0.0.1:9/issuer',
          clientId: 'matrix-client',
          clientSecret: 'matrix-secret',
        },
      },
    }),
  }),
  ssoAccountSuite: {
    access: 'public',
    object: 'account',
    request: (o) => ({ query: { accountName: o.accountName } }),
    own: 'ok',
  },
  ssoAuthentication: {
    access: 'public',
    object: 'account',
    request: (o) => ({ query: { accountName: o.accountName } }),
    own: 'redirect',
  },
  ssoOidcCallback: none('public', 'redirect', {
    request: () => ({ query: { code: 'x', state: 'no-such-state' } }),
  }),
  ssoSamlAcs: none('public', 'redirect', {
    request: () => ({
      raw: {
        payload: 'SAMLResponse=bm90LXhtbA%3D%3D&RelayState=none',
        contentType: 'application/x-www-form-urlencoded',
      },
    }),
  }),
  ssoSamlMetadata: {
    access: 'public',
    object: 'account',
    request: (o) => ({ query: { accountName: o.accountName } }),
    own: 'file',
  },

  // ---- third-party binding ------------------------------------------------------------------
  getUserBindingConfig: none('session', 'ok'),
  userUnBinding: none('session', ErrorCode.thirdPartyUnavailable, {
    request: () => ({ body: { provider: 'wechat' } }),
  }),
  modifyThirdPartyLoginStatus: none('admin', 'ok', { request: () => ({ body: { enabled: false } }) }),
  thirdPartyBind: none('session', 'redirect', { request: () => ({ query: { provider: 'wechat' } }) }),
  thirdPartyLogin: {
    access: 'public',
    object: 'account',
    request: (o) => ({ query: { provider: 'wechat', accountName: o.accountName } }),
    own: 'redirect',
  },
  thirdPartyCallback: none('public', 'redirect', {
    request: () => ({ query: { code: 'x', state: 'no-such-state' } }),
  }),

  // ---- services and instances ---------------------------------------------------------------
  serviceList: none('session', 'ok'),
  serviceVersionList: none('session', 'ok', { request: () => ({ body: { serviceId: 1 } }) }),
  serviceCspList: none('session', 'ok'),
  serviceRegionList: none('session', 'ok', { request: () => ({ query: { csp: 'aliyun' } }) }),
  getRegionListByServiceId: none('session', 'ok', { request: () => ({ body: { serviceId: 1 } }) }),
  getAccountTags: none('session', 'ok'),
  createInstance: {
    access: 'admin',
    object: 'account',
    // The account's instance of that service and region exists already (seeded).
    request: (_o, accountId) => ({ body: { accountId, serviceId: 1, versionId: 1, regionId: 1 } }),
    own: ErrorCode.instanceExists,
    foreign: 'forbidden',
  },
  serviceInstanceList: none('session', 'ok', { request: () => ({ query: { serviceId: 1, ...page } }) }),
  getAccountInstanceList: none('session', 'ok'),
  getWorkbenchOverview: none('session', 'ok'),
  getInstanceUrl: {
    access: 'session',
    object: 'item',
    request: (o) => ({ query: { instanceId: o.instanceId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  retryInstance: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, instanceId: o.instanceId } }),
    own: ErrorCode.instanceStateInvalid,
    foreign: 'forbidden',
  },
  closeInstance: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: { accountId, instanceId: await t.freshInstance(o.accountId) },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },

  // ---- Insight users ------------------------------------------------------------------------
  insightServiceInfo: none('session', 'ok'),
  insightUserList: none('admin', 'ok', { request: () => ({ query: page }) }),
  enableInsightUsers: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, userIds: [o.spareId] } }),
    own: ErrorCode.insightNotOpened,
    foreign: 'forbidden',
  },
  disableInsightUsers: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, userIds: [o.spareId] } }),
    own: ErrorCode.insightNotOpened,
    foreign: 'forbidden',
  },
  insightUserRoles: none('session', 'ok'),
  insightUserSyncStatus: none('admin', 'ok'),

  // ---- workspaces ---------------------------------------------------------------------------
  // ---- shared job profiles (any user of the account shares; the link's holder reads) --------
  createJobProfileShare: {
    access: 'session',
    object: 'item',
    request: async (o, accountId, t) => ({
      body: {
        accountId,
        instanceId: o.instanceId,
        jobId: await recentJobId(t.deps, o.instanceId),
        expireDays: 7,
      },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  listJobProfileShares: none('session', 'ok', { request: () => ({ query: page }) }),
  revokeJobProfileShare: {
    access: 'session',
    object: 'item',
    // A link the administrator shared: a member may not revoke it (only its creator or an administrator).
    request: async (o, accountId, t) => ({
      body: {
        accountId,
        id: await freshShare(t.deps, {
          accountId: o.accountId,
          instanceId: o.instanceId,
          createdBy: o.adminId,
        }),
      },
    }),
    own: 'ok',
    member: ErrorCode.shareRevokeNotAllowed,
    foreign: 'notFound',
  },
  listInstanceJobs: {
    access: 'session',
    object: 'item',
    request: (o) => ({ query: { instanceId: o.instanceId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getSharedJobProfile: none('public', ErrorCode.shareLinkInvalid, {
    request: () => ({ query: { token: 'no-such-token' } }),
  }),
  listUserWorkspaces: {
    access: 'session',
    object: 'item',
    // Another user's workspaces: administrators of the account only.
    request: (o) => ({ body: { instanceId: o.instanceId, userId: o.spareId } }),
    own: 'ok',
    foreign: 'forbidden',
    member: 'notAdmin',
    memberForeign: 'notAdmin',
  },

  // ---- billing ------------------------------------------------------------------------------
  billingCount: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, instanceId: o.instanceId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  billingDetailList: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, instanceId: o.instanceId, ...page } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  billingDetailDownload: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, instanceId: o.instanceId, format: 'csv' } }),
    own: 'file',
    foreign: 'forbidden',
  },
  statementList: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, year: 2026, ...page } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  statementYears: none('admin', 'ok'),
  statementDetail: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, id: o.statementId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  statementDownload: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, id: o.statementId, format: 'csv' } }),
    own: 'file',
    foreign: 'forbidden',
  },
  deductionList: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, voucherId: o.voucherId, ...page } }),
    own: 'ok',
    foreign: 'ok',
  },
  voucherList: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, ...page } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  transactionList: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, ...page } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getFundsAccount: none('admin', 'ok'),
  cspRegionList: none('admin', 'ok'),
  skuList: none('admin', 'ok'),
  getPayQrcode: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({
      query: { accountId, channel: 'wechat', amount: '100', agreement: 'true' },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  getRecharge: {
    access: 'admin',
    object: 'item',
    request: (o) => ({ params: { rechargeId: o.rechargeId } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  certificationUpload: none('admin', 'ok', {
    request: () => ({ query: { fileName: 'proof.pdf', purpose: 'remittance' }, raw: multipartPdf() }),
  }),
  certificationDownload: {
    access: 'admin',
    object: 'item',
    request: (o) => ({ body: { fileId: o.uploadId } }),
    own: 'file',
    foreign: 'forbidden',
  },

  // ---- real-name verification ---------------------------------------------------------------
  personalVerify: none('admin', 'ok', {
    request: () => ({ body: { name: '张三', idNumber: '11010519491231002X' } }),
  }),
  faceVerify: none('admin', ErrorCode.faceSessionInvalid, {
    request: () => ({ body: { token: 'nosuchsession0000000' } }),
  }),
  queryFaceVerifyResult: none('admin', ErrorCode.faceSessionInvalid, {
    request: () => ({ query: { token: 'nosuchsession0000000' } }),
  }),
  // The phone back from the identity provider's page: the face token is the only key.
  faceReturn: none('public', ErrorCode.faceSessionInvalid, {
    request: () => ({ query: { faceToken: 'nosuchsession0000000' } }),
  }),
  companyVerify: {
    access: 'admin',
    object: 'item',
    request: (o) => ({
      body: {
        companyName: 'Matrix Company Limited',
        creditCode: '91350100M000100Y43',
        legalPersonName: '张三',
        legalPersonId: '11010519491231002X',
        bankAccount: '6222020200000000000',
        bankName: 'Matrix Bank',
        licenseFileId: o.licenseUploadId,
      },
    }),
    own: 'ok',
    // Another account's file is no upload of this account: the field is refused.
    foreign: 'badRequest',
  },
  certificationStatus: none('admin', 'ok'),
  remittanceInfo: none('admin', 'ok'),
  submitRemittance: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({
      body: { accountId, amount: '100', payerName: 'Matrix Payer', fileId: o.uploadId },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  remittanceList: none('admin', 'ok', { request: () => ({ body: page }) }),
  getAlert: none('admin', 'ok'),
  updateAlert: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({
      body: {
        accountId,
        isLowBalanceEnabled: true,
        lowBalanceAmount: '100',
        isSmartEnabled: false,
        recipientUserIds: [o.spareId],
        methods: ['webhook'],
        webhookIds: [o.webhookId],
      },
    }),
    own: 'ok',
    foreign: 'badRequest',
  },
  webhookList: none('admin', 'ok'),
  saveWebhook: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({
      body: {
        accountId,
        id: o.webhookId,
        name: `hook_${o.accountName}`,
        url: 'http://127.0.0.1:9/hook',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the webhook's own placeholder
        paramsTemplate: '{"text":"${alertMessage}"}',
        successKey: 'ok',
        successValue: 'true',
      },
    }),
    own: 'ok',
    foreign: 'forbidden',
  },
  deleteWebhook: {
    access: 'admin',
    object: 'item',
    request: async (o, accountId, t) => ({ body: { accountId, id: await t.freshWebhook(o.accountId) } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  testWebhook: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, id: o.webhookId } }),
    own: ErrorCode.webhookSendFailed,
    foreign: 'forbidden',
    recordsRefusal: {
      reason:
        'a failed test delivery is kept in the delivery log (kept before the attempt, then its outcome); the attempt queued against a crash mid-send is cancelled by that outcome',
      tables: ['insert webhook_deliveries', 'insert jobs', 'update webhook_deliveries', 'delete jobs'],
    },
  },
  webhookDeliveries: {
    access: 'admin',
    object: 'item',
    request: (o, accountId) => ({ body: { accountId, webhookId: o.webhookId, ...page } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  rotateWebhookSecret: {
    access: 'admin',
    object: 'item',
    // A fresh webhook that signs with Standard Webhooks (of the side the cell addresses).
    request: async (o, accountId, t) => {
      const id = await t.freshWebhook(o.accountId);
      await t.deps.db.execute(sql`update webhooks set signing_mode = 'standard' where id = ${id}`);
      return { body: { accountId, id } };
    },
    own: 'ok',
    foreign: 'forbidden',
  },

  // ---- machine API (signed; a session means nothing to it) ----------------------------------
  usageHook: none('public', 'unauthenticated', {
    request: () => ({
      body: {
        records: [
          {
            recordId: 'matrix-1',
            accountName: 'matrixalpha',
            instanceName: 'none',
            skuCode: 'none',
            workspace: 'default',
            periodStart: '2026-10-31T00:00:00Z',
            periodEnd: '2026-10-31T01:00:00Z',
            quantity: '1',
          },
        ],
      },
    }),
  }),
  // WeChat Pay's protocol: HTTP 400 with {"code":"FAIL"} for a notification without valid signature headers.
  wechatPayNotify: none('public', 400, {
    request: () => ({ raw: { payload: '{"id":"forged"}', contentType: 'application/json' } }),
  }),
  // Alipay's protocol: the text `failure` (not `success`) for a notification whose signature fails.
  alipayNotify: none('public', 'file', {
    request: () => ({
      raw: { payload: 'out_trade_no=forged&sign=forged', contentType: 'application/x-www-form-urlencoded' },
    }),
  }),

  // ---- audit log ----------------------------------------------------------------------------
  auditList: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ body: { accountId, pageSize: 10 } }),
    own: 'ok',
    foreign: 'forbidden',
  },
  auditExport: {
    access: 'admin',
    object: 'account',
    request: (_o, accountId) => ({ query: { accountId } }),
    own: 'file',
    foreign: 'forbidden',
  },

  // ---- development only ---------------------------------------------------------------------
  devOutbox: none('public', 'ok', { request: () => ({ query: { to: 'nobody@nowhere.example' } }) }),
  devPayGateway: {
    access: 'public',
    object: 'item',
    request: (o) => ({ params: { rechargeId: o.rechargeId } }),
    own: 404,
  },
  devPayConfirm: {
    access: 'public',
    object: 'item',
    request: () => ({ params: { rechargeId: 'Rnosuchorder' } }),
    own: 404,
  },
  devFacePage: none('public', ErrorCode.faceSessionInvalid, {
    request: () => ({
      params: { sessionId: 'no-such-session' },
      query: { token: 'nosuchfacetoken00000' },
    }),
  }),
  // The development platform's page of an instance: an HTML page of the account's own instance only.
  devInstancePage: {
    access: 'session',
    object: 'item',
    request: async (o, _accountId, t) => ({
      params: { instanceName: (await findInstanceById(t.deps.db, o.instanceId))?.ref.instanceName ?? '' },
    }),
    own: 'file',
    foreign: 'forbidden',
  },
  devFaceConfirm: none('public', ErrorCode.faceSessionInvalid, {
    request: () => ({
      params: { sessionId: 'no-such-session' },
      body: { token: 'nosuchfacetoken00000', outcome: 'PASS' },
    }),
  }),
} satisfies Record<TRouteId, TExpectation>;
