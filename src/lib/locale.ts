import { LOCALE_LANGUAGE, type Language, type Locale } from '@contract/enums';
import { intlTag, LOCALE_STORAGE_KEY, resolveLocale } from '@contract/locale-choice';
import { cookieText } from '@contract/sign-in';
import type { MessageFormatElement } from 'react-intl';
import type { MessageId } from './message-id';
import { readRaw, writeRaw } from './storage';
import { createStore } from './store';

/** Whether the browser can write the tag's dates: Chromium knows no Belarusian and no Kazakh month ("M11"). */
const writesDates = (tag: string) =>
  Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 && !/\d/.test(new Intl.DateTimeFormat(tag, { month: 'long' }).format(0));

/** The tag dates and numbers are written in: the language's own where the browser has it, else Russian, also read in Kazakhstan and Belarus. */
export const formatTag = (locale: Locale): string => {
  const tag = intlTag(locale);
  return (tag === 'kk-KZ' || tag === 'be-BY') && !writesDates(tag) ? `ru-${tag.slice(3)}` : tag;
};

export const languageOf = (locale: Locale): Language => LOCALE_LANGUAGE[locale];

/**
 * Messages by id, compiled to the ICU AST at build time. Typed as the whole
 * catalogue, though the `public` part alone holds only some ids: react-intl shows
 * an id it lacks as is, and the signed-in layouts load the rest before they render.
 */
export type Messages = Record<MessageId, MessageFormatElement[]>;

/**
 * One chunk per language and part (see vite.config.ts): only the chosen
 * language is downloaded; `public` comes first, `portal` with the signed-in
 * layouts and the till, `office` with the desktop sections (decision 073), from
 * the portal part's `loadOffice`. The service worker precaches them all. Language
 * files have two-letter names; the translators' notes (docs/translator-notes.json)
 * never ship.
 */
interface Part {
  default: Messages;
}
const publicParts = import.meta.glob<Part>('../../locales/??.json', { query: '?part=public' });
const portalParts = import.meta.glob<Part & { loadOffice: () => Promise<Part> }>('../../locales/??.json', { query: '?part=portal' });

/** How much of the catalogue a page needs: each level includes the ones before it. */
export type MessageLevel = 'public' | PageMessages;
/** What a signed-in page waits for (its route's `staticData.messages`). */
export type PageMessages = 'portal' | 'office';

// A language without a file is a build fault: the lookup throws, and the load rejects.
const loadParts = async (locale: Locale, level: MessageLevel): Promise<Messages> => {
  const path = `../../locales/${languageOf(locale)}.json`;
  const portal = level === 'public' ? undefined : portalParts[path]!();
  const office = level === 'office' ? portal?.then((part) => part.loadOffice()) : undefined;
  const parts = await Promise.all([publicParts[path]!(), portal, office]);
  return Object.assign({}, ...parts.map((part) => part?.default)) as Messages;
};

// --- the wanted locale (persisted at once) and the messages loaded for it

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Locale = resolveLocale(readRaw(LOCALE_STORAGE_KEY), globalThis.navigator?.languages ?? []);

/**
 * The chosen locale, mirrored in a cookie of the same name for a year: the server picks the prerendered page in it
 * (decision 099). Written again at every start, so a choice made before the mirror existed reaches the server too.
 */
const mirrorChoice = (locale: Locale | null): void => {
  if (locale && typeof document !== 'undefined')
    document.cookie = cookieText(LOCALE_STORAGE_KEY, locale, 365 * 24 * 3600, location.protocol === 'https:');
};
mirrorChoice(readRaw(LOCALE_STORAGE_KEY) === current ? current : null);

export const getLocale = (): Locale => current;
export const subscribeLocale = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export interface LoadedMessages {
  locale: Locale;
  messages: Messages;
  level: MessageLevel;
}

/** What react-intl renders with: it changes only once the new messages are in, so no id ever flashes. */
export const messagesStore = createStore<LoadedMessages | null>(null);
/** The most any page of this visit has needed: a change of language loads that much again. */
let wanted: MessageLevel = 'public';

export const loadLocaleMessages = async (locale: Locale = current): Promise<void> => {
  const level = wanted;
  const messages = await loadParts(locale, level);
  // A load of less than is wanted now (the till's, overtaken by a desktop page) gives way to the load of more.
  if (locale === current && level === wanted) messagesStore.set({ locale, messages, level });
};

/** Pages call this before they render: the signed-in layouts and the till `portal`, the desktop sections `office` (the default). */
export const includeMessages = async (level: PageMessages = 'office'): Promise<void> => {
  if (wanted !== 'office') wanted = level;
  const loaded = messagesStore.get();
  if (loaded?.locale !== current || loaded.level !== wanted) await loadLocaleMessages(current);
};

export const setLocale = (locale: Locale): void => {
  writeRaw(LOCALE_STORAGE_KEY, locale);
  mirrorChoice(locale);
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
  loadLocaleMessages(locale).catch((error: unknown) => console.error('Could not load messages', error));
};
