/**
 * The page language: the `cz-lang` cookie when it names a supported language, else the console
 * meta's default. Switching stores the cookie for 30 days and reloads the page.
 */
import { isLanguage, LangCookie, type TLanguage } from '@console/contract/light-enums';
import { LightLimits } from '@console/contract/light-limits';
import { getCookie, setCookie } from './cookies';

let current: TLanguage | null = null;

export function resolveLanguage(cookieValue: string | null, defaultLanguage: TLanguage): TLanguage {
  return isLanguage(cookieValue) ? cookieValue : defaultLanguage;
}

/** Decides the language once at start-up and marks `<html lang>`. */
export function initLanguage(defaultLanguage: TLanguage): TLanguage {
  current = resolveLanguage(getCookie(LangCookie), defaultLanguage);
  document.documentElement.lang = current;
  return current;
}

/** The language of a render on the server (the prerender of the login page, once per language). */
export function setServerLanguage(lang: TLanguage): void {
  current = lang;
}

/**
 * For tests, which share modules between files: the next `getLanguage` reads the cookie again, as
 * a page that has not decided yet does.
 */
export function forgetLanguage(): void {
  current = null;
}

export function getLanguage(): TLanguage {
  return current ?? resolveLanguage(getCookie(LangCookie), 'zh-CN');
}

export function storeLanguage(lang: TLanguage): void {
  setCookie(LangCookie, lang, { days: LightLimits.langCookieDays, path: '/' });
}

/** Stores the choice and reloads, so that every text and cached answer comes in the new language. */
export function switchLanguage(lang: TLanguage, reload: () => void = () => window.location.reload()): void {
  storeLanguage(lang);
  if (lang !== current) reload();
}
