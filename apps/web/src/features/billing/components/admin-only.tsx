import { Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';

/**
 * Billing and account funds are for account administrators only (PRODUCT-FACTS "Funds and
 * billing"; the server refuses members with 4037): a member who gets here sees no permission.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['billing', 'common']);
  const user = useCurrentUser();
  if (!user.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!user.data.isAccountAdmin) {
    return (
      <Result
        status="403"
        title={t('noAuthTitle', { ns: 'common' })}
        subTitle={t('noPermission')}
        data-testid="billing-no-permission"
      />
    );
  }
  return children;
}
