/**
 * The banner of a demonstration installation (production mode with development stand-ins,
 * `DEV_ADAPTERS=1`): on every page, public and console alike, so nobody takes what they do here
 * for real. The page below it is pushed down by its height (`--cz-banner-height`), measured, since
 * the text wraps on narrow screens.
 */
import { useLayoutEffect, useRef } from 'react';
import { getMeta } from '@/lib/meta';
import { getPhrases } from '@/lib/phrases';
import './demo-banner.css';

export function DemoBanner() {
  const isShown = getMeta().isDemonstration === true;
  const banner = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = banner.current;
    if (!isShown || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--cz-banner-height', `${element.offsetHeight}px`);
    root.classList.add('cz-demo');
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.classList.remove('cz-demo');
      root.style.removeProperty('--cz-banner-height');
    };
  }, [isShown]);
  if (!isShown) return null;
  return (
    <div ref={banner} className="cz-demo-banner" role="note" data-testid="demo-banner">
      {getPhrases('common').demoBanner}
    </div>
  );
}
