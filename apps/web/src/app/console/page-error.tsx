import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConsoleIcon } from '@/components/ui/console-icon';
import { isChunkLoadError } from '@/lib/lazy';

/**
 * The page-level error banner of the console (error boundary fallback), with a reload button. It
 * draws with the shell alone, without a chunk (a failed chunk may be why it shows).
 */
export function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation(['shell', 'common']);
  const isChunk = isChunkLoadError(error);
  return (
    <div className="cz-result cz-result--error" data-testid="page-error" role="alert">
      <ConsoleIcon name="error" size={64} className="cz-result__icon" />
      <div className="cz-result__title">
        {isChunk ? t('chunkLoadFailed', { ns: 'common' }) : t('errorBoundary.title')}
      </div>
      {isChunk ? null : <div className="cz-result__text">{t('errorBoundary.description')}</div>}
      <div className="cz-result__actions">
        <Button variant="primary" onClick={() => window.location.reload()} data-testid="reload">
          {t('reload', { ns: 'common' })}
        </Button>
      </div>
    </div>
  );
}
