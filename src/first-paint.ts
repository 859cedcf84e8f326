/**
 * The first paint (decision 070). Built into index.html as an inline classic script (scripts/first-paint.ts), it
 * runs while the page is parsed, before any of the app has arrived: it keeps the part of the static shell that this
 * visit will see, writes its texts in the visitor's language, sets the region's logo, the accent and `<html lang>`,
 * and shows it. Language, region, session and accent follow the app's own rules, from the same modules.
 */
import { logoUrl, regionDefaultColor } from '@contract/brand';
import { LOCALE_LANGUAGE, LOCALES, type Language } from '@contract/enums';
import { applyAccent } from '@/lib/color';
import { intlTag, LOCALE_STORAGE_KEY, resolveLocale } from '@/lib/locale-choice';
import { currentRegion } from '@/lib/region';
import { hasSession } from '@/lib/session-cookies';
import { readJson, readRaw } from '@/lib/storage';
import { LANGUAGE_NAMES } from '@/ui/language-names';

/** The shell's texts (its `data-text` ids) in every language, from the locale files. */
declare const FIRST_PAINT_TEXTS: Record<Language, Record<string, string>>;

/** Signed-out pages with forms of their own: the auth layout without the sign-in form. */
const SIGNED_OUT_FORMS = new Set([
  '/register',
  '/password-reset-email',
  '/password-reset-code',
  '/password-reset',
  '/confirm-email',
  '/invitation',
  '/auth-correction',
]);
/** Screens of another layout: the documents and the error screens; signed in, the admin area too. */
const OTHER_LAYOUT = /^\/(contacts|content|403|404)(\/|$)/;
const ADMIN_AREA = /^\/admin(\/|$)/;

/** The parts of the shell (`data-shell`) this visit will see first; none where the app shows another layout. */
const shellParts = (path: string, signedIn: boolean): string[] => {
  if (OTHER_LAYOUT.test(path)) return [];
  if (signedIn) {
    if (ADMIN_AREA.test(path)) return [];
    return path === '/redemption' ? ['app', 'till'] : ['app'];
  }
  // Any other page sends an anonymous visitor to the sign-in form (the route guard).
  return SIGNED_OUT_FORMS.has(path) ? ['auth'] : ['auth', 'login'];
};

const shell = document.getElementById('first-paint');
const parts = shellParts(location.pathname.replace(/(.)\/+$/, '$1'), hasSession());
if (shell && parts.length > 0) {
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
