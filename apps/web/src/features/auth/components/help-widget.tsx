import type { TMeta } from '@console/contract';
import type { TPhrases } from '@console/phrases';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { useDismiss } from '@/components/ui/use-dismiss';

const HelpPanel = lazy(() => import('./help-panel'));

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
        <Suspense fallback={null}>
          <HelpPanel id={panelId} meta={meta} texts={texts} />
        </Suspense>
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
