import { LOCALES, type Locale } from '@contract/enums';
import { css } from '@styled/css';
import { LANGUAGE_NAMES } from './language-names';

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
