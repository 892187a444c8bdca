/**
 * One review item per kind: the file (licence, slip) beside the form's fields and the account's
 * facts at 1440 px, stacked at 390 px; the claim above the decision.
 */
import type { TOpsFormalReview, TOpsRemittanceReview, TOpsVerificationReview } from '@console/contract/ops';
import { Alert, Card, Descriptions, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMediaQuery } from '@/lib/use-media-query';
import { formatDateTime } from '@/ops/lib/format';
import { opsErrorText } from '@/ops/lib/ops-api';
import {
  fileUrlOf,
  useFormalReview,
  useRemittanceReview,
  useVerificationReview,
} from '../api/review-queries';
import { FileViewer } from './file-viewer';
import { ageText, ClaimBar, DecisionBar } from './review-parts';

type TRow = { key: string; label: string; value: ReactNode };

function Facts({ title, rows, testId }: { title: string; rows: TRow[]; testId: string }) {
  // On a phone each label stands above its value, so that identifiers keep their line whole.
  const isNarrow = useMediaQuery('(max-width: 575px)');
  return (
    <Card title={title} size="small" data-testid={testId}>
      <Descriptions column={1} size="small" bordered layout={isNarrow ? 'vertical' : 'horizontal'}>
        {rows.map((row) => (
          <Descriptions.Item key={row.key} label={row.label}>
            {row.value ?? '—'}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

function Frame({
  title,
  status,
  isWaiting,
  viewer,
  side,
}: {
  title: ReactNode;
  status: string;
  isWaiting: boolean;
  viewer: ReactNode;
  side: ReactNode;
}) {
  const { t } = useTranslation('opsReviews');
  return (
    <div className="cz-review-item" data-testid="ops-review-item" data-status={status}>
      <Link to=".." relative="path" className="cz-review-back">
        {t('item.back')}
      </Link>
      <Typography.Title level={1} className="cz-ops-page__title">
        {title}{' '}
        <Tag color={isWaiting ? 'processing' : 'default'} data-testid="ops-review-status">
          {t(`statuses.${status}` as 'statuses.passed')}
        </Tag>
      </Typography.Title>
      <div className="cz-review-columns">
        <div className="cz-review-main">{viewer}</div>
        <div className="cz-review-side">{side}</div>
      </div>
    </div>
  );
}

function Loading({ error }: { error: unknown }) {
  const { t } = useTranslation('opsReviews');
  if (error) return <Alert type="warning" showIcon title={opsErrorText(error) || t('item.notFound')} />;
  return <Spin />;
}

const id = (text: string | null | undefined) => (text ? <span className="cz-ops-id">{text}</span> : null);

export function VerificationItem({ itemId }: { itemId: number }) {
  const { t } = useTranslation('opsReviews');
  const query = useVerificationReview(itemId, true);
  const item: TOpsVerificationReview | undefined = query.data;
  if (!item) return <Loading error={query.error} />;
  const isWaiting = item.status === 'verifying';
  return (
    <Frame
      title={`${t('kind.verification')} · ${item.form.companyName ?? ''}`}
      status={item.status}
      isWaiting={isWaiting}
      viewer={
        <Card title={t('verification.licence')} size="small">
          {item.licence ? (
            <FileViewer
              url={fileUrlOf('verification', item.id)}
              contentType={item.licence.contentType}
              fileName={item.licence.fileName}
            />
          ) : (
            <Alert type="warning" showIcon title={t('verification.noLicence')} />
          )}
        </Card>
      }
      side={
        <>
          <ClaimBar kind="verification" id={item.id} claim={item.claim} isWaiting={isWaiting} />
          <DecisionBar
            kind="verification"
            id={item.id}
            claim={item.claim}
            isWaiting={isWaiting}
            approveLabel={t('act.approve')}
            confirmText={t('act.confirmApprove')}
          />
          <Facts
            title={t('item.form')}
            testId="ops-verification-form"
            rows={[
              { key: 'account', label: t('item.account'), value: id(item.account.name) },
              { key: 'company', label: t('verification.companyName'), value: item.form.companyName },
              { key: 'credit', label: t('verification.creditCode'), value: id(item.form.creditCode) },
              { key: 'legal', label: t('verification.legalPersonName'), value: item.form.legalPersonName },
              {
                key: 'legalId',
                label: t('verification.legalPersonId'),
                value: id(item.form.legalPersonIdMasked),
              },
              { key: 'bank', label: t('verification.bankName'), value: item.form.bankName },
              {
                key: 'bankAccount',
                label: t('verification.bankAccount'),
                value: id(item.form.bankAccountMasked),
              },
              { key: 'submitted', label: t('item.submittedAt'), value: formatDateTime(item.submittedAt) },
              ...(isWaiting
                ? [{ key: 'age', label: t('item.waiting'), value: ageText(t, item.ageSeconds) }]
                : []),
            ]}
          />
          <Facts
            title={t('verification.provider')}
            testId="ops-verification-provider"
            rows={[
              {
                key: 'result',
                label: t('verification.provider'),
                value: item.provider.result ?? t('verification.providerManual'),
              },
              { key: 'ref', label: t('verification.providerReference'), value: id(item.provider.reference) },
            ]}
          />
        </>
      }
    />
  );
}

export function RemittanceItem({ itemId }: { itemId: number }) {
  const { t } = useTranslation('opsReviews');
  const query = useRemittanceReview(itemId, true);
  const item: TOpsRemittanceReview | undefined = query.data;
  if (!item) return <Loading error={query.error} />;
  const isWaiting = item.status === 'pending';
  const money = `${item.amount} ${item.currency}`;
  return (
    <Frame
      title={`${t('kind.remittance')} · ${money}`}
      status={item.status}
      isWaiting={isWaiting}
      viewer={
        <Card title={t('remittance.slip')} size="small">
          <FileViewer
            url={fileUrlOf('remittance', item.id)}
            contentType={item.slip.contentType}
            fileName={item.slip.fileName}
          />
        </Card>
      }
      side={
        <>
          <ClaimBar kind="remittance" id={item.id} claim={item.claim} isWaiting={isWaiting} />
          <DecisionBar
            kind="remittance"
            id={item.id}
            claim={item.claim}
            isWaiting={isWaiting}
            approveLabel={t('act.confirm')}
            confirmText={t('act.confirmCredit', { amount: money, account: item.account.name })}
          />
          <Facts
            title={t('item.form')}
            testId="ops-remittance-form"
            rows={[
              { key: 'account', label: t('item.account'), value: id(item.account.name) },
              {
                key: 'amount',
                label: t('remittance.amount'),
                value: <span className="cz-ops-id">{money}</span>,
              },
              { key: 'payer', label: t('remittance.payerName'), value: item.payerName },
              { key: 'payerAccount', label: t('remittance.payerAccount'), value: id(item.payerAccount) },
              { key: 'reference', label: t('remittance.reference'), value: id(item.expectedRemark) },
              {
                key: 'bank',
                label: t('remittance.receivingBank'),
                value: item.receivingBank
                  ? `${item.receivingBank.bankName} ${item.receivingBank.bankAccount}`
                  : null,
              },
              { key: 'submitted', label: t('item.submittedAt'), value: formatDateTime(item.submittedAt) },
              ...(isWaiting
                ? [{ key: 'age', label: t('item.waiting'), value: ageText(t, item.ageSeconds) }]
                : []),
              ...(item.serialNo
                ? [{ key: 'serial', label: t('remittance.serialNo'), value: id(item.serialNo) }]
                : []),
              ...(item.reviewReason
                ? [
                    {
                      key: 'reason',
                      label: t('item.reason'),
                      value: [t(`reasons.remittance.${item.reviewReason}`), item.reviewNote]
                        .filter(Boolean)
                        .join(' · '),
                    },
                  ]
                : []),
            ]}
          />
        </>
      }
    />
  );
}

export function FormalItem({ itemId }: { itemId: number }) {
  const { t } = useTranslation('opsReviews');
  const query = useFormalReview(itemId, true);
  const item: TOpsFormalReview | undefined = query.data;
  if (!item) return <Loading error={query.error} />;
  const isWaiting = item.status === 'submitted';
  const type =
    item.account.type === 2
      ? t('formal.trial')
      : item.account.type === 3
        ? t('formal.formalType')
        : t('formal.otherType', { type: item.account.type });
  const verification = item.account.verification
    ? `${t(`formal.verificationTypes.${item.account.verification.type}`)} · ${t(`statuses.${item.account.verification.status}`)}`
    : t('formal.noVerification');
  return (
    <Frame
      title={`${t('kind.formal')} · ${item.form.company}`}
      status={item.status}
      isWaiting={isWaiting}
      viewer={
        <Facts
          title={t('item.form')}
          testId="ops-formal-form"
          rows={[
            { key: 'contact', label: t('formal.contactName'), value: item.form.contactName },
            { key: 'company', label: t('formal.company'), value: item.form.company },
            { key: 'email', label: t('formal.email'), value: id(item.form.email) },
            {
              key: 'services',
              label: t('formal.services'),
              value: item.form.openServices
                .map((s) => t(`formal.service${s}` as 'formal.service1'))
                .join(', '),
            },
            { key: 'submitted', label: t('item.submittedAt'), value: formatDateTime(item.submittedAt) },
            ...(isWaiting
              ? [{ key: 'age', label: t('item.waiting'), value: ageText(t, item.ageSeconds) }]
              : []),
          ]}
        />
      }
      side={
        <>
          <ClaimBar kind="formal" id={item.id} claim={item.claim} isWaiting={isWaiting} />
          <DecisionBar
            kind="formal"
            id={item.id}
            claim={item.claim}
            isWaiting={isWaiting}
            approveLabel={t('act.makeFormal')}
            confirmText={t('act.confirmFormal', { account: item.account.name })}
          />
          <Facts
            title={t('item.facts')}
            testId="ops-formal-facts"
            rows={[
              { key: 'account', label: t('item.account'), value: id(item.account.name) },
              { key: 'type', label: t('formal.accountType'), value: type },
              {
                key: 'days',
                label: t('formal.trialDaysLeft'),
                value: item.account.trialDaysLeft === null ? null : String(item.account.trialDaysLeft),
              },
              { key: 'users', label: t('formal.users'), value: String(item.account.users) },
              { key: 'companyOnFile', label: t('formal.companyOnFile'), value: item.account.companyName },
              { key: 'verification', label: t('formal.verification'), value: verification },
              { key: 'created', label: t('formal.createdAt'), value: formatDateTime(item.account.createdAt) },
            ]}
          />
        </>
      }
    />
  );
}
