import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  listenForSsoTest,
  openSsoTestPopup,
  readSsoTestMessage,
  ssoTestPopupFeatures,
  type TSsoTestResult,
} from './sso-test-message';

const origin = 'http://console.test';
const ok = { type: 'cz-sso-test', ok: true, username: 'alice', message: '' };

describe('reading the test message', () => {
  it('reads a result posted from the console origin', () => {
    expect(readSsoTestMessage({ origin, data: ok }, origin)).toEqual({
      ok: true,
      username: 'alice',
      message: '',
    });
    expect(
      readSsoTestMessage(
        { origin, data: { type: 'cz-sso-test', ok: false, username: null, message: 'Signature invalid' } },
        origin,
      ),
    ).toEqual({ ok: false, username: null, message: 'Signature invalid' });
  });

  it('ignores messages from any other origin', () => {
    for (const other of [
      'http://evil.test',
      'https://console.test',
      'http://console.test:8080',
      'null',
      '',
    ]) {
      expect(readSsoTestMessage({ origin: other, data: ok }, origin), other).toBeNull();
    }
  });

  it('ignores other windows than the test popup, when it is known', () => {
    const popup = {};
    expect(readSsoTestMessage({ origin, data: ok, source: popup }, origin, popup)).not.toBeNull();
    expect(readSsoTestMessage({ origin, data: ok, source: {} }, origin, popup)).toBeNull();
  });

  it('ignores other messages and malformed bodies', () => {
    for (const data of [
      null,
      'cz-sso-test',
      { type: 'other', ok: true },
      { type: 'cz-sso-test' },
      { type: 'cz-sso-test', ok: 'true' },
    ]) {
      expect(readSsoTestMessage({ origin, data }, origin), JSON.stringify(data)).toBeNull();
    }
  });

  it('keeps only text for the username and message', () => {
    expect(
      readSsoTestMessage(
        { origin, data: { type: 'cz-sso-test', ok: true, username: '  ', message: 42 } },
        origin,
      ),
    ).toEqual({ ok: true, username: null, message: '' });
    const long = readSsoTestMessage({ origin, data: { ...ok, message: 'x'.repeat(5000) } }, origin);
    expect(long?.message.length).toBeLessThan(2100);
  });
});

describe('listening for the test result', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the first result from its own origin, then stops listening', () => {
    const results: TSsoTestResult[] = [];
    const stop = listenForSsoTest(window, (result) => results.push(result));
    window.dispatchEvent(new MessageEvent('message', { data: ok, origin: 'http://evil.test' }));
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'other' }, origin }));
    expect(results).toEqual([]);
    window.dispatchEvent(new MessageEvent('message', { data: ok, origin: window.location.origin }));
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...ok, username: 'bob' }, origin: window.location.origin }),
    );
    expect(results).toEqual([{ ok: true, username: 'alice', message: '' }]);
    stop();
  });

  it('can be stopped before any result', () => {
    const onResult = vi.fn();
    listenForSsoTest(window, onResult)();
    window.dispatchEvent(new MessageEvent('message', { data: ok, origin: window.location.origin }));
    expect(onResult).not.toHaveBeenCalled();
  });
});

describe('the test popup', () => {
  it('is 520x640, centred on the window', () => {
    expect(ssoTestPopupFeatures({ screenX: 100, screenY: 50, outerWidth: 1520, outerHeight: 1040 })).toBe(
      'popup=yes,width=520,height=640,left=600,top=250',
    );
  });

  it('opens blank at once, and answers null when the browser blocks it', () => {
    const popup = { closed: false } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    expect(openSsoTestPopup(window)).toBe(popup);
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      'cz-sso-test',
      expect.stringContaining('width=520,height=640'),
    );
    open.mockReturnValue(null);
    expect(openSsoTestPopup(window)).toBeNull();
  });
});
