import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { type TAuditRow, useAuditLog } from '../api/list-audit';
import { AuditFilters } from '../components/audit-filters';
import { actionName, actorName, objectName, objectTypeName, type TAuditNames } from '../lib/audit-labels';
import { auditExportHref, emptyAuditFilters, type TAuditFilters } from '../lib/audit-query';
import '../audit.css';

/**
 * Table width below which it scrolls inside itself (the sum of its columns, the Details column's 80
 * included; fits 1440 px with the menu).
 */
const tableWidth = 1090;

/**
 * /auditManage, the account audit (account administrators): who did what, filtered by time range,
 * user, object type, status and free text, newest first with "load more" by keyset cursor and the
 * number of matching entries, the details of an entry (with its operation code) in a drawer opened
 * by a tap on its row, its time (a button) or, on wider screens, its Details button, and
 * the CSV export of the current filters. Operations and object types read as names in the page
 * language; the system's entries read as one name.
 */
export default function AuditManagePage() {
  const { t, i18n } = useTranslation(['audit', 'common']);
  const screens = Grid.useBreakpoint();
  const [filters, setFilters] = useState<TAuditFilters>(emptyAuditFilters);
  const [selected, setSelected] = useState<TAuditRow | null>(null);
  const log = useAuditLog(filters);
  const rows = log.data?.pages.flatMap((page) => page.list) ?? [];
  const first = log.data?.pages[0];

  const names: TAuditNames = {
    actions: t('actions', { returnObjects: true }) as Record<string, string>,
    objectTypes: t('objectTypes', { returnObjects: true }) as Record<string, string>,
    system: t('system'),
    // The role's words go in where the phrase says, by `actorName`.
    platformOperator: t('platformOperator', { role: '{{role}}' }),
    operatorRoles: t('operatorRoles', { returnObjects: true }) as Record<string, string>,
  };
  const formatted = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  const statusTag = (status: number) =>
    status === 1 ? (
      <Tag color="success">{t('statuses.success')}</Tag>
    ) : (
      <Tag color="error">{t('statuses.failure')}</Tag>
    );

  const objectCell = (row: TAuditRow): ReactNode => {
    const name = objectName(row);
    return (
      <span className="cz-audit__object">
        <Tag className="cz-audit__type" data-testid="audit-row-object-type">
          {objectTypeName(names, row.objectType)}
        </Tag>
        {name ? <EllipsisText text={name} testId="audit-row-object" maxWidth="cell" /> : null}
      </span>
    );
  };

  // Pinned columns only where the middle keeps its room; on a phone the whole table scrolls, and
  // the Details column, which would sit far to the right, is left out: a tap on the row opens them.
  const isWide = Boolean(screens.md);
  const columns: TableProps<TAuditRow>['columns'] = [
    {
      key: 'time',
      title: t('columns.time'),
      dataIndex: 'createdAt',
      width: 180,
      fixed: isWide ? 'left' : undefined,
      // The entry's time opens its details: the row's control for the keyboard and assistive
      // technologies (a tap anywhere on the row does the same).
      render: (value: string, row) => {
        const time = formatDateTime(value);
        return (
          <button
            type="button"
            className="cz-audit__open cz-audit__nowrap"
            aria-haspopup="dialog"
            aria-label={t('openDetails', { time })}
            onClick={() => setSelected(row)}
            data-testid="audit-row-open"
          >
            {time}
          </button>
        );
      },
    },
    {
      key: 'user',
      title: t('columns.user'),
      width: 140,
      ellipsis: { showTitle: false },
      render: (_, row) => (
        <EllipsisText text={actorName(names, row)} testId="audit-row-user" maxWidth="cell" />
      ),
    },
    {
      key: 'action',
      title: t('columns.action'),
      dataIndex: 'action',
      width: 200,
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <EllipsisText text={actionName(names, value)} testId="audit-row-action" maxWidth="cell" />
      ),
    },
    {
      key: 'object',
      title: t('columns.object'),
      width: 220,
      ellipsis: { showTitle: false },
      render: (_, row) => objectCell(row),
    },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      width: 140,
      render: (value: number) => statusTag(value),
    },
    {
      key: 'ip',
      title: t('columns.ip'),
      dataIndex: 'ip',
      width: 130,
      ellipsis: { showTitle: false },
      render: (value: string | null) => <EllipsisText text={value ?? '-'} maxWidth="cell" />,
    },
    ...(isWide
      ? [
          {
            key: 'details',
            title: t('columns.info'),
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, row: TAuditRow) => (
              <Button
                type="link"
                size="small"
                onClick={() => setSelected(row)}
                data-testid="audit-row-details"
              >
                {t('details')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="cz-audit" data-testid="audit-page">
      <Card>
        <AuditFilters onApply={setFilters} />
        <div className="cz-audit__toolbar">
          <Typography.Text type="secondary" data-testid="audit-total">
            {first
              ? first.isTotalCapped
                ? t('totalCapped', { formatted: formatted(first.total) })
                : t('total', { count: first.total, formatted: formatted(first.total) })
              : null}
          </Typography.Text>
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
        {log.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
        <Table<TAuditRow>
          rowKey="id"
          size="middle"
          className="cz-audit__table"
          columns={columns}
          dataSource={rows}
          loading={log.isPending}
          pagination={false}
          scroll={{ x: isWide ? tableWidth : tableWidth - 80 }}
          locale={{ emptyText: <Empty description={t('empty')} data-testid="audit-empty" /> }}
          onRow={(row) =>
            ({
              'data-testid': 'audit-row',
              'data-action': row.action,
              className: 'cz-audit__row',
              onClick: () => setSelected(row),
            }) as object
          }
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
        size={screens.sm ? 520 : '100%'}
        data-testid="audit-details"
      >
        {selected ? (
          <Space orientation="vertical" className="cz-audit__details">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('columns.time')}>
                {formatDateTime(selected.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.user')}>{actorName(names, selected)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.ip')}>{selected.ip ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('columns.action')}>
                {actionName(names, selected.action)}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.actionCode')}>
                <Typography.Text code data-testid="audit-details-code">
                  {selected.action}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.objectType')}>
                {objectTypeName(names, selected.objectType)}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.objectName')}>
                {selected.objectName ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.objectId')}>{selected.objectId ?? '-'}</Descriptions.Item>
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
