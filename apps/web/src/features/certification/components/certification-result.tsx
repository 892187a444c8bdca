/**
 * The result of a verification (spec sections 4 and 8): passed, failed with the face error, the
 * enterprise check's result or the operator's reason, or verifying (manual review).
 */
import type { TCertification } from '@console/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { resultMessage } from '../lib/result-message';
import { LicenseLink } from './license-link';

export function CertificationResult({
  certification,
  onStartAgain,
}: {
  certification: TCertification;
  onStartAgain?: (() => void) | undefined;
}) {
  const { t } = useTranslation('certification');
  const navigate = useNavigate();
  const { status } = certification;
  const message = resultMessage(certification);
  // The reason an operator chose from the list (in the reader's language), and their own words.
  const chosen =
    certification.reasonCode && certification.reasonCode !== 'other'
      ? t(`reviewReasons.verification.${certification.reasonCode}`)
      : null;
  const note = certification.reason;
  const reasonLine =
    chosen && note
      ? t('result.reasonAndNote', { reason: chosen, note })
      : chosen || note
        ? t('result.reason', { reason: chosen ?? note })
        : null;
  const title =
    status === 'passed'
      ? t('result.passedTitle')
      : status === 'failed'
        ? t('result.failedTitle')
        : t('result.verifyingTitle');
  return (
    <Result
      status={status === 'passed' ? 'success' : status === 'failed' ? 'error' : 'info'}
      title={<span data-testid="certification-result-title">{title}</span>}
      subTitle={
        <>
          {message ? <div data-testid="certification-result-message">{t(message.key)}</div> : null}
          {reasonLine ? <div data-testid="certification-result-reason">{reasonLine}</div> : null}
        </>
      }
      extra={[
        status === 'failed' && onStartAgain ? (
          <Button type="primary" key="again" onClick={onStartAgain} data-testid="certification-start-again">
            {t('page.startAgain')}
          </Button>
        ) : null,
        <Button key="info" onClick={() => navigate(paths.accountInfo)} data-testid="certification-to-info">
          {t('page.toAccountInfo')}
        </Button>,
        certification.type === 'enterprise' && certification.licenseFileId ? (
          <LicenseLink key="license" fileId={certification.licenseFileId} />
        ) : null,
      ]}
      data-testid="certification-result"
      data-status={status}
    />
  );
}
