import { Button, Modal } from 'antd';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '@/components/code-input/code-input';
import { isCompleteCode } from '@/components/code-input/code-rules';
import { encryptCode } from '@/lib/encrypt-code';
import { createMfaChallenge } from '../api/create-mfa-challenge';
import { modifyMfaStatus } from '../api/modify-mfa-status';
import { useCodeErrorText } from './use-code-error-text';

/** Turning the authenticator off: the current code of the app, encrypted under a fresh challenge. */
export function GaDisableModal({
  isOpen,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['mfa', 'common']);
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
      await modifyMfaStatus({
        enable: false,
        mfaMethodType: 'GA',
        uniqueId: challenge.uniqueId,
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

  return (
    <Modal
      open={isOpen}
      title={t('protection.disableTitle')}
      onCancel={onClose}
      width={460}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="mfa-cancel">
          {t('cancel', { ns: 'common' })}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger
          htmlType="submit"
          form={formId}
          loading={isSubmitting}
          disabled={!isCompleteCode(code)}
          data-testid="mfa-disable-confirm"
        >
          {t('protection.disable')}
        </Button>,
      ]}
    >
      <form
        id={formId}
        noValidate
        onSubmit={submit}
        className="cz-mfa-verify"
        data-testid="mfa-disable-dialog"
      >
        <p className="cz-mfa-verify__text">{t('protection.disableGaText')}</p>
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
          testId="mfa-disable-code"
        />
      </form>
    </Modal>
  );
}
