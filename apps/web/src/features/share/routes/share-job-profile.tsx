/**
 * /share/jobProfile?token=… (spec section 2: "treated as a shared page"): the execution profile
 * of one Lakehouse job, shared by a member of the account, for anyone with the link and without a
 * login or the console's shell. It shows the status, the times, the duration, the rows and data
 * read and written, the SQL text and the stages and operators as a tree with the slowest
 * highlighted. An unknown, expired or revoked link shows a result that says which; anything else
 * (the instance did not answer, the network failed) can be tried again.
 */
import { ErrorCode } from '@console/contract/codes';
import { Alert, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { asApiError } from '@/lib/code-errors';
import { getLanguage, switchLanguage } from '@/lib/language';
import { getPhrases, interpolate } from '@/lib/phrases';
import { getSharedJobProfile, type TSharedJobProfile } from '../api/get-shared-job-profile';
import { JobStatusTag, ProfileSummary } from '../components/profile-summary';
import { ProfileTreeTable } from '../components/profile-tree-table';
import { SqlBlock } from '../components/sql-block';
import { formatTime } from '../lib/units';
import '../share.css';

export type TPageState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'refused'; reason: 'invalid' | 'expired' | 'revoked'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; shared: TSharedJobProfile };

const refusals: Record<number, 'invalid' | 'expired' | 'revoked'> = {
  [ErrorCode.shareLinkInvalid]: 'invalid',
  [ErrorCode.shareLinkExpired]: 'expired',
  [ErrorCode.shareLinkRevoked]: 'revoked',
  // A token the server cannot even read is no link of ours either.
  [ErrorCode.badRequest]: 'invalid',
};

/** What the page shows after a failed read: the link's own refusals, or a failure to try again. */
export function stateOfFailure(
  cause: unknown,
  texts: { networkError: string; requestFailed: string },
): TPageState {
  const api = asApiError(cause);
  const reason = api ? refusals[api.code] : undefined;
  if (api && reason) return { status: 'refused', reason, message: api.message };
  const message =
    api?.kind === 'network' || api?.kind === 'timeout'
      ? texts.networkError
      : api?.message || texts.requestFailed;
  return { status: 'failed', message };
}

function tokenFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('token')?.trim() || null;
}

export default function ShareJobProfilePage() {
  const t = getPhrases('share');
  const c = getPhrases('common');
  const lang = getLanguage();
  const [token] = useState(tokenFromUrl);
  const [state, setState] = useState<TPageState>(() =>
    token ? { status: 'loading' } : { status: 'missing' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.title = `${t.pageTitle} · ${c.productName}`;
  }, [t.pageTitle, c.productName]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for another load
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getSharedJobProfile(token, controller.signal).then(
      (shared) => setState({ status: 'loaded', shared }),
      (cause: unknown) => {
        if (!controller.signal.aborted) setState(stateOfFailure(cause, c));
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  return (
    <div className="cz-share" data-testid="share-job-profile-page" data-state={state.status}>
      <header className="cz-share__header">
        <span className="cz-share__brand">
          <span className="cz-share__mark">
            <BrandMark size={26} />
          </span>
          <span>{c.productName}</span>
        </span>
        <LanguageSwitch
          value={lang}
          names={c.languages}
          label={c.language}
          onChange={(next) => switchLanguage(next)}
        />
      </header>
      <main className="cz-share__main">
        {state.status === 'loading' ? (
          <Card aria-busy="true" data-testid="share-loading">
            <Typography.Paragraph type="secondary">{t.loading}</Typography.Paragraph>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        ) : state.status === 'missing' ? (
          <Result
            status="warning"
            title={t.results.missingTitle}
            subTitle={t.results.missingText}
            data-testid="share-missing"
          />
        ) : state.status === 'refused' ? (
          <Result
            status={state.reason === 'invalid' ? 'error' : 'warning'}
            title={t.results[`${state.reason}Title`]}
            subTitle={state.message}
            data-testid={`share-${state.reason}`}
          />
        ) : state.status === 'failed' ? (
          <Result
            status="warning"
            title={t.results.unavailableTitle}
            subTitle={state.message}
            data-testid="share-failed"
            extra={
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)} data-testid="share-retry">
                {t.results.retry}
              </Button>
            }
          />
        ) : (
          <SharedProfile shared={state.shared} />
        )}
      </main>
    </div>
  );
}

function SharedProfile({ shared }: { shared: TSharedJobProfile }) {
  const t = getPhrases('share');
  const lang = getLanguage();
  const { profile } = shared;
  return (
    <Space orientation="vertical" size={16} className="cz-share__content" data-testid="share-profile">
      <div className="cz-share__heading">
        <Space size={12} align="center" wrap>
          <Typography.Title level={1} className="cz-share__title">
            {t.title}
          </Typography.Title>
          <JobStatusTag status={profile.status} texts={t} testId="profile-heading-status" />
        </Space>
        <Typography.Paragraph type="secondary" className="cz-share__subtitle" data-testid="share-subtitle">
          {interpolate(t.subtitle, {
            service: shared.serviceName,
            instance: shared.instanceName,
            time: formatTime(shared.expireTime, lang),
          })}
        </Typography.Paragraph>
        <Typography.Text type="secondary" className="cz-share__readonly">
          {t.readOnly}
        </Typography.Text>
      </div>
      <Card title={<h2 className="cz-share__card-title">{t.facts.title}</h2>}>
        <ProfileSummary profile={profile} texts={t} lang={lang} />
      </Card>
      {profile.errorMessage ? (
        <Alert
          type="error"
          showIcon
          title={t.errorTitle}
          description={profile.errorMessage}
          data-testid="profile-error"
        />
      ) : null}
      <Card title={<h2 className="cz-share__card-title">{t.sql.title}</h2>}>
        <SqlBlock sql={profile.sql} texts={t.sql} />
      </Card>
      <Card title={<h2 className="cz-share__card-title">{t.tree.title}</h2>} className="cz-share__tree-card">
        <ProfileTreeTable profile={profile} texts={t} lang={lang} />
      </Card>
    </Space>
  );
}
