/**
 * The change-password dialog (a chunk of its own; from the user popover, the account center and
 * the `password_edit` query flag): current password, new password and its confirmation. The new
 * password is checked against the account's policy before it is sent; the server's refusals
 * (4033 wrong current password, 5059–5064 the policy) are shown at their fields.
 */
import { ErrorCode } from '@console/contract/codes';
import { Languages } from '@console/contract/enums';
import type { TPhrases } from '@console/phrases';
import { Alert, Button, Form, Input, type InputRef, Modal, Skeleton, Typography } from 'antd';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { asApiError, errorCodeOf } from '@/lib/code-errors';
import { toast } from '@/lib/notifier';
import { isPolicyCode, policyRuleText, policyViolationText } from '@/lib/password-policy';
import { useChangePassword } from '../api/change-password';
import { usePasswordPolicy } from '../api/get-password-policy';
import {
  checkChangePassword,
  type TChangePasswordErrors,
  type TChangePasswordField,
} from '../lib/check-change-password';
import '../account.css';

export type TChangePasswordDialogProps = {
  onClose: () => void;
};

export default function ChangePasswordDialog({ onClose }: TChangePasswordDialogProps) {
  const { t, i18n } = useTranslation(['account', 'password', 'errors', 'validation', 'common']);
  const lang = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  const texts = {
    account: i18n.getResourceBundle(lang, 'account') as TPhrases['account'],
    password: i18n.getResourceBundle(lang, 'password') as TPhrases['password'],
    errors: i18n.getResourceBundle(lang, 'errors') as TPhrases['errors'],
    validation: i18n.getResourceBundle(lang, 'validation') as TPhrases['validation'],
  };
  const user = useCurrentUser().data;
  const policy = usePasswordPolicy();
  const rules = policy.data ?? null;
  const change = useChangePassword();
  const formId = useId();
  const [values, setValues] = useState({ current: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<TChangePasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const refs: Record<TChangePasswordField, RefObject<InputRef | null>> = {
    current: useRef<InputRef>(null),
    password: useRef<InputRef>(null),
    confirm: useRef<InputRef>(null),
  };

  const focusFirst = (found: TChangePasswordErrors) => {
    const field = (['current', 'password', 'confirm'] as const).find((f) => found[f]);
    if (field) refs[field].current?.focus();
  };

  const update = (field: TChangePasswordField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setFailure(null);
    if (isSubmitted) setErrors(checkChangePassword(next, rules, texts));
    else if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (change.isPending || policy.isPending) return;
    setIsSubmitted(true);
    setFailure(null);
    const found = checkChangePassword(values, rules, texts);
    setErrors(found);
    if (found.current || found.password || found.confirm) {
      focusFirst(found);
      return;
    }
    change.mutate(
      { oldPassword: values.current, newPassword: values.password },
      {
        onSuccess: () => {
          toast({ level: 'success', title: t('changePassword.success') });
          onClose();
        },
        onError: (cause) => {
          const code = errorCodeOf(cause);
          const api = asApiError(cause);
          if (code === ErrorCode.oldPasswordWrong) {
            const found = { current: api?.message || texts.errors['4033'] };
            setErrors(found);
            focusFirst(found);
          } else if (isPolicyCode(code)) {
            // The server's text names the policy's minimum length and required types.
            const found = {
              password:
                api?.message ||
                (rules
                  ? policyViolationText(code, rules, texts.errors)
                  : t('requestFailed', { ns: 'common' })),
            };
            setErrors(found);
            focusFirst(found);
          } else if (code !== ErrorCode.unauthenticated) {
            setFailure(
              api?.kind === 'network'
                ? t('networkError', { ns: 'common' })
                : api?.kind === 'timeout'
                  ? t('timeout', { ns: 'common' })
                  : api?.message || t('requestFailed', { ns: 'common' }),
            );
          }
        },
      },
    );
  };

  const help = (field: TChangePasswordField): ReactNode =>
    errors[field] ? <span data-testid={`change-password-${field}-error`}>{errors[field]}</span> : null;
  const status = (field: TChangePasswordField) => (errors[field] ? 'error' : undefined);

  return (
    <Modal
      open
      title={t('changePassword.title')}
      onCancel={onClose}
      width={480}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="change-password-cancel">
          {t('cancel', { ns: 'common' })}
        </Button>,
        <Button
          key="ok"
          type="primary"
          htmlType="submit"
          form={formId}
          loading={change.isPending}
          disabled={policy.isPending}
          data-testid="change-password-submit"
        >
          {t('changePassword.submit')}
        </Button>,
      ]}
    >
      <form
        id={formId}
        noValidate
        onSubmit={submit}
        className="cz-change-password"
        data-testid="change-password-dialog"
      >
        <Typography.Paragraph type="secondary">{t('changePassword.intro')}</Typography.Paragraph>
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            className="cz-change-password__failure"
            data-testid="change-password-failure"
          />
        ) : null}
        {policy.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Form layout="vertical" component={false}>
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={user?.name ?? ''}
              readOnly
              hidden
            />
            <Form.Item
              label={t('currentPassword', { ns: 'password' })}
              htmlFor={`${formId}-current`}
              validateStatus={status('current')}
              help={help('current')}
              required
            >
              <Input.Password
                ref={refs.current}
                id={`${formId}-current`}
                autoComplete="current-password"
                autoFocus
                placeholder={t('currentPasswordPlaceholder', { ns: 'password' })}
                value={values.current}
                onChange={(event) => update('current', event.target.value)}
                data-testid="change-password-current"
              />
            </Form.Item>
            <Form.Item
              label={t('newPassword', { ns: 'password' })}
              htmlFor={`${formId}-new`}
              validateStatus={status('password')}
              help={help('password')}
              extra={
                rules ? <span data-testid="change-password-rule">{policyRuleText(rules, texts)}</span> : null
              }
              required
            >
              <Input.Password
                ref={refs.password}
                id={`${formId}-new`}
                autoComplete="new-password"
                placeholder={t('newPasswordPlaceholder', { ns: 'password' })}
                value={values.password}
                onChange={(event) => update('password', event.target.value)}
                data-testid="change-password-new"
              />
            </Form.Item>
            <Form.Item
              label={t('confirmPassword', { ns: 'password' })}
              htmlFor={`${formId}-confirm`}
              validateStatus={status('confirm')}
              help={help('confirm')}
              required
            >
              <Input.Password
                ref={refs.confirm}
                id={`${formId}-confirm`}
                autoComplete="new-password"
                placeholder={t('confirmPasswordPlaceholder', { ns: 'password' })}
                value={values.confirm}
                onChange={(event) => update('confirm', event.target.value)}
                data-testid="change-password-confirm"
              />
            </Form.Item>
          </Form>
        )}
      </form>
    </Modal>
  );
}
