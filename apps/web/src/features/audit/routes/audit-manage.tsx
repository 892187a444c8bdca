import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type TAuditRow, useAuditLog } from '../api/list-audit';
import { AuditFilters } from '../components/audit-filters';
import { auditExportHref, emptyAuditFilters, type TAuditFilters } from '../lib/audit-query';
import '../audit.css';

function objectOf(row: TAuditRow): string {
  return [row.objectName, row.objectId].filter(Boolean).join(' / ') || '-';
}

/**
 * /auditManage, the account audit (account administrators): who did what, filtered by time range,
 * user, object type, status and free text, newest first with "load more" by keyset cursor, the
 * details of an entry in a drawer, and the CSV export of the current filters.
 */
export default function AuditManagePage() {
  const { t } = useTranslation(['audit', 'common']);
  const [filters, setFilters] = useState<TAuditFilters>(emptyAuditFilters);
  const [selected, setSelected] = useState<TAuditRow | null>(null);
  const log = useAuditLog(filters);
  const rows = log.data?.pages.flatMap((page) => page.list) ?? [];

  const statusTag = (status: number) =>
    status === 1 ? (
      <Tag color="success">{t('statuses.success')}</Tag>
    ) : (
      <Tag color="error">{t('statuses.failure')}</Tag>
    );

  const columns: TableProps<TAuditRow>['columns'] = [
    {
      key: 'time',
      title: t('columns.time'),
      dataIndex: 'createdAt',
      width: 190,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'user',
      title: t('columns.user'),
      dataIndex: 'username',
      render: (value: string | null) => value ?? t('system'),
    },
    { key: 'ip', title: t('columns.ip'), dataIndex: 'ip', render: (value: string | null) => value ?? '-' },
    {
      key: 'action',
      title: t('columns.action'),
      dataIndex: 'action',
      render: (value: string) => <span data-testid="audit-row-action">{value}</span>,
    },
    {
      key: 'objectType',
      title: t('columns.objectType'),
      dataIndex: 'objectType',
      render: (value: string) => t(`objectTypes.${value}`, { defaultValue: value }),
    },
    { key: 'object', title: t('columns.object'), render: (_, row) => objectOf(row) },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (value: number) => statusTag(value),
    },
    {
      key: 'details',
      title: t('columns.info'),
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setSelected(row)} data-testid="audit-row-details">
          {t('details')}
        </Button>
      ),
    },
  ];

  return (
    <div className="cz-audit" data-testid="audit-page">
      <Card>
        <AuditFilters onApply={setFilters} />
        <div className="cz-audit__toolbar">
          <Typography.Text type="secondary">{t('shown', { count: rows.length })}</Typography.Text>
          <Button
            icon={<DownloadOutlined />}
            href={auditExportHref(filters)}
            download
            title={t('exportHint')}
            data-testid="audit-export"
          >
            {t('export')}
          </Button>
        </div>
        {log.isError ? <Alert type="error" showIcon message={t('loadFailed')} /> : null}
        <Table<TAuditRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={log.isPending}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          onRow={(row) => ({ 'data-testid': 'audit-row', 'data-action': row.action }) as object}
        />
        <div className="cz-audit__more">
          {log.hasNextPage ? (
            <Button
              onClick={() => void log.fetchNextPage()}
              loading={log.isFetchingNextPage}
              data-testid="audit-load-more"
            >
              {t('loadMore')}
            </Button>
          ) : rows.length > 0 ? (
            <Typography.Text type="secondary">{t('end')}</Typography.Text>
          ) : null}
          {(log.data?.pages.length ?? 0) > 1 ? (
            <Button type="link" onClick={() => void log.refetch()} data-testid="audit-newest">
              {t('newest')}
            </Button>
          ) : null}
        </div>
      </Card>
      <Drawer
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={t('detailsTitle')}
        width={520}
        data-testid="audit-details"
      >
        {selected ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('columns.time')}>
                {formatDateTime(selected.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.user')}>
                {selected.username ?? t('system')}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.ip')}>{selected.ip ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('columns.action')}>{selected.action}</Descriptions.Item>
              <Descriptions.Item label={t('columns.objectType')}>
                {t(`objectTypes.${selected.objectType}`, { defaultValue: selected.objectType })}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.object')}>{objectOf(selected)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.status')}>{statusTag(selected.status)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.requestId')}>
                {selected.requestId ?? '-'}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Text strong>{t('columns.info')}</Typography.Text>
            <pre className="cz-audit__info" data-testid="audit-details-info">
              {JSON.stringify(selected.info, null, 2)}
            </pre>
          </Space>
        ) : null}
      </Drawer>
    </div>
  );
}
