import { useEffect, useRef, useState } from 'react';
import { LineIcon } from './line-icon';
import './card.css';

/**
 * A value on one line (cut with an ellipsis, whole in its title) and a button that copies it; the
 * button says "Copied" for two seconds.
 */
export function CopyText({
  text,
  copyLabel,
  copiedLabel,
  testId,
  className,
}: {
  text: string;
  copyLabel: string;
  copiedLabel: string;
  testId?: string;
  className?: string;
}) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // no clipboard (an insecure origin, or the permission refused): nothing to say
    }
    setIsCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsCopied(false), 2000);
  };
  return (
    <span className={`cz-copy${className ? ` ${className}` : ''}`}>
      <span className="cz-copy__text" title={text} data-testid={testId}>
        {text}
      </span>
      <button
        type="button"
        className="cz-copy__button"
        aria-label={isCopied ? copiedLabel : copyLabel}
        title={isCopied ? copiedLabel : copyLabel}
        data-testid={testId ? `${testId}-copy` : undefined}
        onClick={() => void copy()}
      >
        <LineIcon name={isCopied ? 'check' : 'copy'} size={14} />
      </button>
    </span>
  );
}
