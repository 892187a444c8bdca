/** Query keys of the session-wide data, shared by the login page (cache priming) and the console. */
export const sessionKeys = {
  currentUser: ['session', 'currentUser'] as const,
  userAuth: ['session', 'userAuth'] as const,
  accountDetail: ['session', 'accountDetail'] as const,
  accountBaseInfo: ['session', 'accountBaseInfo'] as const,
  /** Whether billing applies to the account (`checkBill`): the console's one billing decision. */
  checkBill: ['session', 'checkBill'] as const,
  /** The signed-in user's login protection: the one key of `get-mfa-status`. */
  mfaStatus: ['session', 'mfaStatus'] as const,
};
