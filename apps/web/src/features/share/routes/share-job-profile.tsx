/**
 * /share/jobProfile?token=… (spec section 2: "treated as a shared page"): the execution profile
 * of one Lakehouse job, shared by a member of the account, for anyone with the link and without a
 * login or the console's shell. It shows the status, the times, the duration, the rows and data
 * read and written, the SQL text and the stages and operators as a tree with the slowest
 * highlighted. An unknown, expired or revoked link shows a result that says which; anything else
 * (the instance did not answer, the network failed) can be tried again.
 */
import { ErrorCode } from '@console/contract/codes';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { LinkResult } from '@/components/public-layout/link-result';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { getLanguage, switchLanguage } from '@/lib/language';
import { getPhrases, interpolate } from '@/lib/phrases';
import { useLinkRead } from '@/lib/use-link-read';
import { getSharedJobProfile, type TSharedJobProfile } from '../api/get-shared-job-profile';
import { JobStatusTag, ProfileSummary } from '../components/profile-summary';
import { ProfileTreeTable } from '../components/profile-tree-table';
import { SqlBlock } from '../components/sql-block';
import { formatTime } from '../lib/units';
import '../share.css';

/** The link's own refusals (a token the server cannot even read is no link of ours either). */
const refusals: readonly number[] = [
  ErrorCode.shareLinkInvalid,
  ErrorCode.shareLinkExpired,
  ErrorCode.shareLinkRevoked,
  ErrorCode.badRequest,
];

/** Which refusal a code is (null: the address has no token), for its title and test id. */
export function refusalOf(code: number | null): 'missing' | 'invalid' | 'expired' | 'revoked' {
  if (code === null) return 'missing';
  if (code === ErrorCode.shareLinkExpired) return 'expired';
  if (code === ErrorCode.shareLinkRevoked) return 'revoked';
  return 'invalid';
}

function tokenFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('token')?.trim() || null;
}

export default function ShareJobProfilePage() {
  const t = getPhrases('share');
  const c = getPhrases('common');
  const lang = getLanguage();
  const [token] = useState(tokenFromUrl);
  const profile = useLinkRead(token, getSharedJobProfile, refusals, c);
  const { state } = profile;
  const refusal = state.status === 'refused' ? refusalOf(state.code) : null;

  useEffect(() => {
    document.title = `${t.pageTitle} · ${c.productName}`;
  }, [t.pageTitle, c.productName]);

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
        ) : state.status === 'ready' ? (
          <SharedProfile shared={state.value} />
        ) : (
          <Card className="cz-share__result">
            {state.status === 'refused' && refusal ? (
              <LinkResult
                kind={refusal === 'invalid' ? 'error' : 'warning'}
                title={t.results[`${refusal}Title`]}
                text={refusal === 'missing' ? t.results.missingText : state.message || t.results.invalidText}
                testId={`share-${refusal}`}
              />
            ) : state.status === 'failed' ? (
              <LinkResult
                kind="warning"
                title={t.results.unavailableTitle}
                text={state.message}
                testId="share-failed"
                retry={{ label: t.results.retry, onRetry: profile.retry, testId: 'share-retry' }}
              />
            ) : null}
          </Card>
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
