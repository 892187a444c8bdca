import { Drawer, Empty, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type TDeliveryRow, useWebhookDeliveries } from '../api/list-webhook-deliveries';
import type { TWebhookItem } from '../api/list-webhooks';

const statusColors = { pending: 'processing', success: 'success', failed: 'error' } as const;

/**
 * A webhook's delivery log, newest first: kind, status, attempts, answer and error; a row opens to
 * its message and its delivery id (the `webhook-id` the receiver saw in every attempt).
 */
export function DeliveriesDrawer({ webhook, onClose }: { webhook: TWebhookItem; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const [pageNo, setPageNo] = useState(1);
  const deliveries = useWebhookDeliveries(webhook.id, pageNo);

  const columns: TableProps<TDeliveryRow>['columns'] = [
    {
      key: 'time',
      title: t('webhooks.deliveries.columns.time'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'kind',
      title: t('webhooks.deliveries.columns.kind'),
      dataIndex: 'kind',
      render: (value: TDeliveryRow['kind']) => t(`webhooks.deliveries.kinds.${value}`),
    },
    {
      key: 'status',
      title: t('webhooks.deliveries.columns.status'),
      dataIndex: 'status',
      render: (value: TDeliveryRow['status']) => (
        <Tag color={statusColors[value]} data-testid="delivery-status" data-status={value}>
          {t(`webhooks.deliveryStatus.${value}`)}
        </Tag>
      ),
    },
    { key: 'attempts', title: t('webhooks.deliveries.columns.attempts'), dataIndex: 'attempts', width: 90 },
    {
      key: 'response',
      title: t('webhooks.deliveries.columns.response'),
      dataIndex: 'responseStatus',
      render: (value: number | null) => value ?? '-',
    },
    {
      key: 'error',
      title: t('webhooks.deliveries.columns.error'),
      dataIndex: 'error',
      render: (value: string | null) =>
        value ? <Typography.Text type="danger">{value}</Typography.Text> : '-',
    },
  ];

  return (
    <Drawer
      open
      size="large"
      title={t('webhooks.deliveries.title', { name: webhook.name })}
      onClose={onClose}
    >
      <div data-testid="webhook-deliveries">
        <Table<TDeliveryRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={deliveries.data?.list ?? []}
          loading={deliveries.isFetching}
          expandable={{
            expandedRowRender: (row) => (
              <>
                <Typography.Paragraph type="secondary">
                  {t('webhooks.deliveries.columns.messageId')}:{' '}
                  <Typography.Text code copyable data-testid="delivery-message-id">
                    {row.messageId}
                  </Typography.Text>
                </Typography.Paragraph>
                <Typography.Paragraph className="cz-billing__code">{row.message}</Typography.Paragraph>
              </>
            ),
          }}
          locale={{ emptyText: <Empty description={t('webhooks.deliveries.empty')} /> }}
          onRow={() => ({ 'data-testid': 'delivery-row' }) as object}
          pagination={{
            current: pageNo,
            pageSize: 10,
            total: deliveries.data?.total ?? 0,
            onChange: setPageNo,
          }}
        />
      </div>
    </Drawer>
  );
}
