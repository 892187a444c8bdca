/**
 * The dialog of one catalogue change (create, update or remove a row): the row's fields given by
 * the tab, and the reason every change needs (kept in the audit trail). The server applies the
 * catalogue import's rules; a refused field is shown at the field, another refusal as the
 * server's message (in the page's language).
 */
import { Form, Input, Modal } from 'antd';
import type { FormInstance } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOpsError } from '@/ops/lib/ops-api';

type TChangeModalProps<V> = {
  title: string;
  okText: string;
  isDanger?: boolean;
  initialValues: Partial<V>;
  /** The row's fields (none for a removal). */
  children?: ReactNode;
  /** Sends the change; the dialog closes when it resolves. */
  onSubmit: (values: V & { reason: string }) => Promise<void>;
  onClose: () => void;
  testId: string;
};

/** The refused fields of a 400 answer, at their fields of the form. */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (!isOpsError(error)) return;
  const fieldErrors = (error.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
  if (!fieldErrors) return;
  form.setFields(
    Object.entries(fieldErrors).map(([name, message]) => ({
      name: name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [message],
    })),
  );
}

export function ChangeModal<V extends object>(props: TChangeModalProps<V>) {
  const { t } = useTranslation('opsCatalogue');
  const [form] = Form.useForm<V & { reason: string }>();
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    let values: V & { reason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setIsBusy(true);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      cancelText={t('catalogue.cancel')}
      okButtonProps={{ danger: props.isDanger === true, 'data-testid': `${props.testId}-ok` }}
      confirmLoading={isBusy}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={props.initialValues as object}
        data-testid={props.testId}
        onFinish={() => void submit()}
      >
        {props.children}
        <Form.Item
          name="reason"
          label={t('catalogue.fields.reason')}
          rules={[{ required: true, whitespace: true, message: t('catalogue.reasonPlaceholder') }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={t('catalogue.reasonPlaceholder')}
            data-testid={`${props.testId}-reason`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
