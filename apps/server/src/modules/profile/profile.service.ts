/**
 * The signed-in user's own profile (issue "Administration", item 2): display name, phone and
 * e-mail. A new phone or e-mail needs two proofs: the identity check (a checkToken of an
 * UPDATE_USER_INFO code sent to the user's current phone or e-mail, headers `authCodeToken`,
 * `authCodeType`) and a checkToken of a code sent to the new target (EDIT_PHONE or EDIT_EMAIL).
 * A user with neither phone nor e-mail has nothing to verify the identity against: the session
 * and the new target's code suffice then.
 */
import type { TCurrentUser, TUpdateProfileRequest } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { checkPhone, maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TLanguage } from '@console/contract/enums';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import { getCurrentUser } from '../user/user.service';
import {
  consumeCheckToken,
  emailTarget,
  peekCheckToken,
  phoneTarget,
  type TCheckedTarget,
} from '../verification';
import { findProfile, updateProfileFields } from './profile.repository';

type TProfileInput = TUpdateProfileRequest & { identityToken?: string | undefined };

function fieldError(lang: TLanguage, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(lang, key) } },
  });
}

function requireTarget(checked: TCheckedTarget, channel: 'sms' | 'email', target: string): void {
  if (checked.channel !== channel || checked.target !== target)
    throw new AppError(ErrorCode.verificationFailed);
}

export async function updateProfile(
  deps: TDeps,
  auth: TAuth,
  input: TProfileInput,
  lang: TLanguage,
  meta: TRequestMeta,
): Promise<TCurrentUser> {
  const self = await findProfile(deps.db, auth.accountId, auth.userId);
  if (!self) throw new AppError(ErrorCode.unauthenticated);
  const currentPhone = self.phone ? phoneTarget(self.phone, self.phoneCode) : null;
  const currentEmail = self.email ? emailTarget(self.email) : null;

  const phoneCode = input.phoneCode ?? self.phoneCode;
  const newPhone = input.phone !== undefined ? phoneTarget(input.phone, phoneCode) : null;
  const isPhoneChange = newPhone !== null && newPhone !== currentPhone;
  const newEmail = input.email !== undefined ? emailTarget(input.email) : null;
  const isEmailChange = newEmail !== null && newEmail !== currentEmail;
  const isNameChange = input.displayName !== undefined && input.displayName !== self.displayName;

  const spend: { token: string; purposes: Parameters<typeof consumeCheckToken>[2] }[] = [];
  if (isPhoneChange || isEmailChange) {
    if (isPhoneChange && input.phone !== undefined) {
      const problem = checkPhone(input.phone, phoneCode);
      if (problem) throw fieldError(lang, 'phone', problem);
    }
    if (currentPhone || currentEmail) {
      if (!input.identityToken) throw new AppError(ErrorCode.verificationFailed);
      const identity = await peekCheckToken(deps, input.identityToken, ['UPDATE_USER_INFO']);
      const isOwn =
        identity.userId === auth.userId &&
        identity.accountId === auth.accountId &&
        ((identity.channel === 'sms' && identity.target === currentPhone) ||
          (identity.channel === 'email' && identity.target === currentEmail));
      if (!isOwn) throw new AppError(ErrorCode.verificationFailed);
      spend.push({ token: input.identityToken, purposes: ['UPDATE_USER_INFO'] });
    }
    if (isPhoneChange && newPhone) {
      if (!input.phoneCheckToken) throw new AppError(ErrorCode.verificationFailed);
      requireTarget(await peekCheckToken(deps, input.phoneCheckToken, ['EDIT_PHONE']), 'sms', newPhone);
      spend.push({ token: input.phoneCheckToken, purposes: ['EDIT_PHONE'] });
    }
    if (isEmailChange && newEmail) {
      if (!input.emailCheckToken) throw new AppError(ErrorCode.verificationFailed);
      requireTarget(
        await peekCheckToken(deps, input.emailCheckToken, ['EDIT_EMAIL', 'BIND_EMAIL']),
        'email',
        newEmail,
      );
      spend.push({ token: input.emailCheckToken, purposes: ['EDIT_EMAIL', 'BIND_EMAIL'] });
    }
  }
  if (!isPhoneChange && !isEmailChange && !isNameChange) return getCurrentUser(deps, auth);

  for (const { token, purposes } of spend) await consumeCheckToken(deps, token, purposes);

  const now = deps.clock.now();
  const changed: Record<string, unknown> = {};
  if (isNameChange) changed.displayName = input.displayName;
  if (isPhoneChange && input.phone !== undefined)
    changed.phone = `+${phoneCode} ${maskPhone(input.phone.trim())}`;
  if (isEmailChange && newEmail) changed.email = maskEmail(newEmail);
  await deps.db.transaction(async (tx) => {
    await updateProfileFields(
      tx,
      auth.accountId,
      auth.userId,
      {
        ...(isNameChange && input.displayName !== undefined ? { displayName: input.displayName } : {}),
        ...(isPhoneChange && input.phone !== undefined ? { phone: input.phone.trim(), phoneCode } : {}),
        ...(isEmailChange && newEmail ? { email: newEmail } : {}),
      },
      now,
    );
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'user.updateProfile',
      objectType: 'user',
      objectId: String(auth.userId),
      objectName: auth.username,
      isSuccess: true,
      info: changed,
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return getCurrentUser(deps, auth);
}
