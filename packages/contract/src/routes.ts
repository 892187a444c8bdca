/**
 * The route table: every API route with its method, path, access rule, request and response
 * schemas and the business codes it may answer. The server registers its handlers against this
 * table, the OpenAPI document is generated from it, and the permission tests iterate it.
 */
import type { z } from 'zod';
import { apiPaths, type TApiPaths, type TRouteId } from './api-paths';
import { ErrorCode } from './codes';
import { ZAccountBaseInfo, ZAccountBody, ZAccountDetail, ZAccountQuery } from './schemas/account';
import { ZLoginRequest, ZLoginResponse, ZPwdErrorTimes, ZPwdErrorTimesQuery } from './schemas/auth';
import { ZNull } from './schemas/common';
import { ZHealth, ZMeta } from './schemas/meta';
import {
  ZAuthCodeTokenHeaders,
  ZGetMfaCodeRequest,
  ZMfaChallenge,
  ZMfaCode,
  ZMfaPolicy,
  ZMfaState,
  ZModifyMfaStatusRequest,
  ZOptionalAuthCodeTokenHeaders,
  ZOptionalAuthMethodHeaders,
  ZSendLoginCodeRequest,
} from './schemas/mfa';
import { ZBindEmailRequest, ZCurrentUser, ZUserAuth } from './schemas/user';
import {
  ZAuthMethodHeaders,
  ZCaptcha,
  ZCheckAuthCodeQuery,
  ZCheckCodeHeaders,
  ZCheckPhoneAuthCodeBody,
  ZCheckResult,
  ZCountryList,
  ZOutbox,
  ZOutboxQuery,
  ZSendAuthCodeQuery,
  ZSendCodeResult,
  ZSendForUnregisteredBody,
  ZSendPhoneAuthCodeBody,
} from './schemas/verification';

const codeErrors = [
  ErrorCode.codeAlreadyUsed,
  ErrorCode.verificationFailed,
  ErrorCode.codeMismatch,
  ErrorCode.tooManyVerifications,
];
const sendErrors = [
  ErrorCode.sendCodeFailed,
  ErrorCode.callLimitExceeded,
  ErrorCode.captchaRequired,
  ErrorCode.captchaInvalid,
];

/**
 * public: no session needed; optional: a session is used when present (else the request names
 * its subject itself); session: any signed-in user; admin: account administrators only.
 */
export type TAccess = 'public' | 'optional' | 'session' | 'admin';

export type TRouteDef = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: TAccess;
  readonly summary: string;
  readonly tag: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Headers the route reads (lower-case names). */
  readonly headers?: z.ZodType;
  readonly response: z.ZodType;
  /** Present only outside production mode. */
  readonly devOnly?: boolean;
  /** Business codes (HTTP 200 with the code in the body) this route may answer. */
  readonly codes?: readonly number[];
};

type TRouteExtras = Omit<TRouteDef, 'method' | 'path'>;

function route<const P extends TApiPaths[TRouteId], const E extends TRouteExtras>(path: P, extras: E): P & E {
  return { ...path, ...extras };
}

