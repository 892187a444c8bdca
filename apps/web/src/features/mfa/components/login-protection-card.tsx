import type { TMfaEnforcement } from '@console/contract';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { useMfaStatus } from '@/api/get-mfa-status';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LineIcon } from '@/components/ui/line-icon';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import { useMfaPolicy } from '../api/get-mfa-policy';
import { useSaveMfaPolicy } from '../api/save-mfa-policy';
import { LazyLoginProtectionDialog } from './lazy-login-protection-dialog';
import { MfaActions, type TProtectionAction } from './mfa-actions';
import { MfaSummary } from './mfa-summary';
import { PasskeysRow } from './passkeys-row';
import { enforcementReasons } from './policy-texts';
import '../mfa.css';

/**
 * The workbench's login protection card: status, method and where codes go, the actions, and for
 * account administrators the switch that requires login protection of every user. Turning that on
 * can lock no one out: while some user could not complete a second step (or the administrator
 * cannot prove their own), the switch is off and the card says why before any click; otherwise
 * the click opens the confirmation, which names how many users will be asked to set protection up
 * and takes the administrator's own second step.
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
  const isRequired = policy.data?.required ?? false;
  const enforcement = policy.data?.enforcement ?? null;
  // Turning it off can lock no one out; turning it on needs the server's word that it can.
  const canTurnOn = enforcement?.isPossible === true;
  const isBlocked = !isRequired && enforcement !== null && !enforcement.isPossible;

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
              aria-describedby={`${policyId}-hint${isBlocked ? ` ${policyId}-blocked` : ''}`}
              isChecked={isRequired}
              isLoading={policy.isPending || save.isPending}
              disabled={!isRequired && !canTurnOn}
              onChange={(required) =>
                required
                  ? setAction('require')
                  : save.mutate(
                      { required: false, passkeySignIn: policy.data?.passkeySignIn },
                      {
                        onSuccess: () => toast({ level: 'success', title: t('protection.policyOff') }),
                      },
                    )
              }
              data-testid="mfa-policy-switch"
            />
          </div>
          {isBlocked && enforcement ? (
            // The reasons are the server's refusals (the errors phrases): loaded only when shown.
            <Suspense fallback={null}>
              <PolicyBlocked enforcement={enforcement} id={`${policyId}-blocked`} />
            </Suspense>
          ) : null}
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

/** Why the requirement cannot be turned on yet, written in the card (no tooltip: a phone cannot hover). */
function PolicyBlocked({ enforcement, id }: { enforcement: TMfaEnforcement; id: string }) {
  const { t } = useTranslation(['mfa', 'errors']);
  const reasons = enforcementReasons(enforcement, getMeta().edition === 'international', t);
  return (
    <div className="cz-mfa-policy__blocked" id={id} data-testid="mfa-policy-blocked">
      {reasons.map((reason) => (
        <Alert key={reason} kind="warning" isAnnounced={false}>
          {reason}
        </Alert>
      ))}
    </div>
  );
}
