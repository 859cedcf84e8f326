import { useEffect, useState } from 'react';
import { STORAGE_PREFIX } from './storage';

/**
 * What was typed survives the update reload: when the person clicks Reload in
 * the update prompt, every mounted form's values are written to sessionStorage
 * (this tab only) and put back when the same form on the same page mounts after
 * the reload. Secret fields are never written.
 */
export type DraftValues = Record<string, string | boolean>;

const DRAFTS_KEY = `${STORAGE_PREFIX}drafts`;
const SECRET_FIELDS = new Set(['password', 'repeatPassword', 'pin', 'verifyCode']);

const readStored = (): Record<string, DraftValues> => {
  try {
    const raw = sessionStorage.getItem(DRAFTS_KEY);
    sessionStorage.removeItem(DRAFTS_KEY);
    return raw ? (JSON.parse(raw) as Record<string, DraftValues>) : {};
  } catch {
    return {}; // storage disabled, or not ours
  }
};

/** The drafts written before this page load; each is handed to the first form that asks for it. */
const restored: Record<string, DraftValues> = typeof window === 'undefined' ? {} : readStored();
const mounted = new Map<string, DraftValues>();

/** A form's values typed elsewhere (a prerendered page before the app ran, decision 099), handed to it as a draft is. */
export const handOverDraft = (path: string, values: DraftValues): void => {
  restored[`${path}|${Object.keys(values).sort().join(',')}`] = values;
};

/**
 * useState for a form's values that the update reload keeps. A form is known by
 * its page and its field names; it takes back only the fields and types it has.
 */
export function useDraftedState<T extends DraftValues>(initial: T) {
  // No location when the build prerenders a page (decision 099): it has no drafts either.
  const [id] = useState(() => `${globalThis.location?.pathname ?? ''}|${Object.keys(initial).sort().join(',')}`);
  const [values, setValues] = useState<T>(() => {
    const known = Object.entries(restored[id] ?? {}).filter(([name, value]) => typeof initial[name] === typeof value);
    return { ...initial, ...Object.fromEntries(known) } as T;
  });
  useEffect(() => {
    delete restored[id]; // handed over once: coming back to the page later starts empty
  }, [id]);
  useEffect(() => {
    mounted.set(id, values);
    return () => {
      if (mounted.get(id) === values) mounted.delete(id);
    };
  }, [id, values]);
  return [values, setValues] as const;
}

/** Just before the update reload. */
export const saveDrafts = (): void => {
  const drafts: Record<string, DraftValues> = {};
  for (const [id, values] of mounted) drafts[id] = Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELDS.has(name)));
  try {
    sessionStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
  } catch {
    // Full or disabled storage: the reload goes ahead, as it would without drafts.
  }
};
