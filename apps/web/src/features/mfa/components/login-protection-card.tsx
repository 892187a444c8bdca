import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { useMfaStatus } from '@/api/get-mfa-status';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LineIcon } from '@/components/ui/line-icon';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/notifier';
import { useMfaPolicy } from '../api/get-mfa-policy';
import { useSaveMfaPolicy } from '../api/save-mfa-policy';
import { LazyLoginProtectionDialog } from './lazy-login-protection-dialog';
import { MfaActions, type TProtectionAction } from './mfa-actions';
import { MfaSummary } from './mfa-summary';
import { PasskeysRow } from './passkeys-row';
import '../mfa.css';

/**
 * The workbench's login protection card: status, method and where codes go, the actions, and for
 * account administrators the switch that requires login protection of every user.
 */
export function LoginProtectionCard() {
  const { t } = useTranslation('mfa');
  const status = useMfaStatus();
  const isAdmin = useCurrentUser().data?.isAccountAdmin === true;
  const policy = useMfaPolicy(isAdmin);
  const save = useSaveMfaPolicy();
  const [action, setAction] = useState<TProtectionAction | null>(null);
  const policyId = useId();
  const passkeyPolicyId = useId();

  return (
    <Card
      className="cz-mfa-card"
      testId="mfa-card"
      icon={<LineIcon name="shield" size={16} />}
      title={t('protection.title')}
    >
      <p className="cz-mfa-card__text">{t('protection.description')}</p>
      {status.isError ? (
        <Alert kind="error">{t('protection.loadFailed')}</Alert>
      ) : status.data ? (
        <>
          <MfaSummary state={status.data} />
          <div className="cz-mfa-card__actions">
            <MfaActions state={status.data} onAction={setAction} />
          </div>
          <PasskeysRow onManage={() => setAction('passkeys')} testId="mfa-passkeys" />
        </>
      ) : (
        <div aria-busy="true">
          <Skeleton rows={2} />
        </div>
      )}
      {isAdmin ? (
        <>
          <hr className="cz-mfa-card__divider" />
          <div className="cz-mfa-policy">
            <div className="cz-mfa-policy__text">
              <label className="cz-mfa-policy__label" htmlFor={policyId}>
                {t('protection.policy')}
              </label>
              <div className="cz-mfa-policy__hint" id={`${policyId}-hint`}>
                {t('protection.policyHint')}
              </div>
            </div>
            <Switch
              id={policyId}
              aria-describedby={`${policyId}-hint`}
              isChecked={policy.data?.required ?? false}
              isLoading={policy.isPending || save.isPending}
              onChange={(required) =>
                save.mutate(
                  { required, passkeySignIn: policy.data?.passkeySignIn },
                  {
                    onSuccess: () =>
                      toast({
                        level: 'success',
                        title: required ? t('protection.policyOn') : t('protection.policyOff'),
                      }),
                  },
                )
              }
              data-testid="mfa-policy-switch"
            />
          </div>
          <div className="cz-mfa-policy cz-mfa-policy--next">
            <div className="cz-mfa-policy__text">
              <label className="cz-mfa-policy__label" htmlFor={passkeyPolicyId}>
                {t('passkey.policy')}
              </label>
              <div className="cz-mfa-policy__hint" id={`${passkeyPolicyId}-hint`}>
                {t('passkey.policyHint')}
              </div>
            </div>
            <Switch
              id={passkeyPolicyId}
              aria-describedby={`${passkeyPolicyId}-hint`}
              isChecked={policy.data?.passkeySignIn ?? false}
              isLoading={policy.isPending || save.isPending}
              onChange={(passkeySignIn) =>
                save.mutate(
                  { required: policy.data?.required ?? false, passkeySignIn },
                  {
                    onSuccess: () =>
                      toast({
                        level: 'success',
                        title: passkeySignIn ? t('passkey.policyOn') : t('passkey.policyOff'),
                      }),
                  },
                )
              }
              data-testid="mfa-passkey-policy-switch"
            />
          </div>
        </>
      ) : null}
      {action ? <LazyLoginProtectionDialog action={action} onClose={() => setAction(null)} /> : null}
    </Card>
  );
}
