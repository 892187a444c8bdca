import { type TVoucherState, VoucherStates } from '@console/contract/billing-enums';
import { Select, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  EllipsisText,
  NameCell,
  nowrapColumn,
  usePagedTable,
  useScreenColumns,
} from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { type TVoucherRow, useVouchers } from '../api/list-vouchers';
import { amountTitle } from './bill-columns';
import { Money, useCurrency } from './money';

const stateColors: Record<TVoucherState, string> = {
  pending: 'default',
  inEffect: 'success',
  usedUp: 'processing',
  expired: 'warning',
  voided: 'error',
};

/**
 * Vouchers with a state filter: face value, available and used amounts, dates, product and region
 * scope, state (a voucher with nothing left is used up, whatever its dates).
 */
export function VouchersTable() {
  const { t } = useTranslation('billing');
  const [state, setState] = useState<TVoucherState | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const vouchers = useVouchers(state, pageNo);
  const currency = useCurrency();
  const paged = usePagedTable({
    pageNo,
    onPage: setPageNo,
    total: vouchers.data?.total,
    isFetching: vouchers.isFetching,
    empty: t('balance.voucher.empty'),
  });
  const screenColumns = useScreenColumns();
  const table = useKeyboardScroll(t('balance.tabs.vouchers'));
  const columns: TableProps<TVoucherRow>['columns'] = [
    {
      key: 'name',
      title: t('balance.voucher.name'),
      fixed: 'left',
      // The name over its code: side by side they made the table wider than a 1440 px screen.
      render: (_, row) => <NameCell name={row.name} secondary={row.code} testId="voucher-name" />,
    },
    {
      key: 'faceValue',
      title: amountTitle(t, t('balance.voucher.faceValue'), currency),
      dataIndex: 'faceValue',
      ...amountColumn,
      render: (v: string) => <Money value={v} />,
    },
    {
      key: 'available',
      title: amountTitle(t, t('balance.voucher.available'), currency),
      dataIndex: 'availableAmount',
      ...amountColumn,
      render: (v: string) => <Money value={v} testId="voucher-available" />,
    },
    {
      key: 'used',
      title: amountTitle(t, t('balance.voucher.used'), currency),
      dataIndex: 'usedAmount',
      ...amountColumn,
      render: (v: string) => <Money value={v} />,
    },
    {
      key: 'effective',
      title: t('balance.voucher.effectiveTime'),
      dataIndex: 'effectiveTime',
      ...nowrapColumn,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'expire',
      title: t('balance.voucher.expireTime'),
      dataIndex: 'expireTime',
      ...nowrapColumn,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'products',
      title: t('balance.voucher.productScope'),
      dataIndex: 'productScope',
      render: (v: string[]) => (
        <EllipsisText text={v.length ? v.join(', ') : t('balance.voucher.allProducts')} />
      ),
    },
    {
      key: 'regions',
      title: t('balance.voucher.regionScope'),
      dataIndex: 'regionScope',
      render: (v: string[]) => (
        <EllipsisText text={v.length ? v.join(', ') : t('balance.voucher.allRegions')} />
      ),
    },
    {
      key: 'state',
      title: t('balance.voucher.state'),
      dataIndex: 'state',
      ...nowrapColumn,
      render: (v: TVoucherState) => (
        <Tag color={stateColors[v]} data-testid="voucher-state" data-state={v}>
          {t(`balance.voucher.states.${v}`)}
        </Tag>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={12} className="cz-billing__full">
      <Select
        style={{ minWidth: 160 }}
        value={state ?? ''}
        onChange={(next: string) => {
          setState(next ? (next as TVoucherState) : null);
          setPageNo(1);
        }}
        options={[
          { value: '', label: t('balance.voucher.allStates') },
          ...VoucherStates.map((v) => ({ value: v, label: t(`balance.voucher.states.${v}`) })),
        ]}
        aria-label={t('balance.voucher.state')}
        data-testid="voucher-state-filter"
      />
      <div ref={table}>
        <Table<TVoucherRow>
          rowKey="id"
          size="middle"
          columns={screenColumns(columns)}
          dataSource={vouchers.data?.list ?? []}
          {...paged}
          onRow={(row) => ({ 'data-testid': 'voucher-row', 'data-state': row.state }) as object}
        />
      </div>
    </Space>
  );
}
