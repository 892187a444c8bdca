/**
 * What every sign-in through an outside identity shares (single sign-on and third-party sign-in
 * build on it): the single-use flow, the browser binding cookie, signing in the account's user of
 * the provider's username, where the browser goes next, and the refusals.
 */
export { clearBrowserCookie, readBrowserCookie, setBrowserCookie } from './browser-cookie';
export type { TExternalUser, TFlowKind } from './external-sign-in.repository';
export {
  asSsoFailure,
  consolePathOf,
  failureMessage,
  failureRedirect,
  findAccountUser,
  flowOfState,
  isKnownSamlRequest,
  returnToOf,
  signInExternal,
  startFlow,
  successRedirect,
  type TNamedAccount,
  takeFlow,
} from './external-sign-in.service';
export { briefOf, SsoFailure, type TSsoFailureKey } from './sign-in-failure';
