import type { Locale } from '@contract/enums';

/**
 * Each language is named in itself, as language pickers do, so it reads the same in every locale. A module of its
 * own: the first-paint script (src/first-paint.ts) fills the picker of index.html's shell with it too.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'ru-RU': 'Русский',
  'be-BY': 'Беларуская',
  'kz-KZ': 'Қазақша',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'en-US': 'English',
};
