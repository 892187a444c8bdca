/** Query keys of login protection (its status has the session's key: `@/api/get-mfa-status`). */
export const mfaKeys = {
  policy: ['mfa', 'policy'] as const,
  passkeys: ['mfa', 'passkeys'] as const,
};
