import { AlertMessagePlaceholder } from '@console/contract/billing-enums';
import { Alert, Button, Form, Input, Modal, Switch } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import type { TWebhookItem } from '../api/list-webhooks';
import { useSaveWebhook } from '../api/save-webhook';
import {
  buildWebhookInput,
  checkWebhookField,
  checkWebhookForm,
  emptyWebhookForm,
  insertPlaceholder,
  readWebhookServerError,
  type TWebhookField,
  type TWebhookFormValues,
  webhookToForm,
} from '../lib/webhook-form';

/**
 * Creates or edits a webhook (spec sections 3 and 5): name, description, address, push channel,
 * request parameters as JSON with a button inserting `${alertMessage}`, success key (a key or a
 * JSON path) and value. Checked on the client; the server's field errors come back to the fields.
 */
export function WebhookDialog({
  webhook,
  otherNames,
  onClose,
}: {
  webhook: TWebhookItem | null;
  otherNames: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['billing', 'validation']);
  const [values, setValues] = useState<TWebhookFormValues>(() =>
    webhook ? webhookToForm(webhook) : emptyWebhookForm,
  );
  const [errors, setErrors] = useState<Partial<Record<TWebhookField, string>>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const template = useRef<TextAreaRef>(null);
  const save = useSaveWebhook();

  const message = (field: TWebhookField, next: TWebhookFormValues) => {
    const key = checkWebhookField(field, next, otherNames);
    return key ? t(key, { ns: 'validation' }) : undefined;
  };

  const change = (field: TWebhookField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors({ ...errors, [field]: message(field, next) });
  };

  const submit = () => {
    const found = checkWebhookForm(values, otherNames);
    const texts = Object.fromEntries(
      Object.entries(found).map(([field, key]) => [field, t(key, { ns: 'validation' })]),
    );
    setErrors(texts);
    setServerMessage(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(buildWebhookInput(values, webhook?.id), {
      onSuccess: () => {
        toast({ level: 'success', title: t('webhooks.saved') });
        onClose();
      },
      onError: (error) => {
        const read = readWebhookServerError(error);
        setErrors(read.fields);
        setServerMessage(read.message);
      },
    });
  };

  const insert = () => {
    const area = template.current?.resizableTextArea?.textArea;
    const { text, caret } = insertPlaceholder(
      values.paramsTemplate,
      area ? area.selectionStart : null,
      area ? area.selectionEnd : null,
    );
    change('paramsTemplate', text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  const item = (field: TWebhookField) =>
    errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};

  return (
    <Modal
      open
      title={webhook ? t('webhooks.dialog.editTitle') : t('webhooks.dialog.createTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('webhooks.dialog.save')}
      okButtonProps={{ loading: save.isPending, ...testId('webhook-save') }}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit} data-testid="webhook-dialog">
        {serverMessage ? (
          <Alert type="error" showIcon title={serverMessage} className="cz-billing__gap" />
        ) : null}
        <Form.Item label={t('webhooks.dialog.name')} htmlFor="webhook-name" required {...item('name')}>
          <Input
            id="webhook-name"
            value={values.name}
            maxLength={40}
            placeholder={t('webhooks.dialog.namePlaceholder')}
            onChange={(e) => change('name', e.target.value)}
            data-testid="webhook-name"
          />
        </Form.Item>
        <Form.Item
          label={t('webhooks.dialog.description')}
          htmlFor="webhook-description"
          {...item('description')}
        >
          <Input.TextArea
            id="webhook-description"
            value={values.description}
            autoSize={{ minRows: 1, maxRows: 3 }}
            showCount
            maxLength={200}
            onChange={(e) => change('description', e.target.value)}
            data-testid="webhook-description"
          />
        </Form.Item>
        <Form.Item label={t('webhooks.dialog.url')} htmlFor="webhook-url" required {...item('url')}>
          <Input
            id="webhook-url"
            value={values.url}
            placeholder={t('webhooks.dialog.urlPlaceholder')}
            onChange={(e) => change('url', e.target.value)}
            data-testid="webhook-url"
          />
        </Form.Item>
        <Form.Item label={t('webhooks.dialog.channel')} htmlFor="webhook-channel">
          <Input id="webhook-channel" value={t('webhooks.dialog.channelCustom')} disabled />
        </Form.Item>
        <Form.Item
          label={t('webhooks.dialog.params')}
          htmlFor="webhook-params"
          required
          extra={
            <span className="cz-billing__template-extra">
              {t('webhooks.dialog.paramsHint', { placeholder: AlertMessagePlaceholder })}
              <Button size="small" onClick={insert} data-testid="webhook-insert-placeholder">
                {t('webhooks.dialog.insertPlaceholder', { placeholder: AlertMessagePlaceholder })}
              </Button>
            </span>
          }
          {...item('paramsTemplate')}
        >
          <Input.TextArea
            id="webhook-params"
            ref={template}
            value={values.paramsTemplate}
            autoSize={{ minRows: 4, maxRows: 10 }}
            className="cz-billing__code"
            spellCheck={false}
            onChange={(e) => change('paramsTemplate', e.target.value)}
            data-testid="webhook-params"
          />
        </Form.Item>
        <Form.Item
          label={t('webhooks.dialog.successKey')}
          htmlFor="webhook-success-key"
          required
          extra={t('webhooks.dialog.successKeyHint')}
          {...item('successKey')}
        >
          <Input
            id="webhook-success-key"
            value={values.successKey}
            onChange={(e) => change('successKey', e.target.value)}
            data-testid="webhook-success-key"
          />
        </Form.Item>
        <Form.Item
          label={t('webhooks.dialog.successValue')}
          htmlFor="webhook-success-value"
          required
          extra={t('webhooks.dialog.successValueHint')}
          {...item('successValue')}
        >
          <Input
            id="webhook-success-value"
            value={values.successValue}
            onChange={(e) => change('successValue', e.target.value)}
            data-testid="webhook-success-value"
          />
        </Form.Item>
        <Form.Item label={t('webhooks.dialog.isEnabled')}>
          <Switch
            checked={values.isEnabled}
            aria-label={t('webhooks.dialog.isEnabled')}
            onChange={(isEnabled) => setValues({ ...values, isEnabled })}
            data-testid="webhook-enabled"
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
