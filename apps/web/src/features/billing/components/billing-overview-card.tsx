import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConsoleIcon } from '@/components/ui/console-icon';
import { paths } from '@/config/paths';
import { useFundsAccount } from '../api/get-funds-account';
import { isPositive } from '../lib/money';
import { Money } from './money';
import '../billing.css';

/**
 * The workbench's billing overview card (administrators, where billing is available): cash
 * balance, outstanding amount, vouchers in effect and the Top up button.
 */
export function BillingOverviewCard() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const funds = useFundsAccount();
  const data = funds.data;
  const stats = data
    ? [
        { key: 'cash', label: t('workbench.cash'), value: data.cashAmount },
        { key: 'outstanding', label: t('workbench.outstanding'), value: data.outstandingAmount },
        { key: 'vouchers', label: t('workbench.vouchers'), value: data.voucherAmount },
      ]
    : [];
  return (
    <Card
      testId="workbench-billing"
      icon={<ConsoleIcon name="wallet" />}
      title={t('workbench.overview')}
      extra={
        <Button variant="primary" onClick={() => navigate(paths.topUp)} data-testid="workbench-top-up">
          {t('workbench.topUp')}
        </Button>
      }
      isLoading={!data && !funds.isError}
      skeletonRows={2}
    >
      {funds.isError ? (
        <Alert kind="error">{t('loadFailed')}</Alert>
      ) : data ? (
        <>
          <dl className="cz-billing-card__stats">
            {stats.map((stat) => (
              <div className="cz-billing-card__stat" key={stat.key}>
                <dt className="cz-billing-card__label">{stat.label}</dt>
                <dd className="cz-billing__stat-value">
                  <Money value={stat.value} testId={`workbench-${stat.key}`} />
                </dd>
              </div>
            ))}
          </dl>
          {isPositive(data.outstandingAmount) ? (
            <Alert kind="warning" className="cz-billing__gap-top" testId="workbench-arrears">
              {t('workbench.arrears')}
            </Alert>
          ) : null}
          <Button variant="link" className="cz-billing-card__link" onClick={() => navigate(paths.balance)}>
            {t('balance.title')}
          </Button>
        </>
      ) : null}
    </Card>
  );
}
