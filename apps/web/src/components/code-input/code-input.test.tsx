import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';
import { isCompleteCode, normalizeCode } from './code-rules';

describe('code rules (exactly six digits)', () => {
  it('keeps digits only, at most six', () => {
    expect(normalizeCode('12a3')).toBe('123');
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-4567')).toBe('123456');
    expect(normalizeCode('abc')).toBe('');
  });

  it('is complete only with exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
    expect(isCompleteCode('')).toBe(false);
  });
});

function Harness({ onComplete, variant }: { onComplete?: (v: string) => void; variant: 'boxes' | 'field' }) {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput
        id="code"
        label="Verification code"
        value={value}
        onChange={setValue}
        variant={variant}
        {...(onComplete ? { onComplete } : {})}
      />
      <button type="button" disabled={!isCompleteCode(value)}>
        Confirm
      </button>
    </>
  );
}

describe('CodeInput', () => {
  it.each(['boxes', 'field'] as const)(
    '%s: cleans typed and pasted values; confirm waits for six digits',
    (variant) => {
      const onComplete = vi.fn();
      render(<Harness variant={variant} onComplete={onComplete} />);
      const input = screen.getByLabelText('Verification code') as HTMLInputElement;
      const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
      expect(input.getAttribute('inputmode')).toBe('numeric');
      expect(input.getAttribute('autocomplete')).toBe('one-time-code');
      fireEvent.change(input, { target: { value: '12x3' } });
      expect(input.value).toBe('123');
      expect(confirm.disabled).toBe(true);
      fireEvent.change(input, { target: { value: '123 4567' } });
      expect(input.value).toBe('123456');
      expect(confirm.disabled).toBe(false);
      expect(onComplete).toHaveBeenCalledWith('123456');
      fireEvent.change(input, { target: { value: '12345' } });
      expect(confirm.disabled).toBe(true);
    },
  );

  it('shows a failure under the input and marks it invalid', () => {
    render(
      <CodeInput
        id="c"
        label="Code"
        value="123456"
        onChange={() => {}}
        error="The verification code does not match"
      />,
    );
    const input = screen.getByLabelText('Code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('code-input-error').textContent).toBe('The verification code does not match');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The verification code does not match',
    );
  });
});
