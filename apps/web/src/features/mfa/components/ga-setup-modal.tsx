import { Alert, Button, Modal, Steps } from 'antd';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorKey } from '@/components/authenticator-key';
import { CodeInput } from '@/components/code-input/code-input';
import { isCompleteCode } from '@/components/code-input/code-rules';
import { LineIcon } from '@/components/ui/line-icon';
import { encryptCode } from '@/lib/encrypt-code';
import type { TMfaCode } from '../api/get-mfa-code';
import { modifyMfaStatus } from '../api/modify-mfa-status';
import { HelpLink } from './help-link';
import { useCodeErrorText } from './use-code-error-text';

export type TGaSetupModalProps = {
  isOpen: boolean;
  /** Where the new key comes from: a new binding, or a rebinding after identity verification. */
  load: () => Promise<TMfaCode>;
  isRebind?: boolean;
  onClose: () => void;
  onDone: () => void;
};

/**
 * Binding an authenticator app in three steps (spec section 2 "Login protection dialog"): install
 * an app; bind the key by QR code or by the secret typed in (copy, "copied"); enter the 6-digit
 * code, which turns login protection on.
 */
export function GaSetupModal({ isOpen, load, isRebind = false, onClose, onDone }: TGaSetupModalProps) {
  const { t } = useTranslation(['mfa', 'common']);
  const describe = useCodeErrorText();
  const formId = useId();
  const [step, setStep] = useState(0);
  const [material, setMaterial] = useState<TMfaCode | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const describeRef = useRef(describe);
  describeRef.current = describe;

  useEffect(() => {
    if (!isOpen) return;
    setStep(0);
    setCode('');
    setError(null);
  }, [isOpen]);

  // A new key for each opening, and for each retry (`attempt`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for another key
  useEffect(() => {
    if (!isOpen) return;
    let isCancelled = false;
    setMaterial(null);
    setLoadError(null);
    loadRef.current().then(
      (next) => {
        if (!isCancelled) setMaterial(next);
      },
      (cause: unknown) => {
        if (!isCancelled) setLoadError(describeRef.current(cause));
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [isOpen, attempt]);

  useEffect(() => {
    if (step === 2) codeRef.current?.focus();
  }, [step]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!material || !isCompleteCode(code) || isSubmitting) return;
    setIsSubmitting(true);
    setError(null);
    try {
      const encrypted = await encryptCode(code, material.publicKey);
      await modifyMfaStatus({
        enable: true,
        mfaMethodType: 'GA',
        uniqueId: material.uniqueId,
        code: encrypted,
      });
      onDone();
    } catch (cause) {
      setError(describe(cause));
      codeRef.current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  const steps = [
    { title: t('ga.stepInstall'), key: 'install' },
    { title: t('ga.stepBind'), key: 'bind' },
    { title: t('ga.stepVerify'), key: 'verify' },
  ];

  const footer = (
    <div className="cz-mfa-footer">
      <HelpLink />
      <span className="cz-mfa-footer__actions">
        {step === 0 ? (
          <Button onClick={onClose} data-testid="mfa-cancel">
            {t('cancel', { ns: 'common' })}
          </Button>
        ) : (
          <Button onClick={() => setStep(step - 1)} data-testid="mfa-prev">
            {t('ga.previous')}
          </Button>
        )}
        {step < 2 ? (
          <Button
            type="primary"
            onClick={() => setStep(step + 1)}
            disabled={step === 1 && !material}
            data-testid="mfa-next"
          >
            {step === 0 ? t('ga.installDone') : t('ga.next')}
          </Button>
        ) : (
          <Button
            type="primary"
            htmlType="submit"
            form={formId}
            loading={isSubmitting}
            disabled={!isCompleteCode(code) || !material}
            data-testid="mfa-confirm"
          >
            {t('confirm', { ns: 'common' })}
          </Button>
        )}
      </span>
    </div>
  );

  return (
    <Modal
      open={isOpen}
      title={isRebind ? t('protection.rebindTitle') : t('protection.setupTitle')}
      onCancel={onClose}
      width={600}
      mask={{ closable: false }}
      destroyOnHidden
      footer={footer}
    >
      <div className="cz-mfa-setup" data-testid="mfa-dialog" data-step={step}>
        <Steps
          current={step}
          size="small"
          items={steps}
          className="cz-mfa-setup__steps"
          data-testid="mfa-steps"
        />
        {loadError ? (
          <Alert
            type="error"
            showIcon
            title={t('ga.loadFailed')}
            description={loadError}
            action={
              <Button size="small" onClick={() => setAttempt((n) => n + 1)} data-testid="mfa-retry">
                {t('retry', { ns: 'common' })}
              </Button>
            }
          />
        ) : null}
        {step === 0 ? (
          <div className="cz-mfa-install">
            <span className="cz-mfa-install__icon" aria-hidden="true">
              <LineIcon name="app" size={30} />
            </span>
            <div>
              <h3 className="cz-mfa-install__title">{t('ga.installTitle')}</h3>
              <p className="cz-mfa-install__text">{t('ga.installText')}</p>
            </div>
          </div>
        ) : null}
        {step === 1 ? (
          <AuthenticatorKey
            qrCode={material?.qrCode ?? null}
            secret={material?.initialCode ?? null}
            label={material?.label ?? ''}
            texts={{
              scan: t('ga.scan'),
              manual: t('ga.manual'),
              manualFields: t('ga.manualFields', { label: '{{label}}' }),
              qrAlt: t('ga.qrAlt'),
              secret: t('ga.secret'),
              copy: t('copy', { ns: 'common' }),
              copied: t('copied', { ns: 'common' }),
            }}
          />
        ) : null}
        {step === 2 ? (
          <form id={formId} noValidate onSubmit={submit} className="cz-mfa-verify">
            <p className="cz-mfa-verify__text">{t('ga.verifyText', { label: material?.label ?? '' })}</p>
            <CodeInput
              ref={codeRef}
              id={`${formId}-code`}
              label={t('code.authenticatorLabel')}
              value={code}
              onChange={(next) => {
                setCode(next);
                if (error) setError(null);
              }}
              error={error}
              variant="boxes"
              testId="mfa-dialog-code"
            />
          </form>
        ) : null}
      </div>
    </Modal>
  );
}
