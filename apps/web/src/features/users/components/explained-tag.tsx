import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** Whether the device's main pointer can hover (a mouse), as opposed to a finger. */
function canHover(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover)').matches;
}

/**
 * A tag whose explanation opens on hover where a mouse can hover, and on a tap or a press of
 * Enter everywhere: a phone has no hover. (A tap also passes for a hover, which would open the
 * explanation that the tap's click then closes: on a touch screen it opens on the click alone.)
 */
export function ExplainedTag({ tip, children }: { tip: string; children: ReactNode }) {
  return (
    <Tooltip title={tip} trigger={canHover() ? ['hover', 'click'] : ['click']}>
      <button type="button" className="cz-tag-button">
        {children}
      </button>
    </Tooltip>
  );
}
