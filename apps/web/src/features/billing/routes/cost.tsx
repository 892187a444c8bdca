/**
 * /billing/cost, the monthly statements (administrators): a year selector, and per month the
 * original and discounted amounts, voucher deduction, cash payment, the arrears the month
 * incurred and whether they are settled (or what of them is still owed), with a link to the
 * month's bill. Every column fits a 1440 px screen in both languages (the amount titles put the
 * currency on a line of their own), so the fixed Actions column covers nothing; on a phone the
 * table scrolls sideways in its box.
 */
import { Alert, Button, Card, Select, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  amountColumn,
  nowrapColumn,
  TableEmpty,
  tableScroll,
  useScreenColumns,
  useShowTotal,
} from '@/components/ui/table-cells';
import { buildPath } from '@/config/console-paths';
import { paths } from '@/config/paths';
import { useStatementYears } from '../api/list-statement-years';
import { statementPageSize, type TStatementRow, useStatements } from '../api/list-statements';
import { AdminOnly } from '../components/admin-only';
import { amountTitle } from '../components/bill-columns';
import { Money, useCurrency, useMoney } from '../components/money';
import { usePageCursors } from '../lib/page-cursors';
import '../billing.css';

function Statements() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const years = useStatementYears();
  const [year, setYear] = useState<number | null | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  // The newest year with statements, once the years are known.
  useEffect(() => {
    if (year === undefined && years.data) setYear(years.data.length > 0 ? Math.max(...years.data) : null);
  }, [year, years.data]);
  const isYearKnown = year !== undefined || years.isError;
  const cursors = usePageCursors(String(year));
  const statements = useStatements(year ?? null, pageNo, cursors.cursorOf(pageNo));
  if (!statements.isPlaceholderData) {
    cursors.remember(statements.data?.pageNo ?? 0, statements.data?.nextCursor);
  }
  const open = (row: TStatementRow) => navigate(buildPath(paths.monthBill, { id: row.id }));
  const currency = useCurrency();
  const { money: formatMoney } = useMoney();
  const showTotal = useShowTotal();
  const screenColumns = useScreenColumns();

  const amount = (testId: string) => (value: string) => <Money value={value} testId={testId} />;
  const money = (title: string) => ({ title: amountTitle(t, title, currency), ...amountColumn });
  const columns: TableProps<TStatementRow>['columns'] = [
    {
      key: 'month',
      title: t('columns.month'),
      dataIndex: 'month',
      fixed: 'left',
      ...nowrapColumn,
      render: (value: string, row) => (
        <Typography.Link onClick={() => open(row)} data-testid="statement-month">
          {value}
        </Typography.Link>
      ),
    },
    {
      key: 'original',
      ...money(t('columns.originalAmount')),
      dataIndex: 'originalAmount',
      render: amount('statement-original'),
    },
    {
      key: 'discounted',
      ...money(t('columns.discountedAmount')),
      dataIndex: 'discountedAmount',
      render: amount('statement-discounted'),
    },
    {
      key: 'voucher',
      ...money(t('columns.voucherDeduction')),
      dataIndex: 'voucherDeduction',
      render: amount('statement-voucher'),
    },
    {
      key: 'cash',
      ...money(t('columns.cashPayment')),
      dataIndex: 'cashPayment',
      render: amount('statement-cash'),
    },
    {
      key: 'outstanding',
      ...money(t('columns.outstandingAmount')),
      dataIndex: 'outstandingAmount',
      render: amount('statement-outstanding'),
    },
    {
      key: 'settled',
      title: t('columns.settled'),
      dataIndex: 'isSettled',
      ...nowrapColumn,
      // Settled, or what of the month's arrears is still owed (top-ups pay the oldest first).
      render: (value: boolean, row) =>
        value ? (
          <Tag color="success" data-testid="statement-settled" data-settled="true">
            {t('statements.settled')}
          </Tag>
        ) : (
          <Tag color="warning" data-testid="statement-settled" data-settled="false">
            {t('statements.owed', { amount: formatMoney(row.owedAmount) })}
          </Tag>
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      ...nowrapColumn,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => open(row)} data-testid="statement-view">
          {t('statements.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      className="cz-table-card"
      title={
        <Typography.Text type="secondary" className="cz-billing__small">
          {t('statements.intro')}
        </Typography.Text>
      }
      extra={
        <Select
          style={{ minWidth: 140 }}
          value={year ?? 0}
          loading={years.isPending}
          onChange={(next: number) => {
            setYear(next === 0 ? null : next);
            setPageNo(1);
          }}
          options={[
            { value: 0, label: t('statements.allYears') },
            ...[...(years.data ?? [])].sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) })),
          ]}
          aria-label={t('statements.year')}
          data-testid="statement-year"
        />
      }
    >
      <Typography.Paragraph
        type="secondary"
        className="cz-billing__small"
        data-testid="statement-arrears-note"
      >
        {t('statements.arrearsNote')}
      </Typography.Paragraph>
      {statements.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} className="cz-billing__gap" />
      ) : null}
      <Table<TStatementRow>
        rowKey="id"
        size="middle"
        columns={screenColumns(columns)}
        dataSource={isYearKnown ? (statements.data?.list ?? []) : []}
        loading={!isYearKnown || statements.isFetching}
        scroll={tableScroll}
        locale={{ emptyText: <TableEmpty text={t('statements.empty')} /> }}
        onRow={(row) => ({ 'data-testid': 'statement-row', 'data-month': row.month }) as object}
        pagination={{
          current: pageNo,
          pageSize: statementPageSize,
          total: statements.data?.total ?? 0,
          showTotal,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
      />
    </Card>
  );
}

export default function CostPage() {
  return (
    <AdminOnly>
      <div className="cz-billing" data-testid="billing-cost">
        <Statements />
      </div>
    </AdminOnly>
  );
}
