/**
 * The add-user dialog's choice between setting the initial password and sending an invitation
 * (a link to the e-mail or phone, valid 72 hours, with which the user sets the password). The
 * invitation is offered once the e-mail or phone is filled in; with both, where it goes is chosen
 * too (by default the edition's: SMS in the domestic edition, e-mail in the international one).
 */
import type { TInvitationChannel } from '@console/contract';
import { Form, type FormInstance, Radio } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getMeta } from '@/lib/meta';
import { testId } from '@/lib/test-id';
import type { TUserFormValues } from '../lib/user-form';

export type TAccessChoice = 'password' | 'invite';
export type TInvitationFormValues = TUserFormValues & {
  access?: TAccessChoice;
  inviteChannel?: TInvitationChannel;
};

const filled = (value: string | undefined) => Boolean(value?.trim());

/** Whether the form sends an invitation (chosen, and an address to send it to). */
export function isInviting(values: TInvitationFormValues): boolean {
  return values.access === 'invite' && (filled(values.email) || filled(values.phone));
}

/** The channel of the invitation: the one chosen when both addresses are there, else the one there. */
export function inviteChannelOf(values: TInvitationFormValues, isInternational: boolean): TInvitationChannel {
  const hasEmail = filled(values.email);
  const hasPhone = filled(values.phone);
  if (hasEmail && hasPhone) return values.inviteChannel ?? (isInternational ? 'EMAIL' : 'SMS');
  return hasEmail ? 'EMAIL' : 'SMS';
}

/** The add payload with the invitation instead of the password, when inviting. */
export function withInvitation<T extends { password?: string }>(
  payload: T,
  values: TInvitationFormValues,
  isInternational: boolean,
): Omit<T, 'password'> & { password?: string; invite?: true; inviteChannel?: TInvitationChannel } {
  if (!isInviting(values)) return payload;
  const { password: _password, ...rest } = payload;
  return { ...rest, invite: true, inviteChannel: inviteChannelOf(values, isInternational) };
}

/**
 * The choice, then `children` (the password field) unless the invitation is chosen. Without
 * `isOffered` (service users) only the children.
 */
export function InvitationChoice({
  form,
  isOffered,
  children,
}: {
  form: FormInstance<TUserFormValues>;
  isOffered: boolean;
  children: ReactNode;
}) {
  if (!isOffered) return <>{children}</>;
  return <Choice form={form}>{children}</Choice>;
}

function Choice({ form, children }: { form: FormInstance<TUserFormValues>; children: ReactNode }) {
  const { t } = useTranslation(['users']);
  const typed = form as unknown as FormInstance<TInvitationFormValues>;
  const email = Form.useWatch('email', typed);
  const phone = Form.useWatch('phone', typed);
  const access = Form.useWatch('access', typed);
  const canInvite = filled(email) || filled(phone);
  const isInternational = getMeta().edition === 'international';

  // Without an address there is nothing to invite with: back to setting a password.
  useEffect(() => {
    if (!canInvite && access === 'invite') typed.setFieldValue('access', 'password');
  }, [canInvite, access, typed]);

  return (
    <>
      <Form.Item
        name="access"
        label={t('invitation.access')}
        initialValue="password"
        extra={
          canInvite ? (access === 'invite' ? t('invitation.inviteHint') : null) : t('invitation.accessHint')
        }
      >
        <Radio.Group {...testId('user-access')}>
          <Radio value="password" {...testId('user-access-password')}>
            {t('invitation.setPassword')}
          </Radio>
          <Radio value="invite" disabled={!canInvite} {...testId('user-access-invite')}>
            {t('invitation.sendInvitation')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {access === 'invite' && filled(email) && filled(phone) ? (
        <Form.Item
          name="inviteChannel"
          label={t('invitation.channel')}
          initialValue={isInternational ? 'EMAIL' : 'SMS'}
        >
          <Radio.Group {...testId('user-invite-channel')}>
            <Radio value="EMAIL">{t('invitation.byEmail')}</Radio>
            <Radio value="SMS">{t('invitation.bySms')}</Radio>
          </Radio.Group>
        </Form.Item>
      ) : null}
      {access === 'invite' && canInvite ? null : children}
    </>
  );
}
