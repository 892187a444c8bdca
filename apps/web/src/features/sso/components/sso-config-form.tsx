/**
 * The single sign-on form (account administrators): the protocol with its settings (OpenID
 * Connect: issuer, client id and secret, scopes, username claim; SAML 2.0: IdP metadata by URL or
 * XML with when it was last read and why that failed, IdP entity id, username attribute, whether
 * a signed response is accepted instead of signed assertions), the switches (SSO on,
 * administrators' password login, users created at first sign-in), Save, and the test of the
 * unsaved values in a popup.
 */
import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Form, Input, Radio, Switch, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import type { TSsoConfig } from '../api/get-sso-config';
import { useSaveSsoConfig } from '../api/save-sso-config';
import {
  buildSsoPayload,
  checkSsoForm,
  configToForm,
  readSsoServerError,
  ssoFieldMax,
  type TSsoField,
  type TSsoFieldError,
  type TSsoFormValues,
  type TSsoProtocol,
  type TSsoServerError,
} from '../lib/sso-form';
import { type TSsoTestState, useSsoTest } from '../lib/use-sso-test';
import { ServiceProviderDetails } from './service-provider-details';

export type TSsoConfigFormProps = {
  config: TSsoConfig;
  /** The account's name, for the SP metadata file name. */
  accountName: string;
};

