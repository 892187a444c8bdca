/** The console's view of `notConfiguredText`: the reason in the page's language, or null. */
import type { TAdapterName } from '@console/contract/adapters';
import { Languages } from '@console/contract/enums';
import { useTranslation } from 'react-i18next';
import { notConfiguredText } from './adapters';

export function useNotConfigured(name: TAdapterName): string | null {
  const { i18n } = useTranslation('errors');
  const lang = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  return notConfiguredText(name, i18n.getResourceBundle(lang, 'errors'));
}
