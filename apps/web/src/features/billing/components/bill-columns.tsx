import type { TSkuCategory } from '@console/contract/billing-enums';
import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { amountColumn, InlinePair, nowrapColumn } from '@/components/ui/table-cells';
import { formatDiscountRate, formatUsage, type TCurrency } from '../lib/money';
import { Money } from './money';
import '../billing.css';

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

/**
 * An amount column's title with the account's currency, "Amount payable (CNY)": the currency on a
 * line of its own under the title, so that a column is about as wide as its figures rather than its
 * whole title, and a table of several amounts fits a desktop screen without scrolling.
 */
export function amountTitle(t: TFunction<'billing'>, title: string, currency: TCurrency): ReactNode {
  const text = t('withCurrency', { title, currency });
  if (!text.startsWith(title)) return text;
  return (
    <span className="cz-amount-title">
      {title}
      <span className="cz-amount-title__currency">{text.slice(title.length)}</span>
    </span>
  );
}

type TAmountKey =
  | 'originalAmount'
  | 'discountedAmount'
  | 'payableAmount'
  | 'voucherDeduction'
  | 'outstandingAmount'
  | 'cashPayment';

const amount = (testId: string) => (value: string) => <Money value={value} testId={testId} />;

/**
 * Instance with its region on the same line, category, billing item, usage with unit,
 * consumption at the original price, discounted consumption, amount payable, voucher deduction,
 * outstanding amount, cash payment, comprehensive discount rate. Amount titles name the account's
 * currency; no cell wraps (the table scrolls sideways in its own box).
 */
export function billColumns<T extends TBillLine>(
  t: TFunction<'billing'>,
  currency: TCurrency,
): NonNullable<TableProps<T>['columns']> {
  const money = (key: TAmountKey, testId: string) => ({
    key,
    title: amountTitle(t, t(`columns.${key}`), currency),
    dataIndex: key,
    ...amountColumn,
    render: amount(testId),
  });
  return [
    {
      key: 'instance',
      title: t('columns.instance'),
      render: (_, row) => (
        <InlinePair primary={row.instanceName} secondary={row.regionName} testId="bill-instance" />
      ),
    },
    {
      key: 'category',
      title: t('columns.category'),
      dataIndex: 'category',
      ...nowrapColumn,
      render: (value: TSkuCategory) => t(`categories.${value}`),
    },
    { key: 'sku', title: t('columns.sku'), dataIndex: 'skuName', ...nowrapColumn },
    {
      key: 'usage',
      title: t('columns.usage'),
      ...amountColumn,
      render: (_, row) => formatUsage(row.usage, row.unit),
    },
    money('originalAmount', 'bill-original'),
    money('discountedAmount', 'bill-discounted'),
    money('payableAmount', 'bill-payable'),
    money('voucherDeduction', 'bill-voucher'),
    money('outstandingAmount', 'bill-outstanding'),
    money('cashPayment', 'bill-cash'),
    {
      key: 'discountRate',
      title: t('columns.discountRate'),
      dataIndex: 'discountRate',
      ...amountColumn,
      render: (value: number, row) => formatDiscountRate(value, row.originalAmount),
    },
  ];
}
