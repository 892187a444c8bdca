import { Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  EllipsisText,
  InlinePair,
  nowrapColumn,
  usePagedTable,
  useScreenColumns,
} from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { type TRemittanceRow, useRemittances } from '../api/list-remittances';
import { amountTitle } from './bill-columns';
import { Money, useCurrency } from './money';

const statusColors = { pending: 'processing', confirmed: 'success', rejected: 'error' } as const;

/** Reported bank transfers and their review. */
export function RemittancesTable() {
  const { t } = useTranslation('billing');
  const [pageNo, setPageNo] = useState(1);
  const remittances = useRemittances(pageNo);
  const currency = useCurrency();
  const paged = usePagedTable({
    pageNo,
    onPage: setPageNo,
    total: remittances.data?.total,
    isFetching: remittances.isFetching,
    empty: t('balance.remittance.empty'),
  });
  const screenColumns = useScreenColumns();
  const table = useKeyboardScroll(t('balance.tabs.remittances'));
  const columns: TableProps<TRemittanceRow>['columns'] = [
    {
      key: 'time',
      title: t('balance.remittance.time'),
      dataIndex: 'createTime',
      fixed: 'left',
      ...nowrapColumn,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'amount',
      title: amountTitle(t, t('balance.remittance.amount'), currency),
      dataIndex: 'amount',
      ...amountColumn,
      render: (v: string) => <Money value={v} />,
    },
    {
      key: 'payer',
      title: t('balance.remittance.payer'),
      dataIndex: 'payerName',
      render: (v: string) => <EllipsisText text={v} />,
    },
    {
      key: 'file',
      title: t('balance.remittance.file'),
      dataIndex: 'fileName',
      render: (v: string) => <EllipsisText text={v} maxWidth={200} />,
    },
    {
      key: 'status',
      title: t('balance.remittance.status'),
      dataIndex: 'status',
      ...nowrapColumn,
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
        row.reviewTime ? (
          <InlinePair
            primary={formatDateTime(row.reviewTime)}
            secondary={row.reviewNote ? <EllipsisText text={row.reviewNote} isSecondary /> : null}
          />
        ) : (
          '-'
        ),
    },
  ];
  return (
    <div ref={table}>
      <Table<TRemittanceRow>
        rowKey="id"
        size="middle"
        columns={screenColumns(columns)}
        dataSource={remittances.data?.list ?? []}
        {...paged}
        onRow={() => ({ 'data-testid': 'remittance-row' }) as object}
      />
    </div>
  );
}
