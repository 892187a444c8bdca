import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, getCookie, setCookie } from './cookies';
import { initLanguage, resolveLanguage, switchLanguage } from './language';

afterEach(() => deleteCookie('cz-lang'));

describe('the page language', () => {
  it('is the cz-lang cookie when it names a supported language, else the meta default', () => {
    expect(resolveLanguage('en-US', 'zh-CN')).toBe('en-US');
    expect(resolveLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(resolveLanguage('fr-FR', 'zh-CN')).toBe('zh-CN');
    expect(resolveLanguage(null, 'en-US')).toBe('en-US');
  });

  it('marks <html lang> at start-up', () => {
    setCookie('cz-lang', 'en-US');
    expect(initLanguage('zh-CN')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('stores the choice in the cz-lang cookie for 30 days and reloads', () => {
    initLanguage('zh-CN');
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    const reload = vi.fn();
    switchLanguage('en-US', reload);
    expect(getCookie('cz-lang')).toBe('en-US');
    expect(reload).toHaveBeenCalledOnce();
    const written = String(cookieSetter.mock.calls.at(-1)?.[0]);
    expect(written).toContain('path=/');
    expect(written).toContain(`max-age=${30 * 24 * 60 * 60}`);
  });

  it('does not reload when the language does not change', () => {
    initLanguage('zh-CN');
    const reload = vi.fn();
    switchLanguage('zh-CN', reload);
    expect(reload).not.toHaveBeenCalled();
    expect(getCookie('cz-lang')).toBe('zh-CN');
  });
});
