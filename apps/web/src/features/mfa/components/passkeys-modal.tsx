/**
 * The signed-in user's passkeys (issue 22), opened from login protection: the list (name, synced or
 * on one device, added, last used), adding one (a code first, then the device's prompt and a name),
 * renaming, and removing one (proven by a code). A list of blocks, so that it reads the same at a
 * phone's width.
 */
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Limits } from '@console/contract/limits';
import { Alert, Button, Form, Input, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCheckResult } from '@/api/check-auth-code';
import { VerificationDialog } from '@/components/verification-dialog/verification-dialog';
import { asApiError } from '@/lib/code-errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { canUsePasskeys, createPasskey, PasskeyError } from '@/lib/passkey';
import {
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  type TPasskey,
  type TRegistrationOptions,
  usePasskeys,
} from '../api/passkeys';

type TFlow =
  | { kind: 'list' }
  | { kind: 'verifyAdd' }
  | { kind: 'name'; options: TRegistrationOptions }
  | { kind: 'rename'; passkey: TPasskey }
  | { kind: 'verifyRemove'; passkey: TPasskey };

export function PasskeysModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['mfa', 'common', 'errors']);
  const passkeys = usePasskeys();
  const [flow, setFlow] = useState<TFlow>({ kind: 'list' });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const list = passkeys.data?.list ?? [];
  const isFull = list.length >= Limits.passkeysPerUser;
  const back = () => {
    setFlow({ kind: 'list' });
    setError(null);
  };

  const describe = (cause: unknown): string => {
    if (cause instanceof PasskeyError) return t(`passkey.${cause.kind}`);
    return asApiError(cause)?.message ?? t('passkey.failed');
  };

  const nameError = name.trim().length === 0 || name.trim().length > 64 ? t('passkey.nameRequired') : null;

  const create = async () => {
    if (flow.kind !== 'name' || nameError || isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      const credential = await createPasskey(flow.options);
      await registerPasskey(name.trim(), credential);
      toast({ level: 'success', title: t('passkey.added') });
      back();
    } catch (cause) {
      setError(describe(cause));
    } finally {
      setIsBusy(false);
    }
  };

  const rename = async () => {
    if (flow.kind !== 'rename' || nameError || isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      await renamePasskey(flow.passkey.id, name.trim());
      toast({ level: 'success', title: t('passkey.renamed') });
      back();
    } catch (cause) {
      setError(describe(cause));
    } finally {
      setIsBusy(false);
    }
  };

  const dateOf = (iso: string) => formatDateTime(iso);

  return (
    <>
      <Modal
        open={flow.kind === 'list'}
        title={t('passkey.title')}
        onCancel={onClose}
        width={560}
        footer={
          <div className="cz-mfa-footer">
            <span className="cz-passkeys__count" data-testid="passkeys-count">
              {t('passkey.count', { count: list.length, max: Limits.passkeysPerUser })}
            </span>
            <span className="cz-mfa-footer__actions">
              <Button onClick={onClose} data-testid="passkeys-close">
                {t('close', { ns: 'common' })}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!passkeys.data || isFull || !canUsePasskeys()}
                onClick={() => setFlow({ kind: 'verifyAdd' })}
                data-testid="passkeys-add"
              >
                {t('passkey.add')}
              </Button>
            </span>
          </div>
        }
      >
        <div className="cz-passkeys" data-testid="passkeys">
          <p className="cz-passkeys__text">{t('passkey.description')}</p>
          {canUsePasskeys() ? null : <Alert type="warning" showIcon title={t('passkey.unsupported')} />}
          {passkeys.isError ? (
            <Alert type="error" showIcon title={t('protection.loadFailed')} />
          ) : !passkeys.data ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : list.length === 0 ? (
            <p className="cz-passkeys__empty" data-testid="passkeys-empty">
              {t('passkey.empty')}
            </p>
          ) : (
            <ul className="cz-passkeys__list" aria-label={t('passkey.title')}>
              {list.map((p) => (
                <li key={p.id} className="cz-passkeys__item" data-testid="passkey-item">
                  <KeyOutlined className="cz-passkeys__icon" aria-hidden />
                  <div className="cz-passkeys__body">
                    <div className="cz-passkeys__name" data-testid="passkey-name">
                      {p.name}
                      <Tag className="cz-passkeys__tag">
                        {p.isSynced ? t('passkey.synced') : t('passkey.deviceBound')}
                      </Tag>
                    </div>
                    <div className="cz-passkeys__meta">
                      <span>{t('passkey.createdAt', { date: dateOf(p.createdAt) })}</span>
                      <span data-testid="passkey-last-used">
                        {p.lastUsedAt
                          ? t('passkey.lastUsed', { date: dateOf(p.lastUsedAt) })
                          : t('passkey.neverUsed')}
                      </span>
                    </div>
                  </div>
                  <div className="cz-passkeys__actions">
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => {
                        setName(p.name);
                        setFlow({ kind: 'rename', passkey: p });
                      }}
                      data-testid="passkey-rename"
                    >
                      {t('passkey.rename')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => setFlow({ kind: 'verifyRemove', passkey: p })}
                      data-testid="passkey-remove"
                    >
                      {t('passkey.remove')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Modal>

      <VerificationDialog
        isOpen={flow.kind === 'verifyAdd'}
        purpose="MFA_STATUS"
        title={t('passkey.addTitle')}
        description={t('passkey.verifyHint')}
        onClose={back}
        onVerified={async (proof: TCheckResult) => {
          const options = await passkeyRegistrationOptions(proof);
          setName('');
          setError(null);
          setFlow({ kind: 'name', options });
        }}
      />
      <VerificationDialog
        isOpen={flow.kind === 'verifyRemove'}
        purpose="MFA_STATUS"
        title={flow.kind === 'verifyRemove' ? t('passkey.removeTitle', { name: flow.passkey.name }) : ''}
        description={t('passkey.removeText')}
        onClose={back}
        onVerified={async (proof: TCheckResult) => {
          if (flow.kind !== 'verifyRemove') return;
          await removePasskey(flow.passkey.id, proof);
          toast({ level: 'success', title: t('passkey.removed') });
          back();
        }}
      />

      <Modal
        open={flow.kind === 'name' || flow.kind === 'rename'}
        title={flow.kind === 'rename' ? t('passkey.renameTitle') : t('passkey.addTitle')}
        onCancel={back}
        width={460}
        destroyOnHidden
        mask={{ closable: false }}
        footer={[
          <Button key="cancel" onClick={back} data-testid="passkey-name-cancel">
            {t('cancel', { ns: 'common' })}
          </Button>,
          <Button
            key="ok"
            type="primary"
            loading={isBusy}
            disabled={nameError !== null}
            onClick={flow.kind === 'rename' ? rename : create}
            data-testid="passkey-name-confirm"
          >
            {flow.kind === 'rename'
              ? t('confirm', { ns: 'common' })
              : isBusy
                ? t('passkey.creating')
                : t('passkey.create')}
          </Button>,
        ]}
      >
        <Form layout="vertical" onFinish={flow.kind === 'rename' ? rename : create} requiredMark={false}>
          <Form.Item
            label={t('passkey.nameLabel')}
            htmlFor="passkey-name"
            extra={t('passkey.nameHint')}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input
              id="passkey-name"
              value={name}
              maxLength={64}
              autoFocus
              placeholder={t('passkey.namePlaceholder')}
              onChange={(e) => setName(e.target.value)}
              data-testid="passkey-name-input"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
