/**
 * My account's second factor (decision 0050): the authenticator app (set up or replaced: a new key
 * confirmed by its first code) and the passkeys (listed with when they were added and last used;
 * added, renamed, removed). Adding, replacing and removing need a fresh second factor: the API
 * client opens the step-up dialog by itself. The last second factor cannot be removed. The list
 * is a list of blocks, so that it reads the same at a phone's width.
 */
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import type { TOpsRouteData } from '@console/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorKey } from '@/components/authenticator-key';
import { canUsePasskeys, createPasskey, PasskeyError } from '@/lib/passkey';
import { useQrCode } from '@/lib/qr-code';
import { formatDateTime } from '@/ops/lib/format';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';
import { opsMeKey } from '@/ops/lib/ops-session';
import { opsSecondFactorsKey } from '@/ops/lib/step-up-passkey';
import './second-factors.css';
import { toast } from '@/lib/notify';

type TFactors = TOpsRouteData<'opsMySecondFactors'>;
type TPasskey = TFactors['passkeys'][number];
type TEnrolment = TOpsRouteData<'opsMyAuthenticatorStart'>;

/** The words of a failure: the device's or the server's. */
function useFailureText() {
  const { t } = useTranslation('opsPasskeys');
  return (failure: unknown): string =>
    failure instanceof PasskeyError ? t(failure.kind) : opsErrorText(failure);
}

