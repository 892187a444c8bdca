/**
 * The add-user dialog's choice between setting the initial password and sending an invitation
 * (a link to the e-mail or phone, valid 72 hours, with which the user sets the password). The
 * invitation is offered once the e-mail or phone is filled in; with both, where it goes is chosen
 * too (by default the edition's: SMS in the domestic edition, e-mail in the international one).
 * A channel this installation cannot send by (production without SMTP or SMS) is not offered: its
 * choice is disabled, with the reason written under it (no tooltip: a phone cannot hover).
 */
import type { TInvitationChannel, TMeta } from '@console/contract';
import { Form, type FormInstance, Radio } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdapterConfigured } from '@/lib/adapters';
import { getMeta } from '@/lib/meta';
import { testId } from '@/lib/test-id';
import type { TUserFormValues } from '../lib/user-form';
import './invitation-choice.css';

export type TAccessChoice = 'password' | 'invite';
export type TInvitationFormValues = TUserFormValues & {
  access?: TAccessChoice;
  inviteChannel?: TInvitationChannel;
};

const filled = (value: string | undefined) => Boolean(value?.trim());

/** The channels an invitation can go by on this installation (the console meta's adapters). */
export type TInvitationChannels = Record<TInvitationChannel, boolean>;

export function invitationChannels(meta: TMeta = getMeta()): TInvitationChannels {
  return { EMAIL: isAdapterConfigured('email', meta), SMS: isAdapterConfigured('sms', meta) };
}

/** The channels the form's invitation can go by: an address filled in, by a channel there is. */
function openChannels(values: TInvitationFormValues, usable: TInvitationChannels): TInvitationChannel[] {
  const open: TInvitationChannel[] = [];
  if (filled(values.email) && usable.EMAIL) open.push('EMAIL');
  if (filled(values.phone) && usable.SMS) open.push('SMS');
  return open;
}

/** Whether the form sends an invitation (chosen, and an address to send it to by a channel there is). */
export function isInviting(
  values: TInvitationFormValues,
  usable: TInvitationChannels = invitationChannels(),
): boolean {
  return values.access === 'invite' && openChannels(values, usable).length > 0;
}

/**
 * The channel of the invitation: the one chosen when both can be, else the edition's when it can
 * be, else the one that can be.
 */
export function inviteChannelOf(
  values: TInvitationFormValues,
  isInternational: boolean,
  usable: TInvitationChannels = invitationChannels(),
): TInvitationChannel {
  const open = openChannels(values, usable);
  const preferred: TInvitationChannel = isInternational ? 'EMAIL' : 'SMS';
  if (open.length > 1) return values.inviteChannel ?? preferred;
  return open[0] ?? (filled(values.email) ? 'EMAIL' : 'SMS');
}

/** The add payload with the invitation instead of the password, when inviting. */
export function withInvitation<T extends { password?: string }>(
  payload: T,
  values: TInvitationFormValues,
  isInternational: boolean,
  usable: TInvitationChannels = invitationChannels(),
): Omit<T, 'password'> & { password?: string; invite?: true; inviteChannel?: TInvitationChannel } {
  if (!isInviting(values, usable)) return payload;
  const { password: _password, ...rest } = payload;
  return { ...rest, invite: true, inviteChannel: inviteChannelOf(values, isInternational, usable) };
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
  const { t } = useTranslation(['users', 'errors']);
  const typed = form as unknown as FormInstance<TInvitationFormValues>;
  const email = Form.useWatch('email', typed);
  const phone = Form.useWatch('phone', typed);
  const access = Form.useWatch('access', typed);
  const usable = invitationChannels();
  const values = { username: '', email, phone };
  const open = openChannels(values, usable);
  const canInvite = open.length > 0;
  // Why the addresses filled in cannot get it: in the words the server would refuse it with.
  const closed = [
    filled(email) && !usable.EMAIL ? t('4178', { ns: 'errors' }) : null,
    filled(phone) && !usable.SMS ? t('4179', { ns: 'errors' }) : null,
  ].filter((reason): reason is string => reason !== null);
  const isInternational = getMeta().edition === 'international';
  const preferred: TInvitationChannel = isInternational ? 'EMAIL' : 'SMS';

  // Without an address (or a channel to it) there is nothing to invite with: back to a password.
  useEffect(() => {
    if (!canInvite && access === 'invite') typed.setFieldValue('access', 'password');
  }, [canInvite, access, typed]);

  const reasons = (list: string[]) => (
    <span className="cz-invite-closed" {...testId('user-invite-unavailable')}>
      {list.map((reason) => (
        <span key={reason}>{reason}</span>
      ))}
    </span>
  );

  return (
    <>
      <Form.Item
        name="access"
        label={t('invitation.access')}
        initialValue="password"
        extra={
          canInvite
            ? access === 'invite'
              ? t('invitation.inviteHint')
              : null
            : closed.length > 0
              ? reasons(closed)
              : t('invitation.accessHint')
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
          initialValue={open.includes(preferred) ? preferred : open[0]}
          extra={closed.length > 0 ? reasons(closed) : null}
        >
          <Radio.Group {...testId('user-invite-channel')}>
            <Radio value="EMAIL" disabled={!usable.EMAIL}>
              {t('invitation.byEmail')}
            </Radio>
            <Radio value="SMS" disabled={!usable.SMS}>
              {t('invitation.bySms')}
            </Radio>
          </Radio.Group>
        </Form.Item>
      ) : null}
      {access === 'invite' && canInvite ? null : children}
    </>
  );
}
