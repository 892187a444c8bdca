import { Card, Descriptions, type DescriptionsProps, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type TAccountDetail, useAccountDetail } from '@/api/get-account-detail';
import { formatDateTime } from '@/lib/format';
import { accountTrialDays, type TTrialDays } from '@/lib/trial-days';

type TItems = NonNullable<DescriptionsProps['items']>;

const typeColors: Record<number, string> = { 0: 'default', 1: 'purple', 2: 'gold', 3: 'blue' };

export type TAccountInfoCardProps = {
  /** Further rows after the account's facts (e.g. the company, an activation code). */
  extraItems?: (account: TAccountDetail) => TItems;
  /** Actions in the card's header. */
  extra?: ReactNode;
  /** False while the data of `extraItems` loads: their rows are placeholders until then. */
  isReady?: boolean;
  /** Placeholder rows standing for `extraItems` while the card loads (so that it keeps its height). */
  pendingRows?: readonly { key: string; label: string }[];
};

/** The rows every account has, drawn as placeholders while the details load. */
const placeholderRows = [
  'accountName',
  'displayName',
  'loginAddress',
  'accountType',
  'createTime',
  'trialDays',
] as const;

/**
 * The account center's "Account information" card: account name, display name, login address,
 * account type, creation time and, for a trial account only, the trial days left.
 */

export function AccountInfoCard({
  extraItems,
  extra,
  pendingRows = [],
  isReady = true,
}: TAccountInfoCardProps) {
  const { t } = useTranslation(['account', 'shell', 'common']);
  const { data } = useAccountDetail();

  const trialText = (days: TTrialDays): string => {
    if (days.kind === 'unknown') return t('info.trialDaysUnknown');
    if (days.kind === 'lessThanOneDay') return t('info.lessThanOneDay');
    return t('info.trialDaysValue', { days: days.kind === 'days' ? days.days : 0 });
  };

  /** The trial days row: a trial account's only (a formal account has no trial to count). */
  const trialRow = (account: TAccountDetail): TItems => {
    const days = accountTrialDays({
      type: account.accountVo.type,
      remainingTrialDays: account.remainingTrialDays,
    });
    return days
      ? [
          {
            key: 'trialDays',
            label: t('info.trialDays'),
            children: <span data-testid="account-info-trial-days">{trialText(days)}</span>,
          },
        ]
      : [];
  };

  const items = (account: TAccountDetail): TItems => [
    {
      key: 'name',
      label: t('info.accountName'),
      children: (
        <Typography.Text
          data-testid="account-info-name"
          copyable={{
            text: account.accountVo.name,
            tooltips: [t('copy', { ns: 'common' }), t('copied', { ns: 'common' })],
          }}
        >
          {account.accountVo.name}
        </Typography.Text>
      ),
    },
    {
      key: 'displayName',
      label: t('info.displayName'),
      children: <span data-testid="account-info-display-name">{account.accountVo.displayName}</span>,
    },
    {
      key: 'loginAddress',
      label: t('info.loginAddress'),
      children: (
        <Typography.Text
          data-testid="account-info-login-address"
          className="cz-account-card__address"
          ellipsis={{ tooltip: account.loginAddress }}
          copyable={{
            text: account.loginAddress,
            tooltips: [t('copy', { ns: 'common' }), t('copied', { ns: 'common' })],
          }}
        >
          {account.loginAddress}
        </Typography.Text>
      ),
    },
    {
      key: 'type',
      label: t('info.accountType'),
      children: (
        <Tag
          color={typeColors[account.accountVo.type]}
          data-testid="account-info-type"
          data-type={account.accountVo.type}
        >
          {t(`accountTypes.${String(account.accountVo.type) as '0' | '1' | '2' | '3'}`, { ns: 'shell' })}
        </Tag>
      ),
    },
    {
      key: 'createTime',
      label: t('info.createTime'),
      children: (
        <span data-testid="account-info-create-time">{formatDateTime(account.accountVo.createTime)}</span>
      ),
    },
    ...trialRow(account),
  ];

  const placeholder = ({ key, label }: { key: string; label: string }) => ({
    key,
    label,
    children: <Skeleton.Input active size="small" className="cz-account-card__placeholder" />,
  });
  // The account's own rows as soon as its details are there (the console has them before the page
  // opens); a placeholder for each row whose data is still on its way, so that the card keeps its
  // height and the cards below do not move.
  const rows: TItems = data
    ? isReady
      ? [...items(data), ...(extraItems ? extraItems(data) : [])]
      : [...items(data), ...pendingRows.map(placeholder)]
    : [...placeholderRows.map((key) => ({ key, label: t(`info.${key}`) })), ...pendingRows].map(placeholder);

  return (
    <Card title={t('info.title')} extra={extra} className="cz-account-card" data-testid="account-info">
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        colon={false}
        styles={{ label: { width: 140 } }}
        aria-busy={data && isReady ? undefined : true}
        items={rows}
      />
    </Card>
  );
}
