import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SendCodeButton } from './send-code-button';

const texts = {
  send: 'Send code',
  sending: 'Sending…',
  resend: 'Resend',
  resendIn: 'Resend in {{seconds}} s',
  captcha: {
    title: 'Security verification',
    hint: 'Enter the characters',
    label: 'Characters',
    placeholder: 'Characters',
    confirm: 'Confirm',
    cancel: 'Cancel',
    imageAlt: 'Picture',
    refresh: 'Another',
    loadFailed: 'Failed',
  },
};

function captchaServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, message: 'ok', data: { id: 'cap', imageBase64: 'data:,' } }), {
          status: 200,
        }),
    ),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.setSystemTime(new Date('2026-05-01T08:00:00Z'));
  captchaServer();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SendCodeButton', () => {
  it('loads while sending, counts 60 s down each second, then offers a resend through the captcha', async () => {
    let resolve: (v: { resendAfterSeconds: number }) => void = () => {};
    const send = vi.fn(
      (_captcha: unknown) =>
        new Promise<{ resendAfterSeconds: number }>((r) => {
          resolve = r;
        }),
    );
    render(<SendCodeButton send={send} onError={() => {}} describe={() => ''} texts={texts} />);
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    expect(button.textContent).toBe('Send code');
    fireEvent.click(button);
    expect(send).toHaveBeenCalledWith(null);
    expect(button.dataset.state).toBe('sending');
    expect(button.disabled).toBe(true);
    await act(async () => resolve({ resendAfterSeconds: 60 }));
    expect(button.dataset.state).toBe('counting');
    expect(button.textContent).toBe('Resend in 60 s');
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Resend in 59 s');
    for (let i = 0; i < 59; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(button.dataset.state).toBe('ready');
    expect(button.textContent).toBe('Resend');
    expect(button.disabled).toBe(false);

    fireEvent.click(button);
    expect(screen.getByTestId('captcha-popover')).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => {});
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'k7m2' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('captcha-confirm'));
    });
    expect(send).toHaveBeenLastCalledWith({ captchaId: 'cap', captchaCode: 'k7m2' });
    await act(async () => resolve({ resendAfterSeconds: 60 }));
    expect(screen.queryByTestId('captcha-popover')).toBeNull();
    expect(button.dataset.state).toBe('counting');
  });

  it('a refused send is reported and can be tried again at once; 4098 counts its wait down', async () => {
    const onError = vi.fn();
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'business', code: 4097, status: 200, path: '/x', message: '' }),
      )
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'business',
          code: 4098,
          status: 200,
          path: '/x',
          message: '',
          data: { retryAfterSeconds: 42 },
        }),
      );
    render(<SendCodeButton send={send} onError={onError} describe={() => ''} texts={texts} />);
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(button.dataset.state).toBe('idle');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onError).toHaveBeenCalledTimes(2);
    expect(button.textContent).toBe('Resend in 42 s');
    for (let i = 0; i < 42; i += 1) act(() => vi.advanceTimersByTime(1000));
    // Nothing was sent yet: the next click sends without the captcha step.
    expect(button.dataset.state).toBe('idle');
    expect(button.textContent).toBe('Send code');
  });

  it('sends nothing where its channel is not configured, and says why to screen readers', () => {
    const send = vi.fn(async () => ({ resendAfterSeconds: 60 }));
    const reason = 'Text messages (SMS) are not configured on this installation';
    render(
      <SendCodeButton
        send={send}
        onError={() => {}}
        describe={() => ''}
        texts={texts}
        unavailable={reason}
      />,
    );
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.dataset.state).toBe('unavailable');
    const described = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(reason);
    fireEvent.click(button);
    expect(send).not.toHaveBeenCalled();
  });
});