export const routes = {
  meta: route(apiPaths.meta, {
    access: 'public',
    tag: 'meta',
    summary: 'Console meta: edition, deployment mode, feature flags and support contacts',
    response: ZMeta,
  }),
  healthz: route(apiPaths.healthz, {
    access: 'public',
    tag: 'ops',
    summary: 'The process is up',
    response: ZHealth,
  }),
  readyz: route(apiPaths.readyz, {
    access: 'public',
    tag: 'ops',
    summary: 'The database answers (503 when it does not)',
    response: ZHealth,
  }),
  login: route(apiPaths.login, {
    access: 'public',
    tag: 'auth',
    summary:
      'Sign in with account name, username and password; answers a session token, or the second-factor requirement',
    body: ZLoginRequest,
    response: ZLoginResponse,
    codes: [
      ErrorCode.wrongPassword,
      ErrorCode.userDisabled,
      ErrorCode.userDeleted,
      ErrorCode.serviceUserNoWebLogin,
      ErrorCode.accountUnavailable,
      ErrorCode.passwordMustReset,
      ErrorCode.captchaRequired,
      ErrorCode.captchaInvalid,
      ErrorCode.mfaDecryptFailed,
      ErrorCode.mfaTargetMissing,
      ...codeErrors,
    ],
  }),
  logout: route(apiPaths.logout, {
    access: 'session',
    tag: 'auth',
    summary: 'Sign out: ends the session on the server and clears the cookie',
    response: ZNull,
  }),
  getCurrentUser: route(apiPaths.getCurrentUser, {
    access: 'session',
    tag: 'user',
    summary: 'The signed-in user',
    body: ZAccountBody,
    response: ZCurrentUser,
  }),
  getUserAuth: route(apiPaths.getUserAuth, {
    access: 'session',
    tag: 'user',
    summary: 'Resource authorisations of the signed-in user (menus are type 0)',
    query: ZAccountQuery,
    response: ZUserAuth,
  }),
  getPwdErrorTimes: route(apiPaths.getPwdErrorTimes, {
    access: 'public',
    tag: 'user',
    summary: 'Consecutive wrong passwords for an account name and username, and whether sign-in is locked',
    query: ZPwdErrorTimesQuery,
    response: ZPwdErrorTimes,
  }),
  bindEmail: route(apiPaths.bindEmail, {
    access: 'session',
    tag: 'user',
    summary:
      'Binds an e-mail address to the signed-in user, proven by a checkToken of a BIND_EMAIL code sent to it (headers `authCodeToken`, `authCodeType`)',
    body: ZBindEmailRequest,
    headers: ZAuthCodeTokenHeaders,
    response: ZCurrentUser,
    codes: codeErrors,
  }),
  getAccountDetail: route(apiPaths.getAccountDetail, {
    access: 'session',
    tag: 'account',
    summary: 'The account of the session, with its login address and remaining trial days',
    query: ZAccountQuery,
    response: ZAccountDetail,
  }),
  getAccountBaseInfo: route(apiPaths.getAccountBaseInfo, {
    access: 'session',
    tag: 'account',
    summary: 'Basic facts of the account of the session',
    body: ZAccountBody,
    response: ZAccountBaseInfo,
  }),
  generateImageCaptcha: route(apiPaths.generateImageCaptcha, {
    access: 'public',
    tag: 'verification',
    summary: 'A new image captcha (single use, valid 5 minutes)',
    response: ZCaptcha,
  }),
  sendAuthCode: route(apiPaths.sendAuthCode, {
    access: 'optional',
    tag: 'verification',
    summary:
      "Sends a 6-digit code for the purpose in `authMethod` to a user's phone or e-mail (`accountId` + `userId`, or the session's user), or to the given phone or e-mail",
    query: ZSendAuthCodeQuery,
    headers: ZAuthMethodHeaders,
    response: ZSendCodeResult,
    codes: sendErrors,
  }),
  checkAuthCode: route(apiPaths.checkAuthCode, {
    access: 'optional',
    tag: 'verification',
    summary: 'Checks a code (header `authCode`) and answers a single-use checkToken valid 10 minutes',
    query: ZCheckAuthCodeQuery,
    headers: ZCheckCodeHeaders,
    response: ZCheckResult,
    codes: codeErrors,
  }),
  sendPhoneAuthCode: route(apiPaths.sendPhoneAuthCode, {
    access: 'public',
    tag: 'verification',
    summary: 'Sends a 6-digit code by SMS to a phone number',
    body: ZSendPhoneAuthCodeBody,
    response: ZSendCodeResult,
    codes: sendErrors,
  }),
  sendPhoneAuthCodeWithToken: route(apiPaths.sendPhoneAuthCodeWithToken, {
    access: 'session',
    tag: 'verification',
    summary: 'Sends a 6-digit code by SMS to a phone number, for the signed-in user (e.g. a new phone)',
    body: ZSendPhoneAuthCodeBody,
    response: ZSendCodeResult,
    codes: sendErrors,
  }),
  checkPhoneAuthCode: route(apiPaths.checkPhoneAuthCode, {
    access: 'public',
    tag: 'verification',
    summary: 'Checks an SMS code sent to a phone number and answers a checkToken',
    body: ZCheckPhoneAuthCodeBody,
    response: ZCheckResult,
    codes: codeErrors,
  }),
  sendAuthCodeForUnregistered: route(apiPaths.sendAuthCodeForUnregistered, {
    access: 'public',
    tag: 'verification',
    summary: 'Sends a code to a phone number or e-mail address that no account has registered yet',
    body: ZSendForUnregisteredBody,
    response: ZSendCodeResult,
    codes: [...sendErrors, ErrorCode.alreadyRegistered],
  }),
  countries: route(apiPaths.countries, {
    access: 'public',
    tag: 'meta',
    summary: "Countries of the phone input with their phone codes, named in the request's language",
    response: ZCountryList,
  }),
  getMfaCode: route(apiPaths.getMfaCode, {
    access: 'optional',
    tag: 'mfa',
    summary:
      'Starts binding an authenticator app: a new secret (otpauth URI, QR code, text) for the signed-in user, or for the sign-in `uniqueId` that must bind',
    body: ZGetMfaCodeRequest,
    headers: ZOptionalAuthMethodHeaders,
    response: ZMfaCode,
    codes: [ErrorCode.verificationFailed],
  }),
  modifyMfaStatus: route(apiPaths.modifyMfaStatus, {
    access: 'session',
    tag: 'mfa',
    summary:
      'Turns login protection on or off: with an encrypted authenticator code (GA), or with a checkToken of a code sent to the phone or e-mail',
    body: ZModifyMfaStatusRequest,
    headers: ZOptionalAuthCodeTokenHeaders,
    response: ZMfaState,
    codes: [ErrorCode.mfaDecryptFailed, ErrorCode.mfaTargetMissing, ...codeErrors],
  }),
  resetMfaCode: route(apiPaths.resetMfaCode, {
    access: 'session',
    tag: 'mfa',
    summary: 'Rebinds the authenticator app after identity verification (header `authCodeToken`)',
    headers: ZAuthCodeTokenHeaders,
    response: ZMfaCode,
    codes: codeErrors,
  }),
  getMfaStatus: route(apiPaths.getMfaStatus, {
    access: 'session',
    tag: 'mfa',
    summary: "The signed-in user's login protection",
    response: ZMfaState,
  }),
  createMfaChallenge: route(apiPaths.createMfaChallenge, {
    access: 'session',
    tag: 'mfa',
    summary: 'A public key and id under which to send an authenticator code (e.g. to turn protection off)',
    response: ZMfaChallenge,
  }),
  sendLoginCode: route(apiPaths.sendLoginCode, {
    access: 'public',
    tag: 'mfa',
    summary: "Sends the second-step code of a sign-in (`uniqueId`) to the user's phone or e-mail",
    body: ZSendLoginCodeRequest,
    response: ZSendCodeResult,
    codes: [...sendErrors, ErrorCode.verificationFailed, ErrorCode.mfaTargetMissing],
  }),
  getMfaPolicy: route(apiPaths.getMfaPolicy, {
    access: 'session',
    tag: 'mfa',
    summary: 'Whether the account requires login protection of every user',
    response: ZMfaPolicy,
  }),
  saveMfaPolicy: route(apiPaths.saveMfaPolicy, {
    access: 'admin',
    tag: 'mfa',
    summary: 'Requires (or stops requiring) login protection of every user of the account',
    body: ZMfaPolicy,
    response: ZMfaPolicy,
  }),
  devOutbox: route(apiPaths.devOutbox, {
    access: 'public',
    tag: 'development',
    summary:
      'Development outbox: every e-mail and SMS the server sent, newest first (absent in production mode)',
    query: ZOutboxQuery,
    response: ZOutbox,
    devOnly: true,
  }),
} as const satisfies Record<TRouteId, TRouteDef>;

export type TRoutes = typeof routes;

type TSchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
/** Headers a client sends to a route. */
export type TRouteHeaders<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { headers: infer H } ? H : undefined
>;
type TSchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends to a route. */
export type TRouteBody<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { body: infer B } ? B : undefined
>;
export type TRouteQuery<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { query: infer Q } ? Q : undefined
>;
/** What a route answers in `data`. */
export type TRouteData<K extends TRouteId> = TSchemaOutput<TRoutes[K]['response']>;
