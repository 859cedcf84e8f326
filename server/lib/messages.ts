import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '@contract/enums';

const LOCALES_ROOT = fileURLToPath(new URL('../../locales/', import.meta.url));
const loaded = new Map<Language, Readonly<Record<string, string>>>();

/**
 * The PWA's own messages in a language, for a file the server writes with the screen's words (the audit log's
 * actions): one text for both, read once per process.
 */
export function messagesOf(language: Language): Readonly<Record<string, string>> {
  let messages = loaded.get(language);
  if (!messages) {
    messages = JSON.parse(readFileSync(`${LOCALES_ROOT}${language}.json`, 'utf8')) as Record<string, string>;
    loaded.set(language, messages);
  }
  return messages;
}

/** A message's simple `{name}` arguments filled in (the words a file takes have no plurals or selects). */
export const fill = (message: string, values: Record<string, string>): string =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
