/** Query keys of login protection. */
export const mfaKeys = {
  status: ['mfa', 'status'] as const,
  policy: ['mfa', 'policy'] as const,
};
