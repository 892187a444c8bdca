/**
 * Method and path of every API route, free of any schema library so that clients can import them
 * without the schemas. Paths are the spec's (section 7) after the base prefix of
 * API-CONVENTIONS.md. The route table (`routes.ts`) adds schemas and access rules to each entry.
 */
type TMethod = 'GET' | 'POST';
type TPathDef = { readonly method: TMethod; readonly path: string };

function def<const M extends TMethod, const P extends string>(method: M, path: P) {
  return { method, path } as const satisfies TPathDef;
}

export const apiPaths = {
  // console meta and operations
  meta: def('GET', '/api/meta'),
  healthz: def('GET', '/healthz'),
  readyz: def('GET', '/readyz'),
  // login and logout ("no prefix")
  login: def('POST', '/api/login'),
  logout: def('POST', '/api/logout'),
  // user
  getCurrentUser: def('POST', '/api/portal/user/getCurrentUser'),
  getUserAuth: def('GET', '/api/portal/user/getUserAuth'),
  getPwdErrorTimes: def('GET', '/api/portal/user/getPwdErrorTimes'),
  bindEmail: def('POST', '/api/portal/user/bindEmail'),
  // account
  getAccountDetail: def('GET', '/api/portal/account/getAccountDetail'),
  getAccountBaseInfo: def('POST', '/api/portal/account/getAccountBaseInfo'),
  // verification codes and captcha (spec section 7 "Common")
  generateImageCaptcha: def('POST', '/api/portal/common/generateImageCaptcha'),
  sendAuthCode: def('POST', '/api/portal/common/sendAuthCode'),
  checkAuthCode: def('POST', '/api/portal/common/checkAuthCode'),
  sendPhoneAuthCode: def('POST', '/api/portal/common/sendPhoneAuthCode'),
  sendPhoneAuthCodeWithToken: def('POST', '/api/portal/common/sendPhoneAuthCodeWithToken'),
  checkPhoneAuthCode: def('POST', '/api/portal/common/checkPhoneAuthCode'),
  sendAuthCodeForUnregistered: def('POST', '/api/portal/common/sendAuthCodeForUnregistered'),
  countries: def('GET', '/api/meta/countries'),
  // login protection (spec section 7 "MFA")
  getMfaCode: def('POST', '/api/portal/mfa/getMfaCode'),
  modifyMfaStatus: def('POST', '/api/portal/mfa/modifyMfaStatus'),
  resetMfaCode: def('POST', '/api/portal/mfa/resetMfaCode'),
  getMfaStatus: def('GET', '/api/portal/mfa/status'),
  createMfaChallenge: def('POST', '/api/portal/mfa/challenge'),
  sendLoginCode: def('POST', '/api/portal/mfa/sendLoginCode'),
  getMfaPolicy: def('GET', '/api/portal/mfa/policy'),
  saveMfaPolicy: def('POST', '/api/portal/mfa/policy'),
  // development only (absent in production mode)
  devOutbox: def('GET', '/api/dev/outbox'),
} as const;

export type TApiPaths = typeof apiPaths;
export type TRouteId = keyof TApiPaths;
