import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNavigationType, syncLocation } from '@/lib/history';
import { takeEditFlag, useEditFlags } from './edit-flags';

function goTo(url: string) {
  window.history.replaceState(null, '', url);
  syncLocation();
}

afterEach(() => goTo('/'));

describe('the password_edit query flag (spec section 2)', () => {
  it('asks for the change-password dialog whatever its value, keeping the other parameters', () => {
    expect(takeEditFlag('?password_edit')).toEqual({ dialog: 'password', search: '' });
    expect(takeEditFlag('?password_edit=1')).toEqual({ dialog: 'password', search: '' });
    expect(takeEditFlag('?tab=security&password_edit=true&x=1')).toEqual({
      dialog: 'password',
      search: '?tab=security&x=1',
    });
  });

  it('leaves a URL without a known flag alone', () => {
    expect(takeEditFlag('')).toBeNull();
    expect(takeEditFlag('?tab=security')).toBeNull();
    expect(takeEditFlag('?password_editor=1')).toBeNull();
  });

  it('opens the dialog only once the user info has loaded, then removes the flag with a replace', () => {
    goTo('/accountManage/accountInfo?password_edit=1&tab=2#top');
    const before = window.history.length;
    const onOpen = vi.fn();
    const { rerender } = renderHook(({ isReady }) => useEditFlags(isReady, onOpen), {
      initialProps: { isReady: false },
    });
    expect(onOpen).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?password_edit=1&tab=2');

    act(() => rerender({ isReady: true }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith('password');
    expect(window.location.pathname).toBe('/accountManage/accountInfo');
    expect(window.location.search).toBe('?tab=2');
    expect(window.location.hash).toBe('#top');
    expect(getNavigationType()).toBe('REPLACE');
    expect(window.history.length).toBe(before);

    // Later renders, or the flag being gone, open nothing more.
    act(() => rerender({ isReady: true }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('does nothing without the flag', () => {
    goTo('/workbench?tab=2');
    const onOpen = vi.fn();
    renderHook(() => useEditFlags(true, onOpen));
    expect(onOpen).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?tab=2');
  });
});
