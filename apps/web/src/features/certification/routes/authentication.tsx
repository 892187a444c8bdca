/**
 * /accountManage/accountInfo/authentication, real-name verification (spec sections 3
 * "Authentication", 4, 5 and 8; administrators; the header's back arrow goes to the account info):
 * personal (name, resident ID, then a face check on a phone through a QR code) or enterprise
 * (company, legal person, bank account, business licence). The account's latest verification is
 * shown first: passed, verifying (manual review) or failed with the way to start again.
 */
import type { TCertification, TCertificationType, TFaceSession } from '@console/contract';
import { Alert, Card, Result, Segmented, Skeleton, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { useNotConfigured } from '@/lib/use-not-configured';
import { useCertificationStatus } from '../api/get-certification-status';
import { CertificationResult } from '../components/certification-result';
import { EnterpriseVerify } from '../components/enterprise-verify';
import { FaceQr } from '../components/face-qr';
import { PersonalVerify } from '../components/personal-verify';
import '../certification.css';

type TStep =
  | { kind: 'latest' }
  | { kind: 'form' }
  | { kind: 'face'; session: TFaceSession }
  | { kind: 'result'; certification: TCertification };

const types: readonly TCertificationType[] = ['personal', 'enterprise'];

/** The latest verification is shown unless it is a personal one still waiting for its face check. */
export function showsLatest(certification: TCertification | null): certification is TCertification {
  if (!certification) return false;
  return !(certification.type === 'personal' && certification.status === 'verifying');
}

export default function AuthenticationPage() {
  const { t } = useTranslation(['certification', 'common']);
  const user = useCurrentUser();
  const isAdmin = user.data?.isAccountAdmin === true;
  const state = useCertificationStatus(isAdmin);
  const [type, setType] = useState<TCertificationType>('personal');
  const [step, setStep] = useState<TStep>({ kind: 'latest' });
  // No identity-verification provider on this installation: no verification can start.
  const unavailable = useNotConfigured('identity');
  const startAgain = useCallback(() => setStep({ kind: 'form' }), []);
  const onFacePassed = useCallback(() => {
    const latest = state.data?.certification;
    setStep(
      latest
        ? { kind: 'result', certification: { ...latest, status: 'passed', faceError: null } }
        : { kind: 'latest' },
    );
  }, [state.data]);

  if (!user.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!isAdmin)
    return (
      <Result
        status="403"
        title={t('noAuthTitle', { ns: 'common' })}
        subTitle={t('page.adminOnly')}
        data-testid="certification-no-permission"
      />
    );
  if (state.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (state.isError || !state.data)
    return (
      <Alert type="error" showIcon title={t('page.loadFailed')} data-testid="certification-load-failed" />
    );

  const latest = state.data.certification;
  const body = (() => {
    if (step.kind === 'latest' && showsLatest(latest))
      return <CertificationResult certification={latest} onStartAgain={startAgain} />;
    if (step.kind === 'result')
      return <CertificationResult certification={step.certification} onStartAgain={startAgain} />;
    if (step.kind === 'face')
      return <FaceQr session={step.session} onPassed={onFacePassed} onStartAgain={startAgain} />;
    return (
      <>
        <div className="cz-cert__gap">
          <Typography.Text strong>{t('page.chooseType')}</Typography.Text>
        </div>
        <Segmented
          className="cz-cert__gap"
          value={type}
          onChange={(next) => setType(next as TCertificationType)}
          options={types.map((k) => ({
            value: k,
            label: <span data-testid={`certification-type-${k}`}>{t(`types.${k}`)}</span>,
          }))}
          data-testid="certification-type"
        />
        <Typography.Paragraph type="secondary">
          {type === 'personal' ? t('page.personalHint') : t('page.enterpriseHint')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" data-testid="certification-attempts">
          {t('page.attemptsLeft', { count: state.data.attemptsLeft })}
        </Typography.Paragraph>
        {unavailable ? (
          <Alert type="info" showIcon title={unavailable} data-testid="certification-not-configured" />
        ) : type === 'personal' ? (
          <PersonalVerify onFaceSession={(session) => setStep({ kind: 'face', session })} />
        ) : (
          <EnterpriseVerify onResult={(certification) => setStep({ kind: 'result', certification })} />
        )}
      </>
    );
  })();

  return (
    <div className="cz-cert" data-testid="certification-page">
      <Card>
        <Typography.Paragraph type="secondary">{t('page.intro')}</Typography.Paragraph>
        {body}
      </Card>
    </div>
  );
}
