import { REGION_LOCALE } from '@contract/enums';
import type { SetSettingsBody } from '@contract/schemas/account';
import type { ChangePasswordBody } from '@contract/schemas/auth';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { get, post } from './http';
import { setLocale } from './locale';
import { mainStore } from './main-store';
import { hasSession, readTokens, refreshIfNearExpiry, setAccount, userStore } from './session';
import { selectedSupplier, setSuppliers, supplierStore } from './suppliers';
import { useStore } from './use-store';

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

export const accountInfoQuery = () =>
  queryOptions({ queryKey: accountKeys.info(), queryFn: ({ signal }) => get('/api/front/user/account/get-info', { signal }) });

export const settingsQuery = () =>
  queryOptions({ queryKey: accountKeys.settings(), queryFn: ({ signal }) => get('/api/front/user/account/get-settings', { signal }) });

export const supplierListQuery = () =>
  queryOptions({
    queryKey: supplierKeys.lists(),
    queryFn: async ({ signal }) => {
      const index = await get('/api/front/supplier/supplier/index', { signal });
      setSuppliers(index.supplierItems);
      return index.supplierItems;
    },
  });

export const saveSettings = (json: SetSettingsBody) => post('/api/front/user/account/set-settings', { json, quiet: true });

/** The user an access token (a JWT) is for: its `sub`, read, not trusted — the server checks the token. */
const tokenUser = (accessToken = ''): unknown => {
  try {
    return JSON.parse(atob(accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub;
  } catch {
    return null;
  }
};

/**
 * The navigation guard's session step (SPEC §4): a token near expiry is
 * refreshed; when the roles are not loaded, the user info and settings are
 * fetched (any failure is thrown: the caller resets the session). On the Spanish
 * site a stored ru-RU language becomes es-ES; it is saved to the server only for
 * a person registered there (decision 79). A stored user who is not the token's is loaded afresh: a form post signed
 * someone else in before the app ran (decision 100), or a session ended without a logout; the saved query cache,
 * whose buster is the user's id, is then not theirs either (the layouts that restore it render after this step).
 */
export async function ensureAccount(queryClient: QueryClient): Promise<'anonymous' | 'ready'> {
  if (!hasSession()) return 'anonymous';
  await refreshIfNearExpiry();
  const { user, roles } = userStore.get();
  if (roles && user && user.id === tokenUser(readTokens()?.accessToken)) return 'ready';
  mainStore.set((state) => ({ ...state, isLoading: true }));
  try {
    const [info, fetched] = await Promise.all([queryClient.fetchQuery(accountInfoQuery()), queryClient.fetchQuery(settingsQuery())]);
    let settings = fetched;
    let language = settings.language;
    if (mainStore.get().region === 'es' && language === 'ru-RU') {
      language = REGION_LOCALE.es;
      // Someone from another region keeps their cabinet language for the other sites and their mail: this site alone
      // speaks Spanish to them.
      if (info.region === 'es') {
        settings = await saveSettings({ preferredLanguage: language });
        queryClient.setQueryData(accountKeys.settings(), settings);
      }
    }
    setAccount(info, settings);
    setLocale(language);
    // The header needs the companies; a failure here is not a reason to sign out.
    await queryClient.fetchQuery(supplierListQuery()).catch(() => undefined);
    return 'ready';
  } finally {
    mainStore.set((state) => ({ ...state, isLoading: false }));
  }
}

/** Used by the password-reset flow (no current password, inside the reset window) and the profile page. */
export const changePassword = (json: ChangePasswordBody) => post('/api/front/auth/change-password', { json, quiet: true });

/** The company the signed-in pages are about: the one selected in the header (their routes require one); for loaders. */
export const selectedSupplierId = (): string | null => selectedSupplier(supplierStore.get())?.supplierId ?? null;

/** The same, as a page follows it: choosing another company in the header shows that company's data. */
export const useSupplierId = (): string | null => selectedSupplier(useStore(supplierStore))?.supplierId ?? null;
