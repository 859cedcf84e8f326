import { BANK_FIELDS, COUNTRIES, LEGAL_TYPES, type LegalType, type SupplierGeneralInfo } from '@contract/company';
import { bankAccountBody, legalDataBody } from '@contract/schemas/company';
import type { SupplierListItem } from '@contract/schemas/supplier';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bankFields, legalFields } from '@/features/companies/fields';
import { canOpenStep, currentStep, firstUnsavedStep, initialWizard, resetWizard, syncWithServer } from '@/features/companies/wizard';
import { pickSupplier, selectableSuppliers } from '@/lib/suppliers';

const general = (patch: Partial<SupplierGeneralInfo> = {}): SupplierGeneralInfo => ({
  supplierId: '0b5c2d3e-1111-4222-8333-944445555666',
  name: 'Volga Gifts',
  country: 'RU',
  status: 'draft',
  rejectionReason: null,
  steps: { company: true, legal: false, bank: false },
  editable: true,
  submittable: false,
  cancellable: true,
  ...patch,
});

const stepsOf = (state: ReturnType<typeof initialWizard>) =>
  state.steps.map(({ step, current, completed }) => `${step}${current ? '*' : ''}${completed ? '✓' : ''}`);

describe('the wizard state (SPEC §3, §4)', () => {
  it('starts at step 1 with nothing completed, no company, ru-RU, in the region it was opened in', () => {
    const state = initialWizard('es');
    expect(stepsOf(state)).toEqual(['1*', '2', '3', '4']);
    expect(state).toMatchObject({ editMode: false, selectedSupplier: null, selectedSupplierId: null, region: 'es', language: 'ru-RU' });
  });

  it('a draft resumes at its first unsaved step', () => {
    const state = syncWithServer(initialWizard('ru'), general());
    expect(stepsOf(state)).toEqual(['1✓', '2*', '3', '4']);
    expect(state.selectedSupplierId).toBe(general().supplierId);
    expect(state.selectedSupplier).toEqual({ supplierId: general().supplierId, name: 'Volga Gifts', country: 'RU' });
    expect(firstUnsavedStep(general({ steps: { company: true, legal: true, bank: true } }))).toBe(4);
  });

  it('a rejected company opens in edit mode at step 1, every step open', () => {
    const rejected = general({
      status: 'rejected',
      rejectionReason: 'KPP',
      steps: { company: true, legal: true, bank: true },
      submittable: true,
      cancellable: false,
    });
    const state = syncWithServer(initialWizard('ru'), rejected, { current: 1, editMode: true });
    expect(stepsOf(state)).toEqual(['1*✓', '2✓', '3✓', '4']);
    expect(state.editMode).toBe(true);
    expect([1, 2, 3, 4].map((step) => canOpenStep(state, step as 1 | 2 | 3 | 4))).toEqual([true, true, true, true]);
  });

  it('a company on moderation shows the waiting step and cannot be edited', () => {
    const waiting = general({
      status: 'moderation',
      steps: { company: true, legal: true, bank: true },
      editable: false,
      cancellable: false,
    });
    const state = syncWithServer(initialWizard('ru'), waiting, { current: 1, editMode: true });
    expect(currentStep(state)).toBe(4);
    expect(state.editMode).toBe(false);
    expect(stepsOf(state)).toEqual(['1✓', '2✓', '3✓', '4*✓']);
  });

  it('no step is opened ahead of unsaved data', () => {
    const state = syncWithServer(initialWizard('ru'), general());
    expect([1, 2, 3, 4].map((step) => canOpenStep(state, step as 1 | 2 | 3 | 4))).toEqual([true, true, false, false]);
  });

  it('reset returns to step 1 with nothing completed, keeping the region', () => {
    const state = resetWizard(syncWithServer(initialWizard('kz'), general(), { editMode: true }));
    expect(state).toEqual(initialWizard('kz'));
  });
});

/** The data the form sends for a legal type when every field it shows is left empty. */
const emptyLegal = (country: (typeof COUNTRIES)[number], legalType: LegalType) => ({
  supplierId: general().supplierId,
  country,
  legalType,
  data: Object.fromEntries([...legalFields(country, legalType), 'correspondenceAddress'].map((name) => [name, ''])),
});

describe('the form shows exactly the fields the shared schema requires', () => {
  const cases = COUNTRIES.flatMap((country) => LEGAL_TYPES[country].map((legalType: LegalType) => [country, legalType] as const));

  it.each(cases)('legal data of %s %s', (country, legalType) => {
    const result = v.safeParse(legalDataBody, emptyLegal(country, legalType));
    const required = new Set((result.issues ?? []).map((issue) => issue.path?.map((item) => String(item.key)).join('.')));
    expect([...required].sort()).toEqual(
      legalFields(country, legalType)
        .map((name) => `data.${name}`)
        .sort(),
    );
  });

  it.each(COUNTRIES)('bank data of %s', (country) => {
    const result = v.safeParse(bankAccountBody, {
      supplierId: general().supplierId,
      country,
      ...Object.fromEntries(bankFields(country).map((name) => [name, ''])),
    });
    const required = new Set((result.issues ?? []).map((issue) => issue.path?.map((item) => String(item.key)).join('.')));
    expect([...required].sort()).toEqual([...BANK_FIELDS[country]].sort());
  });
});

const company = (supplierId: string, status: SupplierListItem['status'], children: SupplierListItem[] = []): SupplierListItem => ({
  supplierId,
  supplierName: supplierId,
  name: supplierId,
  status,
  roles: ['roleAdmin'],
  childrenSupplierList: { children },
});

describe('the header offers active companies only (decision 51)', () => {
  const items = [company('draft', 'draft', [company('branch', 'active')]), company('rejected', 'rejected'), company('main', 'active')];

  it('lists the active ones, branches included, in tree order', () => {
    expect(selectableSuppliers(items).map(({ item, depth }) => `${item.supplierId}:${depth}`)).toEqual(['branch:1', 'main:0']);
  });

  it('picks the stored company while it is active, else the first active one, else none', () => {
    expect(pickSupplier(items, 'main')).toBe('main');
    expect(pickSupplier(items, 'draft')).toBe('branch');
    expect(pickSupplier([company('draft', 'draft'), company('waiting', 'moderation')], 'draft')).toBeNull();
  });
});
