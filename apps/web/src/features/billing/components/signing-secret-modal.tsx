import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { testId } from '@/lib/test-id';

/**
 * A Standard Webhooks signing secret the console just generated (on save, or "generate a new
 * secret"): shown this once, with a copy button. Closing forgets it; the server never shows it again.
 */
export function SigningSecretModal({
  name,
  secret,
  onClose,
}: {
  name: string;
  secret: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      open
      title={t('webhooks.signing.newSecretTitle', { name })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} {...testId('webhook-secret-done')}>
          {t('webhooks.signing.done')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="webhook-secret-modal">
        <Alert
          type="warning"
          showIcon
          title={t('webhooks.signing.newSecretText')}
          className="cz-billing__gap"
        />
        <div className="cz-billing__secret">
          <Typography.Text code className="cz-billing__code" data-testid="webhook-secret-value">
            {secret}
          </Typography.Text>
          <CopyButton
            text={secret}
            texts={{ copy: t('webhooks.signing.copy'), copied: t('webhooks.signing.copied') }}
            testId="webhook-secret-copy"
          />
        </div>
      </div>
    </Modal>
  );
}
