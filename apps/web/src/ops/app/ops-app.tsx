/**
 * The back office's app: providers (i18next, TanStack Query, antd), the client's handlers (an
 * ended session leads to sign-in, failures show as messages, 4302 opens the step-up dialog), the
 * sign-in page, and behind the session gate the layout with the pages of the navigation registry
 * that the operator's role sees.
 */
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { i18n } from 'i18next';
import { Suspense, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AntdProvider } from '@/components/antd/antd-provider';
import { createToastNotifier, ToastHost } from '@/components/toast/toast-host';
import { setNotifier, toast } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { SignInPage } from '@/ops/features/sign-in/sign-in-page';
import { configureOpsClient, isOpsError, type OpsApiError } from '@/ops/lib/ops-api';
import { opsRoleCan, useOpsMe } from '@/ops/lib/ops-session';
import { signInPath, takeSignedIn } from '@/ops/lib/session-end';
import { StepUpDialog } from '@/ops/lib/step-up';
import { opsNav } from './nav-registry';
import { OpsLayout } from './ops-layout';
import './ops.css';

function Loading() {
  return (
    <div className="cz-ops-loading" aria-busy="true" data-testid="ops-loading">
      <Spin size="large" />
    </div>
  );
}

/** Connects the API client to the app: where an ended session leads, how a failure shows. */
function ClientBridge() {
  const { t } = useTranslation('opsShell');
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    const describe = (error: OpsApiError) => {
      if (error.kind === 'network') return t('errors.network');
      if (error.kind === 'timeout') return t('errors.timeout');
      if (error.status >= 500) return t('errors.server', { status: error.status });
      return error.message ? `${error.message} (${error.code})` : t('errors.rejected', { code: error.code });
    };
    return configureOpsClient({
      onSessionEnd: () => {
        const { pathname, search } = window.location;
        if (pathname === '/sign-in') return;
        const hadSession = takeSignedIn();
        client.clear();
        navigate(signInPath(hadSession ? 'ended' : null, `${pathname}${search}`), { replace: true });
      },
      onError: (error) => {
        toast({ level: error.kind === 'business' ? 'warning' : 'error', title: describe(error) });
      },
    });
  }, [t, navigate, client]);
  return null;
}

/**
 * The customers' toast (one at a time, in live regions): failures of calls and the pages' "done"
 * messages (`toast({ level: 'success', title })` from `@/lib/notify`).
 */
function Toasts() {
  const { t } = useTranslation('common');
  useEffect(
    () =>
      setNotifier(
        createToastNotifier(() => ({
          sessionExpired: t('sessionExpired'),
          networkError: t('networkError'),
          timeout: t('timeout'),
          requestFailed: t('requestFailed'),
          requestRejected: t('requestRejected'),
        })),
      ),
    [t],
  );
  return <ToastHost closeLabel={t('close')} />;
}

function NotFound({ first }: { first: string | null }) {
  const { t } = useTranslation('opsShell');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('layout.notFound')}
      extra={
        first ? (
          <Button type="primary" onClick={() => navigate(first)}>
            {t('layout.toFirstPage')}
          </Button>
        ) : null
      }
    />
  );
}

function Gate() {
  const { t } = useTranslation('opsShell');
  const me = useOpsMe();
  const { pathname } = useLocation();
  if (me.isPending) return <Loading />;
  if (me.isError) {
    // An ended session has left for the sign-in page already (ClientBridge).
    if (isOpsError(me.error) && me.error.kind === 'session') return <Loading />;
    return (
      <Result
        status="error"
        title={t('layout.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {t('layout.reload')}
          </Button>
        }
      />
    );
  }
  const items = opsNav.filter((item) => opsRoleCan(me.data.operator.role, item.visibleWith));
  const first = items[0]?.path ?? null;
  return (
    <OpsLayout me={me.data} items={items}>
      <Routes>
        <Route
          index
          element={
            first ? (
              <Navigate to={first} replace />
            ) : (
              <Result status="info" title={t('layout.nothingToSee')} />
            )
          }
        />
        {items.map((item) => (
          <Route key={item.key} path={`${item.path}/*`} element={<item.page />} />
        ))}
        <Route path="*" element={<NotFound key={pathname} first={first} />} />
      </Routes>
    </OpsLayout>
  );
}

export function OpsApp({ i18n }: { i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AntdProvider>
          <BrowserRouter>
            <ClientBridge />
            <Toasts />
            <StepUpDialog />
            <Suspense fallback={<Loading />}>
              <Routes>
                <Route path="/sign-in" element={<SignInPage />} />
                <Route path="*" element={<Gate />} />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </AntdProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
