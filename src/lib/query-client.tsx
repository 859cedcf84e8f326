import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { onlineManager, QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createStore as createIdbStore, del, get, set } from 'idb-keyval';
import type { ReactNode } from 'react';
import { HttpError, setAuthHooks } from './http';
import { isOnline, subscribeOnline } from './online';
import { supplierKeys } from './queries';
import { userStore } from './session';

/**
 * The query cache of the signed-in portal. It is loaded with the first
 * signed-in route, not with /login, to keep the sign-in page light. It is kept
 * in IndexedDB for a day, so pages already seen open offline with their last
 * data; logout and a 401 wipe it (wipeQueryCache).
 */
export const CACHE_MAX_AGE_MS = 24 * 3600_000;
/** The app version: a new build drops the saved cache (its shape may have changed). */
export const APP_VERSION = `${import.meta.env.VITE_APP_VERSION as string}+${import.meta.env.VITE_BUILD_ID as string}`;
export const QUERY_CACHE_DB = { database: 'certdesk', store: 'query-cache', key: 'queries' } as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Kept at least as long as the saved copy may be restored.
      gcTime: CACHE_MAX_AGE_MS,
      // Only a lost connection or a server fault is worth another try; a busy server was already tried again by the client (decision 068).
      retry: (count, error) =>
        count < 2 && error instanceof HttpError && (error.kind === 'network' || (error.status >= 500 && error.code !== 'SERVER_BUSY')),
    },
  },
});

// A company that blocked the person leaves the header's list; the selection moves to another (src/lib/suppliers.ts).
setAuthHooks({ onMembershipBlocked: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.lists() }) });

// Queries wait (paused, not failed) while our online state says the server is out of reach, and resume when it is back.
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return subscribeOnline(() => setOnline(isOnline()));
});

const idb = createIdbStore(QUERY_CACHE_DB.database, QUERY_CACHE_DB.store);

export const persister = createAsyncStoragePersister({
  key: QUERY_CACHE_DB.key,
  throttleTime: 500,
  storage: {
    getItem: (key) => get<string>(key, idb),
    // Nothing is written once the session is over: a save still queued by the throttle must not bring the data back.
    setItem: async (key, value: string) => {
      if (userStore.get().user !== null) await set(key, value, idb);
    },
    removeItem: (key) => del(key, idb),
  },
});

/** Logout and 401: a shared till must not show the last person's data, in memory or on disk. */
export const wipeQueryCache = async (): Promise<void> => {
  queryClient.clear();
  await persister.removeClient();
};

export function QueryProvider({ children }: { children: ReactNode }) {
  // The user is part of the buster as well: a cache saved by someone else (a session that ended without a logout) is dropped.
  const buster = `${APP_VERSION}:${userStore.get().user?.id ?? ''}`;
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: CACHE_MAX_AGE_MS,
        buster,
        // Mutations are never saved: nothing that changes data on the server runs later by itself.
        dehydrateOptions: { shouldDehydrateMutation: () => false },
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}

/**
 * A route loader's part: the page's data starts loading with the navigation, and
 * the page opens when it is there (or failed: the page shows why). Offline the
 * page opens at once with what the saved cache holds; its queries wait for the
 * connection. The first page of a visit does not wait either: the app draws its
 * frame at once, with the page's pending state in it, rather than leave the frame
 * empty until a slow answer comes (decision 085; index.html's shell is up until
 * that first render, src/main.tsx).
 */
/** Why a route loader runs (TanStack Router's `cause`). */
export type LoadCause = 'enter' | 'stay' | 'preload';

export const preload = async <Data, Key extends QueryKey>(
  options: FetchQueryOptions<Data, Error, Data, Key>,
  cause?: LoadCause,
): Promise<void> => {
  const running = queryClient.prefetchQuery(options);
  // A page that stays (new filters in its address) keeps what it shows while the next answer comes: no pending state.
  if (isOnline() && cause !== 'stay' && !document.getElementById('first-paint')) await running;
};
