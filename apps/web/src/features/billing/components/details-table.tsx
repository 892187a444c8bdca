import type { TBillingFilter } from '@console/contract';
import { Card, Empty, Table, type TableProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { downloadBillingDetails } from '../api/download-billing-details';
import { type TBillingDetailRowData, useBillingDetails } from '../api/list-billing-details';
import { billColumns } from './bill-columns';
import { ExportButtons } from './export-buttons';

/** The daily bill details of the filters, paged, with the XLSX and CSV export of the same filters. */
export function DetailsTable({ filter }: { filter: TBillingFilter | null }) {
  const { t } = useTranslation('billing');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const details = useBillingDetails(filter, page.pageNo, page.pageSize);
  const filterKey = JSON.stringify(filter);
  const table = useKeyboardScroll(t('overview.details.title'));

  // New filters start at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' identity is their text
  useEffect(() => setPage((p) => ({ ...p, pageNo: 1 })), [filterKey]);

  const columns: TableProps<TBillingDetailRowData>['columns'] = [
    { key: 'date', title: t('columns.date'), dataIndex: 'date', width: 110, fixed: 'left' },
    ...billColumns<TBillingDetailRowData>(t).slice(0, 1),
    { key: 'workspace', title: t('columns.workspace'), dataIndex: 'workspace' },
    ...billColumns<TBillingDetailRowData>(t).slice(1),
  ];

  return (
    <Card
      title={t('overview.details.title')}
      extra={
        <ExportButtons
          testId="billing-export"
          isDisabled={filter === null}
          onExport={(format) => downloadBillingDetails(filter ?? { range: 'last30Days' }, format)}
        />
      }
      data-testid="billing-details"
    >
      <div ref={table}>
        <Table<TBillingDetailRowData>
          rowKey={(row) => `${row.date}-${row.instanceId}-${row.workspace}-${row.skuCode}`}
          size="middle"
          columns={columns}
          dataSource={details.data?.list ?? []}
          loading={details.isFetching}
          scroll={{ x: 1500 }}
          locale={{ emptyText: <Empty description={t('overview.details.empty')} /> }}
          onRow={() => ({ 'data-testid': 'billing-detail-row' }) as object}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: details.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
        />
      </div>
    </Card>
  );
}
