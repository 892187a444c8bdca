import { TransactionTypes, type TTransactionType } from '@console/contract/billing-enums';
import { Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  EllipsisText,
  nowrapColumn,
  usePagedTable,
  useScreenColumns,
} from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { type TTransactionRow, useTransactions } from '../api/list-transactions';
import { amountTitle } from './bill-columns';
import { Money, useCurrency } from './money';

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
  const currency = useCurrency();
  const paged = usePagedTable({
    pageNo,
    onPage: setPageNo,
    total: transactions.data?.total,
    isFetching: transactions.isFetching,
    empty: t('balance.transaction.empty'),
  });
  const screenColumns = useScreenColumns();
  const table = useKeyboardScroll(t('balance.tabs.transactions'));
  const columns: TableProps<TTransactionRow>['columns'] = [
    {
      key: 'time',
      title: t('balance.transaction.time'),
      dataIndex: 'time',
      fixed: 'left',
      ...nowrapColumn,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'type',
      title: t('balance.transaction.type'),
      dataIndex: 'type',
      ...nowrapColumn,
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
      ...nowrapColumn,
      render: (v: TTransactionRow['channel']) => (
        <span data-testid="transaction-channel" data-channel={v}>
          {t(`balance.transaction.channels.${v}`)}
        </span>
      ),
    },
    {
      key: 'amount',
      title: amountTitle(t, t('balance.transaction.amount'), currency),
      dataIndex: 'amount',
      ...amountColumn,
      render: (v: string) => <Money value={v} testId="transaction-amount" />,
    },
    {
      key: 'balanceAfter',
      title: amountTitle(t, t('balance.transaction.balanceAfter'), currency),
      dataIndex: 'balanceAfter',
      ...amountColumn,
      render: (v: string) => <Money value={v} />,
    },
    {
      key: 'serialNo',
      title: t('balance.transaction.serialNo'),
      dataIndex: 'serialNo',
      ...nowrapColumn,
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
      render: (v: string | null) => <EllipsisText text={v} />,
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
      <div ref={table}>
        <Table<TTransactionRow>
          rowKey="id"
          size="middle"
          columns={screenColumns(columns)}
          dataSource={transactions.data?.list ?? []}
          {...paged}
          onRow={(row) => ({ 'data-testid': 'transaction-row', 'data-type': row.type }) as object}
        />
      </div>
    </Space>
  );
}
