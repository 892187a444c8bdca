import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountDetail } from '@/api/get-account-detail';
import { formatDateTime } from '@/lib/format';
import { DetailsCard } from './details-card';

const typeColors: Record<number, string> = { 0: 'default', 1: 'purple', 2: 'gold', 3: 'blue' };

/** The account of the session: names, type, creation time and its own login address. */
export function AccountCard() {
  const { t } = useTranslation(['shell', 'common']);
  const { data, isPending } = useAccountDetail();
  return (
    <DetailsCard
      title={t('workbench.accountCard')}
      testId="workbench-account"
      items={
        isPending || !data
          ? null
          : [
              {
                key: 'name',
                label: t('workbench.accountName'),
                children: <span data-testid="account-name">{data.accountVo.name}</span>,
              },
              {
                key: 'displayName',
                label: t('workbench.displayName'),
                children: <span data-testid="account-display-name">{data.accountVo.displayName}</span>,
              },
              {
                key: 'type',
                label: t('workbench.accountType'),
                children: (
                  <Tag color={typeColors[data.accountVo.type]} data-testid="account-type">
                    {t(`accountTypes.${String(data.accountVo.type) as '0' | '1' | '2' | '3'}`)}
                  </Tag>
                ),
              },
              {
                key: 'createTime',
                label: t('workbench.createTime'),
                children: formatDateTime(data.accountVo.createTime),
              },
              {
                key: 'loginAddress',
                label: t('workbench.loginAddress'),
                children: (
                  <Typography.Text
                    data-testid="login-address"
                    className="cz-workbench__address"
                    ellipsis={{ tooltip: data.loginAddress }}
                    copyable={{
                      text: data.loginAddress,
                      tooltips: [t('copy', { ns: 'common' }), t('copied', { ns: 'common' })],
                    }}
                  >
                    {data.loginAddress}
                  </Typography.Text>
                ),
              },
            ]
      }
    />
  );
}
