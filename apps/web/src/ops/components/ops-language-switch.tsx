/** The back office's language switch: the customers' mechanism (the `cz-lang` cookie, then a reload). */
import { Languages } from '@console/contract/light-enums';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { getLanguage, switchLanguage } from '@/lib/language';

export function OpsLanguageSwitch() {
  const { t } = useTranslation(['opsShell', 'common']);
  const lang = getLanguage();
  return (
    <Segmented
      size="small"
      aria-label={t('layout.language')}
      data-testid="ops-lang"
      value={lang}
      onChange={(value) => switchLanguage(value)}
      options={Languages.map((value) => ({
        value,
        label: (
          <span lang={value} data-testid={`ops-lang-${value}`}>
            {t(`languages.${value}`, { ns: 'common' })}
          </span>
        ),
      }))}
    />
  );
}
