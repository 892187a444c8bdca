/**
 * Creating an account (what `npm run cli -- account-create` does): its name, the administrator's
 * username and e-mail or phone, trial or formal, and a reason. The answer shows the
 * administrator's initial password once.
 */
import type { TOpsRouteData } from '@console/contract/ops';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';

type TCreated = TOpsRouteData<'opsCreateAccount'>;
type TValues = {
  accountName: string;
  adminUsername: string;
  email?: string;
  phone?: string;
  isFormal?: boolean;
  reason: string;
};

export function CreateAccountDialog({
  open,
  onClose,
  onOpen,
}: {
  open: boolean;
  onClose: () => void;
  onOpen: (accountId: number) => void;
}) {
  const { t } = useTranslation('opsAccounts');
  const [form] = Form.useForm<TValues>();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<TCreated | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    form.resetFields();
    setError(null);
    setCreated(null);
    onClose();
  };
  const submit = async (values: TValues) => {
    setIsBusy(true);
    setError(null);
    try {
      setCreated(
        await callOps('opsCreateAccount', {
          body: {
            accountName: values.accountName,
            adminUsername: values.adminUsername,
            email: values.email || null,
            phone: values.phone || null,
            isFormal: values.isFormal ?? false,
            reason: values.reason,
          },
          hints: false,
        }),
      );
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  if (created) {
    return (
      <Modal
        open={open}
        title={t('create.createdTitle', { account: created.accountName })}
        onCancel={close}
        footer={[
          <Button key="close" onClick={close}>
            {t('create.close')}
          </Button>,
          <Button
            key="open"
            type="primary"
            onClick={() => {
              const id = created.accountId;
              close();
              onOpen(id);
            }}
          >
            {t('create.open')}
          </Button>,
        ]}
      >
        <Descriptions column={1} size="small" bordered data-testid="ops-created-account">
          <Descriptions.Item label={t('create.loginAddress')}>
            <span className="cz-ops-id">{created.loginAddress}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('create.admin')}>
            <span className="cz-ops-id">{created.adminUsername}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('create.oneTimePassword')}>
            <Typography.Text copyable code className="cz-ops-id" data-testid="ops-created-password">
              {created.oneTimePassword}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" className="cz-ops-accounts__hint">
          {t('create.oneTimeHelp')}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title={t('create.title')}
      onCancel={close}
      okText={t('create.submit')}
      cancelText={t('acts.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: isBusy, 'data-testid': 'ops-create-account-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} className="cz-ops-form-alert" /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="accountName"
          label={t('create.accountName')}
          extra={t('create.accountNameHelp')}
          rules={[{ required: true, pattern: /^[A-Za-z]{1,64}$/, message: t('create.accountNameHelp') }]}
        >
          <Input autoComplete="off" data-testid="ops-new-account-name" />
        </Form.Item>
        <Form.Item name="adminUsername" label={t('create.adminUsername')} rules={[{ required: true }]}>
          <Input autoComplete="off" data-testid="ops-new-admin-username" />
        </Form.Item>
        <Form.Item name="email" label={t('create.email')} extra={t('create.contactHelp')}>
          <Input type="email" autoComplete="off" data-testid="ops-new-admin-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('create.phone')}>
          <Input autoComplete="off" data-testid="ops-new-admin-phone" />
        </Form.Item>
        <Form.Item name="isFormal" valuePropName="checked">
          <Checkbox>{t('create.isFormal')}</Checkbox>
        </Form.Item>
        <Form.Item name="reason" label={t('create.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={2} maxLength={500} data-testid="ops-new-account-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
