import type { TSkuCategory } from '@console/contract/billing-enums';
import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { formatRate, formatUsage } from '../lib/money';
import { Money } from './money';

/** The bill columns of spec section 3 that a detail row and a statement line share. */
export type TBillLine = {
  instanceName: string;
  regionName: string;
  category: TSkuCategory;
  skuName: string;
  unit: string;
  usage: string;
  originalAmount: string;
  discountedAmount: string;
  payableAmount: string;
  voucherDeduction: string;
  outstandingAmount: string;
  cashPayment: string;
  discountRate: number;
};

const amount = (testId: string) => (value: string) => <Money value={value} testId={testId} />;

/**
 * Instance (and region), category, billing item, usage with unit, consumption at the original
 * price, discounted consumption, amount payable, voucher deduction, outstanding amount, cash
 * payment, comprehensive discount rate.
 */
export function billColumns<T extends TBillLine>(
  t: TFunction<'billing'>,
): NonNullable<TableProps<T>['columns']> {
  return [
    {
      key: 'instance',
      title: t('columns.instance'),
      render: (_, row) => (
        <span>
          {row.instanceName}
          <br />
          <span className="cz-billing__muted">{row.regionName}</span>
        </span>
      ),
    },
    {
      key: 'category',
      title: t('columns.category'),
      dataIndex: 'category',
      render: (value: TSkuCategory) => t(`categories.${value}`),
    },
    { key: 'sku', title: t('columns.sku'), dataIndex: 'skuName' },
    {
      key: 'usage',
      title: t('columns.usage'),
      align: 'right',
      render: (_, row) => <span className="cz-billing__nowrap">{formatUsage(row.usage, row.unit)}</span>,
    },
    {
      key: 'originalAmount',
      title: t('columns.originalAmount'),
      dataIndex: 'originalAmount',
      align: 'right',
      render: amount('bill-original'),
    },
    {
      key: 'discountedAmount',
      title: t('columns.discountedAmount'),
      dataIndex: 'discountedAmount',
      align: 'right',
      render: amount('bill-discounted'),
    },
    {
      key: 'payableAmount',
      title: t('columns.payableAmount'),
      dataIndex: 'payableAmount',
      align: 'right',
      render: amount('bill-payable'),
    },
    {
      key: 'voucherDeduction',
      title: t('columns.voucherDeduction'),
      dataIndex: 'voucherDeduction',
      align: 'right',
      render: amount('bill-voucher'),
    },
    {
      key: 'outstandingAmount',
      title: t('columns.outstandingAmount'),
      dataIndex: 'outstandingAmount',
      align: 'right',
      render: amount('bill-outstanding'),
    },
    {
      key: 'cashPayment',
      title: t('columns.cashPayment'),
      dataIndex: 'cashPayment',
      align: 'right',
      render: amount('bill-cash'),
    },
    {
      key: 'discountRate',
      title: t('columns.discountRate'),
      dataIndex: 'discountRate',
      align: 'right',
      render: (value: number) => formatRate(value),
    },
  ];
}
