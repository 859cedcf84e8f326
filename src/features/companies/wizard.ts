import type { SupplierGeneralInfo } from '@contract/company';
import { DEFAULT_LOCALE, type Country, type Locale, type Region } from '@contract/enums';
import { readJson, writeJson } from '@/lib/storage';
import { createStore } from '@/lib/store';

/**
 * SPEC §3 "Supplier creation wizard state": four steps, each with step,
 * current and completed; the edit mode; the selected supplier and its id; the
 * region; the language (ru-RU until the company is submitted in another). SPEC
 * §4: the first step is current initially; reset returns to step 1 with
 * nothing completed. The server holds what each step saved (general-info), so
 * the state is brought in line with it whenever that answer arrives.
 */
export const WIZARD_STEPS = [1, 2, 3, 4] as const;
export type StepNumber = (typeof WIZARD_STEPS)[number];

export interface WizardStep {
  step: StepNumber;
  current: boolean;
  completed: boolean;
}

export interface WizardState {
  steps: WizardStep[];
  /** Changing a company whose data is all saved (a rejected one, or an edit from its page): every step may be opened. */
  editMode: boolean;
  selectedSupplier: { supplierId: string; name: string; country: Country } | null;
  selectedSupplierId: string | null;
  region: Region;
  language: Locale;
}

export const initialWizard = (region: Region): WizardState => ({
  steps: WIZARD_STEPS.map((step) => ({ step, current: step === 1, completed: false })),
  editMode: false,
  selectedSupplier: null,
  selectedSupplierId: null,
  region,
  language: DEFAULT_LOCALE,
});

/** Back to step 1 with nothing completed and no company: the next save creates a new one. */
export const resetWizard = (state: WizardState): WizardState => initialWizard(state.region);

export const currentStep = (state: WizardState): StepNumber => state.steps.find((item) => item.current)?.step ?? 1;

export const goToStep = (state: WizardState, step: StepNumber): WizardState => ({
  ...state,
  steps: state.steps.map((item) => ({ ...item, current: item.step === step })),
});

/** What the server says is saved; step 4 is completed once the company has been submitted (no longer a draft or rejected). */
export const savedSteps = (general: SupplierGeneralInfo): Record<StepNumber, boolean> => ({
  1: general.steps.company,
  2: general.steps.legal,
  3: general.steps.bank,
  4: !general.editable,
});

/** The first step whose data is not saved yet: where a draft resumes. */
export const firstUnsavedStep = (general: SupplierGeneralInfo): StepNumber => {
  const saved = savedSteps(general);
  return WIZARD_STEPS.find((step) => !saved[step]) ?? 4;
};

export interface SyncOptions {
  /** Open this step (after a save, the next one); by default the first unsaved step (resume). */
  current?: StepNumber;
  editMode?: boolean;
}

/** The state for a company as the server describes it. A company that is not editable shows step 4 (waiting). */
export const syncWithServer = (state: WizardState, general: SupplierGeneralInfo, options: SyncOptions = {}): WizardState => {
  const saved = savedSteps(general);
  const current = general.editable ? (options.current ?? firstUnsavedStep(general)) : 4;
  return {
    ...state,
    steps: WIZARD_STEPS.map((step) => ({ step, current: step === current, completed: saved[step] })),
    editMode: general.editable && (options.editMode ?? state.editMode),
    selectedSupplier: { supplierId: general.supplierId, name: general.name, country: general.country },
    selectedSupplierId: general.supplierId,
  };
};

/** A step may be opened when it is completed, or when every step before it is (no skipping ahead of unsaved data). */
export const canOpenStep = (state: WizardState, step: StepNumber): boolean =>
  state.steps.filter((item) => item.step < step).every((item) => item.completed) || Boolean(state.steps[step - 1]?.completed);

const STORAGE_NAME = 'supplierWizard';

const isWizardState = (value: unknown): value is WizardState =>
  typeof value === 'object' && value !== null && Array.isArray((value as WizardState).steps) && (value as WizardState).steps.length === 4;

/** Persisted like the user, supplier and main stores (SPEC §3 client storage); logout clears it with them. */
export const createWizardStore = (region: Region) => {
  const stored = readJson<unknown>(STORAGE_NAME);
  // The region is the host's, never a stored one (a draft started on ru.localhost opened on es.localhost).
  const initial = isWizardState(stored) ? { ...stored, region } : initialWizard(region);
  return createStore<WizardState>(initial, (state) => writeJson(STORAGE_NAME, state));
};
