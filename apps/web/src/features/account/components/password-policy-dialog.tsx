/**
 * The password policy dialog (spec section 4, a chunk of its own, for account administrators):
 * character types (at least 2), minimum length 8–32, maximum fixed at 32, validity permanent or
 * custom 1–365 days. Restore defaults fills in the defaults without saving; Save stores the policy.
 */
import { Limits } from '@console/contract/limits';
import type { TPasswordRules } from '@console/contract/password-rules';
import { Button, Checkbox, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notifier';
import { useSavePasswordPolicy } from '../api/save-password-policy';
import {
  charTypeOrder,
  checkPolicyForm,
  defaultPolicyForm,
  policyFormToBody,
  policyToForm,
  type TPolicyField,
  type TPolicyForm,
  toggleCharType,
  withDaysBlurred,
  withValidity,
} from '../lib/policy-form';
import '../account.css';

export type TPasswordPolicyDialogProps = {
  /** The stored policy the form starts from. */
  policy: TPasswordRules;
  onClose: () => void;
};

export default function PasswordPolicyDialog({ policy, onClose }: TPasswordPolicyDialogProps) {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const formId = useId();
  const [form, setForm] = useState<TPolicyForm>(() => policyToForm(policy));
  const [touched, setTouched] = useState<ReadonlySet<TPolicyField>>(new Set());
  const save = useSavePasswordPolicy({
    onSaved: () => {
      toast({ level: 'success', title: t('policy.saved') });
      onClose();
    },
  });

  const errors = checkPolicyForm(form);
  const touch = (field: TPolicyField) => setTouched((prev) => new Set(prev).add(field));
  const errorOf = (field: TPolicyField): ReactNode => {
    const key = touched.has(field) ? errors[field] : undefined;
    return key ? <span data-testid={`policy-${field}-error`}>{t(key, { ns: 'validation' })}</span> : null;
  };
  const statusOf = (field: TPolicyField) => (touched.has(field) && errors[field] ? 'error' : undefined);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    const result = policyFormToBody(form);
    if (result.errors) {
      setTouched(new Set(['requiredCharTypes', 'minLength', 'expireDays']));
      return;
    }
    save.mutate(result.body);
  };

  const isCustom = form.validity === 'custom';

  return (
    <Modal
      open
      title={t('policy.title')}
      onCancel={onClose}
      width={560}
      mask={{ closable: false }}
      footer={
        <div className="cz-account-dialog__footer">
          <Button
            onClick={() => {
              setForm(defaultPolicyForm());
              setTouched(new Set());
            }}
            data-testid="policy-restore"
          >
            {t('policy.restoreDefaults')}
          </Button>
          <div className="cz-account-dialog__actions">
            <Button onClick={onClose} data-testid="policy-cancel">
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              form={formId}
              loading={save.isPending}
              data-testid="policy-save"
            >
              {t('policy.save')}
            </Button>
          </div>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="cz-policy-form" data-testid="policy-dialog">
        <Typography.Paragraph type="secondary">{t('policy.intro')}</Typography.Paragraph>
        <Form layout="vertical" component={false}>
          <Form.Item
            label={t('policy.charTypes')}
            extra={t('policy.charTypesHint')}
            validateStatus={statusOf('requiredCharTypes')}
            help={errorOf('requiredCharTypes')}
            required
          >
            <div className="cz-policy-form__types">
              {charTypeOrder.map((type) => (
                <Checkbox
                  key={type}
                  checked={form.requiredCharTypes.includes(type)}
                  onChange={(event) => {
                    setForm((prev) => toggleCharType(prev, type, event.target.checked));
                    touch('requiredCharTypes');
                  }}
                  data-testid={`policy-type-${type}`}
                >
                  {t(`charTypes.${type}`)}
                </Checkbox>
              ))}
            </div>
          </Form.Item>
          <div className="cz-policy-form__lengths">
            <Form.Item
              label={t('policy.minLength')}
              validateStatus={statusOf('minLength')}
              help={errorOf('minLength')}
              required
            >
              <InputNumber
                min={Limits.policyMinLengthMin}
                max={Limits.policyMinLengthMax}
                precision={0}
                value={form.minLength}
                onChange={(value) => {
                  setForm((prev) => ({ ...prev, minLength: value }));
                  touch('minLength');
                }}
                aria-label={t('policy.minLength')}
                data-testid="policy-min-length"
              />
            </Form.Item>
            <span className="cz-policy-form__dash" aria-hidden="true">
              –
            </span>
            <Form.Item label={t('policy.maxLength')} extra={t('policy.maxFixed')}>
              <InputNumber
                value={Limits.passwordMax}
                disabled
                aria-label={t('policy.maxLength')}
                data-testid="policy-max-length"
              />
            </Form.Item>
          </div>
          <Form.Item
            label={t('policy.validity')}
            validateStatus={isCustom ? statusOf('expireDays') : undefined}
            help={isCustom ? errorOf('expireDays') : null}
            extra={isCustom ? <span data-testid="policy-custom-hint">{t('policy.customHint')}</span> : null}
          >
            <Radio.Group
              value={form.validity}
              onChange={(event) => setForm((prev) => withValidity(prev, event.target.value))}
              className="cz-policy-form__validity"
            >
              <Radio value="permanent" data-testid="policy-validity-permanent">
                {t('policy.permanent')}
              </Radio>
              <Radio value="custom" data-testid="policy-validity-custom">
                {t('policy.custom')}
              </Radio>
            </Radio.Group>
            <InputNumber
              min={1}
              max={Limits.policyExpireDaysMax}
              precision={0}
              disabled={!isCustom}
              value={isCustom ? form.expireDays : null}
              placeholder={String(Limits.policyCustomExpireDefault)}
              onChange={(value) => {
                setForm((prev) => ({ ...prev, expireDays: value }));
                touch('expireDays');
              }}
              onBlur={() => setForm((prev) => withDaysBlurred(prev))}
              suffix={t('policy.days')}
              aria-label={`${t('policy.custom')} (${t('policy.days')})`}
              className="cz-policy-form__days"
              data-testid="policy-days"
            />
          </Form.Item>
        </Form>
      </form>
    </Modal>
  );
}
