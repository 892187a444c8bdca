import {
  AlertMessagePlaceholder,
  type TWebhookSigningMode,
  WebhookSigningModes,
} from '@console/contract/billing-enums';
import { Alert, Button, Form, Input, Modal, Popconfirm, Radio, Space, Switch } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import type { TWebhookItem } from '../api/list-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSaveWebhook } from '../api/save-webhook';
import {
  buildWebhookInput,
  checkWebhookField,
  checkWebhookForm,
  emptyWebhookForm,
  insertPlaceholder,
  keepsStoredSecret,
  readWebhookServerError,
  type TStoredSigning,
  type TWebhookField,
  type TWebhookFormValues,
  webhookToForm,
} from '../lib/webhook-form';

/**
 * Creates or edits a webhook (spec sections 3 and 5): name, description, address, push channel,
 * request parameters as JSON with a button inserting `${alertMessage}`, success key (a key or a
 * JSON path) and value, and how deliveries are signed: Standard Webhooks (a secret generated on
 * save, or a new one on request, handed to `onSecret` to be shown once), or a DingTalk or Feishu
 * robot's own secret. The stored secret is never shown: an empty field keeps it. Checked on the
 * client; the server's field errors come back to the fields.
 */
export function WebhookDialog({
  webhook,
  otherNames,
  onClose,
  onSecret,
}: {
  webhook: TWebhookItem | null;
  otherNames: readonly string[];
  onClose: () => void;
  /** A secret the server generated, to show once. */
  onSecret: (name: string, secret: string) => void;
}) {
  const { t } = useTranslation(['billing', 'validation', 'common']);
  const [values, setValues] = useState<TWebhookFormValues>(() =>
    webhook ? webhookToForm(webhook) : emptyWebhookForm,
  );
  const [errors, setErrors] = useState<Partial<Record<TWebhookField, string>>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const template = useRef<TextAreaRef>(null);
  const save = useSaveWebhook();
  const rotate = useRotateWebhookSecret();
  const stored: TStoredSigning = webhook
    ? { signingMode: webhook.signingMode, hasSigningSecret: webhook.hasSigningSecret }
    : null;
  const isSecretKept = keepsStoredSecret(values, stored);

  const message = (field: TWebhookField, next: TWebhookFormValues) => {
    const key = checkWebhookField(field, next, otherNames, stored);
    return key ? t(key, { ns: 'validation' }) : undefined;
  };

  const change = (field: TWebhookField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors({ ...errors, [field]: message(field, next) });
  };

  const changeMode = (signingMode: TWebhookSigningMode) => {
    const next = { ...values, signingMode, signingSecret: '' };
    setValues(next);
    setErrors({
      ...errors,
      signingSecret: undefined,
      ...(errors.paramsTemplate ? { paramsTemplate: message('paramsTemplate', next) } : {}),
    });
  };

  const rotateNow = () => {
    if (!webhook) return;
    rotate.mutate(webhook.id, {
      onSuccess: (result) => onSecret(result.name, result.newSigningSecret),
    });
  };

  const submit = () => {
    const found = checkWebhookForm(values, otherNames, stored);
    const texts = Object.fromEntries(
      Object.entries(found).map(([field, key]) => [field, t(key, { ns: 'validation' })]),
    );
    setErrors(texts);
    setServerMessage(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(buildWebhookInput(values, webhook?.id), {
      onSuccess: (result) => {
        toast({ level: 'success', title: t('webhooks.saved') });
        if (result.newSigningSecret) onSecret(result.name, result.newSigningSecret);
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
        <Form.Item
          label={t('webhooks.signing.label')}
          extra={
            <span data-testid="webhook-signing-hint">
              {t(`webhooks.signing.hints.${values.signingMode}`)}
            </span>
          }
        >
          <Radio.Group
            optionType="button"
            value={values.signingMode}
            onChange={(e) => changeMode(e.target.value as TWebhookSigningMode)}
            aria-label={t('webhooks.signing.label')}
            data-testid="webhook-signing-mode"
          >
            {WebhookSigningModes.map((mode) => (
              <Radio.Button key={mode} value={mode}>
                <span data-testid={`webhook-signing-${mode}`}>{t(`webhooks.signing.modes.${mode}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {values.signingMode === 'none' ? null : (
          <Form.Item
            label={t('webhooks.signing.secret')}
            htmlFor="webhook-signing-secret"
            required={values.signingMode !== 'standard' && !isSecretKept}
            extra={
              isSecretKept && webhook?.secretUpdateTime ? (
                <Space size={8} wrap>
                  <span data-testid="webhook-secret-stored">
                    {t('webhooks.signing.secretStored', { time: formatDateTime(webhook.secretUpdateTime) })}
                  </span>
                  {values.signingMode === 'standard' ? (
                    <Popconfirm
                      title={t('webhooks.signing.rotateConfirm')}
                      okText={t('webhooks.signing.rotateOk')}
                      cancelText={t('cancel', { ns: 'common' })}
                      onConfirm={rotateNow}
                      okButtonProps={testId('webhook-rotate-ok')}
                    >
                      <Button size="small" loading={rotate.isPending} data-testid="webhook-rotate">
                        {t('webhooks.signing.rotate')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              ) : null
            }
            {...item('signingSecret')}
          >
            <Input.Password
              id="webhook-signing-secret"
              value={values.signingSecret}
              placeholder={t(`webhooks.signing.secretPlaceholders.${values.signingMode}`)}
              maxLength={256}
              autoComplete="new-password"
              spellCheck={false}
              onChange={(e) => change('signingSecret', e.target.value)}
              data-testid="webhook-signing-secret"
            />
          </Form.Item>
        )}
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
