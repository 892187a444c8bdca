import { Languages } from '@console/contract/enums';
import { CustomJobTitle, JobTitles } from '@console/contract/job-titles';
import { Limits } from '@console/contract/limits';
import { checkPasswordPolicy, type TPasswordRules } from '@console/contract/password-rules';
import type { TPhrases } from '@console/phrases';
import { Alert, Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asApiError } from '@/lib/code-errors';
import { toast } from '@/lib/notifier';
import { policyRuleText, policyViolationText } from '@/lib/password-policy';
import { testId } from '@/lib/test-id';
import { refreshUsers, type TUserRow, usePolicy, usersApi } from '../api/users-api';
import { addPayload, checkUserForm, editPayload, type TUserFormValues, titleFields } from '../lib/user-form';

type TMode = { kind: 'add' } | { kind: 'addService' } | { kind: 'edit'; user: TUserRow };

/**
 * The password rule of the account's policy in the page's language (spec section 5: its length and
 * required character types, printable symbols without spaces), and the message of a broken rule.
 */
function usePolicyTexts() {
  const { t, i18n } = useTranslation(['users', 'password', 'errors']);
  const lang = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  const texts = {
    password: i18n.getResourceBundle(lang, 'password') as TPhrases['password'],
    errors: i18n.getResourceBundle(lang, 'errors') as TPhrases['errors'],
  };
  return {
    hint: (policy: TPasswordRules) => t('form.passwordHint', { rule: policyRuleText(policy, texts) }),
    broken: (password: string, policy: TPasswordRules) => {
      const code = checkPasswordPolicy(password, policy);
      return code ? policyViolationText(code, policy, texts.errors) : null;
    },
  };
}

