import { useTranslation } from 'react-i18next';
import { useAccountDetail } from '@/api/get-account-detail';
import { CopyText } from '@/components/ui/copy-text';
import { Tag, type TTagColor } from '@/components/ui/tag';
import { formatDateTime } from '@/lib/format';
import { DetailsCard } from './details-card';

const typeColors: Record<number, TTagColor> = { 0: 'default', 1: 'purple', 2: 'gold', 3: 'blue' };

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
                  <CopyText
                    text={data.loginAddress}
                    testId="login-address"
                    className="cz-workbench__address"
                    copyLabel={t('copy', { ns: 'common' })}
                    copiedLabel={t('copied', { ns: 'common' })}
                  />
                ),
              },
            ]
      }
    />
  );
}
