/**
 * Resets another user's login protection (the row's More menu, decision 0048): says what will
 * happen (the authenticator app and every passkey removed, the sessions ended, the user told, and
 * protection set up again at the next sign-in where the account requires it), asks for a reason
 * (required, up to 200 characters, kept in the audit log), and is confirmed by the administrator's
 * own code in the verification dialog.
 */
import { Limits } from '@console/contract/limits';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCheckResult } from '@/api/check-auth-code';
import { asApiError } from '@/lib/code-errors';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { resetUserMfa } from '../api/reset-user-mfa';
import type { TUserRow } from '../api/users-api';
import { IdentityCheck } from './identity-check';

/** Whether the More menu offers the reset: a regular user other than oneself, with a second factor to remove. */
export function canResetMfa(user: TUserRow): boolean {
  return (
    user.kind === 'regular' &&
    !user.isSelf &&
    user.status !== 'deleted' &&
    (user.secondFactors.hasAuthenticator || user.secondFactors.passkeys > 0)
  );
}

export function ResetMfaDialog(props: { user: TUserRow; onClose: () => void }) {
  const { t } = useTranslation(['users', 'validation']);
  const [form] = Form.useForm<{ reason: string }>();
  const [isVerifying, setVerifying] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { user } = props;
  const factors = user.secondFactors;

  const reasonOf = () => ((form.getFieldValue('reason') as string | undefined) ?? '').trim();

  function submit() {
    const reason = reasonOf();
    if (!reason) {
      form.setFields([{ name: 'reason', errors: [t('users:mfaReset.reasonRequired')] }]);
      return;
    }
    if (reason.length > Limits.mfaResetReasonMax) {
      form.setFields([
        { name: 'reason', errors: [t('validation:tooLong', { maximum: Limits.mfaResetReasonMax })] },
      ]);
      return;
    }
    setError(null);
    setVerifying(true);
  }

  async function reset(proof: TCheckResult) {
    setVerifying(false);
    setSaving(true);
    try {
      const result = await resetUserMfa({ userId: user.id, reason: reasonOf() }, proof);
      toast({
        level: result.notice.isSent ? 'success' : 'warning',
        title: t('users:mfaReset.done', { name: user.username }),
        description: result.notice.isSent
          ? t('users:mfaReset.noticeSent', { target: result.notice.target ?? '' })
          : t('users:mfaReset.noticeNotSent'),
      });
      props.onClose();
    } catch (cause) {
      setError(asApiError(cause)?.message ?? String(cause));
    } finally {
      setSaving(false);
    }
  }

  const steps = [
    ...(factors.hasAuthenticator ? [t('users:mfaReset.authenticator')] : []),
    ...(factors.passkeys > 0 ? [t('users:mfaReset.passkeys', { count: factors.passkeys })] : []),
    t('users:mfaReset.sessions'),
    t('users:mfaReset.notice'),
    t('users:mfaReset.nextSignIn'),
  ];

  return (
    <Modal
      open
      title={t('users:mfaReset.title', { name: user.username })}
      okText={t('users:mfaReset.verify')}
      cancelText={t('users:form.cancel')}
      okButtonProps={{ danger: true, ...testId('reset-mfa-ok') }}
      onOk={submit}
      onCancel={props.onClose}
      confirmLoading={isSaving}
    >
      <div data-testid="reset-mfa-dialog">
        <Typography.Paragraph>{t('users:mfaReset.intro')}</Typography.Paragraph>
        <ul data-testid="reset-mfa-steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        {error ? (
          <Alert
            type="error"
            showIcon
            message={error}
            style={{ marginBottom: 16 }}
            {...testId('reset-mfa-error')}
          />
        ) : null}
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          // A refusal of the reason stands until the reason changes.
          onValuesChange={() => form.setFields([{ name: 'reason', errors: [] }])}
        >
          <Form.Item
            name="reason"
            label={t('users:mfaReset.reason')}
            required
            extra={t('users:mfaReset.reasonHint')}
          >
            <Input.TextArea
              rows={3}
              maxLength={Limits.mfaResetReasonMax}
              showCount
              placeholder={t('users:mfaReset.reasonPlaceholder')}
              {...testId('reset-mfa-reason')}
            />
          </Form.Item>
        </Form>
      </div>
      {isVerifying ? (
        <IdentityCheck
          purpose="RESET_USER_MFA"
          description={t('users:mfaReset.identityIntro')}
          onClose={() => setVerifying(false)}
          onVerified={reset}
        />
      ) : null}
    </Modal>
  );
}
