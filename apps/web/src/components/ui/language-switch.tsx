import { Languages, type TLanguage } from '@console/contract/light-enums';
import { Icon } from './icon';
import './ui.css';

export type TLanguageSwitchProps = {
  value: TLanguage;
  names: Record<TLanguage, string>;
  label: string;
  onChange: (lang: TLanguage) => void;
};

/** Language switch of the public pages: one pressed button per language. */
export function LanguageSwitch({ value, names, label, onChange }: TLanguageSwitchProps) {
  return (
    <fieldset className="cz-lang" data-testid="lang-switch">
      <legend className="cz-visually-hidden">{label}</legend>
      <Icon name="globe" size={16} className="cz-lang__icon" />
      {Languages.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="cz-lang__option"
          aria-pressed={lang === value}
          data-testid={`lang-option-${lang}`}
          onClick={() => {
            if (lang !== value) onChange(lang);
          }}
        >
          {names[lang]}
        </button>
      ))}
    </fieldset>
  );
}
