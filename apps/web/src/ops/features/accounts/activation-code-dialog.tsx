/**
 * Creating an activation code (what `npm run cli -- activation-create` does): formal or extend
 * (with its days), how long it can be redeemed, a note and the reason. The code is shown once.
 */
import type { TOpsRouteData } from '@console/contract/ops';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/ops/lib/format';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';

type TIssued = TOpsRouteData<'opsCreateActivationCode'>;
type TValues = {
  kind: 'formal' | 'extend';
  extendDays?: number;
  validDays?: number | null;
  note?: string;
  reason: string;
};

export function ActivationCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('opsAccounts');
  const [form] = Form.useForm<TValues>();
  const kind = Form.useWatch('kind', form) ?? 'extend';
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<TIssued | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    form.resetFields();
    setError(null);
    setIssued(null);
    onClose();
  };
  const submit = async (values: TValues) => {
    setIsBusy(true);
    setError(null);
    try {
      setIssued(
        await callOps('opsCreateActivationCode', {
          body: {
            kind: values.kind,
            ...(values.kind === 'extend' && values.extendDays ? { extendDays: values.extendDays } : {}),
            ...(values.validDays ? { validDays: values.validDays } : {}),
            ...(values.note?.trim() ? { note: values.note.trim() } : {}),
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
  if (issued) {
    return (
      <Modal
        open={open}
        title={t('activation.codeTitle')}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('activation.close')}
          </Button>
        }
      >
        <Typography.Paragraph
          copyable
          code
          className="cz-ops-accounts__code"
          data-testid="ops-activation-code-value"
        >
          {issued.code}
        </Typography.Paragraph>
        <Typography.Paragraph>
          {t(`activation.kinds.${issued.kind}`)}
          {issued.kind === 'extend' ? ` (+${issued.extendDays})` : ''}
          {' · '}
          {issued.expiresAt
            ? t('activation.expires', { date: formatDateTime(issued.expiresAt) })
            : t('activation.noExpiry')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('activation.codeHelp')}</Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title={t('activation.title')}
      onCancel={close}
      okText={t('activation.submit')}
      cancelText={t('acts.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: isBusy, 'data-testid': 'ops-activation-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} className="cz-ops-form-alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'extend', extendDays: 30 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="kind" label={t('activation.kind')}>
          <Radio.Group>
            <Radio value="extend">{t('activation.kinds.extend')}</Radio>
            <Radio value="formal">{t('activation.kinds.formal')}</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'extend' ? (
          <Form.Item name="extendDays" label={t('activation.extendDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
        ) : null}
        <Form.Item name="validDays" label={t('activation.validDays')}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        <Form.Item name="note" label={t('activation.note')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('activation.reason')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="ops-activation-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
