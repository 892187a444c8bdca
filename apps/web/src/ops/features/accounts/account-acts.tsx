/**
 * The acts on an account, in a toolbar above its page: each opens a dialog that asks for the
 * reason (and for a trial's extension its days); the customer reads the reason in its own audit
 * log. Suspending needs a fresh second factor: the API client asks for it and sends again. Acts
 * the operator's role may not use are not shown; acts that do not apply to the account's state
 * neither.
 */
import type { TOpsAccountActResult, TOpsAccountPage } from '@console/contract/ops';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';
import { useOpsCan } from '@/ops/lib/ops-session';

type TAct = 'suspend' | 'resume' | 'extendTrial' | 'makeFormal' | 'mfaOff';

const routeOf = {
  suspend: 'opsSuspendAccount',
  resume: 'opsResumeAccount',
  extendTrial: 'opsExtendTrial',
  makeFormal: 'opsMakeFormal',
  mfaOff: 'opsStopMfaRequirement',
} as const;

const titleOf = {
  suspend: 'acts.suspendTitle',
  resume: 'acts.resumeTitle',
  extendTrial: 'acts.extendTitle',
  makeFormal: 'acts.formalTitle',
  mfaOff: 'acts.mfaOffTitle',
} as const;
const textOf = {
  suspend: 'acts.suspendText',
  resume: 'acts.resumeText',
  makeFormal: 'acts.formalText',
  mfaOff: 'acts.mfaOffText',
  extendTrial: null,
} as const;

function send(act: TAct, accountId: number, reason: string, days: number): Promise<TOpsAccountActResult> {
  const body = { accountId, reason };
  const options = { hints: false } as const;
  switch (act) {
    case 'suspend':
      return callOps('opsSuspendAccount', { body, ...options });
    case 'resume':
      return callOps('opsResumeAccount', { body, ...options });
    case 'extendTrial':
      return callOps('opsExtendTrial', { body: { ...body, days }, ...options });
    case 'makeFormal':
      return callOps('opsMakeFormal', { body, ...options });
    case 'mfaOff':
      return callOps('opsStopMfaRequirement', { body, ...options });
  }
}

export function AccountActs({ page }: { page: TOpsAccountPage }) {
  const { t } = useTranslation('opsAccounts');
  const queryClient = useQueryClient();
  const [act, setAct] = useState<TAct | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string; days: number }>();
  const can = {
    suspend: useOpsCan(routeOf.suspend),
    resume: useOpsCan(routeOf.resume),
    extendTrial: useOpsCan(routeOf.extendTrial),
    makeFormal: useOpsCan(routeOf.makeFormal),
    mfaOff: useOpsCan(routeOf.mfaOff),
  };
  const { account } = page;
  const isLive = account.status !== 'deleted';
  const applies: Record<TAct, boolean> = {
    suspend: isLive && account.status !== 'suspended',
    resume: account.status === 'suspended',
    extendTrial: isLive && account.edition === 'trial',
    makeFormal: isLive && account.edition === 'trial',
    mfaOff: isLive && account.mfaRequired,
  };
  const acts = (Object.keys(routeOf) as TAct[]).filter((a) => can[a] && applies[a]);
  if (acts.length === 0) return null;

  const open = (next: TAct) => {
    form.resetFields();
    setError(null);
    setAct(next);
  };
  const submit = async (values: { reason: string; days: number }) => {
    if (!act) return;
    setIsBusy(true);
    setError(null);
    try {
      const result = await send(act, account.id, values.reason.trim(), values.days ?? 30);
      setAct(null);
      const done = t(`acts.done.${act}`, { sessions: result.endedSessions });
      const told =
        act === 'suspend' || act === 'resume'
          ? result.notified.length > 0
            ? t('acts.notified', { who: result.notified.map((n) => n.username).join(', ') })
            : t('acts.notifiedNone')
          : '';
      toast({ level: 'success', title: told ? `${done} ${told}` : done });
      await queryClient.invalidateQueries({ queryKey: ['ops', 'accounts'] });
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  const name = account.displayName;
  return (
    <>
      <Space wrap className="cz-ops-accounts__acts" role="toolbar" aria-label={t('acts.toolbar')}>
        {acts.map((a) => (
          <Button
            key={a}
            danger={a === 'suspend'}
            type={a === 'resume' ? 'primary' : 'default'}
            onClick={() => open(a)}
            data-testid={`ops-act-${a}`}
          >
            {t(`acts.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={act !== null}
        title={act ? t(titleOf[act], { account: name }) : ''}
        onCancel={() => setAct(null)}
        okText={t('acts.confirm')}
        cancelText={t('acts.cancel')}
        okButtonProps={{ danger: act === 'suspend', loading: isBusy, 'data-testid': 'ops-act-confirm' }}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {act && textOf[act] ? <Typography.Paragraph>{t(textOf[act])}</Typography.Paragraph> : null}
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error}
            className="cz-ops-form-alert"
            data-testid="ops-act-error"
          />
        ) : null}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ days: 30 }}
          onFinish={(values) => void submit(values)}
        >
          {act === 'extendTrial' ? (
            <Form.Item name="days" label={t('acts.days')} rules={[{ required: true }]}>
              <InputNumber min={1} max={365} precision={0} data-testid="ops-act-days" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="reason"
            label={t('acts.reason')}
            rules={[{ required: true, whitespace: true, message: t('acts.reasonPlaceholder') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={500}
              placeholder={t('acts.reasonPlaceholder')}
              data-testid="ops-act-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