export function SsoConfigForm({ config, accountName }: TSsoConfigFormProps) {
  const { t } = useTranslation(['ssoConfig', 'validation', 'common']);
  const [form] = Form.useForm<TSsoFormValues>();
  const [initialValues] = useState(() => configToForm(config));
  const protocol: TSsoProtocol = Form.useWatch('protocol', form) ?? initialValues.protocol;
  const isEnabled: boolean = Form.useWatch('enabled', form) ?? initialValues.enabled;
  const isAdminLogin: boolean = Form.useWatch('supportAdminLogin', form) ?? initialValues.supportAdminLogin;
  const [saveError, setSaveError] = useState<TSsoServerError | null>(null);
  const test = useSsoTest();
  const hasClientSecret = config.oidc?.hasClientSecret === true;

  const save = useSaveSsoConfig({
    onSaved: (saved) => {
      form.setFieldsValue(configToForm(saved));
      setSaveError(null);
      toast({ level: 'success', title: t('saved') });
    },
  });

  /** A server message, or a `validation.<key>` the server left untranslated. */
  const serverText = (message: string) =>
    message.startsWith('validation.')
      ? t(message.slice('validation.'.length) as 'required', { ns: 'validation', defaultValue: message })
      : message;

  const errorText = (error: TSsoFieldError) =>
    error.key === 'tooLong'
      ? t('tooLong', { ns: 'validation', maximum: error.values?.maximum ?? 0 })
      : t(error.key, { ns: 'validation' });

  /** Checks the form; shows the errors on their fields. Answers the values when they can be sent. */
  const checkedValues = (): TSsoFormValues | null => {
    const values = { ...initialValues, ...form.getFieldsValue(true) } as TSsoFormValues;
    const errors = Object.entries(checkSsoForm(values, { hasClientSecret })) as [TSsoField, TSsoFieldError][];
    if (errors.length === 0) return values;
    form.setFields(errors.map(([name, error]) => ({ name, errors: [errorText(error)] })));
    void form.scrollToField(errors[0]?.[0] ?? 'protocol', { block: 'center' });
    return null;
  };

  const showServerError = (error: unknown): TSsoServerError => {
    const read = readSsoServerError(error);
    if (read.fields.length > 0) {
      form.setFields(
        read.fields.map(({ field, message }) => ({ name: field, errors: [serverText(message)] })),
      );
    }
    return read;
  };

  const submit = () => {
    if (save.isPending) return;
    const values = checkedValues();
    if (!values) return;
    setSaveError(null);
    save.mutate(buildSsoPayload(values), {
      onError: (error) => setSaveError(showServerError(error)),
    });
  };

  const startTest = () => {
    const values = checkedValues();
    if (!values) return;
    test.run(buildSsoPayload(values));
  };

  const onValuesChange = (changed: Partial<TSsoFormValues>) => {
    const names = Object.keys(changed) as (keyof TSsoFormValues)[];
    const fields: TSsoField[] = names.filter((name): name is TSsoField => name in ssoFieldMax);
    if (names.includes('metadataUrl')) fields.push('metadataXml');
    if (fields.length > 0) form.setFields(fields.map((name) => ({ name, errors: [] })));
    // What was said of the other protocol's settings no longer applies.
    if (names.includes('protocol')) {
      setSaveError(null);
      if (test.state.kind !== 'waiting') test.reset();
    }
  };

  const saved = config.updateTime
    ? config.updatedBy
      ? t('lastSavedBy', { time: formatDateTime(config.updateTime), user: config.updatedBy })
      : t('lastSaved', { time: formatDateTime(config.updateTime) })
    : null;

  return (
    <div className="cz-sso__layout">
      <Card className="cz-sso__card" title={t('title')} data-testid="sso-config-card">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {config.isConfigured ? (
          saved ? (
            <Typography.Paragraph type="secondary" className="cz-sso__saved" data-testid="sso-last-saved">
              {saved}
            </Typography.Paragraph>
          ) : null
        ) : (
          <Alert
            type="info"
            showIcon
            title={t('notConfigured')}
            className="cz-sso__alert"
            data-testid="sso-not-configured"
          />
        )}
        <Form<TSsoFormValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onValuesChange={onValuesChange}
          onFinish={submit}
          className="cz-sso__form"
          data-testid="sso-form"
        >
          <Form.Item name="protocol" label={t('protocol')}>
            <Radio.Group>
              <Radio value="OIDC" data-testid="sso-protocol-oidc">
                {t('protocols.OIDC')}
              </Radio>
              <Radio value="SAML2" data-testid="sso-protocol-saml">
                {t('protocols.SAML2')}
              </Radio>
            </Radio.Group>
          </Form.Item>

          {protocol === 'OIDC' ? (
            <>
              <Form.Item name="issuer" label={t('oidc.issuer')} extra={t('oidc.issuerHint')} required>
                <Input
                  placeholder="https://idp.example.com"
                  maxLength={ssoFieldMax.issuer}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="sso-issuer"
                />
              </Form.Item>
              <Form.Item name="clientId" label={t('oidc.clientId')} required>
                <Input
                  maxLength={ssoFieldMax.clientId}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="sso-client-id"
                />
              </Form.Item>
              <Form.Item
                name="clientSecret"
                label={t('oidc.clientSecret')}
                extra={hasClientSecret ? t('oidc.clientSecretStored') : null}
                required={!hasClientSecret}
              >
                <Input.Password
                  placeholder={
                    hasClientSecret ? t('oidc.clientSecretStored') : t('oidc.clientSecretPlaceholder')
                  }
                  maxLength={ssoFieldMax.clientSecret}
                  autoComplete="new-password"
                  data-testid="sso-client-secret"
                />
              </Form.Item>
              <Form.Item name="scopes" label={t('oidc.scopes')} extra={t('oidc.scopesHint')} required>
                <Input maxLength={ssoFieldMax.scopes} spellCheck={false} data-testid="sso-scopes" />
              </Form.Item>
              <Form.Item
                name="usernameClaim"
                label={t('oidc.usernameClaim')}
                extra={t('oidc.usernameClaimHint')}
                required
              >
                <Input
                  maxLength={ssoFieldMax.usernameClaim}
                  spellCheck={false}
                  data-testid="sso-username-claim"
                />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="metadataUrl" label={t('saml.metadataUrl')} extra={t('saml.metadataUrlHint')}>
                <Input
                  placeholder="https://idp.example.com/metadata"
                  maxLength={ssoFieldMax.metadataUrl}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="sso-metadata-url"
                />
              </Form.Item>
              <MetadataReading saml={config.saml} />
              <Form.Item name="metadataXml" label={t('saml.metadataXml')} extra={t('saml.metadataXmlHint')}>
                <Input.TextArea
                  rows={5}
                  placeholder={t('saml.metadataXmlPlaceholder')}
                  maxLength={ssoFieldMax.metadataXml}
                  spellCheck={false}
                  className="cz-sso__xml"
                  data-testid="sso-metadata-xml"
                />
              </Form.Item>
              <Form.Item name="idpEntityId" label={t('saml.entityId')} extra={t('saml.entityIdHint')}>
                <Input
                  maxLength={ssoFieldMax.idpEntityId}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="sso-entity-id"
                />
              </Form.Item>
              <Form.Item
                name="usernameAttribute"
                label={t('saml.usernameAttribute')}
                extra={t('saml.usernameAttributeHint')}
                required
              >
                <Input
                  maxLength={ssoFieldMax.usernameAttribute}
                  spellCheck={false}
                  data-testid="sso-username-attribute"
                />
              </Form.Item>
              <SwitchItem
                name="acceptSignedResponse"
                label={t('saml.acceptSignedResponse')}
                hint={t('saml.acceptSignedResponseHint')}
                testId="sso-accept-signed-response"
              />
            </>
          )}

          <Divider titlePlacement="start" plain>
            {t('options.section')}
          </Divider>
          <SwitchItem
            name="enabled"
            label={t('options.enabled')}
            hint={t('options.enabledHint')}
            testId="sso-enabled"
          />
          <SwitchItem
            name="supportAdminLogin"
            label={t('options.adminLogin')}
            hint={t('options.adminLoginHint')}
            testId="sso-admin-login"
          />
          <SwitchItem
            name="jitProvisioning"
            label={t('options.jit')}
            hint={t('options.jitHint')}
            testId="sso-jit"
          />
          {isEnabled && !isAdminLogin ? (
            <Alert
              type="warning"
              showIcon
              title={t('options.adminLoginOffWarning')}
              className="cz-sso__alert"
              data-testid="sso-admin-login-warning"
            />
          ) : null}

          {saveError ? (
            <SaveErrorAlert error={saveError} onClose={() => setSaveError(null)} serverText={serverText} />
          ) : null}

          <div className="cz-sso__actions">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sso-save">
              {t('save')}
            </Button>
            <Button
              icon={<ExperimentOutlined />}
              onClick={startTest}
              loading={test.state.kind === 'waiting'}
              title={t('testHint')}
              data-testid="sso-test"
            >
              {t('test')}
            </Button>
          </div>
          <TestResult state={test.state} onClose={test.reset} serverText={serverText} />
        </Form>
      </Card>
      <ServiceProviderDetails sp={config.sp} protocol={protocol} accountName={accountName} />
    </div>
  );
}

