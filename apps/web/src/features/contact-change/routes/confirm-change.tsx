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
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Result } from '@/components/public-layout/result';
import { Alert } from '@/components/ui/alert';
import { AppLink } from '@/components/ui/app-link';
import { Button, linkButtonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { asApiError } from '@/lib/code-errors';
import { formatDateTime } from '@/lib/format';
import { navigate } from '@/lib/history';
import { getPhrases, interpolate } from '@/lib/phrases';
import { useCountdown } from '@/lib/use-countdown';
import { agreeToChange } from '../api/agree-to-change';
import { getChangeRequest, type TChangeRequest } from '../api/get-change-request';
import '../contact-change.css';

type TState =
  | { status: 'loading' }
  | { status: 'invalid'; message: string | null }
  | { status: 'failed'; message: string }
  | { status: 'pending'; request: TChangeRequest }
  | { status: 'agreed' };

function tokenFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('t')?.trim() || null;
}

export default function ConfirmChangePage() {
  const t = getPhrases('contactChange');
  const c = getPhrases('common');
  const [token] = useState(tokenFromUrl);
  const [state, setState] = useState<TState>(() =>
    token ? { status: 'loading' } : { status: 'invalid', message: null },
  );
  const [isAgreeing, setIsAgreeing] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const countdown = useCountdown();

  /** 4032 is the invalid link (with the server's message); anything else may be tried again. */
  const failure = (cause: unknown): TState => {
    const api = asApiError(cause);
    if (api?.code === ErrorCode.confirmLinkInvalid || api?.code === ErrorCode.badRequest)
      return { status: 'invalid', message: api.code === ErrorCode.confirmLinkInvalid ? api.message : null };
    return {
      status: 'failed',
      message: api?.kind === 'network' ? c.networkError : api?.message || c.requestFailed,
    };
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for another load
  useEffect(() => {
    if (!token) return;
    let isCancelled = false;
    setState({ status: 'loading' });
    getChangeRequest(token).then(
      (request) => {
        if (!isCancelled) setState({ status: 'pending', request });
      },
      (cause: unknown) => {
        if (!isCancelled) setState(failure(cause));
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [token, attempt]);

  // After agreeing: 3 seconds, then the login page (replacing this one).
  const isAgreed = state.status === 'agreed';
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
      setState({ status: 'agreed' });
    } catch (cause) {
      const next = failure(cause);
      if (next.status === 'invalid') setState(next);
      else setAgreeError(next.status === 'failed' ? next.message : c.requestFailed);
    } finally {
      setIsAgreeing(false);
    }
  };

  const login = (
    <AppLink
      className={linkButtonClass('default')}
      href={paths.login}
      replace
      data-testid="confirm-change-login"
    >
      {c.backToLogin}
    </AppLink>
  );

  return (
    <PublicLayout pageTitle={t.pageTitle} testId="confirm-change-page">
      {state.status === 'loading' ? (
        <div className="cz-confirm__loading" aria-busy="true" data-testid="confirm-change-loading">
          <span className="cz-spinner" aria-hidden="true" />
          <p>{t.loading}</p>
        </div>
      ) : state.status === 'invalid' ? (
        <Result
          kind="error"
          title={t.invalidTitle}
          text={state.message || t.invalidText}
          testId="confirm-change-invalid"
          actions={login}
        />
      ) : state.status === 'failed' ? (
        <Result
          kind="warning"
          title={t.failedTitle}
          text={state.message}
          testId="confirm-change-failed"
          actions={
            <>
              {login}
              <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t.retry}
              </Button>
            </>
          }
        />
      ) : state.status === 'agreed' ? (
        <Result
          kind="success"
          title={t.doneTitle}
          text={
            <span role="status" data-testid="confirm-change-countdown" data-seconds={countdown.seconds}>
              {interpolate(t.doneText, { seconds: countdown.seconds })}
            </span>
          }
          testId="confirm-change-done"
          actions={
            <AppLink
              className={linkButtonClass('primary')}
              href={paths.login}
              replace
              data-testid="confirm-change-go"
            >
              {t.goToLogin}
            </AppLink>
          }
        />
      ) : (
        <section className="cz-confirm" data-testid="confirm-change-request">
          <span className="cz-confirm__badge" aria-hidden="true">
            <Icon name="info" size={26} />
          </span>
          <h1 className="cz-public__title">{t.title}</h1>
          <p className="cz-public__subtitle">
            {interpolate(t.subtitle, { operator: state.request.operator })}
          </p>
          <Facts
            texts={{ copy: c.copy, copied: c.copied }}
            testId="confirm-change-facts"
            items={[
              {
                key: 'user',
                label: t.userName,
                value: state.request.userName,
                testId: 'confirm-change-user',
              },
              ...(state.request.email
                ? [
                    {
                      key: 'email',
                      label: t.email,
                      value: state.request.email,
                      testId: 'confirm-change-email',
                    },
                  ]
                : []),
              ...(state.request.phone
                ? [
                    {
                      key: 'phone',
                      label: t.phone,
                      value: state.request.phone,
                      testId: 'confirm-change-phone',
                    },
                  ]
                : []),
              {
                key: 'operator',
                label: t.operator,
                value: state.request.operator,
                testId: 'confirm-change-operator',
              },
              {
                key: 'time',
                label: t.updateTime,
                value: formatDateTime(state.request.updateTime),
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
