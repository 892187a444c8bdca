/**
 * The auth module's public side for other modules: completing a sign-in proven elsewhere (single
 * sign-on, third parties), the counts of a sign-in name, authenticating a session, ending a user's
 * sessions, and session retention.
 */
export {
  attemptKey,
  finishLogin,
  finishPasskeyLogin,
  getPasswordErrorTimes,
  type TLoginResult,
} from './auth.service';
export { deleteEndedSessions, revokeAccountSessions, revokeUserSessions } from './session.repository';
export { authenticate, sessionTimeouts } from './session.service';
/** The sign-in lock of a user, read and lifted by the back office's support (issue 40). */
export {
  signInLockOf,
  signInLocksOf,
  type TSignInLock,
  type TSignInNames,
  unlockSignIn,
} from './sign-in-lock.service';
