/**
 * The limits the light public pages read (spec sections 5 and 9): what the login form checks, how
 * many recent accounts it keeps, how long the language cookie lives, how long a chunk may take to
 * load. A module of their own, so that the web app's first load carries these and not every
 * limit of every screen; `Limits` holds them with the rest (decision 0008).
 */
export const LightLimits = {
  accountNameMax: 64,
  usernameMin: 5,
  usernameMax: 32,
  /** Upper bound accepted on the login path, so that hashing input stays bounded. */
  loginPasswordMax: 128,
  captchaMax: 10,
  codeLength: 6,
  recentAccounts: 10,
  langCookieDays: 30,
  chunkLoadTimeoutMs: 120 * 1000,
} as const;
