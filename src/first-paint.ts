/**
 * The first paint (decision 070). Built into index.html as an inline classic script (scripts/first-paint.ts), it
 * runs while the page is parsed, before any of the app has arrived: it keeps the part of the static shell that this
 * visit will see, writes its texts in the visitor's language, sets the region's logo, the accent and `<html lang>`,
 * and shows it. Language, region, session and accent follow the app's own rules, from the same modules.
 */
import { logoUrl, regionDefaultColor } from '@contract/brand';
import { LOCALE_LANGUAGE, LOCALES, type Language } from '@contract/enums';
import { intlTag, LOCALE_STORAGE_KEY, resolveLocale } from '@contract/locale-choice';
import { applyAccent } from '@/lib/color';
import { currentRegion } from '@/lib/region';
import { hasSession } from '@/lib/session-cookies';
import { readJson, readRaw } from '@/lib/storage';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { shellParts, type FirstPaintPlaces } from './first-paint-parts';

/** The shell's texts (its `data-text` ids) in every language, from the locale files. */
declare const FIRST_PAINT_TEXTS: Record<Language, Record<string, string>>;

/** The route tree's pages and the page the guard signs in at (scripts/route-places.ts, decision 091). */
declare const FIRST_PAINT_PLACES: FirstPaintPlaces;
declare const FIRST_PAINT_SIGN_IN: string;

const shell = document.getElementById('first-paint');
const parts = shellParts(FIRST_PAINT_PLACES, FIRST_PAINT_SIGN_IN, location.pathname.replace(/(.)\/+$/, '$1'), hasSession());
// A layout with no part in index.html (the documents, the error screens, the admin area) shows no shell.
if (shell && parts.some((part) => shell.querySelector(`[data-shell="${part}"]`))) {
  const locale = resolveLocale(readRaw(LOCALE_STORAGE_KEY), navigator.languages);
  const region = currentRegion();
  const texts = FIRST_PAINT_TEXTS[LOCALE_LANGUAGE[locale]];
  document.documentElement.lang = intlTag(locale);
  // The cabinet colour the person chose (kept with the user, src/lib/session.ts), else the region's (SPEC §3).
  applyAccent(readJson<{ settings?: { color?: string } | null }>('user')?.settings?.color ?? regionDefaultColor(region));
  for (const part of shell.querySelectorAll<HTMLElement>('[data-shell]')) if (!parts.includes(part.dataset.shell!)) part.remove();
  for (const element of shell.querySelectorAll<HTMLElement>('[data-text]'))
    element.textContent = (texts[element.dataset.text!] ?? '') + (element.dataset.suffix ?? '');
  for (const image of shell.querySelectorAll<HTMLImageElement>('img[data-logo]')) image.src = logoUrl(region);
  for (const select of shell.querySelectorAll<HTMLSelectElement>('select[data-languages]'))
    for (const option of LOCALES) select.append(new Option(LANGUAGE_NAMES[option], option, false, option === locale));
  shell.hidden = false;
} else shell?.remove();
