/** A top-up order looked up by its number: account, amount, channel, status, times, provider id. */
import { ErrorCode } from '@console/contract/codes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/ops/lib/format';
import { callOps, isOpsError, opsErrorText } from '@/ops/lib/ops-api';
import { financeKey, formatFen, Ident } from './finance-shared';

const statusColors = { pending: 'blue', paid: 'success', closed: 'default', failed: 'red' } as const;

export function TopUpTab() {
  const { t } = useTranslation('opsFinance');
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const order = useQuery({
    queryKey: [...financeKey, 'top-up', orderNo],
    queryFn: () =>
      callOps('opsFinanceTopUpOrder', {
        query: { orderNo: orderNo ?? '' },
        quietCodes: [ErrorCode.opsFinanceOrderNotFound, ErrorCode.badRequest],
      }),
    enabled: orderNo !== null,
    retry: false,
  });
  const data = order.data;
  const time = (iso: string | null) => (iso ? <Ident>{formatDateTime(iso)}</Ident> : t('topUp.none'));
  return (
    <Card title={t('tabs.topUp')} data-testid="ops-top-up">
      <Input.Search
        className="cz-ops-finance-lookup"
        placeholder={t('topUp.orderNoPlaceholder')}
        aria-label={t('topUp.orderNo')}
        enterButton={t('topUp.lookUp')}
        maxLength={64}
        loading={order.isFetching}
        onSearch={(value) => setOrderNo(value.trim() || null)}
        data-testid="ops-top-up-search"
      />
      {order.isError ? (
        <Alert
          type="warning"
          showIcon
          className="cz-ops-form-alert"
          title={
            isOpsError(order.error, ErrorCode.opsFinanceOrderNotFound)
              ? t('topUp.notFound')
              : opsErrorText(order.error)
          }
          data-testid="ops-top-up-error"
        />
      ) : null}
      {data ? (
        <Descriptions
          column={1}
          size="small"
          bordered
          className="cz-ops-finance-order"
          data-testid="ops-top-up-order"
        >
          <Descriptions.Item label={t('topUp.orderNo')}>
            <Ident>{data.orderNo}</Ident>
          </Descriptions.Item>
          <Descriptions.Item label={t('common.account')}>
            <Ident>{data.accountName}</Ident>
          </Descriptions.Item>
          <Descriptions.Item label={t('topUp.amount')}>
            <span className="cz-ops-finance-money" data-testid="ops-top-up-amount">
              {formatFen(data.amountFen, data.currency)}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('topUp.channel')}>
            {t(`topUp.channels.${data.channel}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('topUp.status')}>
            <Tag color={statusColors[data.status]} data-testid="ops-top-up-status" data-status={data.status}>
              {t(`topUp.statuses.${data.status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('topUp.providerTransactionId')}>
            <Ident>{data.providerTransactionId ?? t('topUp.none')}</Ident>
          </Descriptions.Item>
          <Descriptions.Item label={t('topUp.serialNo')}>
            <Ident>{data.serialNo ?? t('topUp.none')}</Ident>
          </Descriptions.Item>
          {data.failReason ? (
            <Descriptions.Item label={t('topUp.failReason')}>{data.failReason}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('topUp.notifications')}>{data.notifications}</Descriptions.Item>
          <Descriptions.Item label={t('topUp.createdAt')}>{time(data.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('topUp.expiresAt')}>{time(data.expiresAt)}</Descriptions.Item>
          <Descriptions.Item label={t('topUp.paidAt')}>{time(data.paidAt)}</Descriptions.Item>
          <Descriptions.Item label={t('topUp.updatedAt')}>{time(data.updatedAt)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
