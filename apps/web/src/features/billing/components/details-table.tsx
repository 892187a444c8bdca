import type { TBillingFilter } from '@console/contract';
import { Card, Table, type TableProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  nowrapColumn,
  TableEmpty,
  tableScroll,
  useScreenColumns,
  useShowTotal,
} from '@/components/ui/table-cells';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { downloadBillingDetails } from '../api/download-billing-details';
import { firstDetailsPage, type TBillingDetailRowData, useBillingDetails } from '../api/list-billing-details';
import { usePageCursors } from '../lib/page-cursors';
import { billColumns } from './bill-columns';
import { ExportButtons } from './export-buttons';
import { useCurrency } from './money';

/**
 * The daily bill details of the filters, paged (the next page by the server's cursor), with the
 * XLSX and CSV export of the same filters.
 */
export function DetailsTable({ filter }: { filter: TBillingFilter | null }) {
  const { t, i18n } = useTranslation('billing');
  const [page, setPage] = useState<{ pageNo: number; pageSize: number }>(firstDetailsPage);
  const filterKey = JSON.stringify(filter);
  const cursors = usePageCursors(`${filterKey}|${page.pageSize}`);
  const details = useBillingDetails(filter, page.pageNo, page.pageSize, cursors.cursorOf(page.pageNo));
  // Rows kept on screen while the next filters load are not this list's.
  if (!details.isPlaceholderData) cursors.remember(details.data?.pageNo ?? 0, details.data?.nextCursor);
  const table = useKeyboardScroll(t('overview.details.title'));
  const currency = useCurrency();
  const showTotal = useShowTotal();
  const screenColumns = useScreenColumns();

  // New filters start at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' identity is their text
  useEffect(() => setPage((p) => ({ ...p, pageNo: 1 })), [filterKey]);

  const bill = billColumns<TBillingDetailRowData>(t, currency);
  const columns: TableProps<TBillingDetailRowData>['columns'] = [
    { key: 'date', title: t('columns.date'), dataIndex: 'date', fixed: 'left', ...nowrapColumn },
    ...bill.slice(0, 1),
    { key: 'workspace', title: t('columns.workspace'), dataIndex: 'workspace', ...nowrapColumn },
    ...bill.slice(1),
  ];

  return (
    <Card
      className="cz-table-card"
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
          columns={screenColumns(columns)}
          dataSource={details.data?.list ?? []}
          loading={details.isFetching}
          scroll={tableScroll}
          locale={{ emptyText: <TableEmpty text={t('overview.details.empty')} /> }}
          onRow={() => ({ 'data-testid': 'billing-detail-row' }) as object}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: details.data?.total ?? 0,
            showSizeChanger: true,
            // A broad range is counted up to a bound: "More than 10,000 records".
            showTotal: (total) =>
              details.data?.isTotalCapped
                ? t('overview.details.moreThan', { total: total.toLocaleString(i18n.language) })
                : showTotal(total),
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
        />
      </div>
    </Card>
  );
}
