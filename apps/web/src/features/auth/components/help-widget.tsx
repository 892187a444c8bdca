import type { TMeta } from '@console/contract';
import type { TPhrases } from '@console/phrases';
import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { Icon } from '@/components/ui/icon';
import { useDismiss } from '@/components/ui/use-dismiss';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { getPhrases } from '@/lib/phrases';
import type { THelpPanelProps } from './help-panel';

/** The panel is a chunk of its own, loaded (under the 120-second timer) when the widget opens. */
const HelpPanel = lazyPage<THelpPanelProps>(chunkLoader(() => import('./help-panel')));

export type THelpWidgetProps = {
  meta: TMeta;
  texts: TPhrases['common']['help'];
};

/**
 * The floating help button of the login page: support e-mail addresses, and in the domestic
 * edition the phone number and a QR code. The panel and the QR library load when it opens.
 */
export function HelpWidget({ meta, texts }: THelpWidgetProps) {
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(root, isOpen, close, button);
  const { emails, phone, qrUrl } = meta.support;
  const hasContent = emails.length > 0 || (meta.edition === 'domestic' && (phone || qrUrl));
  if (!hasContent) return null;

  return (
    <div className="cz-help" ref={root}>
      {isOpen ? (
        // A panel whose chunk did not arrive shows the load error in its place (the login page
        // stays); closing and opening the widget again loads it again.
        <ErrorBoundary
          fallback={() => (
            <section className="cz-help__panel" id={panelId} role="alert" data-testid="help-panel-failed">
              {getPhrases('common').chunkLoadFailed}
            </section>
          )}
        >
          <Suspense fallback={null}>
            <HelpPanel id={panelId} meta={meta} texts={texts} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      <button
        ref={button}
        type="button"
        className="cz-help__button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={texts.button}
        data-testid="help-button"
        onClick={() => setIsOpen((open) => !open)}
      >
        <Icon name="help" size={20} />
        <span>{texts.button}</span>
      </button>
    </div>
  );
}
