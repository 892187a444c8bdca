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

export const ZUserAuth = z.array(ZAuthVo);
export type TUserAuth = z.infer<typeof ZUserAuth>;

export const ZBindEmailRequest = z.object({ email: ZEmail });
export type TBindEmailRequest = z.infer<typeof ZBindEmailRequest>;
