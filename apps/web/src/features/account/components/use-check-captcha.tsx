import { Languages } from '@console/contract/enums';
import { useTranslation } from 'react-i18next';
import { type TCaptchaGate, useCaptchaGate } from '@/components/captcha/use-captcha-gate';
import { codeErrorText, type TCodeErrorTexts } from '@/lib/code-errors';

/**
 * The image captcha a code check of the account dialogs may be asked for (after many failed
 * checks from the client's address), in the page's language.
 */
export function useCheckCaptcha(): TCaptchaGate {
  const { i18n } = useTranslation(['mfa', 'errors', 'common']);
  const lang = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  const texts: TCodeErrorTexts = {
    errors: i18n.getResourceBundle(lang, 'errors'),
    mfa: i18n.getResourceBundle(lang, 'mfa'),
    common: i18n.getResourceBundle(lang, 'common'),
  };
  return useCaptchaGate(texts.mfa.captcha, (error) => codeErrorText(error, texts));
}
