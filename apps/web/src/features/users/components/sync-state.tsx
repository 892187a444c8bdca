/**
 * A user's sync state in the user list (spec section 4: enabling and disabling are asynchronous,
 * "result checked later"): syncing, synced (after a change seen on this page), or failed with a
 * Retry that queues the synchronisation again.
 */
import type { TUserSyncState } from '@console/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { retryUserSync } from '../api/user-sync';

const colors: Record<TUserSyncState, string> = { syncing: 'processing', synced: 'success', failed: 'error' };

export function SyncState(props: { userId: number; state: TUserSyncState | null }) {
  const { t } = useTranslation('users');
  const [isRetrying, setRetrying] = useState(false);
  if (!props.state) return null;
  const state = props.state;
  return (
    <Space size={4} {...testId('user-row-sync')} data-state={state}>
      <Tooltip title={t(`sync.${state}Tip`)}>
        <Tag color={colors[state]}>{t(`sync.${state}`)}</Tag>
      </Tooltip>
      {state === 'failed' ? (
        <Button
          type="link"
          size="small"
          loading={isRetrying}
          onClick={async () => {
            setRetrying(true);
            try {
              await retryUserSync([props.userId]);
              toast({ level: 'success', title: t('done.syncRetried') });
            } catch {
              // the API client shows the failure
            } finally {
              setRetrying(false);
            }
          }}
          {...testId('user-sync-retry')}
        >
          {t('sync.retry')}
        </Button>
      ) : null}
    </Space>
  );
}
