import { useState } from 'react';
import { LineIcon } from './ui/line-icon';
import './verify.css';

export type TMaskedTextProps = {
  value: string;
  /** The masked form (default: one asterisk per character). */
  mask?: (value: string) => string;
  texts: { show: string; hide: string };
  isInitiallyVisible?: boolean;
  testId?: string;
};

export function maskAll(value: string): string {
  return '*'.repeat(value.length);
}

/** A value shown masked, with a toggle between asterisks and the value (spec section 2 "Phone input"). */
export function MaskedText({
  value,
  mask = maskAll,
  texts,
  isInitiallyVisible = false,
  testId = 'masked-text',
}: TMaskedTextProps) {
  const [isVisible, setIsVisible] = useState(isInitiallyVisible);
  return (
    <span className="cz-masked" data-testid={testId} data-visible={isVisible}>
      <span className="cz-masked__value" data-testid={`${testId}-value`}>
        {isVisible ? value : mask(value)}
      </span>
      <button
        type="button"
        className="cz-masked__toggle"
        aria-pressed={isVisible}
        aria-label={isVisible ? texts.hide : texts.show}
        title={isVisible ? texts.hide : texts.show}
        onClick={() => setIsVisible((shown) => !shown)}
        data-testid={`${testId}-toggle`}
      >
        <LineIcon name={isVisible ? 'eyeOff' : 'eye'} size={15} />
      </button>
    </span>
  );
}
