import { Empty, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TDeductionRow, useDeductions } from '../api/list-deductions';
import { Money } from './money';

/** What vouchers paid: day, voucher, instance, billing item, amount. */
export function DeductionsTable() {
  const { t } = useTranslation('billing');
  const [pageNo, setPageNo] = useState(1);
  const deductions = useDeductions(pageNo);
  const columns: TableProps<TDeductionRow>['columns'] = [
    { key: 'date', title: t('balance.deduction.date'), dataIndex: 'date', width: 120 },
    {
      key: 'voucher',
      title: t('balance.deduction.voucher'),
      render: (_, row) => (
        <span>
          {row.voucherName}
          <br />
          <span className="cz-billing__muted">{row.voucherCode}</span>
        </span>
      ),
    },
    { key: 'instance', title: t('balance.deduction.instance'), dataIndex: 'instanceName' },
    { key: 'sku', title: t('balance.deduction.sku'), dataIndex: 'skuName' },
    {
      key: 'amount',
      title: t('balance.deduction.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
  ];
  return (
    <Table<TDeductionRow>
      rowKey={(row) => `${row.voucherId}-${row.date}-${row.instanceName}-${row.skuName}`}
      size="middle"
      columns={columns}
      dataSource={deductions.data?.list ?? []}
      loading={deductions.isFetching}
      locale={{ emptyText: <Empty description={t('balance.deduction.empty')} /> }}
      onRow={() => ({ 'data-testid': 'deduction-row' }) as object}
      pagination={{ current: pageNo, pageSize: 10, total: deductions.data?.total ?? 0, onChange: setPageNo }}
    />
  );
}
