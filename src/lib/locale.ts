import type { MessageFormatElement } from 'react-intl';
import { LOCALE_LANGUAGE, type Language, type Locale } from '@/contract/enums';
import { intlTag, LOCALE_STORAGE_KEY, resolveLocale } from './locale-choice';
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
 * layouts. The service worker precaches them all. Language files have two-letter
 * names; the translators' notes (docs/translator-notes.json) never ship.
 */
const publicParts = import.meta.glob<Messages>('../../locales/??.json', { import: 'default', query: '?part=public' });
const portalParts = import.meta.glob<Messages>('../../locales/??.json', { import: 'default', query: '?part=portal' });

const loadParts = async (locale: Locale, portal: boolean): Promise<Messages> => {
  const path = `../../locales/${languageOf(locale)}.json`;
  const loaders = [publicParts[path], ...(portal ? [portalParts[path]] : [])];
  const parts = await Promise.all(loaders.map((load) => (load ? load() : Promise.reject(new Error(`No messages for ${locale}`)))));
  return Object.assign({}, ...parts) as Messages;
};

// --- the wanted locale (persisted at once) and the messages loaded for it

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Locale = resolveLocale(readRaw(LOCALE_STORAGE_KEY), globalThis.navigator?.languages ?? []);

export const getLocale = (): Locale => current;
export const subscribeLocale = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export interface LoadedMessages {
  locale: Locale;
  messages: Messages;
  portal: boolean;
}

/** What react-intl renders with: it changes only once the new messages are in, so no id ever flashes. */
export const messagesStore = createStore<LoadedMessages | null>(null);
let wantPortal = false;

export const loadLocaleMessages = async (locale: Locale = current): Promise<void> => {
  const portal = wantPortal;
  const messages = await loadParts(locale, portal);
  if (locale === current) messagesStore.set({ locale, messages, portal });
};

/** The signed-in layouts call this before they render. */
export const includePortalMessages = async (): Promise<void> => {
  wantPortal = true;
  const loaded = messagesStore.get();
  if (loaded?.portal && loaded.locale === current) return;
  await loadLocaleMessages(current);
};

export const setLocale = (locale: Locale): void => {
  writeRaw(LOCALE_STORAGE_KEY, locale);
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
  loadLocaleMessages(locale).catch((error: unknown) => console.error('Could not load messages', error));
};
