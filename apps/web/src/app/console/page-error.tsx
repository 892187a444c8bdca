import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import useResultStyle from 'antd/es/result/style';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '@/lib/lazy';

/**
 * The page-level error banner of the console (error boundary fallback), with a reload button: the
 * markup and styles of antd's error Result, without the Result component, whose 403/404/500
 * illustrations would weigh on every page's first load (the banner must draw without a chunk).
 */
export function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation(['shell', 'common']);
  const [hashId, cssVarCls] = useResultStyle('ant-result');
  const isChunk = isChunkLoadError(error);
  return (
    <div
      className={['ant-result', 'ant-result-error', hashId, cssVarCls].filter(Boolean).join(' ')}
      data-testid="page-error"
    >
      <div className="ant-result-icon">
        <CloseCircleFilled />
      </div>
      <div className="ant-result-title">
        {isChunk ? t('chunkLoadFailed', { ns: 'common' }) : t('errorBoundary.title')}
      </div>
      {isChunk ? null : <div className="ant-result-subtitle">{t('errorBoundary.description')}</div>}
      <div className="ant-result-extra">
        <Button type="primary" onClick={() => window.location.reload()} data-testid="reload">
          {t('reload', { ns: 'common' })}
        </Button>
      </div>
    </div>
  );
}
