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

export function checkUserForm(values: TUserFormValues, options: { isNew: boolean }): TUserFormErrors {
  const errors: TUserFormErrors = {};
  if (options.isNew) {
    const username = checkUsername(values.username ?? '');
    if (username) errors.username = username;
    if (!values.password) errors.password = 'passwordRequired';
  }
  if (values.phone?.trim()) {
    const phone = checkPhone(values.phone);
    if (phone) errors.phone = phone;
  }
  if (values.email?.trim()) {
    const email = checkEmail(values.email);
    if (email) errors.email = email;
  }
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

/** The edit payload of spec section 3: empty phone or e-mail are removed. */
export function editPayload(id: number, values: TUserFormValues) {
  const phone = values.phone?.trim();
  const email = values.email?.trim();
  return {
    id,
    name: values.username,
    ...(values.displayName?.trim() ? { displayName: values.displayName.trim() } : {}),
    ...(phone ? { phone } : {}),
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
