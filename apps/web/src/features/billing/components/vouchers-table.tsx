import type { TVoucherState } from '@console/contract/billing-enums';
import { Empty, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type TVoucherRow, useVouchers } from '../api/list-vouchers';
import { Money } from './money';

const stateColors: Record<TVoucherState, string> = {
  pending: 'default',
  inEffect: 'success',
  expired: 'warning',
  voided: 'error',
};

/** Vouchers: face value, available and used amounts, dates, product and region scope, state. */
export function VouchersTable() {
  const { t } = useTranslation('billing');
  const [pageNo, setPageNo] = useState(1);
  const vouchers = useVouchers(pageNo);
  const columns: TableProps<TVoucherRow>['columns'] = [
    {
      key: 'name',
      title: t('balance.voucher.name'),
      render: (_, row) => (
        <span>
          {row.name}
          <br />
          <span className="cz-billing__muted">{row.code}</span>
        </span>
      ),
    },
    {
      key: 'faceValue',
      title: t('balance.voucher.faceValue'),
      dataIndex: 'faceValue',
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    {
      key: 'available',
      title: t('balance.voucher.available'),
      dataIndex: 'availableAmount',
      align: 'right',
      render: (v: string) => <Money value={v} testId="voucher-available" />,
    },
    {
      key: 'used',
      title: t('balance.voucher.used'),
      dataIndex: 'usedAmount',
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    {
      key: 'effective',
      title: t('balance.voucher.effectiveTime'),
      dataIndex: 'effectiveTime',
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'expire',
      title: t('balance.voucher.expireTime'),
      dataIndex: 'expireTime',
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'products',
      title: t('balance.voucher.productScope'),
      dataIndex: 'productScope',
      render: (v: string[]) => (v.length ? v.join(', ') : t('balance.voucher.allProducts')),
    },
    {
      key: 'regions',
      title: t('balance.voucher.regionScope'),
      dataIndex: 'regionScope',
      render: (v: string[]) => (v.length ? v.join(', ') : t('balance.voucher.allRegions')),
    },
    {
      key: 'state',
      title: t('balance.voucher.state'),
      dataIndex: 'state',
      render: (v: TVoucherState) => (
        <Tag color={stateColors[v]} data-testid="voucher-state" data-state={v}>
          {t(`balance.voucher.states.${v}`)}
        </Tag>
      ),
    },
  ];
  return (
    <Table<TVoucherRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={vouchers.data?.list ?? []}
      loading={vouchers.isFetching}
      scroll={{ x: 1100 }}
      locale={{ emptyText: <Empty description={t('balance.voucher.empty')} /> }}
      onRow={() => ({ 'data-testid': 'voucher-row' }) as object}
      pagination={{ current: pageNo, pageSize: 10, total: vouchers.data?.total ?? 0, onChange: setPageNo }}
    />
  );
}