function NameDialog({
  title,
  initial,
  okText,
  testId,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  okText: string;
  testId: string;
  /** Answers an error's words, or null when done. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('opsPasskeys');
  const [form] = Form.useForm<{ name: string }>();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async ({ name }: { name: string }) => {
    setIsBusy(true);
    setError(null);
    const failure = await onSubmit(name.trim());
    setIsBusy(false);
    if (failure) setError(failure);
    else onClose();
  };
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('cancel')}
      confirmLoading={isBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': `${testId}-save` } as never}
      destroyOnHidden
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="cz-ops-form-alert"
          data-testid={`${testId}-error`}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: initial }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('nameLabel')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('nameRequired') }]}
        >
          <Input placeholder={t('namePlaceholder')} maxLength={64} autoFocus data-testid={`${testId}-name`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AuthenticatorDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation(['opsPasskeys', 'opsShell']);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [code, setCode] = useState('');
  // A new key each time the dialog opens (gcTime 0); the current app works until it is confirmed.
  const started = useQuery({
    queryKey: ['ops', 'me', 'authenticator-start'],
    queryFn: () => callOps('opsMyAuthenticatorStart', { hints: false }),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const enrolment: TEnrolment | null = started.data ?? null;
  const qr = useQrCode(enrolment?.otpauthUri ?? null, { width: 156, margin: 1 });
  const confirm = async () => {
    if (!/^\d{6}$/.test(code)) {
      setError(t('authenticatorCodeInvalid'));
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await callOps('opsMyAuthenticatorConfirm', { body: { code }, hints: false });
      onDone();
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('authenticatorDialogTitle')}
      okText={t('authenticatorConfirm')}
      cancelText={t('cancel')}
      confirmLoading={isBusy}
      okButtonProps={{ disabled: !enrolment, 'data-testid': 'ops-authenticator-confirm' } as never}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('authenticatorScan')}</p>
      {started.isError ? (
        <Alert type="error" showIcon title={opsErrorText(started.error)} className="cz-ops-form-alert" />
      ) : (
        <AuthenticatorKey
          qrCode={qr.status === 'ready' ? qr.src : null}
          secret={enrolment?.secret ?? null}
          label={enrolment?.label ?? ''}
          texts={{
            scan: t('setup.scan', { ns: 'opsShell' }),
            manual: t('setup.manual', { ns: 'opsShell' }),
            manualFields: t('setup.manualFields', { ns: 'opsShell', label: '{{label}}' }),
            qrAlt: t('setup.qrAlt', { ns: 'opsShell' }),
            secret: t('setup.secret', { ns: 'opsShell' }),
            copy: t('setup.copy', { ns: 'opsShell' }),
            copied: t('setup.copied', { ns: 'opsShell' }),
          }}
        />
      )}
      <Form layout="vertical" onFinish={() => void confirm()}>
        <Form.Item
          label={t('authenticatorCode')}
          htmlFor="ops-authenticator-code"
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input
            id="ops-authenticator-code"
            data-testid="ops-authenticator-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type TDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'rename'; passkey: TPasskey }
  | { kind: 'remove'; passkey: TPasskey }
  | { kind: 'authenticator' };

export function SecondFactorsCard({ secondFactorAt }: { secondFactorAt: string }) {
  const { t } = useTranslation('opsPasskeys');
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const factors = useQuery({
    queryKey: opsSecondFactorsKey,
    queryFn: () => callOps('opsMySecondFactors', { hints: false }),
  });
  const [dialog, setDialog] = useState<TDialog>({ kind: 'none' });
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const close = () => {
    setDialog({ kind: 'none' });
    setRemoveError(null);
  };
  const changed = (next: TFactors | null, done: string) => {
    if (next) queryClient.setQueryData(opsSecondFactorsKey, next);
    void queryClient.invalidateQueries({ queryKey: opsSecondFactorsKey });
    void queryClient.invalidateQueries({ queryKey: opsMeKey });
    toast({ level: 'success', title: done });
  };

  const add = async (name: string): Promise<string | null> => {
    try {
      const options = await callOps('opsMyPasskeyOptions', { hints: false });
      const credential = await createPasskey(options);
      const next = await callOps('opsMyPasskeyAdd', {
        body: { name, credential: credential as never },
        hints: false,
      });
      changed(next, t('added'));
      return null;
    } catch (failure) {
      return failureText(failure);
    }
  };
  const rename = async (passkey: TPasskey, name: string): Promise<string | null> => {
    try {
      changed(
        await callOps('opsMyPasskeyRename', { body: { id: passkey.id, name }, hints: false }),
        t('renamed'),
      );
      return null;
    } catch (failure) {
      return failureText(failure);
    }
  };
  const remove = async (passkey: TPasskey) => {
    setIsRemoving(true);
    setRemoveError(null);
    try {
      changed(await callOps('opsMyPasskeyRemove', { body: { id: passkey.id }, hints: false }), t('removed'));
      close();
    } catch (failure) {
      setRemoveError(failureText(failure));
    } finally {
      setIsRemoving(false);
    }
  };

  const data = factors.data;
  const factorCount = data ? data.passkeys.length + (data.hasAuthenticator ? 1 : 0) : 0;
  const isFull = data ? data.passkeys.length >= data.passkeyLimit : true;

  return (
    <Card title={t('sectionTitle')} data-testid="ops-my-second-factor">
      <Typography.Paragraph type="secondary">{t('sectionHint')}</Typography.Paragraph>
      {factors.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <div className="cz-ops-factor" data-testid="ops-authenticator">
            <SafetyOutlined className="cz-ops-factor__icon" aria-hidden />
            <div className="cz-ops-factor__body">
              <strong>{t('authenticatorTitle')}</strong>
              <Tag
                color={data.hasAuthenticator ? 'success' : 'default'}
                data-testid="ops-authenticator-status"
              >
                {data.hasAuthenticator ? t('authenticatorOn') : t('authenticatorOff')}
              </Tag>
            </div>
            <Button
              onClick={() => setDialog({ kind: 'authenticator' })}
              data-testid="ops-authenticator-replace"
            >
              {data.hasAuthenticator ? t('authenticatorReplace') : t('authenticatorAdd')}
            </Button>
          </div>
          <div className="cz-ops-factor__head">
            <strong>{t('passkeysTitle')}</strong>
            <span className="cz-ops-factor__count" data-testid="ops-passkeys-count">
              {t('passkeysCount', { count: data.passkeys.length, max: data.passkeyLimit })}
            </span>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={isFull || !canUsePasskeys()}
              onClick={() => setDialog({ kind: 'add' })}
              data-testid="ops-passkey-add"
            >
              {t('add')}
            </Button>
          </div>
          {canUsePasskeys() ? null : <Alert type="warning" showIcon title={t('unsupported')} />}
          {data.passkeys.length === 0 ? (
            <p className="cz-ops-factor__empty" data-testid="ops-passkeys-empty">
              {t('passkeysEmpty')}
            </p>
          ) : (
            <ul className="cz-ops-factor__list" aria-label={t('passkeysTitle')}>
              {data.passkeys.map((p) => (
                <li key={p.id} className="cz-ops-factor" data-testid="ops-passkey">
                  <KeyOutlined className="cz-ops-factor__icon" aria-hidden />
                  <div className="cz-ops-factor__body">
                    <strong className="cz-ops-factor__name" data-testid="ops-passkey-name">
                      {p.name}
                    </strong>
                    {p.isSynced ? <Tag>{t('synced')}</Tag> : null}
                    <span className="cz-ops-factor__meta">
                      {t('createdAt', { date: formatDateTime(p.createdAt) })}
                    </span>
                    <span className="cz-ops-factor__meta" data-testid="ops-passkey-last-used">
                      {p.lastUsedAt ? t('lastUsed', { date: formatDateTime(p.lastUsedAt) }) : t('neverUsed')}
                    </span>
                  </div>
                  <div className="cz-ops-factor__actions">
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setDialog({ kind: 'rename', passkey: p })}
                      data-testid="ops-passkey-rename"
                    >
                      {t('rename')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={factorCount <= 1}
                      title={factorCount <= 1 ? t('lastFactor') : undefined}
                      onClick={() => setDialog({ kind: 'remove', passkey: p })}
                      data-testid="ops-passkey-remove"
                    >
                      {t('remove')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {factorCount <= 1 && data.passkeys.length > 0 ? (
            <Typography.Paragraph type="secondary" className="cz-ops-factor__note">
              {t('lastFactor')}
            </Typography.Paragraph>
          ) : null}
        </>
      )}
      <Typography.Paragraph type="secondary" className="cz-ops-factor__note">
        {t('secondFactorAt', { date: formatDateTime(secondFactorAt) })}
      </Typography.Paragraph>

      {dialog.kind === 'add' ? (
        <NameDialog
          title={t('addTitle')}
          initial={t('defaultName')}
          okText={t('create')}
          testId="ops-passkey-add"
          onSubmit={add}
          onClose={close}
        />
      ) : null}
      {dialog.kind === 'rename' ? (
        <NameDialog
          title={t('renameTitle')}
          initial={dialog.passkey.name}
          okText={t('save')}
          testId="ops-passkey-rename"
          onSubmit={(name) => rename(dialog.passkey, name)}
          onClose={close}
        />
      ) : null}
      {dialog.kind === 'remove' ? (
        <Modal
          open
          title={t('removeTitle', { name: dialog.passkey.name })}
          okText={t('remove')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'ops-passkey-remove-confirm' } as never}
          confirmLoading={isRemoving}
          onOk={() => void remove(dialog.passkey)}
          onCancel={close}
          destroyOnHidden
        >
          <p>{t('removeText')}</p>
          {removeError ? (
            <Alert type="error" showIcon title={removeError} data-testid="ops-passkey-remove-error" />
          ) : null}
        </Modal>
      ) : null}
      {dialog.kind === 'authenticator' ? (
        <AuthenticatorDialog
          onDone={() => {
            changed(null, t('authenticatorReplaced'));
            close();
          }}
          onClose={close}
        />
      ) : null}
    </Card>
  );
}
