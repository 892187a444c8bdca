import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastNotifier, ToastHost } from './toast-host';
import { dismissToast, getToast } from './toast-store';

const texts = {
  sessionExpired: 'Session expired, please login again',
  networkError: 'Network error',
  timeout: 'Timed out',
  requestFailed: 'Request failed',
  requestRejected: 'Rejected',
};

afterEach(() => dismissToast());

describe('the toast of every page', () => {
  it('has both live regions before any toast, and loads the toast with the first one', async () => {
    render(<ToastHost closeLabel="Close" />);
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
    expect(screen.queryByTestId('toast')).toBeNull();
    const notifier = createToastNotifier(() => texts);
    notifier.show({ level: 'success', title: 'Saved' });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Saved');
    expect(screen.getByRole('status').contains(toast)).toBe(true);
  });

  it('shows one toast at a time: a new one replaces the old', async () => {
    render(<ToastHost closeLabel="Close" />);
    const notifier = createToastNotifier(() => texts);
    notifier.notifyApiEvent({ type: 'rejected', code: 4037, message: 'Only administrators' });
    expect((await screen.findByTestId('toast')).textContent).toContain('4037');
    await act(async () => notifier.notifyApiEvent({ type: 'sessionExpired' }));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain('Session expired, please login again');
    expect(toasts[0]?.textContent).not.toContain('4037');
    expect(toasts[0]?.dataset.level).toBe('warning');
  });

  it('announces warnings and errors assertively, and can be closed', async () => {
    render(<ToastHost closeLabel="Close" />);
    createToastNotifier(() => texts).notifyApiEvent({
      type: 'serverError',
      status: 500,
      statusText: 'Internal Server Error',
      message: 'boom',
    });
    const toast = await screen.findByTestId('toast');
    expect(screen.getByRole('alert').contains(toast)).toBe(true);
    expect(toast.textContent).toContain('500 Internal Server Error');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(getToast()).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
