/**
 * The dialog of a support act: what it does, a reason (required; kept in the installation's audit
 * trail and the account's own log), and the act. The reset may first ask for the operator's second
 * factor again (the API client's step-up dialog); a refusal shows here, beside the reason.
 */
import type { TOpsUserDetail } from '@console/contract/ops';
import { Alert, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { opsErrorText } from '@/ops/lib/ops-api';
import { type TSupportAct, type TSupportActResult, useSupportAct } from '../api/act-on-user';

const reasonMax = 500;

function ResetSteps({ user }: { user: TOpsUserDetail }) {
  const { t } = useTranslation('opsSupport');
  const passkeys = user.secondFactors.passkeys.length;
  const steps = [
    ...(user.secondFactors.hasAuthenticator ? [t('acts.reset.steps.authenticator')] : []),
    ...(passkeys > 0 ? [t('acts.reset.steps.passkeys', { count: passkeys })] : []),
    t('acts.reset.steps.sessions'),
    t('acts.reset.steps.notice'),
    t('acts.reset.steps.next'),
  ];
  return (
    <>
      <Typography.Paragraph>{t('acts.reset.intro')}</Typography.Paragraph>
      <ul className="cz-support-steps" data-testid="support-reset-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">{t('acts.reset.stepUp')}</Typography.Paragraph>
    </>
  );
}

/** The message after the act: what was done (and for a reset, whether the user was told). */
function doneText(
  t: ReturnType<typeof useTranslation<'opsSupport'>>['t'],
  act: TSupportAct,
  user: string,
  result: TSupportActResult<TSupportAct>,
): string {
  if (act === 'endSessions') {
    return t('acts.endSessions.done', {
      user,
      count: (result as TSupportActResult<'endSessions'>).endedSessions,
    });
  }
  if (act !== 'reset') return t(`acts.${act}.done`, { user });
  const { notice } = result as TSupportActResult<'reset'>;
  const told =
    notice.isSent && notice.channel
      ? t('acts.reset.told', { channel: t(`detail.channels.${notice.channel}`), to: notice.target ?? '' })
      : t('acts.reset.notTold');
  return `${t('acts.reset.done', { user })} ${told}`;
}

export function ActDialog({
  act,
  user,
  onClose,
}: {
  act: TSupportAct;
  user: TOpsUserDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation('opsSupport');
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const mutation = useSupportAct(act);
  const submit = async ({ reason }: { reason: string }) => {
    setError(null);
    try {
      const result = await mutation.mutateAsync({ userId: user.id, reason: reason.trim() });
      toast({
        level:
          act === 'reset' && !(result as TSupportActResult<'reset'>).notice.isSent ? 'warning' : 'success',
        title: doneText(t, act, user.username, result),
      });
      onClose();
    } catch (failure) {
      setError(opsErrorText(failure));
    }
  };
  return (
    <Modal
      open
      title={t(`acts.${act}.title`, { user: user.username })}
      okText={t(`acts.${act}.confirm`)}
      cancelText={t('acts.cancel')}
      okButtonProps={
        { danger: act === 'reset' || act === 'endSessions', 'data-testid': 'support-act-ok' } as ButtonProps
      }
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="support-act-dialog" data-act={act}>
        {act === 'reset' ? (
          <ResetSteps user={user} />
        ) : (
          <Typography.Paragraph>
            {t(`acts.${act}.intro`, { count: user.activeSessions })}
          </Typography.Paragraph>
        )}
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error}
            className="cz-ops-form-alert"
            data-testid="support-act-error"
          />
        ) : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Form.Item
            name="reason"
            label={t('acts.reason')}
            rules={[{ required: true, whitespace: true, message: t('acts.reasonRequired') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={reasonMax}
              showCount
              placeholder={t('acts.reasonPlaceholder')}
              data-testid="support-act-reason"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
