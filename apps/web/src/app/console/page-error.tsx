import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '@/lib/lazy';

/** The page-level error banner of the console (error boundary fallback), with a reload button. */
export function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation(['shell', 'common']);
  const isChunk = isChunkLoadError(error);
  return (
    <Result
      status="error"
      data-testid="page-error"
      title={isChunk ? t('chunkLoadFailed', { ns: 'common' }) : t('errorBoundary.title')}
      subTitle={isChunk ? undefined : t('errorBoundary.description')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="reload">
          {t('reload', { ns: 'common' })}
        </Button>
      }
    />
  );
}
