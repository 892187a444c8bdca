/** The small labels the accounts' pages share: status, edition, trial days and verification. */
import type { TOpsAccountSummary } from '@console/contract/ops';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColors: Record<TOpsAccountSummary['status'], string> = {
  normal: 'success',
  suspended: 'error',
  deleted: 'default',
  owe: 'warning',
  init: 'default',
};
const verificationColors: Record<TOpsAccountSummary['verification'], string> = {
  none: 'default',
  verifying: 'processing',
  passed: 'success',
  failed: 'error',
};

export function StatusTag({ status }: { status: TOpsAccountSummary['status'] }) {
  const { t } = useTranslation('opsAccounts');
  return (
    <Tag color={statusColors[status]} data-testid="ops-account-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
}

export function EditionTag({ edition }: { edition: TOpsAccountSummary['edition'] }) {
  const { t } = useTranslation('opsAccounts');
  return <Tag color={edition === 'formal' ? 'blue' : 'default'}>{t(`editions.${edition}`)}</Tag>;
}

export function VerificationTag({ state }: { state: TOpsAccountSummary['verification'] }) {
  const { t } = useTranslation('opsAccounts');
  return <Tag color={verificationColors[state]}>{t(`verifications.${state}`)}</Tag>;
}

/** "12 days left", "Trial ended", or a dash when the account is not on trial. */
export function TrialText({ days }: { days: number | null }) {
  const { t } = useTranslation('opsAccounts');
  if (days === null) return <span>{t('notTrial')}</span>;
  if (days <= 0) return <span>{t('trialOver')}</span>;
  return <span>{t('daysLeft', { days: Math.ceil(days) })}</span>;
}
