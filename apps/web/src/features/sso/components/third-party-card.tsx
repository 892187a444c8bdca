/**
 * The account center's third-party accounts (spec section 7 "Third party"): each provider of the
 * deployment with the signed-in user's bound identity (name, time, Unbind after a confirmation) or
 * Bind (the browser goes through the provider and comes back with `?thirdPartyBound=` or
 * `?thirdPartyError=`), and for account administrators the switch that allows third-party sign-in.
 *
 * Without providers the card is hidden from members (nothing to do there) and tells
 * administrators, briefly, that the installation offers none.
 */
import { LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import {
  type TThirdPartyBinding,
  thirdPartyBindUrl,
  useUserBindingConfig,
} from '../api/get-user-binding-config';
import { useModifyThirdPartyLoginStatus } from '../api/modify-third-party-login-status';
import { useUnbindThirdParty } from '../api/user-unbinding';
import { useThirdPartyOutcome } from '../lib/use-third-party-outcome';
import '../sso.css';

export function ThirdPartyCard() {
  const { t } = useTranslation(['ssoConfig', 'common']);
  const isAdmin = useCurrentUser().data?.isAccountAdmin === true;
  const bindings = useUserBindingConfig();
  const providers = bindings.data?.providers ?? [];
  const [bindError, setBindError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TThirdPartyBinding | null>(null);

  const nameOf = (provider: string) => providers.find((p) => p.provider === provider)?.name ?? provider;

  useThirdPartyOutcome(!bindings.isPending, (outcome) => {
    if (outcome.kind === 'bound') {
      setBindError(null);
      toast({
        level: 'success',
        title: t('thirdParty.bindSucceeded', { provider: nameOf(outcome.provider) }),
      });
    } else {
      setBindError(outcome.message || t('thirdParty.bindFailed'));
    }
  });

  const unbind = useUnbindThirdParty({
    onUnbound: (provider) => {
      toast({ level: 'success', title: t('thirdParty.unbound', { provider: nameOf(provider) }) });
    },
  });
  const loginStatus = useModifyThirdPartyLoginStatus({
    onChanged: (enabled) =>
      toast({ level: 'success', title: enabled ? t('thirdParty.loginOn') : t('thirdParty.loginOff') }),
  });

  const isEmpty = bindings.isSuccess && providers.length === 0;
  if (isEmpty && !isAdmin && !bindError) return null;

  return (
    <Card title={t('thirdParty.title')} className="cz-account-card" data-testid="third-party-card">
      {bindError ? (
        <Alert
          type="error"
          showIcon
          title={t('thirdParty.bindFailed')}
          description={bindError}
          closable={{ onClose: () => setBindError(null) }}
          className="cz-sso__alert"
          data-testid="third-party-error"
        />
      ) : null}
      {bindings.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('thirdParty.loadFailed')}
          data-testid="third-party-load-failed"
        />
      ) : bindings.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : isEmpty ? (
        <div className="cz-third-party__state" data-testid="third-party-empty">
          {t('thirdParty.empty')}
        </div>
      ) : (
        <>
          {providers.map((binding) => (
            <div
              className="cz-third-party__row"
              key={binding.provider}
              data-testid={`third-party-row-${binding.provider}`}
              data-bound={binding.isBound}
            >
              <LinkOutlined className="cz-third-party__icon" />
              <div className="cz-third-party__body">
                <div className="cz-third-party__name">{binding.name}</div>
                <div className="cz-third-party__state" data-testid={`third-party-state-${binding.provider}`}>
                  {binding.isBound
                    ? [
                        binding.externalName,
                        binding.bindTime
                          ? t('thirdParty.boundAt', { time: formatDateTime(binding.bindTime) })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ') || t('thirdParty.bound', { name: binding.name })
                    : t('thirdParty.notBound')}
                </div>
              </div>
              {binding.isBound ? (
                <Button
                  onClick={() => setConfirming(binding)}
                  data-testid={`third-party-unbind-${binding.provider}`}
                >
                  {t('thirdParty.unbind')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  ghost
                  href={thirdPartyBindUrl(binding.provider)}
                  data-testid={`third-party-bind-${binding.provider}`}
                >
                  {t('thirdParty.bind')}
                </Button>
              )}
            </div>
          ))}
          {isAdmin && bindings.data ? (
            <div className="cz-third-party__login">
              <Switch
                checked={bindings.data.loginEnabled}
                loading={loginStatus.isPending}
                onChange={(enabled) => loginStatus.mutate(enabled)}
                aria-label={t('thirdParty.allowLogin')}
                data-testid="third-party-login-switch"
              />
              <div className="cz-sso__switch-text">
                <div className="cz-sso__switch-label">{t('thirdParty.allowLogin')}</div>
                <div className="cz-sso__switch-hint">{t('thirdParty.allowLoginHint')}</div>
              </div>
            </div>
          ) : null}
        </>
      )}
      {confirming ? (
        <Modal
          open
          title={t('thirdParty.unbindTitle', { provider: confirming.name })}
          okText={t('thirdParty.unbind')}
          cancelText={t('cancel', { ns: 'common' })}
          okButtonProps={{ danger: true, ...testId('third-party-unbind-confirm') }}
          cancelButtonProps={testId('third-party-unbind-cancel')}
          confirmLoading={unbind.isPending}
          onOk={() =>
            unbind
              .mutateAsync(confirming.provider)
              .then(() => setConfirming(null))
              // The API client has shown why; the list may have changed meanwhile.
              .catch(() => void bindings.refetch())
          }
          onCancel={() => setConfirming(null)}
          data-testid="third-party-unbind-dialog"
        >
          {t('thirdParty.unbindText', { provider: confirming.name })}
        </Modal>
      ) : null}
    </Card>
  );
}
