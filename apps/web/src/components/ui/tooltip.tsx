import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import './card.css';

type TPlacement = 'top' | 'right' | 'bottom';

/** Where the bubble goes: fixed to the window, so that no scrolling container cuts it. */
function bubbleStyle(el: HTMLElement, placement: TPlacement): CSSProperties {
  const r = el.getBoundingClientRect();
  if (placement === 'right') return { left: r.right + 8, top: r.top + r.height / 2 };
  if (placement === 'bottom') return { left: r.left + r.width / 2, top: r.bottom + 6 };
  return { left: r.left + r.width / 2, top: r.top - 6 };
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
  const [style, setStyle] = useState<CSSProperties | null>(null);
  if (title === null || title === undefined || title === '') return <>{children}</>;
  const open = (event: { currentTarget: HTMLElement }) =>
    setStyle(bubbleStyle(event.currentTarget, placement));
  const close = () => setStyle(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it hears the events of the control inside it
    <span
      className={`cz-tip${className ? ` ${className}` : ''}`}
      aria-describedby={style ? id : undefined}
      onMouseEnter={open}
      onMouseLeave={close}
      onFocus={open}
      onBlur={close}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      {children}
      {style ? (
        <span role="tooltip" id={id} className={`cz-tip__bubble cz-tip__bubble--${placement}`} style={style}>
          {title}
        </span>
      ) : null}
    </span>
  );
}
