/**
 * Form rules of the user dialogs (spec sections 3 and 5): username format, remark at most 256,
 * phone and e-mail format when given, a custom job title when "Customization" is chosen, and the
 * edit payload (empty phone or e-mail removed, the title from the custom text).
 */

import { checkEmail, checkPhone } from '@console/contract/contact-rules';
import { CustomJobTitle, JobTitles } from '@console/contract/job-titles';
import { Limits } from '@console/contract/limits';
import { checkUsername, type TValidationKey } from '@console/contract/rules';

export type TUserFormValues = {
  username: string;
  password?: string;
  displayName?: string;
  phone?: string;
  /** The phone's country code (86 unless the global-phone setting offers others). */
  phoneCode?: string;
  email?: string;
  /** One of the job titles, or `Customization`. */
  title?: string;
  customTitle?: string;
  remark?: string;
  isAdmin?: boolean;
};

export type TUserFormErrors = Partial<
  Record<
    'username' | 'password' | 'phone' | 'email' | 'customTitle' | 'remark',
    TValidationKey | 'customTitleRequired' | 'remarkTooLong'
  >
>;

export function checkUserForm(
  values: TUserFormValues,
  options: { isNew: boolean; required?: { phone: boolean; email: boolean } },
): TUserFormErrors {
  const errors: TUserFormErrors = {};
  if (options.isNew) {
    const username = checkUsername(values.username ?? '');
    if (username) errors.username = username;
    if (!values.password) errors.password = 'passwordRequired';
  }
  // The mainland format only with +86; other country codes pass (spec section 5).
  if (values.phone?.trim()) {
    const phone = checkPhone(values.phone, values.phoneCode || '86');
    if (phone) errors.phone = phone;
  } else if (options.required?.phone) errors.phone = 'phoneRequired';
  if (values.email?.trim()) {
    const email = checkEmail(values.email);
    if (email) errors.email = email;
  } else if (options.required?.email) errors.email = 'emailRequired';
  if (values.title === CustomJobTitle && !values.customTitle?.trim())
    errors.customTitle = 'customTitleRequired';
  if ((values.remark ?? '').length > Limits.remarkMax) errors.remark = 'remarkTooLong';
  return errors;
}

/** The job title sent: the chosen one, or the custom text when Customization is chosen. */
export function titleOf(values: Pick<TUserFormValues, 'title' | 'customTitle'>): string {
  if (values.title === CustomJobTitle) return values.customTitle?.trim() ?? '';
  return values.title ?? '';
}

/** Splits a stored title into the select's value and the custom text. */
export function titleFields(title: string | null): { title?: string; customTitle?: string } {
  if (!title) return {};
  return (JobTitles as readonly string[]).includes(title)
    ? { title }
    : { title: CustomJobTitle, customTitle: title };
}

/**
 * Spec section 5 in the edit dialog: the e-mail address is required in the international edition,
 * the phone number in the others, once the contacts are being edited.
 */
export function requiredContacts(isInternational: boolean, isEditingContacts: boolean) {
  return { phone: isEditingContacts && !isInternational, email: isEditingContacts && isInternational };
}

/** What changed of the contacts (for the confirm flow), compared with the user as loaded. */
export function contactChanges(
  initial: { phone: string | null; phoneCode: string; email: string | null },
  values: TUserFormValues,
): { phone?: string; phoneCode?: string; email?: string } {
  const phone = values.phone?.trim() ?? '';
  const phoneCode = values.phoneCode || '86';
  const email = values.email?.trim() ?? '';
  const isPhoneChanged = phone !== '' && (phone !== (initial.phone ?? '') || phoneCode !== initial.phoneCode);
  const isEmailChanged = email !== '' && email.toLowerCase() !== (initial.email ?? '').toLowerCase();
  return {
    ...(isPhoneChanged ? { phone, phoneCode } : {}),
    ...(isEmailChanged ? { email } : {}),
  };
}

/** The success message of a save by what waits for the user's agreement (spec section 8). */
export function savedMessageKey(changes: { phone?: string; email?: string }) {
  if (changes.phone && changes.email) return 'done.pendingBoth' as const;
  if (changes.phone) return 'done.pendingPhone' as const;
  if (changes.email) return 'done.pendingEmail' as const;
  return 'done.saved' as const;
}

/** The edit payload of spec section 3: empty phone or e-mail are removed. */
export function editPayload(id: number, values: TUserFormValues) {
  const phone = values.phone?.trim();
  const email = values.email?.trim();
  return {
    id,
    name: values.username,
    ...(values.displayName?.trim() ? { displayName: values.displayName.trim() } : {}),
    ...(phone ? { phone, ...(values.phoneCode ? { phoneCode: values.phoneCode } : {}) } : {}),
    ...(email ? { email } : {}),
    title: titleOf(values),
    comment: values.remark ?? '',
    ...(values.isAdmin === undefined ? {} : { isAdmin: values.isAdmin }),
  };
}

/** The add payload: like the edit one, with the initial password. */
export function addPayload(values: TUserFormValues) {
  const { id: _id, name: _name, comment, ...rest } = editPayload(1, values);
  return {
    ...rest,
    username: values.username.trim(),
    password: values.password ?? '',
    ...(comment ? { remark: comment } : {}),
    ...(rest.title ? {} : { title: undefined }),
    isAdmin: values.isAdmin === true,
  };
}

/** Whole days and hours left until `purgeTime`. */
export function countdownOf(purgeTime: string, now: number): { days: number; hours: number } {
  const ms = Math.max(0, new Date(purgeTime).getTime() - now);
  return { days: Math.floor(ms / 86_400_000), hours: Math.floor((ms % 86_400_000) / 3_600_000) };
}
