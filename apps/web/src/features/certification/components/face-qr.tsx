/**
 * The face step on the computer: a QR code of the face address to scan with the phone, the
 * address itself, and the session's state asked every 2 s; it moves on by itself once the face
 * check passed, or shows the face error with the way to start again.
 */
import type { TFaceSession } from '@console/contract';
import { Alert, Button, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useQrCode } from '@/lib/qr-code';
import { useFaceVerifyResult } from '../api/query-face-verify-result';
import { faceView } from '../lib/face-polling';
import { faceErrorKey } from '../lib/result-message';

function QrImage({ value }: { value: string }) {
  const { t } = useTranslation(['certification', 'common']);
  const qr = useQrCode(value, { margin: 1, width: 220 });
  if (qr.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={t('chunkLoadFailed', { ns: 'common' })}
        data-testid="face-qr-failed"
      />
    );
  return qr.status === 'ready' ? (
    <img src={qr.src} alt={t('face.qrAlt')} width={220} height={220} data-testid="face-qr" data-url={value} />
  ) : (
    <Spin />
  );
}

export function FaceQr({
  session,
  onPassed,
  onStartAgain,
}: {
  session: TFaceSession;
  onPassed: () => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation(['certification', 'common']);
  const polled = useFaceVerifyResult(session.faceToken);
  const view = faceView(polled.data, polled.error);

  useEffect(() => {
    if (view.kind === 'passed') onPassed();
  }, [view.kind, onPassed]);

  if (view.kind === 'failed' || view.kind === 'expired' || view.kind === 'error') {
    const key = view.kind === 'failed' ? faceErrorKey(view.errorCode) : null;
    const text =
      view.kind === 'expired' ? t('face.expired') : key ? t(key) : t('requestFailed', { ns: 'common' });
    return (
      <Result
        status="error"
        title={t('face.failedTitle')}
        subTitle={<span data-testid="face-error-message">{text}</span>}
        extra={
          <Button type="primary" onClick={onStartAgain} data-testid="certification-start-again">
            {t('page.startAgain')}
          </Button>
        }
        data-testid="face-failed"
        data-code={view.kind === 'failed' ? (view.errorCode ?? '') : view.kind}
      />
    );
  }
  return (
    <div className="cz-cert__qr" data-testid="face-waiting">
      <Typography.Title level={5}>{t('face.scan')}</Typography.Title>
      <QrImage value={session.faceUrl} />
      <Typography.Text type="secondary">{t('face.orOpen')}</Typography.Text>
      <a
        className="cz-cert__url"
        href={session.faceUrl}
        target="_blank"
        rel="noreferrer"
        data-testid="face-url"
      >
        {session.faceUrl}
      </a>
      <Typography.Text type="secondary">
        {t('face.expires', { time: formatDateTime(session.expireTime) })}
      </Typography.Text>
      <Alert type="info" showIcon title={t('face.waiting')} icon={<Spin size="small" />} />
      <Button type="link" onClick={onStartAgain} data-testid="face-cancel">
        {t('page.back')}
      </Button>
    </div>
  );
}
