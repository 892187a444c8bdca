import { Empty, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type TRemittanceRow, useRemittances } from '../api/list-remittances';
import { Money } from './money';

const statusColors = { pending: 'processing', confirmed: 'success', rejected: 'error' } as const;

/** Reported bank transfers and their review. */
export function RemittancesTable() {
  const { t } = useTranslation('billing');
  const [pageNo, setPageNo] = useState(1);
  const remittances = useRemittances(pageNo);
  const columns: TableProps<TRemittanceRow>['columns'] = [
    {
      key: 'time',
      title: t('balance.remittance.time'),
      dataIndex: 'createTime',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'amount',
      title: t('balance.remittance.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { key: 'payer', title: t('balance.remittance.payer'), dataIndex: 'payerName' },
    { key: 'file', title: t('balance.remittance.file'), dataIndex: 'fileName', ellipsis: true },
    {
      key: 'status',
      title: t('balance.remittance.status'),
      dataIndex: 'status',
      render: (v: TRemittanceRow['status']) => (
        <Tag color={statusColors[v]} data-testid="remittance-status" data-status={v}>
          {t(`balance.remittance.statuses.${v}`)}
        </Tag>
      ),
    },
    {
      key: 'review',
      title: t('balance.remittance.reviewNote'),
      render: (_, row) =>
        row.reviewTime
          ? `${formatDateTime(row.reviewTime)}${row.reviewNote ? ` · ${row.reviewNote}` : ''}`
          : '-',
    },
  ];
  return (
    <Table<TRemittanceRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={remittances.data?.list ?? []}
      loading={remittances.isFetching}
      locale={{ emptyText: <Empty description={t('balance.remittance.empty')} /> }}
      onRow={() => ({ 'data-testid': 'remittance-row' }) as object}
      pagination={{ current: pageNo, pageSize: 10, total: remittances.data?.total ?? 0, onChange: setPageNo }}
    />
  );
}
