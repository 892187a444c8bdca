import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaPopover } from './captcha-popover';

const texts = {
  title: 'Security verification',
  hint: 'Enter the characters shown in the picture.',
  label: 'Characters in the picture',
  placeholder: 'Characters',
  confirm: 'Confirm',
  cancel: 'Cancel',
  imageAlt: 'Verification picture',
  refresh: 'Show another picture',
  loadFailed: 'Failed',
};

let served = 0;
/**
 * Serves captchas `cap-1`, `cap-2`, …; from the `holdFrom`-th on, each waits until the answered
 * `release` is called.
 */
function serveCaptchas(holdFrom = Number.POSITIVE_INFINITY): { release: () => void } {
  served = 0;
  let release = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      served += 1;
      const id = `cap-${served}`;
      if (served >= holdFrom) await new Promise<void>((resolve) => (release = resolve));
      return new Response(
        JSON.stringify({
          code: 0,
          message: 'ok',
          data: { id, imageBase64: 'data:image/svg+xml;base64,PHN2Zy8+' },
        }),
        { status: 200 },
      );
    }),
  );
  return { release: () => release() };
}

/** Opens the popover on its first picture and answers it; the answer is refused. */
async function refuseAnAnswer() {
  const onConfirm = vi.fn(async () => 'The characters of the picture do not match.');
  render(<CaptchaPopover isOpen texts={texts} onConfirm={onConfirm} onClose={() => {}} />);
  await act(async () => {});
  fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'x7k2' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('captcha-confirm'));
  });
  return onConfirm;
}

afterEach(() => vi.unstubAllGlobals());

describe('CaptchaPopover (spec section 5: input max 10, confirm disabled when empty)', () => {
  it('keeps confirm disabled while the input is empty and sends the id with the answer', async () => {
    serveCaptchas();
    const onConfirm = vi.fn(async () => null);
    const onClose = vi.fn();
    render(<CaptchaPopover isOpen texts={texts} onConfirm={onConfirm} onClose={onClose} />);
    await act(async () => {});
    const confirm = screen.getByTestId('captcha-confirm') as HTMLButtonElement;
    const input = screen.getByTestId('captcha-input') as HTMLInputElement;
    expect(screen.getByAltText('Verification picture')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'abcdefghijkl' } });
    expect(input.value).toBe('abcdefghij');
    expect(input.maxLength).toBe(10);
    expect(confirm.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(onConfirm).toHaveBeenCalledWith({ captchaId: 'cap-1', captchaCode: 'abcdefghij' });
  });

  it('stays open with the failure and a new picture when the answer is refused', async () => {
    serveCaptchas();
    await refuseAnAnswer();
    expect(screen.getByTestId('captcha-error').textContent).toContain('do not match');
    expect((screen.getByTestId('captcha-input') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('captcha-image').getAttribute('data-captcha-id')).toBe('cap-2');
  });

  it('shows another picture on click, and closes on Escape', async () => {
    serveCaptchas();
    const onClose = vi.fn();
    render(<CaptchaPopover isOpen texts={texts} onConfirm={async () => null} onClose={onClose} />);
    await act(async () => {});
    await act(async () => {
      fireEvent.click(screen.getByTestId('captcha-image'));
    });
    expect(screen.getByTestId('captcha-image').getAttribute('data-captcha-id')).toBe('cap-2');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('offers no answer for a spent picture while the next one loads', async () => {
    const { release } = serveCaptchas(2);
    const onConfirm = await refuseAnAnswer();
    // Refused: cap-1 is spent and cap-2 is on its way.
    const image = screen.getByTestId('captcha-image');
    expect(image.getAttribute('data-captcha-id')).toBeNull();
    expect(image.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByAltText('Verification picture')).toBeNull();
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'k7m2' } });
    expect((screen.getByTestId('captcha-confirm') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      release();
    });
    expect(image.getAttribute('data-captcha-id')).toBe('cap-2');
    expect((screen.getByTestId('captcha-confirm') as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('captcha-confirm'));
    });
    expect(onConfirm).toHaveBeenLastCalledWith({ captchaId: 'cap-2', captchaCode: 'k7m2' });
  });

  it('renders nothing while closed', () => {
    render(<CaptchaPopover isOpen={false} texts={texts} onConfirm={async () => null} onClose={() => {}} />);
    expect(screen.queryByTestId('captcha-popover')).toBeNull();
  });
});

describe('CaptchaPopover inside a form', () => {
  it('confirms with Enter without submitting the surrounding form', async () => {
    serveCaptchas();
    const onConfirm = vi.fn(async () => null);
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <CaptchaPopover isOpen texts={texts} onConfirm={onConfirm} onClose={() => {}} />
      </form>,
    );
    await act(async () => {});
    expect(document.querySelectorAll('form')).toHaveLength(1);
    const input = screen.getByTestId('captcha-input');
    fireEvent.change(input, { target: { value: 'k7m2' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onConfirm).toHaveBeenCalledWith({ captchaId: 'cap-1', captchaCode: 'k7m2' });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
