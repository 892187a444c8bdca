import { Languages } from '@console/contract/enums';
import { CustomJobTitle, JobTitles } from '@console/contract/job-titles';
import { Limits } from '@console/contract/limits';
import { checkPasswordPolicy, type TPasswordRules } from '@console/contract/password-rules';
import type { TPhrases } from '@console/phrases';
import { Alert, Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCheckResult } from '@/api/check-auth-code';
import { asApiError } from '@/lib/code-errors';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import { policyRuleText, policyViolationText } from '@/lib/password-policy';
import { testId } from '@/lib/test-id';
import { isAccountAdmin, resetUserPassword, updateUserWithConfirm } from '../api/user-contact';
import { refreshUsers, type TUserRow, usePolicy, usersApi } from '../api/users-api';
import {
  addPayload,
  checkUserForm,
  contactChanges,
  editPayload,
  requiredContacts,
  savedMessageKey,
  type TUserFormValues,
  titleFields,
} from '../lib/user-form';
import { ContactFields } from './contact-fields';
import { IdentityCheck } from './identity-check';
import { InvitationChoice, isInviting, withInvitation } from './invitation-choice';

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
  // Another user's phone and e-mail: read-only until the administrator's identity check.
  const [identity, setIdentity] = useState<TCheckResult | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [loaded, setLoadedUser] = useState<TUserRow | null>(null);
  const contactMode = !editing ? 'add' : editing.isSelf ? 'editSelf' : 'editOther';
  const required = requiredContacts(
    getMeta().edition === 'international',
    contactMode === 'editOther' && identity !== null,
  );

  useEffect(() => {
    if (!editing) return;
    void usersApi.fetchUser(editing.id).then(async (user) => {
      // The administrator flag starts from the roles the user holds (spec section 4).
      const isAdmin =
        user.kind === 'regular' && !user.isSelf
          ? await isAccountAdmin(user.id).catch(() => user.isAdmin)
          : user.isAdmin;
      form.setFieldsValue({
        username: user.username,
        displayName: user.displayName,
        phone: user.phone ?? '',
        phoneCode: user.phoneCode,
        email: user.email ?? '',
        remark: user.remark ?? '',
        isAdmin,
        ...titleFields(user.title),
      });
      setLoadedUser({ ...user, isAdmin });
      setLoaded(true);
    });
  }, [editing, form]);

  const message = (key: string | undefined) =>
    key ? tx(`validation:${key}`, { defaultValue: tx(`form.${key}`) }) : undefined;

  async function checkInline(field: 'username' | 'phone' | 'email') {
    const value = form.getFieldValue(field) as string | undefined;
    if (!value?.trim() || (field === 'username' && isEdit)) return;
    const phoneCode = field === 'phone' ? (form.getFieldValue('phoneCode') as string | undefined) : undefined;
    const result = await usersApi
      .checkProperties({
        [field]: value,
        ...(phoneCode ? { phoneCode } : {}),
        ...(editing ? { id: editing.id } : {}),
      })
      .catch(() => null);
    const error = result?.fieldErrors[field];
    if (error) form.setFields([{ name: field, errors: [error] }]);
  }

  async function submit() {
    const values = { ...form.getFieldsValue(true) } as TUserFormValues;
    const errors = checkUserForm(values, { isNew: !isEdit, required });
    const isInvite = mode.kind === 'add' && isInviting(values);
    if (isInvite) delete errors.password;
    if (!isEdit && !isInvite && values.password && policy) {
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
        await usersApi.addUser(
          withInvitation(addPayload(values), values, getMeta().edition === 'international'),
        );
        toast({ level: 'success', title: t(isInvite ? 'invitation.added' : 'done.added') });
      } else if (mode.kind === 'addService') {
        await usersApi.addManagedUser({
          username: values.username.trim(),
          password: values.password ?? '',
          ...(values.remark ? { remark: values.remark } : {}),
        });
        toast({ level: 'success', title: t('done.addedService') });
      } else if (editing) {
        const payload = editPayload(editing.id, values);
        const initialAdmin = loaded?.isAdmin ?? editing.isAdmin;
        // The administrator flag goes through the role calls before saving (not for oneself).
        if (
          !editing.isSelf &&
          props.adminRoleId &&
          values.isAdmin !== undefined &&
          values.isAdmin !== initialAdmin
        ) {
          await (values.isAdmin
            ? usersApi.grantRole(editing.id, props.adminRoleId)
            : usersApi.removeRole(editing.id, props.adminRoleId));
        }
        // Contacts change only through the confirm flow, with the administrator's proof.
        const { isAdmin: _flag, ...rest } = payload;
        await usersApi.updateUser({ ...rest, phone: undefined, phoneCode: undefined, email: undefined });
        const changes =
          identity && loaded
            ? contactChanges(
                { phone: loaded.phone, phoneCode: loaded.phoneCode, email: loaded.email },
                values,
              )
            : {};
        if (identity && (changes.phone || changes.email)) {
          await updateUserWithConfirm({ id: editing.id, ...changes }, identity);
        }
        toast({ level: 'success', title: t(savedMessageKey(changes)) });
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
          <InvitationChoice form={form} isOffered={mode.kind === 'add'}>
            <Form.Item
              name="password"
              label={t('form.password')}
              required
              extra={policy ? <span data-testid="user-password-hint">{policyTexts.hint(policy)}</span> : null}
            >
              <Input.Password autoComplete="new-password" {...testId('user-password')} />
            </Form.Item>
          </InvitationChoice>
        )}
        {isService ? null : (
          <>
            <Form.Item name="displayName" label={t('form.displayName')}>
              <Input maxLength={Limits.displayNameMax} />
            </Form.Item>
            <ContactFields
              form={form}
              mode={contactMode}
              identity={identity}
              onIdentity={setIdentity}
              isVerifying={isVerifying}
              onVerifying={setVerifying}
              required={required}
              onCheck={(field) => void checkInline(field)}
            />
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
  const [isVerifying, setVerifying] = useState(false);
  const policy = usePolicy().data;
  const policyTexts = usePolicyTexts();
  // A service user's password is the managed call's; a regular user's needs the administrator's
  // own code (resetPassword with its headers, decision 0020).
  const isService = props.user.kind === 'service';

  async function reset(password: string, proof: TCheckResult | null) {
    setSaving(true);
    try {
      if (proof) {
        await resetUserPassword({ accountId: props.user.accountId, userId: props.user.id, password }, proof);
      } else {
        await usersApi.resetServicePassword(props.user.id, password);
      }
      toast({ level: 'success', title: t(isService ? 'done.servicePasswordReset' : 'done.passwordReset') });
      props.onClose();
    } catch (error) {
      const api = asApiError(error);
      form.setFields([{ name: 'password', errors: [api?.message ?? ''] }]);
    } finally {
      setSaving(false);
    }
  }

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
    if (isService) await reset(password, null);
    else setVerifying(true);
  }

  return (
    <Modal
      open
      title={t('dialogs.reset', { name: props.user.username })}
      okText={t(isService ? 'form.ok' : 'dialogs.resetVerify')}
      cancelText={t('form.cancel')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={isSaving}
      okButtonProps={testId('reset-password-ok')}
    >
      <Typography.Paragraph type="secondary">
        {t(isService ? 'dialogs.serviceResetHint' : 'dialogs.resetHint')}
      </Typography.Paragraph>
      {isVerifying ? (
        <IdentityCheck
          purpose="RESET_USER_PASSWORD_MODAL"
          description={t('dialogs.resetIdentityIntro')}
          onClose={() => setVerifying(false)}
          onVerified={async (proof) => {
            setVerifying(false);
            await reset((form.getFieldValue('password') as string | undefined) ?? '', proof);
          }}
        />
      ) : null}
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
