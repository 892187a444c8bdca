/** Query keys of single sign-on and third-party binding. */
export const ssoKeys = {
  config: ['sso', 'config'] as const,
  bindings: ['sso', 'bindings'] as const,
  scimTokens: ['sso', 'scimTokens'] as const,
};
