import type { Locale, Region } from '@contract/enums';

/**
 * The instruction's languages (decision 63): each has content/instruction/<language>.md and its screenshots
 * content/instruction/screens/<language>-<screen>.png (the content renderer takes one flat folder), shot with the
 * interface in that locale on the host of its region, so the Spanish guide shows the Spanish site.
 */
export const GUIDE_LANGUAGES = [
  { language: 'ru', locale: 'ru-RU', region: 'ru', host: 'localhost' },
  { language: 'es', locale: 'es-ES', region: 'es', host: 'es.localhost' },
  { language: 'kz', locale: 'kz-KZ', region: 'kz', host: 'kz.localhost' },
  { language: 'by', locale: 'be-BY', region: 'by', host: 'by.localhost' },
  { language: 'en', locale: 'en-US', region: 'ru', host: 'localhost' },
  { language: 'fr', locale: 'fr-FR', region: 'ru', host: 'localhost' },
] as const satisfies readonly { language: string; locale: Locale; region: Region; host: string }[];

export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

export const INSTRUCTION_DIR = 'content/instruction';

/** A screenshot's file; a guide names it `screens/<language>-<screen>.png`. */
export const screenFile = (language: string, screen: string): string => `${INSTRUCTION_DIR}/screens/${language}-${screen}.png`;
