import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import './card.css';

type TPlacement = 'top' | 'right' | 'bottom';

/** The bubble's widest (CSS `max-width`), to keep it inside the window. */
const bubbleMaxWidth = 260;

/**
 * Where the bubble goes: fixed to the window, so that no scrolling container cuts it. A bubble
 * that would leave the window on the right goes below instead, and a centred one is kept inside.
 */
function bubbleAt(el: HTMLElement, placement: TPlacement): { style: CSSProperties; placement: TPlacement } {
  const r = el.getBoundingClientRect();
  const width = window.innerWidth;
  if (placement === 'right' && r.right + 8 + bubbleMaxWidth <= width) {
    return { style: { left: r.right + 8, top: r.top + r.height / 2 }, placement };
  }
  const half = Math.min(bubbleMaxWidth, width - 16) / 2;
  const left = Math.min(Math.max(r.left + r.width / 2, 8 + half), width - 8 - half);
  if (placement === 'top') return { style: { left, top: r.top - 6 }, placement };
  return { style: { left, top: r.bottom + 6 }, placement: 'bottom' };
}

/**
 * A short text shown while the pointer is over `children` or focus is inside it (`role="tooltip"`,
 * tied to the wrapper by `aria-describedby`); Escape hides it. What antd's Tooltip does for a
 * label, without antd. `placement` puts it above (the default), below or to the right.
 */
export function Tooltip({
  title,
  placement = 'top',
  children,
  className,
}: {
  title: ReactNode;
  placement?: TPlacement;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const [at, setAt] = useState<{ style: CSSProperties; placement: TPlacement } | null>(null);
  if (title === null || title === undefined || title === '') return <>{children}</>;
  const open = (event: { currentTarget: HTMLElement }) => setAt(bubbleAt(event.currentTarget, placement));
  const close = () => setAt(null);
  // Opened on `mouseover`, which bubbles from whatever the pointer is over, not on React's
  // synthetic `mouseenter`: React derives that from the `mouseout` of the element left, and skips
  // it when that element was just removed (the page the pointer was on before a navigation).
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it hears the events of the control inside it
    <span
      className={`cz-tip${className ? ` ${className}` : ''}`}
      aria-describedby={at ? id : undefined}
      onMouseOver={at ? undefined : open}
      onMouseLeave={close}
      onFocus={open}
      onBlur={close}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      {children}
      {at ? (
        <span
          role="tooltip"
          id={id}
          className={`cz-tip__bubble cz-tip__bubble--${at.placement}`}
          style={at.style}
        >
          {title}
        </span>
      ) : null}
    </span>
  );
}
