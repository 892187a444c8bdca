import { Languages, type TLanguage } from '@console/contract/enums';
import type { TPhrases } from '@console/phrases';
import { useTranslation } from 'react-i18next';
import { codeErrorText } from '@/lib/code-errors';

/** The text of a failure around codes, in the console's language (i18next bundles). */
export function useCodeErrorText(): (cause: unknown) => string {
  const { i18n } = useTranslation(['mfa', 'errors', 'common']);
  const lang: TLanguage = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  return (cause) =>
    codeErrorText(cause, {
      errors: i18n.getResourceBundle(lang, 'errors') as TPhrases['errors'],
      mfa: i18n.getResourceBundle(lang, 'mfa') as TPhrases['mfa'],
      common: i18n.getResourceBundle(lang, 'common') as TPhrases['common'],
    });
}
