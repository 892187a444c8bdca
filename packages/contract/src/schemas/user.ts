import { z } from 'zod';
import { ZAuthVo } from './auth';
import { ZId, ZTimestamp } from './common';
import { ZEmail } from './verification';

/** Current user info of spec section 3 (also cached by the client as currentUserInfo). */
export const ZCurrentUser = z.object({
  id: ZId,
  name: z.string(),
  displayName: z.string(),
  accountId: ZId,
  accountName: z.string(),
  accountDisplayName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The phone's country code (`86` unless the global-phone setting allowed another). */
  phoneCode: z.string(),
  isAccountAdmin: z.boolean(),
  lastLoginTime: ZTimestamp.nullable(),
  lastLoginIp: z.string().nullable(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/**
 * The signed-in user, or `null` when the request carries no live session (none, expired or ended):
 * the login page's check, which must not answer 401 where having no session is the usual case.
 */
export const ZFoundCurrentUser = z.object({ user: ZCurrentUser.nullable() });
export type TFoundCurrentUser = z.infer<typeof ZFoundCurrentUser>;

export const ZUserAuth = z.array(ZAuthVo);
export type TUserAuth = z.infer<typeof ZUserAuth>;

export const ZBindEmailRequest = z.object({ email: ZEmail });
export type TBindEmailRequest = z.infer<typeof ZBindEmailRequest>;
