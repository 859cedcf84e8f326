import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { REGION_LOCALE } from '@/contract/enums';
import type { AccountInfo, SetSettingsBody, UserSettings } from '@/contract/schemas/account';
import type { SupplierIndex } from '@/contract/schemas/supplier';
import { get, post } from './http';
import { setLocale } from './locale';
import { mainStore } from './main-store';
import { ACCOUNT, AUTH, SUPPLIER } from './paths';
import { hasSession, refreshIfNearExpiry, setAccount, userStore } from './session';
import { setSuppliers } from './suppliers';

/** Query keys of what several features share: the account and the company list. */
export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
};

export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
};

export const accountInfoQuery = () => queryOptions({ queryKey: accountKeys.info(), queryFn: ({ signal }) => get<AccountInfo>(ACCOUNT.getInfo, { signal }) });

export const settingsQuery = () =>
  queryOptions({ queryKey: accountKeys.settings(), queryFn: ({ signal }) => get<UserSettings>(ACCOUNT.getSettings, { signal }) });

export const supplierListQuery = () =>
  queryOptions({
    queryKey: supplierKeys.lists(),
    queryFn: async ({ signal }) => {
      const index = await get<SupplierIndex>(SUPPLIER.index, { signal });
      setSuppliers(index.supplierItems);
      return index.supplierItems;
    },
  });

export const saveSettings = async (body: SetSettingsBody): Promise<UserSettings> => {
  const saved = await post<UserSettings | null>(ACCOUNT.setSettings, body, { quiet: true });
  return saved ?? { language: body.preferredLanguage, color: body.preferredColor };
};

/**
 * The navigation guard's session step (SPEC §4): a token near expiry is
 * refreshed; when the roles are not loaded, the user info and settings are
 * fetched (any failure is thrown: the caller resets the session). On the Spanish
 * site a stored ru-RU language becomes es-ES, saved to the server.
 */
export async function ensureAccount(queryClient: QueryClient): Promise<'anonymous' | 'ready'> {
  if (!hasSession()) return 'anonymous';
  await refreshIfNearExpiry();
  if (userStore.get().roles && userStore.get().user) return 'ready';
  mainStore.set((state) => ({ ...state, isLoading: true }));
  try {
    const [info, fetched] = await Promise.all([queryClient.fetchQuery(accountInfoQuery()), queryClient.fetchQuery(settingsQuery())]);
    let settings = fetched;
    const { region } = mainStore.get();
    if (region === 'es' && settings.language === 'ru-RU') {
      settings = await saveSettings({ preferredLanguage: REGION_LOCALE.es, preferredColor: settings.color });
      queryClient.setQueryData(accountKeys.settings(), settings);
    }
    setAccount(info, settings);
    setLocale(settings.language);
    // The header needs the companies; a failure here is not a reason to sign out.
    await queryClient.fetchQuery(supplierListQuery()).catch(() => undefined);
    return 'ready';
  } finally {
    mainStore.set((state) => ({ ...state, isLoading: false }));
  }
}

/** Used by the password-reset flow and the profile page. */
export const changePassword = (body: { password: string; repeatPassword: string }): Promise<unknown> =>
  post(AUTH.changePassword, body, { quiet: true });
