import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLightNotifier } from './light-notifier';
import { dismissToast, getToast, showToast } from './toast-store';
import { Toaster } from './toaster';

const texts = {
  sessionExpired: 'Session expired, please login again',
  networkError: 'Network error',
  timeout: 'Timed out',
  requestFailed: 'Request failed',
  requestRejected: 'Rejected',
};

afterEach(() => dismissToast());

describe('the light toast of the public pages', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster closeLabel="Close" />);
    const notifier = createLightNotifier(() => texts);
    act(() => notifier.notifyApiEvent({ type: 'rejected', code: 4037, message: 'Only administrators' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast').textContent).toContain('4037');
    act(() => notifier.notifyApiEvent({ type: 'sessionExpired' }));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain('Session expired, please login again');
    expect(toasts[0]?.textContent).not.toContain('4037');
    expect(toasts[0]?.dataset.level).toBe('warning');
  });

  it('announces warnings and errors assertively, and can be closed', () => {
    render(<Toaster closeLabel="Close" />);
    act(() => {
      showToast({ level: 'error', title: '500 Internal Server Error', description: 'boom' });
    });
    expect(screen.getByRole('alert').textContent).toContain('500 Internal Server Error');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(getToast()).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
