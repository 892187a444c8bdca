import { Table, type TableProps } from 'antd';
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
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { type TDeductionRow, useDeductions } from '../api/list-deductions';
import { amountTitle } from './bill-columns';
import { Money, useCurrency } from './money';

/** What vouchers paid: day, voucher, instance, billing item, amount. */
export function DeductionsTable() {
  const { t } = useTranslation('billing');
  const [pageNo, setPageNo] = useState(1);
  const deductions = useDeductions(pageNo);
  const currency = useCurrency();
  const paged = usePagedTable({
    pageNo,
    onPage: setPageNo,
    total: deductions.data?.total,
    isFetching: deductions.isFetching,
    empty: t('balance.deduction.empty'),
  });
  const screenColumns = useScreenColumns();
  const table = useKeyboardScroll(t('balance.tabs.deductions'));
  const columns: TableProps<TDeductionRow>['columns'] = [
    { key: 'date', title: t('balance.deduction.date'), dataIndex: 'date', fixed: 'left', ...nowrapColumn },
    {
      key: 'voucher',
      title: t('balance.deduction.voucher'),
      render: (_, row) => (
        <InlinePair primary={<EllipsisText text={row.voucherName} />} secondary={row.voucherCode} />
      ),
    },
    { key: 'instance', title: t('balance.deduction.instance'), dataIndex: 'instanceName', ...nowrapColumn },
    { key: 'sku', title: t('balance.deduction.sku'), dataIndex: 'skuName', ...nowrapColumn },
    {
      key: 'amount',
      title: amountTitle(t, t('balance.deduction.amount'), currency),
      dataIndex: 'amount',
      ...amountColumn,
      render: (v: string) => <Money value={v} />,
    },
  ];
  return (
    <div ref={table}>
      <Table<TDeductionRow>
        rowKey={(row) => `${row.voucherId}-${row.date}-${row.instanceName}-${row.skuName}`}
        size="middle"
        columns={screenColumns(columns)}
        dataSource={deductions.data?.list ?? []}
        {...paged}
        onRow={() => ({ 'data-testid': 'deduction-row' }) as object}
      />
    </div>
  );
}
