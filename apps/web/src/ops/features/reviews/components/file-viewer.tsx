/**
 * The viewer of an item's file (a business licence, a transfer slip): an image with zoom and
 * rotation; a PDF's pages rendered as images in the browser by pdf.js (its worker is a file of this
 * build, so it loads under the listener's `worker-src 'self'`; no eval). The file comes from the
 * back office's own route, with the operator's session cookie.
 */
import { MinusOutlined, PlusOutlined, RedoOutlined, ShrinkOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunkLoader } from '@/lib/lazy';

const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
/** A PDF shows at most this many pages (a licence has one or two). */
const pdfPageMax = 10;

/** pdf.js and its worker's address, under the chunk-load timer like every chunk. */
const loadPdfjs = chunkLoader(() =>
  Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]),
);

/** Renders each page of the PDF at `url` to an image (PNG data URL). */
async function renderPdf(url: string): Promise<string[]> {
  const [pdfjs, worker] = await loadPdfjs();
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const doc = await pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, pdfPageMax); n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1.5 });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      pages.push(canvas.toDataURL('image/png'));
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

function usePdfPages(url: string, isPdf: boolean) {
  const [state, setState] = useState<{ pages: string[] | null; isFailed: boolean }>({
    pages: null,
    isFailed: false,
  });
  useEffect(() => {
    if (!isPdf) return;
    let isLive = true;
    setState({ pages: null, isFailed: false });
    renderPdf(url).then(
      (pages) => isLive && setState({ pages, isFailed: false }),
      () => isLive && setState({ pages: null, isFailed: true }),
    );
    return () => {
      isLive = false;
    };
  }, [url, isPdf]);
  return state;
}

export function FileViewer({
  url,
  contentType,
  fileName,
}: {
  url: string;
  contentType: string;
  fileName: string;
}) {
  const { t } = useTranslation('opsReviews');
  const isPdf = contentType === 'application/pdf';
  const [zoomIndex, setZoomIndex] = useState(2);
  const [rotation, setRotation] = useState(0);
  const [isImageFailed, setIsImageFailed] = useState(false);
  /** Each image's height / width, once loaded: a quarter turn keeps the turned image in its box. */
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const pdf = usePdfPages(url, isPdf);
  const zoom = zoomSteps[zoomIndex] ?? 1;
  const images = isPdf ? (pdf.pages ?? []) : [url];
  const isFailed = isPdf ? pdf.isFailed : isImageFailed;
  const isQuarterTurn = rotation % 180 !== 0;

  return (
    <div className="cz-review-viewer" data-testid="ops-viewer">
      <Space className="cz-review-viewer__tools" wrap>
        <Tooltip title={t('viewer.zoomOut')}>
          <Button
            icon={<MinusOutlined />}
            aria-label={t('viewer.zoomOut')}
            disabled={zoomIndex === 0}
            onClick={() => setZoomIndex((i) => Math.max(0, i - 1))}
            data-testid="ops-viewer-zoom-out"
          />
        </Tooltip>
        <span className="cz-ops-id" data-testid="ops-viewer-zoom">
          {Math.round(zoom * 100)}%
        </span>
        <Tooltip title={t('viewer.zoomIn')}>
          <Button
            icon={<PlusOutlined />}
            aria-label={t('viewer.zoomIn')}
            disabled={zoomIndex === zoomSteps.length - 1}
            onClick={() => setZoomIndex((i) => Math.min(zoomSteps.length - 1, i + 1))}
            data-testid="ops-viewer-zoom-in"
          />
        </Tooltip>
        <Tooltip title={t('viewer.rotate')}>
          <Button
            icon={<RedoOutlined />}
            aria-label={t('viewer.rotate')}
            onClick={() => setRotation((r) => (r + 90) % 360)}
            data-testid="ops-viewer-rotate"
          />
        </Tooltip>
        <Tooltip title={t('viewer.reset')}>
          <Button
            icon={<ShrinkOutlined />}
            aria-label={t('viewer.reset')}
            onClick={() => {
              setZoomIndex(2);
              setRotation(0);
            }}
            data-testid="ops-viewer-reset"
          />
        </Tooltip>
        <a href={url} target="_blank" rel="noreferrer" data-testid="ops-viewer-open">
          {t('viewer.open')}
        </a>
      </Space>
      {/* Scrolls when zoomed: reachable by the keyboard, named by its file. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys */}
      <section className="cz-review-viewer__stage" tabIndex={0} aria-label={fileName}>
        {isFailed ? (
          <Alert type="warning" showIcon title={t('viewer.failed')} />
        ) : isPdf && !pdf.pages ? (
          <div className="cz-review-viewer__loading">
            <Spin />
            <span>{t('viewer.loading')}</span>
          </div>
        ) : (
          images.map((src, index) => (
            <div
              key={src.slice(-32) + String(index)}
              className={`cz-review-viewer__page${isQuarterTurn ? ' cz-review-viewer__page--turned' : ''}`}
              style={{ width: `${zoom * 100}%` }}
            >
              <img
                src={src}
                alt={t('viewer.alt', { name: fileName, page: index + 1 })}
                className="cz-review-viewer__image"
                style={{
                  transform: `rotate(${rotation}deg)`,
                  // Turned a quarter, the image's height becomes its width: both stay inside the square box.
                  width: isQuarterTurn ? `${Math.min(1, 1 / (ratios[index] ?? 1)) * 100}%` : '100%',
                }}
                onLoad={(event) => {
                  const img = event.currentTarget;
                  if (img.naturalWidth > 0)
                    setRatios((r) => ({ ...r, [index]: img.naturalHeight / img.naturalWidth }));
                }}
                onError={() => setIsImageFailed(true)}
                data-testid="ops-viewer-image"
                data-zoom={zoom}
                data-rotation={rotation}
              />
              {isPdf ? (
                <div className="cz-review-viewer__caption">
                  {t('viewer.page', { page: index + 1, pages: images.length })}
                </div>
              ) : null}
            </div>
          ))
        )}
      </section>
    </div>
  );
}
