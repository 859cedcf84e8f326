import { useEffect, useRef } from 'react';
import { mainStore } from '@/lib/main-store';
import { createWizardStore } from './wizard';

/** The one wizard of this browser (SPEC §3), persisted under `certdesk.supplierWizard`. */
export const wizardStore = createWizardStore(mainStore.get().region);

/**
 * What was typed into a step and not saved yet, kept while the portal is open:
 * going back a step and forth again finds it as it was left. Keyed by company,
 * step and country (a country change makes the requisites typed for the old one
 * meaningless). Dropped with the wizard's reset.
 */
const unsaved = new Map<string, Record<string, string | boolean>>();

export const clearStepDrafts = (): void => unsaved.clear();

export function stepDraft<T extends Record<string, string | boolean>>(key: string, fromServer: T): T {
  const kept = unsaved.get(key);
  return kept ? ({ ...fromServer, ...kept } as T) : fromServer;
}

/**
 * Keeps the latest values of a step form under `key` when the step is left unsaved. Returns `saved`, to call once
 * the server has the step: from then on the step is read back from the server.
 */
export function useKeepStepDraft(key: string, values: Record<string, string | boolean>): () => void {
  const latest = useRef<Record<string, string | boolean> | null>(values);
  useEffect(() => {
    if (latest.current !== null) latest.current = values;
  }, [values]);
  useEffect(
    () => () => {
      if (latest.current !== null) unsaved.set(key, latest.current);
    },
    [key],
  );
  return () => {
    latest.current = null;
    unsaved.delete(key);
  };
}
