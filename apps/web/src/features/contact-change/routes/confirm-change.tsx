/**
 * /confirm-change?t=… (spec sections 2 and 4 "Confirm change"): an administrator asked to change
 * the user's e-mail and/or phone; the page shows the user name, the new values, the operator and
 * the send time, and an Agree button. After agreeing: a success note, a 3-second countdown, then
 * `replace` to /login. A missing token or an invalid link (4032) shows the invalid-link result.
 */
import { ErrorCode } from '@console/contract/codes';
import { Limits } from '@console/contract/limits';
import { useEffect, useState } from 'react';
import { Facts } from '@/components/public-layout/facts';
import { LinkChecking, LinkResult } from '@/components/public-layout/link-result';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { navigate } from '@/lib/history';
import { getPhrases, interpolate } from '@/lib/phrases';
import { useCountdown } from '@/lib/use-countdown';
import { useLinkRead } from '@/lib/use-link-read';
import { agreeToChange } from '../api/agree-to-change';
import { getChangeRequest } from '../api/get-change-request';
import '../contact-change.css';

/** 4032 is the invalid link (with the server's message); anything else may be tried again. */
const refusals: readonly number[] = [ErrorCode.confirmLinkInvalid, ErrorCode.badRequest];

function tokenFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('t')?.trim() || null;
}

export default function ConfirmChangePage() {
  const t = getPhrases('contactChange');
  const c = getPhrases('common');
  const [token] = useState(tokenFromUrl);
  const link = useLinkRead(token, getChangeRequest, refusals, c);
  const [isAgreed, setIsAgreed] = useState(false);
  const [isAgreeing, setIsAgreeing] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const countdown = useCountdown();

  // After agreeing: 3 seconds, then the login page (replacing this one).
  useEffect(() => {
    if (isAgreed && !countdown.isCounting) navigate(paths.login, { replace: true });
  }, [isAgreed, countdown.isCounting]);

  const agree = async () => {
    if (!token || isAgreeing) return;
    setIsAgreeing(true);
    setAgreeError(null);
    try {
      await agreeToChange(token);
      countdown.start(Limits.confirmRedirectSeconds);
      setIsAgreed(true);
    } catch (cause) {
      const failure = link.classify(cause);
      if (failure.status === 'refused') link.fail(failure);
      else setAgreeError(failure.message);
    } finally {
      setIsAgreeing(false);
    }
  };

  const login = { label: c.backToLogin, testId: 'confirm-change-login' };
  const { state } = link;

  return (
    <PublicLayout pageTitle={t.pageTitle} testId="confirm-change-page">
      {isAgreed ? (
        <LinkResult
          kind="success"
          title={t.doneTitle}
          text={
            <span role="status" data-testid="confirm-change-countdown" data-seconds={countdown.seconds}>
              {interpolate(t.doneText, { seconds: countdown.seconds })}
            </span>
          }
          testId="confirm-change-done"
          login={{ label: t.goToLogin, testId: 'confirm-change-go', isPrimary: true }}
        />
      ) : state.status === 'loading' ? (
        <LinkChecking text={t.loading} testId="confirm-change-loading" />
      ) : state.status === 'refused' ? (
        <LinkResult
          kind="error"
          title={t.invalidTitle}
          text={state.message || t.invalidText}
          testId="confirm-change-invalid"
          login={login}
        />
      ) : state.status === 'failed' ? (
        <LinkResult
          kind="warning"
          title={t.failedTitle}
          text={state.message}
          testId="confirm-change-failed"
          login={login}
          retry={{ label: t.retry, onRetry: link.retry }}
        />
      ) : (
        <section className="cz-confirm" data-testid="confirm-change-request">
          <span className="cz-confirm__badge" aria-hidden="true">
            <Icon name="info" size={26} />
          </span>
          <h1 className="cz-public__title">{t.title}</h1>
          <p className="cz-public__subtitle">{interpolate(t.subtitle, { operator: state.value.operator })}</p>
          <Facts
            texts={{ copy: c.copy, copied: c.copied }}
            testId="confirm-change-facts"
            items={[
              {
                key: 'user',
                label: t.userName,
                value: state.value.userName,
                testId: 'confirm-change-user',
              },
              ...(state.value.email
                ? [
                    {
                      key: 'email',
                      label: t.email,
                      value: state.value.email,
                      testId: 'confirm-change-email',
                    },
                  ]
                : []),
              ...(state.value.phone
                ? [
                    {
                      key: 'phone',
                      label: t.phone,
                      value: state.value.phone,
                      testId: 'confirm-change-phone',
                    },
                  ]
                : []),
              {
                key: 'operator',
                label: t.operator,
                value: state.value.operator,
                testId: 'confirm-change-operator',
              },
              {
                key: 'time',
                label: t.updateTime,
                value: formatDateTime(state.value.updateTime),
                testId: 'confirm-change-time',
              },
            ]}
          />
          {agreeError ? (
            <Alert className="cz-confirm__error" testId="confirm-change-error">
              {agreeError}
            </Alert>
          ) : null}
          <Button
            variant="primary"
            size="large"
            isBlock
            isLoading={isAgreeing}
            onClick={() => void agree()}
            data-testid="confirm-change-agree"
          >
            {isAgreeing ? t.agreeing : t.agree}
          </Button>
          <p className="cz-confirm__hint">{t.ignoreHint}</p>
        </section>
      )}
    </PublicLayout>
  );
}
