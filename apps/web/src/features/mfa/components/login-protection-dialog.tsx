/**
 * The login protection dialogs (a chunk of their own): turning it on (authenticator binding in the
 * international edition, a phone or e-mail code in the domestic one), off, rebinding the app after
 * identity verification, the overview the user popover opens, and the confirmation of requiring it
 * of every user (with the administrator's own second step). A change of one's own protection is a
 * change of what requiring it would take: the policy is read again after it.
 */
import type { TAuthCodeType } from '@console/contract';
import { Button, Modal, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCheckResult } from '@/api/check-auth-code';
import { useMfaStatus } from '@/api/get-mfa-status';
import { VerificationDialog } from '@/components/verification-dialog/verification-dialog';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import { getMfaCode, type TMfaCode } from '../api/get-mfa-code';
import { useMfaPolicy } from '../api/get-mfa-policy';
import { modifyMfaStatus } from '../api/modify-mfa-status';
import { resetMfaCode } from '../api/reset-mfa-code';
import { applySavedMfaPolicy, refreshMfaPolicy, saveMfaPolicy } from '../api/save-mfa-policy';
import { GaDisableModal } from './ga-disable-modal';
import { GaSetupModal } from './ga-setup-modal';
import { HelpLink } from './help-link';
import { MethodChoiceModal, type TCodeMethod } from './method-choice-modal';
import { MfaActions, type TProtectionAction } from './mfa-actions';
import { MfaSummary } from './mfa-summary';
import { PasskeysModal } from './passkeys-modal';
import { PasskeysRow } from './passkeys-row';
import { setUpCountText } from './policy-texts';
import { RequireByAuthenticatorModal } from './require-by-authenticator-modal';
import '../mfa.css';

type TFlow =
  | { kind: 'overview' }
  | { kind: 'gaSetup' }
  | { kind: 'rebindVerify' }
  | { kind: 'rebindSetup'; proof: TCheckResult }
  | { kind: 'gaDisable' }
  | { kind: 'methodChoice' }
  | { kind: 'codeVerify'; enable: boolean; method: TCodeMethod }
  | { kind: 'passkeys' }
  | { kind: 'requireByAuthenticator' }
  | { kind: 'requireByCode' };

export type TLoginProtectionDialogProps = {
  action: TProtectionAction;
  onClose: () => void;
};

const channelOf = (method: TCodeMethod): TAuthCodeType => (method === 'PHONE' ? 'SMS' : 'EMAIL');

