/**
 * The banner of a demonstration installation (production mode with development stand-ins,
 * `DEV_ADAPTERS=1`): on every page, public and console alike, so nobody takes what they do here
 * for real. The page below it is pushed down by its height (`--cz-banner-height`).
 */
import { useEffect } from 'react';
import { getMeta } from '@/lib/meta';
import { getPhrases } from '@/lib/phrases';
import './demo-banner.css';

export function DemoBanner() {
  const isShown = getMeta().isDemonstration === true;
  useEffect(() => {
    if (!isShown) return;
    document.documentElement.classList.add('cz-demo');
    return () => document.documentElement.classList.remove('cz-demo');
  }, [isShown]);
  if (!isShown) return null;
  return (
    <div className="cz-demo-banner" role="note" data-testid="demo-banner">
      {getPhrases('common').demoBanner}
    </div>
  );
}
