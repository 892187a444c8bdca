/**
 * A user's invitation in the user list. The Status column shows its state: a tag "Invited,
 * pending" (with where it went and when the link expires), "Invitation expired" or "Invitation
 * revoked". Its actions sit with the row's other actions, in the More menu: Resend invitation (a
 * new link; the previous one ends) and, unless revoked, Revoke invitation (after a confirmation).
 * So the Status column is as narrow as its tags, and the list fits a 1440 px window without
 * running under its pinned Actions column.
 */
import { type MenuProps, Modal, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { invitationApi } from '../api/invitation-api';
import { refreshUsers, type TUserRow } from '../api/users-api';
import { ExplainedTag } from './explained-tag';

/** Whether the list shows the user's invitation (a deleted user's is gone with the user). */
function invitationOf(user: TUserRow) {
  return user.status === 'deleted' ? null : user.invitation;
}

/** The invitation's state, for the Status column (nothing when the user was not invited). */
export function InvitationTag({ user }: { user: TUserRow }) {
  const { t } = useTranslation(['users']);
  const invitation = invitationOf(user);
  if (!invitation) return null;
  const time = formatDateTime(invitation.expireTime);
  return invitation.state === 'pending' ? (
    <ExplainedTag
      tip={t(invitation.channel === 'EMAIL' ? 'invitation.pendingTipEmail' : 'invitation.pendingTipSms', {
        time,
      })}
    >
      <Tag color="processing" data-testid="user-row-invitation" data-state="pending">
        {t('invitation.pending')}
      </Tag>
    </ExplainedTag>
  ) : invitation.state === 'expired' ? (
    <ExplainedTag tip={t('invitation.expiredTip', { time })}>
      <Tag color="warning" data-testid="user-row-invitation" data-state="expired">
        {t('invitation.expired')}
      </Tag>
    </ExplainedTag>
  ) : (
    <Tag data-testid="user-row-invitation" data-state="revoked">
      {t('invitation.revokedTag')}
    </Tag>
  );
}

type TMenuItem = NonNullable<MenuProps['items']>[number];

const resendKey = 'invitation-resend';
const revokeKey = 'invitation-revoke';

/**
 * The invitation's actions for a row's More menu: `items(user)` to put in the menu, `onClick` to
 * call with the chosen key (true when it was one of these), and `holder`, the confirmation's place
 * in the page.
 */
export function useInvitationActions(): {
  items: (user: TUserRow) => TMenuItem[];
  onClick: (key: string, user: TUserRow) => boolean;
  holder: ReactNode;
} {
  const { t } = useTranslation(['users']);
  const [modal, holder] = Modal.useModal();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function act(kind: 'resend' | 'revoke', user: TUserRow) {
    setBusyId(user.id);
    try {
      await (kind === 'resend' ? invitationApi.resend(user.id) : invitationApi.revoke(user.id));
      toast({ level: 'success', title: t(kind === 'resend' ? 'invitation.resent' : 'invitation.revoked') });
    } catch {
      // the API client shows the failure
    } finally {
      setBusyId(null);
      await refreshUsers();
    }
  }

  const items = (user: TUserRow): TMenuItem[] => {
    const invitation = invitationOf(user);
    if (!invitation) return [];
    const isBusy = busyId === user.id;
    return [
      {
        key: resendKey,
        disabled: isBusy,
        label: <span data-testid="user-invitation-resend">{t('invitation.resend')}</span>,
      },
      ...(invitation.state === 'revoked'
        ? []
        : [
            {
              key: revokeKey,
              danger: true,
              disabled: isBusy,
              label: <span data-testid="user-invitation-revoke">{t('invitation.revoke')}</span>,
            },
          ]),
      { type: 'divider' as const },
    ];
  };

  const onClick = (key: string, user: TUserRow): boolean => {
    if (key === resendKey) {
      void act('resend', user);
      return true;
    }
    if (key === revokeKey) {
      void modal.confirm({
        title: t('invitation.revokeConfirm', { name: user.username }),
        okText: t('invitation.revoke'),
        cancelText: t('form.cancel'),
        okButtonProps: { danger: true, ...testId('user-invitation-revoke-ok') },
        onOk: () => act('revoke', user),
      });
      return true;
    }
    return false;
  };

  return { items, onClick, holder };
}