/** Field errors of a 400, or the message of a business code (e.g. the password policy). */
function applyError(error: unknown, form: ReturnType<typeof Form.useForm<TUserFormValues>>[0]): void {
  const api = asApiError(error);
  const fieldErrors = (api?.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
  if (api && fieldErrors) {
    const known = ['username', 'password', 'phone', 'email', 'remark', 'displayName'];
    const fields = Object.entries(fieldErrors)
      .filter(([name]) => known.includes(name))
      .map(([name, message]) => ({ name: name === 'comment' ? 'remark' : name, errors: [message] }));
    if (fields.length > 0) {
      form.setFields(fields as never);
      return;
    }
  }
  if (api && api.code >= 5059 && api.code <= 5064) {
    form.setFields([{ name: 'password', errors: [api.message] }]);
    return;
  }
  toast({ level: 'error', title: api?.message || String(api?.code ?? '') });
}

/**
 * The add-user, add-service-user and edit-user dialogs (spec "Edit user dialog"): user name
 * (read-only when editing), phone (+86), e-mail, job title with a custom one, the administrator flag
 * (hidden when editing oneself), remark; inline uniqueness and format checks. Required fields carry
 * the required marker; the initial password's hint is the whole rule of the account's policy.
 */
export function UserDialog(props: { mode: TMode; adminRoleId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['users', 'validation']);
  const [form] = Form.useForm<TUserFormValues>();
  const [isSaving, setSaving] = useState(false);
  // An edited user's fields are fetched fresh: the form waits for them, so that nothing typed or
  // ticked before they arrive is overwritten.
  const [isLoaded, setLoaded] = useState(props.mode.kind !== 'edit');
  const policy = usePolicy().data;
  const policyTexts = usePolicyTexts();
  const { mode } = props;
  const isEdit = mode.kind === 'edit';
  const isService = mode.kind === 'addService' || (mode.kind === 'edit' && mode.user.kind === 'service');
  const editing = mode.kind === 'edit' ? mode.user : null;
  const title = Form.useWatch('title', form);
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;

  useEffect(() => {
    if (!editing) return;
    void usersApi.fetchUser(editing.id).then((user) => {
      form.setFieldsValue({
        username: user.username,
        displayName: user.displayName,
        phone: user.phone ?? '',
        email: user.email ?? '',
        remark: user.remark ?? '',
        isAdmin: user.isAdmin,
        ...titleFields(user.title),
      });
      setLoaded(true);
    });
  }, [editing, form]);

  const message = (key: string | undefined) =>
    key ? tx(`validation:${key}`, { defaultValue: tx(`form.${key}`) }) : undefined;

  async function checkInline(field: 'username' | 'phone' | 'email') {
    const value = form.getFieldValue(field) as string | undefined;
    if (!value?.trim() || (field === 'username' && isEdit)) return;
    const result = await usersApi
      .checkProperties({ [field]: value, ...(editing ? { id: editing.id } : {}) })
      .catch(() => null);
    const error = result?.fieldErrors[field];
    if (error) form.setFields([{ name: field, errors: [error] }]);
  }

  async function submit() {
    const values = { ...form.getFieldsValue(true) } as TUserFormValues;
    const errors = checkUserForm(values, { isNew: !isEdit });
    if (!isEdit && values.password && policy) {
      const broken = policyTexts.broken(values.password, policy);
      if (broken) {
        form.setFields([{ name: 'password', errors: [broken] }]);
        return;
      }
    }
    const entries = Object.entries(errors);
    if (entries.length > 0) {
      form.setFields(
        entries.map(([name, key]) => ({ name: name as keyof TUserFormValues, errors: [message(key) ?? ''] })),
      );
      return;
    }
    setSaving(true);
    try {
      if (mode.kind === 'add') {
        await usersApi.addUser(addPayload(values));
        toast({ level: 'success', title: t('done.added') });
      } else if (mode.kind === 'addService') {
        await usersApi.addManagedUser({
          username: values.username.trim(),
          password: values.password ?? '',
          ...(values.remark ? { remark: values.remark } : {}),
        });
        toast({ level: 'success', title: t('done.addedService') });
      } else if (editing) {
        const payload = editPayload(editing.id, values);
        // The administrator flag goes through the role calls before saving (not for oneself).
        if (
          !editing.isSelf &&
          props.adminRoleId &&
          values.isAdmin !== undefined &&
          values.isAdmin !== editing.isAdmin
        ) {
          await (values.isAdmin
            ? usersApi.grantRole(editing.id, props.adminRoleId)
            : usersApi.removeRole(editing.id, props.adminRoleId));
        }
        const { isAdmin: _flag, ...rest } = payload;
        const result = await usersApi.updateUser(
          editing.isSelf ? { ...rest, phone: undefined, email: undefined } : rest,
        );
        toast({ level: 'success', title: t(result.pendingChange ? 'done.savedPending' : 'done.saved') });
      }
      await refreshUsers();
      props.onClose();
    } catch (error) {
      applyError(error, form);
      void refreshUsers();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t(
        mode.kind === 'add'
          ? 'dialogs.add'
          : mode.kind === 'addService'
            ? 'dialogs.addService'
            : 'dialogs.edit',
      )}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={isSaving}
      okButtonProps={{ ...testId('user-dialog-ok'), disabled: !isLoaded }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="user-dialog"
        initialValues={{ isAdmin: false }}
        disabled={!isLoaded}
      >
        {mode.kind === 'addService' ? <Alert type="info" showIcon title={t('dialogs.serviceHint')} /> : null}
        <Form.Item name="username" label={t('form.username')} required={!isEdit}>
          <Input
            disabled={isEdit}
            placeholder={t('form.usernamePlaceholder')}
            onBlur={() => void checkInline('username')}
            {...testId('user-username')}
          />
        </Form.Item>
        {isEdit ? null : (
          <Form.Item
            name="password"
            label={t('form.password')}
            required
            extra={policy ? <span data-testid="user-password-hint">{policyTexts.hint(policy)}</span> : null}
          >
            <Input.Password autoComplete="new-password" {...testId('user-password')} />
          </Form.Item>
        )}
        {isService ? null : (
          <>
            <Form.Item name="displayName" label={t('form.displayName')}>
              <Input maxLength={Limits.displayNameMax} />
            </Form.Item>
            <Form.Item name="phone" label={t('form.phone')}>
              <Input
                addonBefore="+86"
                disabled={editing?.isSelf}
                onBlur={() => void checkInline('phone')}
                {...testId('user-phone')}
              />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('form.email')}
              extra={isEdit && !editing?.isSelf ? t('dialogs.contactHint') : null}
            >
              <Input
                disabled={editing?.isSelf}
                onBlur={() => void checkInline('email')}
                {...testId('user-email')}
              />
            </Form.Item>
            <Form.Item name="title" label={t('form.title')}>
              <Select
                allowClear
                options={[...JobTitles, CustomJobTitle].map((value) => ({
                  value,
                  label: tx(`jobTitles.${value}`),
                }))}
              />
            </Form.Item>
            {title === CustomJobTitle ? (
              <Form.Item name="customTitle" label={t('form.customTitle')} required>
                <Input maxLength={Limits.jobTitleMax} />
              </Form.Item>
            ) : null}
            {editing?.isSelf ? null : (
              <Form.Item name="isAdmin" valuePropName="checked">
                <Checkbox {...testId('user-is-admin')}>{t('form.isAdmin')}</Checkbox>
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="remark" label={t('form.remark')}>
          <Input.TextArea maxLength={Limits.remarkMax} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Sets another user's password under the account's policy (its rule shown under the field); the
 * user changes it at the next login (5066).
 */
export function ResetPasswordDialog(props: { user: TUserRow; onClose: () => void }) {
  const { t } = useTranslation(['users', 'validation']);
  const [form] = Form.useForm<{ password: string }>();
  const [isSaving, setSaving] = useState(false);
  const policy = usePolicy().data;
  const policyTexts = usePolicyTexts();

  async function submit() {
    const password = (form.getFieldValue('password') as string | undefined) ?? '';
    if (!password) {
      form.setFields([{ name: 'password', errors: [t('validation:passwordRequired')] }]);
      return;
    }
    const broken = policy ? policyTexts.broken(password, policy) : null;
    if (broken) {
      form.setFields([{ name: 'password', errors: [broken] }]);
      return;
    }
    setSaving(true);
    try {
      await usersApi.resetPassword(props.user.id, password);
      toast({ level: 'success', title: t('done.passwordReset') });
      props.onClose();
    } catch (error) {
      const api = asApiError(error);
      form.setFields([{ name: 'password', errors: [api?.message ?? ''] }]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('dialogs.reset', { name: props.user.username })}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={isSaving}
      okButtonProps={testId('reset-password-ok')}
    >
      <Typography.Paragraph type="secondary">{t('dialogs.resetHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="password"
          label={t('form.newPassword')}
          required
          extra={policy ? <span data-testid="reset-password-hint">{policyTexts.hint(policy)}</span> : null}
        >
          <Input.Password autoComplete="new-password" {...testId('reset-password-input')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
