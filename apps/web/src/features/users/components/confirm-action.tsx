import type { TOwnedResources } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { testId } from '@/lib/test-id';
import { type TUserRow, userKeys, usersApi } from '../api/users-api';
import { UserWorkspaces } from './user-workspaces';

export type TConfirmAction = 'disable' | 'delete' | 'forceDelete';

/** What users can own on the service instances, in the order the dialog lists them. */
const ownedKinds = ['scheduledTasks', 'syncTasks', 'permissionApprovals'] as const;

/** The kinds the users own at least one of (none: nothing to list). */
export function ownedToList(owned: TOwnedResources): (typeof ownedKinds)[number][] {
  return ownedKinds.filter((kind) => owned[kind] > 0);
}

/**
 * Confirms disabling or deleting users: what happens, then what they own on the service instances
 * that will be affected. The list shows only when they own something, and names only what they own.
 */
export function ConfirmAction(props: {
  confirm: { action: TConfirmAction; users: TUserRow[] };
  title: string;
  retentionDays: number;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation(['users']);
  const ids = props.confirm.users.map((u) => u.id);
  const owned = useQuery({
    queryKey: [...userKeys.all, 'owned', ids],
    queryFn: () => usersApi.owned(ids),
  });
  const kinds = owned.data ? ownedToList(owned.data) : [];
  const { action } = props.confirm;
  return (
    <Modal
      open
      title={t(`confirm.${action}Title`, { name: props.title })}
      okText={t('confirm.ok')}
      cancelText={t('form.cancel')}
      okButtonProps={{ danger: true, ...testId('confirm-action-ok') }}
      onOk={() => void props.onConfirm()}
      onCancel={props.onClose}
    >
      <div
        data-testid="confirm-action"
        data-owned={owned.data ? (kinds.length > 0 ? 'some' : 'none') : 'unknown'}
      >
        <Typography.Paragraph>
          {t(`confirm.${action}Text`, { days: props.retentionDays })}
        </Typography.Paragraph>
        {owned.data && kinds.length > 0 ? (
          <div data-testid="confirm-owned">
            <Typography.Text strong>{t('confirm.owned')}</Typography.Text>
            <ul>
              {kinds.map((kind) => (
                <li key={kind} data-testid={`confirm-owned-${kind}`}>
                  {t(`confirm.${kind}`, { count: owned.data[kind] })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {props.confirm.users.length === 1 && props.confirm.users[0] ? (
        <UserWorkspaces userId={props.confirm.users[0].id} />
      ) : null}
    </Modal>
  );
}
