/** A secret issued now (a licence, an invite code), shown once with a copy button. */
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function ShownOnce(props: {
  title: string;
  label: string;
  value: string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('opsCatalogue');
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      footer={
        <Button type="primary" onClick={props.onClose}>
          {t('issuance.close')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('issuance.shownOnce')} style={{ marginBottom: 12 }} />
      <Typography.Text strong>{props.label}</Typography.Text>
      <Typography.Paragraph
        copyable={{ text: props.value }}
        className="cz-ops-secret"
        data-testid={props.testId}
      >
        {props.value}
      </Typography.Paragraph>
    </Modal>
  );
}