export default function LoginProtectionDialog({ action, onClose }: TLoginProtectionDialogProps) {
  const { t, i18n } = useTranslation(['mfa', 'errors', 'common']);
  const status = useMfaStatus();
  const isInternational = getMeta().edition === 'international';
  const [flow, setFlow] = useState<TFlow | null>(null);
  // Read from the card's cache; only the requirement's confirmation uses it.
  const policy = useMfaPolicy(action === 'require').data;
  const enforcement = policy?.enforcement ?? null;

  const start = (next: TProtectionAction) => {
    const method: TCodeMethod = status.data?.mfaMethodType === 'EMAIL' ? 'EMAIL' : 'PHONE';
    if (next === 'require')
      setFlow({ kind: enforcement?.proof === 'GA' ? 'requireByAuthenticator' : 'requireByCode' });
    else if (next === 'manage') setFlow({ kind: 'overview' });
    else if (next === 'passkeys') setFlow({ kind: 'passkeys' });
    else if (next === 'enable') setFlow({ kind: isInternational ? 'gaSetup' : 'methodChoice' });
    else if (next === 'rebind') setFlow({ kind: 'rebindVerify' });
    else if (isInternational) setFlow({ kind: 'gaDisable' });
    else setFlow({ kind: 'codeVerify', enable: false, method });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts its flow once
  useEffect(() => start(action), [action]);

  const done = (text: string) => {
    toast({ level: 'success', title: text });
    onClose();
    void refreshMfaPolicy();
  };
  const closePasskeys = () => {
    onClose();
    void refreshMfaPolicy();
  };
  const required = () => {
    toast({ level: 'success', title: t('protection.policyOn') });
    onClose();
  };

  // One rebinding per verified code (the code's proof serves once).
  const rebindLoad = useMemo(() => {
    if (flow?.kind !== 'rebindSetup') return null;
    let pending: Promise<TMfaCode> | null = null;
    const { proof } = flow;
    return () => {
      pending ??= resetMfaCode(proof);
      return pending;
    };
  }, [flow]);

  return (
    <>
      <Modal
        open={flow?.kind === 'overview'}
        title={t('protection.title')}
        onCancel={onClose}
        width={480}
        footer={
          <div className="cz-mfa-footer">
            <HelpLink />
            <Button onClick={onClose} data-testid="mfa-overview-close">
              {t('close', { ns: 'common' })}
            </Button>
          </div>
        }
      >
        <div className="cz-mfa-overview" data-testid="mfa-overview">
          <p className="cz-mfa-overview__text">{t('protection.description')}</p>
          {status.data ? (
            <>
              <MfaSummary state={status.data} />
              <div className="cz-mfa-overview__actions">
                <MfaActions state={status.data} onAction={start} testIdPrefix="mfa-overview" />
              </div>
              <PasskeysRow onManage={() => start('passkeys')} testId="mfa-overview-passkeys" />
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </div>
      </Modal>

      {flow?.kind === 'passkeys' ? <PasskeysModal onClose={closePasskeys} /> : null}
      {enforcement && policy ? (
        <>
          <RequireByAuthenticatorModal
            isOpen={flow?.kind === 'requireByAuthenticator'}
            enforcement={enforcement}
            passkeySignIn={policy.passkeySignIn}
            onClose={onClose}
            onDone={required}
          />
          <VerificationDialog
            isOpen={flow?.kind === 'requireByCode'}
            purpose="MFA_STATUS"
            channels={enforcement.proofChannels}
            title={t('protection.policy')}
            description={[
              setUpCountText(enforcement, t),
              t('protection.requireCodeText'),
              status.data?.enable ? null : t('protection.requireOwnOn'),
            ]
              .filter(Boolean)
              // Sentences run on without a space in Chinese.
              .join(i18n.language === 'zh-CN' ? '' : ' ')}
            onClose={onClose}
            onVerified={async (proof) => {
              try {
                const saved = await saveMfaPolicy(
                  { required: true, passkeySignIn: policy.passkeySignIn },
                  { proof, hints: false },
                );
                applySavedMfaPolicy(saved);
                required();
              } catch (cause) {
                // Whoever changed meanwhile (a user, the installation): the card says so again.
                void refreshMfaPolicy();
                throw cause;
              }
            }}
          />
        </>
      ) : null}
      <GaSetupModal
        isOpen={flow?.kind === 'gaSetup'}
        load={getMfaCode}
        onClose={onClose}
        onDone={() => done(t('protection.enabled'))}
      />
      {rebindLoad ? (
        <GaSetupModal
          isOpen
          isRebind
          load={rebindLoad}
          onClose={onClose}
          onDone={() => done(t('protection.rebound'))}
        />
      ) : null}
      <GaDisableModal
        isOpen={flow?.kind === 'gaDisable'}
        onClose={onClose}
        onDone={() => done(t('protection.disabled'))}
      />
      <VerificationDialog
        isOpen={flow?.kind === 'rebindVerify'}
        purpose="RESET_MFA"
        title={t('protection.rebindTitle')}
        description={t('protection.rebindHint')}
        onClose={onClose}
        onVerified={(proof) => setFlow({ kind: 'rebindSetup', proof })}
      />

      <MethodChoiceModal
        isOpen={flow?.kind === 'methodChoice'}
        onClose={onClose}
        onContinue={(method) => setFlow({ kind: 'codeVerify', enable: true, method })}
      />
      <VerificationDialog
        isOpen={flow?.kind === 'codeVerify'}
        purpose="MFA_STATUS"
        channels={flow?.kind === 'codeVerify' ? [channelOf(flow.method)] : undefined}
        title={
          flow?.kind === 'codeVerify' && !flow.enable
            ? t('protection.disableTitle')
            : t('protection.setupTitle')
        }
        {...(flow?.kind === 'codeVerify' && !flow.enable
          ? { description: t('protection.disableCodeText') }
          : {})}
        onClose={onClose}
        onVerified={async (proof) => {
          if (flow?.kind !== 'codeVerify') return;
          await modifyMfaStatus({ enable: flow.enable, mfaMethodType: flow.method }, proof);
          done(flow.enable ? t('protection.enabled') : t('protection.disabled'));
        }}
      />
    </>
  );
}
