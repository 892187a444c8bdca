import { TransactionTypes, type TTransactionType } from '@console/contract/billing-enums';
import { Empty, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type TTransactionRow, useTransactions } from '../api/list-transactions';
import { Money } from './money';

const typeColors: Record<TTransactionType, string> = {
  recharge: 'success',
  consumption: 'blue',
  refund: 'gold',
  cash: 'default',
};

/** Cash account movements with a type filter: channel, amount, balance after, time, serial number. */
export function TransactionsTable() {
  const { t } = useTranslation('billing');
  const [type, setType] = useState<TTransactionType | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const transactions = useTransactions(type, pageNo);
  const columns: TableProps<TTransactionRow>['columns'] = [
    {
      key: 'time',
      title: t('balance.transaction.time'),
      dataIndex: 'time',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'type',
      title: t('balance.transaction.type'),
      dataIndex: 'type',
      render: (v: TTransactionType) => (
        <Tag color={typeColors[v]} data-testid="transaction-type" data-type={v}>
          {t(`balance.transaction.types.${v}`)}
        </Tag>
      ),
    },
    {
      key: 'channel',
      title: t('balance.transaction.channel'),
      dataIndex: 'channel',
      render: (v: TTransactionRow['channel']) => (
        <span data-testid="transaction-channel" data-channel={v}>
          {t(`balance.transaction.channels.${v}`)}
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('balance.transaction.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <Money value={v} testId="transaction-amount" />,
    },
    {
      key: 'balanceAfter',
      title: t('balance.transaction.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    {
      key: 'serialNo',
      title: t('balance.transaction.serialNo'),
      dataIndex: 'serialNo',
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} className="cz-billing__serial">
          {v}
        </Typography.Text>
      ),
    },
    {
      key: 'remark',
      title: t('balance.transaction.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string | null) => v || '-',
    },
  ];
  return (
    <Space orientation="vertical" size={12} className="cz-billing__full">
      <Select
        style={{ minWidth: 160 }}
        value={type ?? ''}
        onChange={(next: string) => {
          setType(next ? (next as TTransactionType) : null);
          setPageNo(1);
        }}
        options={[
          { value: '', label: t('balance.transaction.allTypes') },
          ...TransactionTypes.map((v) => ({ value: v, label: t(`balance.transaction.types.${v}`) })),
        ]}
        data-testid="transaction-type-filter"
      />
      <Table<TTransactionRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={transactions.data?.list ?? []}
        loading={transactions.isFetching}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description={t('balance.transaction.empty')} /> }}
        onRow={(row) => ({ 'data-testid': 'transaction-row', 'data-type': row.type }) as object}
        pagination={{
          current: pageNo,
          pageSize: 10,
          total: transactions.data?.total ?? 0,
          onChange: setPageNo,
        }}
      />
    </Space>
  );
}
