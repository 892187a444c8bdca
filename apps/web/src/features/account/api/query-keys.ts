/** Query keys of the account center. */
export const accountKeys = {
  passwordPolicy: ['account', 'passwordPolicy'] as const,
  pendingChanges: ['account', 'pendingChanges'] as const,
  center: ['account', 'center'] as const,
  tenantAdmin: ['account', 'tenantAdmin'] as const,
};
