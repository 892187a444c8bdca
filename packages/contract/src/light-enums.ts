/**
 * The constants the light public pages read (their languages, the language cookie, the recent
 * accounts cookie): a module of their own, so that the web app's first load carries these and not
 * every enumeration of every screen; `enums.ts` holds them with the rest.
 */

export const Languages = ['zh-CN', 'en-US'] as const;
export type TLanguage = (typeof Languages)[number];
export const LangCookie = 'cz-lang';
export const RecentAccountsCookie = 'cz-recent-accounts';

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (Languages as readonly string[]).includes(value);
}
