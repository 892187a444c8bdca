/**
 * The administrator's own identity check before changing another user (spec section 2 "Edit user
 * dialog": "after identity verification by code"; section 7 auth methods UPDATE_USER_INFO,
 * RESET_USER_PASSWORD_MODAL; RESET_USER_MFA, decision 0048): the console's verification dialog, whose single-use proof the
 * caller sends as `authCodeToken` and `authCodeType`.
 */
import type { TAuthMethod } from '@console/contract';
import { useTranslation } from 'react-i18next';
import type { TCheckResult } from '@/api/check-auth-code';
import { VerificationDialog } from '@/components/verification-dialog/verification-dialog';

export function IdentityCheck(props: {
  purpose: Extract<TAuthMethod, 'UPDATE_USER_INFO' | 'RESET_USER_PASSWORD_MODAL' | 'RESET_USER_MFA'>;
  description: string;
  onClose: () => void;
  onVerified: (proof: TCheckResult) => Promise<void> | void;
}) {
  const { t } = useTranslation('users');
  return (
    <VerificationDialog
      isOpen
      purpose={props.purpose}
      title={t('dialogs.identityTitle')}
      description={props.description}
      onClose={props.onClose}
      onVerified={props.onVerified}
    />
  );
}
