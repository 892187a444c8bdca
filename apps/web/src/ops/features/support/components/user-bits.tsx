/** Small pieces the Users and User pages share: a user's status tag and second factors. */
import type { TOpsUserStatus } from '@console/contract/ops';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColors: Record<TOpsUserStatus, string> = {
  active: 'success',
  locked: 'error',
  disabled: 'default',
  invited: 'processing',
  deleted: 'default',
};

export function StatusTag({ status }: { status: TOpsUserStatus }) {
  const { t } = useTranslation('opsSupport');
  return (
    <Tag color={statusColors[status]} data-testid="support-user-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** "Authenticator app · 2 passkeys", or "None". */
export function FactorsText({ hasAuthenticator, passkeys }: { hasAuthenticator: boolean; passkeys: number }) {
  const { t } = useTranslation('opsSupport');
  const parts = [
    ...(hasAuthenticator ? [t('factors.authenticator')] : []),
    ...(passkeys > 0 ? [t('factors.passkeys', { count: passkeys })] : []),
  ];
  return (
    <span data-testid="support-user-factors">{parts.length > 0 ? parts.join(' · ') : t('factors.none')}</span>
  );
}

/** A phone as the customers' console shows it: `+86 139****2222`. */
export function phoneText(phone: string | null, phoneCode: string): string | null {
  return phone ? `+${phoneCode} ${phone}` : null;
}