/** When the stored metadata URL was last read (at save or by the daily refresh), and why it failed. */
function MetadataReading({ saml }: { saml: TSsoConfig['saml'] }) {
  const { t } = useTranslation(['ssoConfig']);
  if (!saml?.metadataUrl || !saml.metadataCheckedAt) return null;
  const time = formatDateTime(saml.metadataCheckedAt);
  if (saml.metadataError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('saml.metadataRefreshFailed', { time, detail: saml.metadataError })}
        className="cz-sso__alert"
        data-testid="sso-metadata-error"
      />
    );
  }
  return (
    <Typography.Paragraph type="secondary" className="cz-sso__saved" data-testid="sso-metadata-checked">
      {t('saml.metadataCheckedAt', { time })}
    </Typography.Paragraph>
  );
}

function SwitchItem(props: { name: keyof TSsoFormValues; label: string; hint: string; testId: string }) {
  return (
    <div className="cz-sso__switch">
      <Form.Item name={props.name} valuePropName="checked" noStyle>
        <Switch aria-label={props.label} data-testid={props.testId} />
      </Form.Item>
      <div className="cz-sso__switch-text">
        <div className="cz-sso__switch-label">{props.label}</div>
        <div className="cz-sso__switch-hint">{props.hint}</div>
      </div>
    </div>
  );
}

function SaveErrorAlert(props: {
  error: TSsoServerError;
  onClose: () => void;
  serverText: (message: string) => string;
}) {
  const { t } = useTranslation(['ssoConfig', 'common']);
  const { error } = props;
  // Field errors alone are shown on their fields.
  if (!error.message && !error.isNetwork && error.fields.length > 0) return null;
  const description = error.isNetwork
    ? t('networkError', { ns: 'common' })
    : error.message
      ? props.serverText(error.message)
      : t('requestFailed', { ns: 'common' });
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose: props.onClose }}
      title={t('saveFailed')}
      description={description}
      className="cz-sso__alert"
      data-testid="sso-save-error"
      data-code={error.code ?? undefined}
    />
  );
}

function TestResult(props: {
  state: TSsoTestState;
  onClose: () => void;
  serverText: (message: string) => string;
}) {
  const { t } = useTranslation(['ssoConfig', 'common']);
  const { state } = props;
  let alert: {
    type: 'info' | 'success' | 'warning' | 'error';
    title: string;
    description?: ReactNode;
  } | null = null;
  switch (state.kind) {
    case 'idle':
      break;
    case 'waiting':
      alert = { type: 'info', title: t('testing') };
      break;
    case 'blocked':
      alert = { type: 'warning', title: t('testPopupBlocked') };
      break;
    case 'closed':
      alert = { type: 'warning', title: t('testClosed') };
      break;
    case 'startFailed': {
      const read = readSsoServerError(state.error);
      const fields = read.fields.map((f) => props.serverText(f.message));
      alert = {
        type: 'error',
        title: t('testFailedToStart'),
        description: read.isNetwork
          ? t('networkError', { ns: 'common' })
          : read.message
            ? props.serverText(read.message)
            : (fields[0] ?? t('requestFailed', { ns: 'common' })),
      };
      break;
    }
    case 'done':
      alert = state.result.ok
        ? {
            type: 'success',
            title: t('testSucceeded'),
            description: state.result.username
              ? t('testSucceededAs', { username: state.result.username })
              : t('testSucceededNoUser'),
          }
        : { type: 'error', title: t('testFailed'), description: state.result.message || undefined };
      break;
  }
  if (!alert) return null;
  return (
    <Alert
      type={alert.type}
      showIcon
      title={alert.title}
      description={alert.description}
      closable={state.kind === 'waiting' ? false : { onClose: props.onClose }}
      className="cz-sso__alert cz-sso__test-result"
      aria-live="polite"
      data-testid="sso-test-result"
      data-state={state.kind === 'done' ? (state.result.ok ? 'success' : 'failure') : state.kind}
    />
  );
}
