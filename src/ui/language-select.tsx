import { LOCALES, type Locale } from '@/contract/enums';
import { css } from '../../styled-system/css';

/** Each language is named in itself, as language pickers do, so it reads the same in every locale. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'ru-RU': 'Русский',
  'be-BY': 'Беларуская',
  'kz-KZ': 'Қазақша',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'en-US': 'English',
};

const select = css({
  minHeight: 'touch',
  px: '2',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'line',
  bg: 'surface',
  cursor: 'pointer',
});

export function LanguageSelect({ value, onChange, label }: { value: Locale; onChange: (locale: Locale) => void; label: string }) {
  return (
    <select
      aria-label={label}
      className={select}
      value={value}
      onChange={(event) => onChange(event.target.value as Locale)}
      data-testid="language-select"
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale === 'kz-KZ' ? 'kk' : locale.slice(0, 2)}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
