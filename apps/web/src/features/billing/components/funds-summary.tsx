import { WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import type { TFundsAccountData } from '../api/get-funds-account';
import { isPositive } from '../lib/money';
import { Money } from './money';

/** Arrears (status owe 3 or an outstanding amount) and services paused by long arrears. */
export function ArrearsNotices({ funds }: { funds: TFundsAccountData }) {
  const { t } = useTranslation('billing');
  const isOwing = funds.accountStatus === 3 || isPositive(funds.outstandingAmount);
  return (
    <>
      {funds.servicesPausedAt ? (
        <Alert
          type="error"
          showIcon
          className="cz-billing__gap"
          title={t('balance.paused', { time: formatDateTime(funds.servicesPausedAt) })}
          data-testid="funds-paused"
        />
      ) : null}
      {isOwing && !funds.servicesPausedAt ? (
        <Alert
          type="warning"
          showIcon
          className="cz-billing__gap"
          title={t('balance.arrears', {
            time: formatDateTime(funds.arrearsSince ?? null),
          })}
          data-testid="funds-arrears"
        />
      ) : null}
    </>
  );
}

/** Cash balance, outstanding amount, vouchers available, and the Top up button. */
export function FundsSummary({ funds }: { funds: TFundsAccountData | undefined }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  if (!funds) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  return (
    <Card data-testid="funds-summary">
      <div className="cz-billing__funds">
        <div className="cz-billing__funds-cash">
          <Typography.Text type="secondary">{t('balance.cash')}</Typography.Text>
          <div className="cz-billing__stat-value cz-billing__stat-value--large">
            <Money value={funds.cashAmount} testId="funds-cash" />
          </div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('balance.outstanding')}</Typography.Text>
          <div className="cz-billing__stat-value">
            <Money value={funds.outstandingAmount} testId="funds-outstanding" />
          </div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('balance.vouchers')}</Typography.Text>
          <div className="cz-billing__stat-value">
            <Money value={funds.voucherAmount} testId="funds-vouchers" />
          </div>
        </div>
        <div className="cz-billing__funds-action">
          <Button
            type="primary"
            size="large"
            icon={<WalletOutlined />}
            onClick={() => navigate(paths.topUp)}
            data-testid="funds-top-up"
          >
            {t('balance.topUp')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
