import type { SupplierGeneralInfo } from '@contract/company';
import type { BankAccountBody, CreateCompanyBody, LegalDataBody, SubmitBody, UpdateCompanyBody } from '@contract/schemas/company';
import type { LookupAlertSettingsBody } from '@contract/schemas/lookup-alerts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { saveFile } from '@/lib/documents';
import { get, getBlob, post } from '@/lib/http';
import { supplierKeys, supplierListQuery } from '@/lib/queries';
import { preload } from '@/lib/query-client';

/**
 * Query keys of one company, under the company list's (`['suppliers', …]`), so
 * that a change to a company can name exactly what it changed: its wizard
 * progress (general-info), its details (info), and the list when the name or
 * status shown there moves.
 */
export const companyKeys = {
  details: () => [...supplierKeys.all, 'detail'] as const,
  detail: (supplierId: string) => [...companyKeys.details(), supplierId] as const,
  general: (supplierId: string) => [...companyKeys.detail(supplierId), 'general'] as const,
  info: (supplierId: string) => [...companyKeys.detail(supplierId), 'info'] as const,
  lookupAlerts: (supplierId: string) => [...companyKeys.detail(supplierId), 'lookup-alerts'] as const,
  bik: (bik: string) => [...supplierKeys.all, 'bik', bik] as const,
};

/*
 * Screens show their own failures (next to fields, in the form, or in the page): no toasts. A company changes
 * under its admins' eyes (a moderator decides, another admin edits): each opening asks again, showing what the
 * (saved) cache holds meanwhile.
 */
export const generalInfoQuery = (supplierId: string) =>
  queryOptions({
    queryKey: companyKeys.general(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/supplier/supplier/general-info', { query: { supplierId }, signal, quiet: true }),
  });

export const supplierInfoQuery = (supplierId: string) =>
  queryOptions({
    queryKey: companyKeys.info(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/supplier/supplier/info', { query: { supplierId }, signal, quiet: true }),
  });

/** The bank of a RU BIK from the server's directory (fills the bank name); the directory changes rarely. */
export const bikQuery = (bik: string) =>
  queryOptions({
    queryKey: companyKeys.bik(bik),
    queryFn: ({ signal }) => get('/api/front/supplier/bank/bik', { query: { bik }, signal, quiet: true }),
    staleTime: 24 * 3600_000,
    retry: false,
  });

/** The person's companies: the header's list (src/lib/queries.ts), asked again whenever the companies page opens. */
export const companyListQuery = () => ({ ...supplierListQuery(), staleTime: 0 });

/*
 * Route loaders (imported by the routes on navigation, so none of this rides in the route tree every page loads):
 * each starts the queries its page reads, with the same factories.
 */
export const loadCompanies = () => preload(companyListQuery());
export const loadCompany = (supplierId: string) =>
  Promise.all([preload(generalInfoQuery(supplierId)), preload(supplierInfoQuery(supplierId))]).then(() => undefined);

/** After a step is saved: its progress is the answer; details and (when `list`) the list are read again. */
const savedStep = async (queryClient: QueryClient, general: SupplierGeneralInfo, list: boolean) => {
  queryClient.setQueryData(companyKeys.general(general.supplierId), general);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.info(general.supplierId) }),
    list ? queryClient.invalidateQueries({ queryKey: supplierKeys.lists() }) : null,
  ]);
};

/** Step 1: creates the company (its creator becomes its admin) or changes it. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompanyBody | UpdateCompanyBody) =>
      'supplierId' in body && body.supplierId
        ? post('/api/front/supplier/supplier/update', { json: body as UpdateCompanyBody, quiet: true })
        : post('/api/front/supplier/supplier/create', { json: body, quiet: true }),
    networkMode: 'always',
    onSuccess: (general) => savedStep(queryClient, general, true),
  });
}

/** Step 2. The full legal name becomes the name the list shows. */
export function useSaveLegalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LegalDataBody) => {
      await post('/api/front/supplier/legal-data/add', { json: body, quiet: true });
      return queryClient.fetchQuery({ ...generalInfoQuery(body.supplierId), staleTime: 0 });
    },
    networkMode: 'always',
    onSuccess: (general) => savedStep(queryClient, general, true),
  });
}

/** Step 3. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BankAccountBody) => {
      await post('/api/front/supplier/bank-account/add', { json: body, quiet: true });
      return queryClient.fetchQuery({ ...generalInfoQuery(body.supplierId), staleTime: 0 });
    },
    networkMode: 'always',
    onSuccess: (general) => savedStep(queryClient, general, false),
  });
}

/** Step 4: on moderation, in the interface language; the list shows the new status. */
export function useSubmitCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitBody) => post('/api/front/supplier/supplier/submit', { json: body, quiet: true }),
    networkMode: 'always',
    onSuccess: (general) => savedStep(queryClient, general, true),
  });
}

/** Cancels a draft never submitted: it leaves the list, and what was cached of it goes. */
export function useCancelCreation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplierId: string) => post('/api/front/supplier/supplier/cancel-create', { json: { supplierId }, quiet: true }),
    networkMode: 'always',
    onSuccess: async ({ supplierId }) => {
      queryClient.removeQueries({ queryKey: companyKeys.detail(supplierId) });
      await queryClient.invalidateQueries({ queryKey: supplierKeys.lists() });
    },
  });
}

/** The accepted offer (a PDF the server makes from the submitted data), saved under the name the server gives it. */
export async function downloadAcceptedOffer(supplierId: string, fileName: string): Promise<void> {
  saveFile(await getBlob('/api/front/supplier/contract/download-accepted-offer', { query: { supplierId } }), fileName);
}

/** Cardholders' balance notices on or off (decision 096): the company's details hold the saved value. */
export function useSetHolderNotices(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (holderNotices: boolean) =>
      post('/api/front/supplier/supplier/holder-notices', { json: { supplierId, holderNotices }, quiet: true }),
    networkMode: 'always',
    onSuccess: ({ holderNotices }) =>
      queryClient.setQueryData(companyKeys.info(supplierId), (info) => (info ? { ...info, holderNotices } : info)),
  });
}

/** The company's failed-lookup alert thresholds (decision 097), read on each opening of its page. */
export const lookupAlertSettingsQuery = (supplierId: string) =>
  queryOptions({
    queryKey: companyKeys.lookupAlerts(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/lookup-alerts/settings', { query: { supplierId }, signal, quiet: true }),
  });

/** Saves the thresholds: the answer is what the card shows next. */
export function useSaveLookupAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LookupAlertSettingsBody) => post('/api/front/lookup-alerts/settings', { json: body, quiet: true }),
    networkMode: 'always',
    onSuccess: (saved, { supplierId }) => queryClient.setQueryData(companyKeys.lookupAlerts(supplierId), saved),
  });
}
