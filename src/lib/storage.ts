/**
 * Client storage of SPEC §3: tokens in cookies with path `/`, everything else
 * in localStorage under keys prefixed with the portal's name.
 */
export const STORAGE_PREFIX = 'certdesk.';

const safeLocalStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser (private mode, policies)
  }
};

export const readRaw = (key: string): string | null => safeLocalStorage()?.getItem(key) ?? null;
export const writeRaw = (key: string, value: string | null): void => {
  const store = safeLocalStorage();
  if (!store) return;
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
};

export const readJson = <T>(name: string): T | null => {
  const raw = readRaw(STORAGE_PREFIX + name);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

export const writeJson = (name: string, value: unknown): void =>
  writeRaw(STORAGE_PREFIX + name, value === null || value === undefined ? null : JSON.stringify(value));

/** Removes every prefixed key (logout clears the user, supplier and main stores). */
export const clearPrefixed = (): void => {
  const store = safeLocalStorage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(STORAGE_PREFIX)) store.removeItem(key);
};

export const readCookie = (name: string): string | null => {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
};

/** maxAgeSeconds undefined: a session cookie that ends with the browser. */
export const writeCookie = (name: string, value: string, maxAgeSeconds?: number): void => {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${age}${secure}`;
};

export const deleteCookie = (name: string): void => {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
};
