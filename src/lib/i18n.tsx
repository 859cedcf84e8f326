import type { Locale } from '@contract/enums';
import { isLimitCode, type FieldError } from '@contract/errors';
import { intlTag } from '@contract/locale-choice';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl, type IntlShape } from 'react-intl';
import { failureMessage } from './http';
import { formatTag, getLocale, messagesStore, subscribeLocale } from './locale';
import type { MessageId } from './message-id';
import { useStore } from './use-store';

export const useLocale = (): Locale => useSyncExternalStore(subscribeLocale, getLocale, getLocale);

/** Keeps react-intl on the loaded messages; `<html lang>` follows (SPEC §1), dates and numbers in what the browser can write. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const loaded = useStore(messagesStore);
  const locale = loaded?.locale ?? getLocale();
  const tag = intlTag(locale);
  useEffect(() => {
    document.documentElement.lang = tag;
  }, [tag]);
  return (
    <IntlProvider locale={formatTag(locale)} messages={loaded?.messages} defaultLocale="ru-RU" onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}

const onIntlError = (error: { code?: string; message: string }) => {
  // A missing translation falls back to the id; the locale parity test keeps that from shipping.
  if (import.meta.env.DEV) console.warn(error.message);
};

/**
 * Error code, or a field's error with its limit → localised text ("Maximum length 45"); the generic error when the
 * code has no message, or names a limit it did not bring.
 */
export function fieldErrorText(intl: IntlShape, error: FieldError): string {
  const { code, limit } = typeof error === 'string' ? { code: error, limit: undefined } : error;
  // Every code has an id (the compiler checks); the loaded part may not hold it yet (vite.config.ts PUBLIC_ERROR_CODES).
  const id: MessageId = `error.${code}`;
  const known = intl.messages[id] !== undefined && (limit !== undefined || !isLimitCode(code));
  return known ? intl.formatMessage({ id }, limit) : intl.formatMessage({ id: 'error.generic' });
}

/** `fieldErrorText` in the current language; null for no error. */
export function useErrorText() {
  const intl = useIntl();
  return useCallback((error: FieldError | null | undefined): string | null => (error ? fieldErrorText(intl, error) : null), [intl]);
}

/** A failed call → localised text (SPEC §8). */
export function useFailureText() {
  const intl = useIntl();
  return useCallback(
    (error: unknown): string => {
      const { id, values } = failureMessage(error);
      return intl.messages[id] ? intl.formatMessage({ id }, values) : intl.formatMessage({ id: 'error.generic' });
    },
    [intl],
  );
}
