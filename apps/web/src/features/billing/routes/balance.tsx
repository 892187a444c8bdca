/**
 * /billing/balance, the account's funds (administrators; drawn without the console header, so
 * the page shows its own title): cash balance, outstanding amount with the arrears and "services
 * paused" notices, vouchers available and the Top up button; tabs of vouchers, transactions,
 * voucher deductions and bank transfers; the invoice note. On-premise the balance is not fetched.
 */
import { Alert, Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { phoneQuery } from '@/components/ui/table-cells';
import { getMeta } from '@/lib/meta';
import { useMediaQuery } from '@/lib/use-media-query';
import { useFundsAccount } from '../api/get-funds-account';
import { AdminOnly } from '../components/admin-only';
import { DeductionsTable } from '../components/deductions-table';
import { ArrearsNotices, FundsSummary } from '../components/funds-summary';
import { RemittancesTable } from '../components/remittances-table';
import { TransactionsTable } from '../components/transactions-table';
import { VouchersTable } from '../components/vouchers-table';
import '../billing.css';

const tabs = ['vouchers', 'transactions', 'deductions', 'remittances'] as const;
type TTab = (typeof tabs)[number];

function Funds() {
  const { t } = useTranslation('billing');
  const isOnprem = getMeta().deployMode === 'onprem';
  const funds = useFundsAccount(!isOnprem);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: TTab = tabs.includes(asked as TTab) ? (asked as TTab) : 'vouchers';
  // On a phone the tabs sit closer, so that the four fit in Chinese; longer labels scroll, with
  // the rest in the tab bar's menu.
  const isPhone = useMediaQuery(phoneQuery);

  return (
    <div className="cz-billing__stack">
      {isOnprem ? (
        <Alert type="info" showIcon title={t('balance.onprem')} data-testid="funds-onprem" />
      ) : funds.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} data-testid="funds-load-failed" />
      ) : (
        <>
          {funds.data ? <ArrearsNotices funds={funds.data} /> : null}
          <FundsSummary funds={funds.data} />
          {funds.data ? (
            <Alert
              type="info"
              title={t('balance.invoice.title')}
              description={
                funds.data.invoiceTypes.includes('specialVat')
                  ? t('balance.invoice.specialVat')
                  : t('balance.invoice.ordinary')
              }
              data-testid="funds-invoice"
              data-invoice={funds.data.invoiceTypes.join(',')}
            />
          ) : null}
        </>
      )}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'vouchers' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          tabBarGutter={isPhone ? 20 : undefined}
          items={tabs.map((key) => ({
            key,
            label: <span data-testid={`funds-tab-${key}`}>{t(`balance.tabs.${key}`)}</span>,
            children:
              key === 'vouchers' ? (
                <VouchersTable />
              ) : key === 'transactions' ? (
                <TransactionsTable />
              ) : key === 'deductions' ? (
                <DeductionsTable />
              ) : (
                <RemittancesTable />
              ),
          }))}
        />
      </Card>
    </div>
  );
}

export default function BalancePage() {
  const { t } = useTranslation('billing');
  return (
    <AdminOnly>
      <div className="cz-billing" data-testid="billing-balance">
        <Typography.Title level={3} className="cz-billing__title" data-testid="balance-title">
          {t('balance.title')}
        </Typography.Title>
        <Funds />
      </div>
    </AdminOnly>
  );
}
