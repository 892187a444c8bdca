/**
 * The owner's acts on operators, each a dialog with its reason (kept in the installation's audit):
 * create (then the one-time password, shown once, with a copy button), change the role, disable,
 * enable, reset the second factor (a step-up act: the client asks for the owner's code first when
 * it is stale, see lib/step-up.tsx).
 */
import { ErrorCode } from '@console/contract/codes';
import { OpsRoles, opsUsernamePattern, type TOpsOperator, type TOpsRole } from '@console/contract/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { toast } from '@/lib/notify';
import { callOps, isOpsError, opsErrorText } from '@/ops/lib/ops-api';

export const operatorsKey = ['ops', 'operators'] as const;

export type TOperatorAct = 'role' | 'disable' | 'enable' | 'reset';

/** The roles to choose, each with what it may do (`exclude`: the operator's present role). */
function useRoleOptions(exclude?: TOpsRole) {
  const { t } = useTranslation(['opsOperators', 'opsShell']);
  return OpsRoles.filter((role) => role !== exclude).map((role) => ({
    value: role,
    label: (
      <span className="cz-ops-role-option">
        <strong>{t(`roles.${role}`, { ns: 'opsShell' })}</strong>
        <span>{t(`roleHelp.${role}`)}</span>
      </span>
    ),
    title: t(`roles.${role}`, { ns: 'opsShell' }),
  }));
}

/** A refusal shown in the dialog (a 4302 given up shows nothing: the owner chose to stop). */
function useDialogError() {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    fail: (failure: unknown) => {
      if (isOpsError(failure, ErrorCode.opsStepUpRequired)) return;
      setError(opsErrorText(failure));
    },
  };
}

export function CreateOperatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['opsOperators', 'opsShell']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ username: string; role: TOpsRole; reason?: string }>();
  const { error, clear, fail } = useDialogError();
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const create = useMutation({
    mutationFn: (values: { username: string; role: TOpsRole; reason?: string }) =>
      callOps('opsCreateOperator', {
        body: {
          username: values.username,
          role: values.role,
          ...(values.reason ? { reason: values.reason } : {}),
        },
        hints: false,
      }),
    onSuccess: (answer) => {
      setCreated({ username: answer.operator.username, password: answer.oneTimePassword });
      void queryClient.invalidateQueries({ queryKey: operatorsKey });
    },
    onError: fail,
  });
  const close = () => {
    form.resetFields();
    clear();
    setCreated(null);
    onClose();
  };
  const roleOptions = useRoleOptions();

  if (created) {
    return (
      <Modal
        open={open}
        title={t('createdTitle', { name: created.username })}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close} data-testid="ops-created-close">
            {t('form.close')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('createdIntro', { name: created.username })}</Typography.Paragraph>
        <div className="cz-ops-otp" data-testid="ops-created-operator">
          <span className="cz-ops-otp__label">{t('oneTimePassword')}</span>
          <code className="cz-ops-otp__value" data-testid="ops-created-password">
            {created.password}
          </code>
          <CopyButton
            text={created.password}
            texts={{ copy: t('copy'), copied: t('copied') }}
            testId="ops-created-copy"
          />
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={t('createTitle')}
      onCancel={close}
      okText={t('form.submit')}
      cancelText={t('form.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="cz-ops-form-alert"
          data-testid="ops-dialog-error"
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          clear();
          create.mutate(values);
        }}
      >
        <Form.Item
          name="username"
          label={t('form.username')}
          extra={t('form.usernameHint')}
          rules={[{ required: true, pattern: opsUsernamePattern, message: t('form.usernameInvalid') }]}
          normalize={(value: string) => value.trim().toLowerCase()}
        >
          <Input autoComplete="off" data-testid="ops-create-username" autoFocus />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('form.role')}
          rules={[{ required: true, message: t('form.roleRequired') }]}
        >
          <Select options={roleOptions} optionLabelProp="title" data-testid="ops-create-role" />
        </Form.Item>
        <Form.Item name="reason" label={t('form.reasonOptional')}>
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={t('form.reasonPlaceholder')}
            data-testid="ops-create-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const actTitles = {
  role: 'roleTitle',
  disable: 'disableTitle',
  enable: 'enableTitle',
  reset: 'resetTitle',
} as const;
const actIntros = {
  role: 'roleIntro',
  disable: 'disableIntro',
  enable: 'enableIntro',
  reset: 'resetIntro',
} as const;

export function OperatorActDialog({
  act,
  operator,
  onClose,
}: {
  act: TOperatorAct | null;
  operator: TOpsOperator | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['opsOperators', 'opsShell']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string; role?: TOpsRole }>();
  const { error, clear, fail } = useDialogError();
  const run = useMutation({
    mutationFn: async (values: { reason: string; role?: TOpsRole }) => {
      if (!act || !operator) throw new Error('no act');
      const body = { operatorId: operator.id, reason: values.reason };
      if (act === 'role')
        return callOps('opsReRoleOperator', {
          body: { ...body, role: values.role as TOpsRole },
          hints: false,
        });
      if (act === 'disable') return callOps('opsDisableOperator', { body, hints: false });
      if (act === 'enable') return callOps('opsEnableOperator', { body, hints: false });
      return callOps('opsResetOperatorSecondFactor', { body, hints: false });
    },
    onSuccess: (changed) => {
      const name = changed.username;
      const done =
        act === 'role'
          ? t('done.role', { name, role: t(`roles.${changed.role}`, { ns: 'opsShell' }) })
          : act === 'disable'
            ? t('done.disabled', { name })
            : act === 'enable'
              ? t('done.enabled', { name })
              : t('done.reset', { name });
      toast({ level: 'success', title: done });
      void queryClient.invalidateQueries({ queryKey: operatorsKey });
      close();
    },
    onError: fail,
  });
  const close = () => {
    form.resetFields();
    clear();
    onClose();
  };
  const roleOptions = useRoleOptions(operator?.role);
  if (!act || !operator) return null;
  const isDanger = act === 'disable' || act === 'reset';
  return (
    <Modal
      open
      title={t(actTitles[act], { name: operator.username })}
      onCancel={close}
      okText={t('form.submit')}
      cancelText={t('form.cancel')}
      okButtonProps={{ danger: isDanger }}
      confirmLoading={run.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t(actIntros[act])}</Typography.Paragraph>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="cz-ops-form-alert"
          data-testid="ops-dialog-error"
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          clear();
          run.mutate(values);
        }}
      >
        {act === 'role' ? (
          <Form.Item
            name="role"
            label={t('newRole')}
            rules={[{ required: true, message: t('form.roleRequired') }]}
          >
            <Select options={roleOptions} optionLabelProp="title" data-testid="ops-act-role" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={t('form.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={t('form.reasonPlaceholder')}
            data-testid="ops-act-reason"
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
