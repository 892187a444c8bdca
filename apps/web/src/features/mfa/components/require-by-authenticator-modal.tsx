import type { TMfaEnforcement } from '@console/contract';
import { Button, Modal } from 'antd';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '@/components/code-input/code-input';
import { isCompleteCode } from '@/components/code-input/code-rules';
import { encryptCode } from '@/lib/encrypt-code';
import { createMfaChallenge } from '../api/create-mfa-challenge';
import type { TMfaPolicy } from '../api/get-mfa-policy';
import { applySavedMfaPolicy, refreshMfaPolicy, saveMfaPolicy } from '../api/save-mfa-policy';
import { setUpCountText } from './policy-texts';
import { useCodeErrorText } from './use-code-error-text';

/**
 * Requiring login protection of every user (international edition): the confirmation names how
 * many users will be asked to set it up at their next sign-in, and the administrator proves their
 * own second step with the current code of their authenticator app, encrypted under a fresh
 * status challenge and sent with the change.
 */
export function RequireByAuthenticatorModal({
  isOpen,
  enforcement,
  passkeySignIn,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  enforcement: TMfaEnforcement;
  passkeySignIn: boolean;
  onClose: () => void;
  onDone: (policy: TMfaPolicy) => void;
}) {
  const { t } = useTranslation(['mfa', 'errors', 'common']);
  const describe = useCodeErrorText();
  const formId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    setCode('');
    setError(null);
  }, [isOpen]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!isCompleteCode(code) || isSubmitting) return;
    setIsSubmitting(true);
    setError(null);
    try {
      const challenge = await createMfaChallenge();
      const encrypted = await encryptCode(code, challenge.publicKey);
      const policy = await saveMfaPolicy(
        { required: true, passkeySignIn, uniqueId: challenge.uniqueId, code: encrypted },
        { hints: false },
      );
      applySavedMfaPolicy(policy);
      onDone(policy);
    } catch (cause) {
      setError(describe(cause));
      // Whoever changed meanwhile (a user, the installation): the card says so again.
      void refreshMfaPolicy();
      codeRef.current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={t('protection.policy')}
      onCancel={onClose}
      width={460}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="mfa-policy-cancel">
          {t('cancel', { ns: 'common' })}
        </Button>,
        <Button
          key="ok"
          type="primary"
          htmlType="submit"
          form={formId}
          loading={isSubmitting}
          disabled={!isCompleteCode(code)}
          data-testid="mfa-policy-confirm-ok"
        >
          {t('protection.requireConfirm')}
        </Button>,
      ]}
    >
      <form
        id={formId}
        noValidate
        onSubmit={submit}
        className="cz-mfa-verify"
        data-testid="mfa-policy-confirm"
      >
        <p className="cz-mfa-verify__text cz-mfa-verify__count" data-testid="mfa-policy-count">
          {setUpCountText(enforcement, t)}
        </p>
        <p className="cz-mfa-verify__text">{t('protection.requireGaText')}</p>
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
          autoFocus
          testId="mfa-policy-code"
        />
      </form>
    </Modal>
  );
}
