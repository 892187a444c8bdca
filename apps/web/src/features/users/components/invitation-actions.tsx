/**
 * A user's invitation in the user list: a tag "Invited, pending" (with where it went and when the
 * link expires), "Invitation expired" or "Invitation revoked", and the actions Resend invitation
 * (a new link; the previous one ends) and, while pending, Revoke invitation (after a confirmation).
 */
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { invitationApi } from '../api/invitation-api';
import { refreshUsers, type TUserRow } from '../api/users-api';

export function InvitationStatus({ user }: { user: TUserRow }) {
  const { t } = useTranslation(['users']);
  const [busy, setBusy] = useState<'resend' | 'revoke' | null>(null);
  const invitation = user.invitation;
  if (!invitation || user.status === 'deleted') return null;
  const time = formatDateTime(invitation.expireTime);
  const channel = t(invitation.channel === 'EMAIL' ? 'invitation.byEmail' : 'invitation.bySms');

  async function act(kind: 'resend' | 'revoke') {
    setBusy(kind);
    try {
      await (kind === 'resend' ? invitationApi.resend(user.id) : invitationApi.revoke(user.id));
      toast({ level: 'success', title: t(kind === 'resend' ? 'invitation.resent' : 'invitation.revoked') });
    } catch {
      // the API client shows the failure
    } finally {
      setBusy(null);
      await refreshUsers();
    }
  }

  const tag =
    invitation.state === 'pending' ? (
      <Tooltip title={t('invitation.pendingTip', { channel, time })}>
        <Tag color="processing" data-testid="user-row-invitation" data-state="pending">
          {t('invitation.pending')}
        </Tag>
      </Tooltip>
    ) : invitation.state === 'expired' ? (
      <Tooltip title={t('invitation.expiredTip', { time })}>
        <Tag color="warning" data-testid="user-row-invitation" data-state="expired">
          {t('invitation.expired')}
        </Tag>
      </Tooltip>
    ) : (
      <Tag data-testid="user-row-invitation" data-state="revoked">
        {t('invitation.revokedTag')}
      </Tag>
    );

  return (
    <Space size={4} wrap>
      {tag}
      <Button
        type="link"
        size="small"
        loading={busy === 'resend'}
        onClick={() => void act('resend')}
        {...testId('user-invitation-resend')}
      >
        {t('invitation.resend')}
      </Button>
      {invitation.state === 'revoked' ? null : (
        <Popconfirm
          title={t('invitation.revokeConfirm', { name: user.username })}
          onConfirm={() => act('revoke')}
          okButtonProps={testId('user-invitation-revoke-ok')}
        >
          <Button
            type="link"
            size="small"
            danger
            loading={busy === 'revoke'}
            {...testId('user-invitation-revoke')}
          >
            {t('invitation.revoke')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
