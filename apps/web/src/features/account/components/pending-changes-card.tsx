import { Alert, Button, Card, Empty, Popconfirm, Table, type TableProps, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { type TPendingChange, usePendingChanges } from '../api/list-pending-changes';
import { useRevokePendingChange } from '../api/revoke-pending-change';

/**
 * The account center's pending contact changes (account administrators): changes of users'
 * e-mail addresses or phone numbers waiting for the user's agreement, each revocable.
 */
export function PendingChangesCard() {
  const { t } = useTranslation(['account', 'common']);
  const changes = usePendingChanges();
  // Narrow windows scroll the table sideways: keyboard users can scroll it too.
  const scroller = useKeyboardScroll(t('pending.title'));
  const revoke = useRevokePendingChange({
    onRevoked: () => toast({ level: 'success', title: t('pending.revoked') }),
  });

  const columns: TableProps<TPendingChange>['columns'] = [
    {
      key: 'user',
      title: t('pending.user'),
      dataIndex: 'userName',
      render: (name: string) => <span data-testid="pending-change-user">{name}</span>,
    },
    {
      key: 'newValues',
      title: t('pending.newValues'),
      render: (_, change) => (
        <div className="cz-pending__values">
          {change.email ? (
            <div data-testid="pending-change-email">
              <Typography.Text type="secondary" className="cz-pending__label">
                {t('pending.email')}
              </Typography.Text>
              {change.email}
            </div>
          ) : null}
          {change.phone ? (
            <div data-testid="pending-change-phone">
              <Typography.Text type="secondary" className="cz-pending__label">
                {t('pending.phone')}
              </Typography.Text>
              {change.phone}
            </div>
          ) : null}
        </div>
      ),
    },
    { key: 'operator', title: t('pending.operator'), dataIndex: 'operator' },
    {
      key: 'createTime',
      title: t('pending.createTime'),
      dataIndex: 'createTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'expireTime',
      title: t('pending.expireTime'),
      dataIndex: 'expireTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('pending.actions'),
      width: 110,
      render: (_, change) => (
        <Popconfirm
          title={t('pending.revokeConfirm')}
          okText={t('pending.revoke')}
          cancelText={t('cancel', { ns: 'common' })}
          okButtonProps={{ danger: true, ...testId('pending-change-revoke-confirm') }}
          onConfirm={() => revoke.mutateAsync(change.id).catch(() => undefined)}
        >
          <Button
            type="link"
            danger
            size="small"
            loading={revoke.isPending && revoke.variables === change.id}
            data-testid="pending-change-revoke"
          >
            {t('pending.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title={t('pending.title')} className="cz-account-card" data-testid="pending-changes" ref={scroller}>
      <Typography.Paragraph type="secondary">{t('pending.intro')}</Typography.Paragraph>
      {changes.isError ? (
        <Alert type="error" showIcon title={t('pending.loadFailed')} data-testid="pending-load-failed" />
      ) : (
        <Table<TPendingChange>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={changes.data ?? []}
          loading={changes.isPending}
          pagination={false}
          scroll={{ x: 720 }}
          onRow={(change) =>
            ({
              'data-testid': 'pending-change-row',
              'data-change-id': change.id,
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={<span data-testid="pending-empty">{t('pending.empty')}</span>}
              />
            ),
          }}
        />
      )}
    </Card>
  );
}
