/**
 * My account: the signed-in operator's facts (role, status, second factor, last sign-in, when the
 * session ends) and the change of the own password (`opsChangePassword`: the other sessions end).
 * The own second factor (authenticator, passkeys: decision 0050) is `SecondFactorsCard`.
 */
import { OpsPasswordPolicy, type TOpsRouteData } from '@console/contract/ops';
import { checkPasswordPolicy } from '@console/contract/password-rules';
import { Alert, Button, Card, Descriptions, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/ops/lib/format';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';
import { useOpsMe } from '@/ops/lib/ops-session';
import { SecondFactorsCard } from './second-factors-card';

type TMe = TOpsRouteData<'opsMe'>;

function ProfileCard({ me }: { me: TMe }) {
  const { t } = useTranslation('opsShell');
  const { operator } = me;
  return (
    <Card title={t('myAccount.profile')} data-testid="ops-my-profile">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('myAccount.username')}>
          <span className="cz-ops-id">{operator.username}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('myAccount.role')}>{t(`roles.${operator.role}`)}</Descriptions.Item>
        <Descriptions.Item label={t('myAccount.status')}>
          <Tag color={operator.status === 'active' ? 'success' : 'default'}>
            {t(`statuses.${operator.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('myAccount.lastSignInAt')}>
          {operator.lastSignInAt ? formatDateTime(operator.lastSignInAt) : t('myAccount.never')}
        </Descriptions.Item>
        <Descriptions.Item label={t('myAccount.createdAt')}>
          {formatDateTime(operator.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('myAccount.sessionEndsAt')}>
          {formatDateTime(me.expiresAt)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation(['opsShell', 'errors']);
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const types = OpsPasswordPolicy.requiredCharTypes
    .map((type) => t(`charType${type}`, { ns: 'errors' }))
    .join(t('charTypesJoin', { ns: 'errors' }));
  const rule = t('setup.rule', { minLength: OpsPasswordPolicy.minLength, types });
  const submit = async (values: { currentPassword: string; newPassword: string }) => {
    setIsBusy(true);
    setError(null);
    setIsDone(false);
    try {
      await callOps('opsChangePassword', {
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
        hints: false,
      });
      form.resetFields();
      setIsDone(true);
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Card title={t('myAccount.passwordTitle')}>
      {isDone ? (
        <Alert
          type="success"
          showIcon
          title={t('myAccount.changed')}
          data-testid="ops-password-changed"
          className="cz-ops-form-alert"
        />
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          data-testid="ops-password-error"
          className="cz-ops-form-alert"
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        className="cz-ops-narrow-form"
      >
        <Form.Item
          name="currentPassword"
          label={t('myAccount.currentPassword')}
          rules={[{ required: true, message: t('myAccount.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="ops-current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('myAccount.newPassword')}
          extra={rule}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                value && checkPasswordPolicy(value, OpsPasswordPolicy) === null
                  ? Promise.resolve()
                  : Promise.reject(new Error(rule)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="ops-change-new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('myAccount.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('setup.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('setup.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="ops-change-confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isBusy} data-testid="ops-change-password-submit">
          {t('myAccount.submit')}
        </Button>
      </Form>
    </Card>
  );
}

export default function MyAccountPage() {
  const { t } = useTranslation('opsShell');
  const me = useOpsMe();
  if (!me.data) return null;
  return (
    <div className="cz-ops-page" data-testid="ops-my-account">
      <Typography.Title level={1} className="cz-ops-page__title">
        {t('myAccount.title')}
      </Typography.Title>
      <div className="cz-ops-grid">
        <ProfileCard me={me.data} />
        <SecondFactorsCard secondFactorAt={me.data.secondFactorAt} />
        <PasswordCard />
      </div>
    </div>
  );
}
