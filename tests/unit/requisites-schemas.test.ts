import { EMPTY_BANK_DATA, LEGAL_TYPES, TAX_ID_FIELD, type BankData, type LegalData } from '@contract/company';
import type { Country } from '@contract/enums';
import { fieldError, issueLimit, type ErrorCode, type FieldError } from '@contract/errors';
import {
  bankAccountBody,
  bikQuery,
  createCompanyBody,
  legalDataBody,
  rejectBody,
  submitBody,
  supplierIdQuery,
  updateCompanyBody,
  type BankAccountOutput,
  type LegalDataBody,
  type LegalDataOutput,
} from '@contract/schemas/company';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';

/*
 * What the form shows and the server answers: the path of each issue (as the server's `fields` and the form's
 * errors join it) and its code. The samples are the published numbers of requisites-rules.test.ts.
 */

const supplierId = '0b6f4d1e-4a3c-4f6e-9d7a-2c1e5b8a9f01';

/**
 * Path → the first issue there, as `issuesToError` (server) and `validate` (form) build them: its code, with its
 * limit when the code names one.
 */
const issues = (schema: v.GenericSchema, input: unknown, config?: v.Config<v.BaseIssue<unknown>>): Record<string, FieldError> => {
  const result = v.safeParse(schema, input, config);
  if (result.success) return {};
  const fields: Record<string, FieldError> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    fields[key] ??= fieldError(issue.message as ErrorCode, issueLimit(issue));
  }
  return fields;
};
const output = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input);
  expect(result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`)).toEqual([]);
  return result.output as v.InferOutput<S>;
};

const TAX_IDS: Record<Country, { organisation: string; person: string }> = {
  RU: { organisation: '7707083893', person: '005826107187' },
  BY: { organisation: '100325912', person: 'MA1953684' },
  KZ: { organisation: '971240001315', person: '791028302728' },
  ES: { organisation: 'A58818501', person: '12345678Z' },
};

describe('createCompanyBody and updateCompanyBody', () => {
  const company = { tin: '7707083893', name: 'Сбербанк', country: 'RU', webSite: 'https://www.sberbank.ru' };

  it('accepts each country’s tax id and normalises what people type', () => {
    expect(output(createCompanyBody, company)).toEqual({ ...company, parentSupplierId: null });
    expect(output(createCompanyBody, { tin: ' 591 705 582', name: ' Belarus Co ', country: 'BY', webSite: 'belarusbank.by' })).toEqual({
      tin: '591705582',
      name: 'Belarus Co',
      country: 'BY',
      webSite: 'https://belarusbank.by',
      parentSupplierId: null,
    });
    expect(output(createCompanyBody, { tin: '971 240 001 315', name: 'Kaspi', country: 'KZ', webSite: 'kaspi.kz' }).tin).toBe(
      '971240001315',
    );
    expect(output(createCompanyBody, { tin: 'a-58818501', name: 'CaixaBank', country: 'ES', webSite: 'caixabank.es' }).tin).toBe(
      'A58818501',
    );
    expect(output(createCompanyBody, { ...company, parentSupplierId: supplierId }).parentSupplierId).toBe(supplierId);
  });

  it('codes the tax id by the country’s rules at `tin`', () => {
    expect(issues(createCompanyBody, { ...company, tin: '' })).toEqual({ tin: 'TIN_EMPTY' });
    expect(issues(createCompanyBody, { ...company, tin: undefined })).toEqual({ tin: 'TIN_EMPTY' });
    expect(issues(createCompanyBody, { ...company, tin: '77070838a3' })).toEqual({ tin: 'TIN_DIGITS_ONLY' });
    expect(issues(createCompanyBody, { ...company, tin: '770708389' })).toEqual({ tin: 'TIN_LENGTH' });
    expect(issues(createCompanyBody, { ...company, tin: '7707083894' })).toEqual({ tin: 'TIN_WRONG' });
    expect(issues(createCompanyBody, { ...company, country: 'BY' })).toEqual({ tin: 'UNP_WRONG' });
    expect(issues(createCompanyBody, { ...company, country: 'KZ', tin: '940140000386' })).toEqual({ tin: 'BIN_WRONG' });
    expect(issues(createCompanyBody, { ...company, country: 'ES', tin: 'A58818502' })).toEqual({ tin: 'WRONG_NIF' });
    expect(issues(createCompanyBody, { ...company, tin: 7707083893 })).toEqual({ tin: 'WRONG_TYPE' });
  });

  it('codes the name, the website, the country and the parent', () => {
    expect(issues(createCompanyBody, { ...company, name: '  ' })).toEqual({ name: 'REQUIRED' });
    expect(issues(createCompanyBody, { ...company, name: 'x'.repeat(101) })).toEqual({ name: { code: 'TOO_LONG', limit: { max: 100 } } });
    // The limit is the one after trimming, however long the input.
    expect(issues(createCompanyBody, { ...company, name: ` ${'x'.repeat(1000)} ` })).toEqual({
      name: { code: 'TOO_LONG', limit: { max: 100 } },
    });
    expect(issues(createCompanyBody, { ...company, webSite: '' })).toEqual({ webSite: 'REQUIRED' });
    expect(issues(createCompanyBody, { ...company, webSite: 'ftp://sberbank.ru' })).toEqual({ webSite: 'INVALID_WEBSITE' });
    expect(issues(createCompanyBody, { ...company, webSite: 'sberbank' })).toEqual({ webSite: 'INVALID_WEBSITE' });
    expect(issues(createCompanyBody, { ...company, webSite: `https://${'a'.repeat(250)}.ru` })).toEqual({
      webSite: { code: 'TOO_LONG', limit: { max: 255 } },
    });
    expect(issues(createCompanyBody, { ...company, country: 'US' })).toEqual({ country: 'UNKNOWN_VALUE' });
    expect(issues(createCompanyBody, { ...company, country: undefined })).toEqual({ country: 'REQUIRED' });
    expect(issues(createCompanyBody, { ...company, parentSupplierId: 'not-a-uuid' })).toEqual({ parentSupplierId: 'INVALID_PARENT_ID' });
    expect(issues(createCompanyBody, null)).toEqual({ '': 'WRONG_TYPE' });
  });

  it('update wants the company too', () => {
    expect(output(updateCompanyBody, { ...company, supplierId }).supplierId).toBe(supplierId);
    expect(issues(updateCompanyBody, company)).toEqual({ supplierId: 'REQUIRED' });
    // A missing key is coded like an empty field, not with valibot's English.
    expect(issues(updateCompanyBody, { supplierId, name: 'x', country: 'RU', webSite: 'a.ru' })).toEqual({ tin: 'TIN_EMPTY' });
    expect(issues(createCompanyBody, { tin: '7707083893', country: 'RU' })).toEqual({ name: 'REQUIRED', webSite: 'REQUIRED' });
    expect(issues(updateCompanyBody, { ...company, supplierId: '42' })).toEqual({ supplierId: 'SUPPLIER_NOT_FOUND' });
    expect(issues(supplierIdQuery, { supplierId: 'x' })).toEqual({ supplierId: 'SUPPLIER_NOT_FOUND' });
  });
});

const legalData = (overrides: Partial<LegalData> = {}): LegalData => ({
  legalNameFull: 'Публичное акционерное общество «Сбербанк России»',
  fio: '',
  headsFio: 'Греф Герман Оскарович',
  headsPosition: 'Президент, Председатель Правления',
  inn: '7707083893',
  bin: '',
  unp: '',
  nif: '',
  kpp: '773601001',
  ogrn: '1027700132195',
  phone: '+7 495 500-55-50',
  legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
  hasCorrespondenceAddress: false,
  correspondenceAddress: '',
  ...overrides,
});
const ruAo = (data: Partial<LegalData> = {}) => ({ supplierId, country: 'RU', legalType: 'RU_AO', data: legalData(data) });
const ruIp = (data: Partial<LegalData> = {}) => ({
  supplierId,
  country: 'RU',
  legalType: 'RU_IP',
  data: legalData({
    fio: 'Иванов Иван Иванович',
    headsFio: '',
    headsPosition: '',
    inn: '005826107187',
    kpp: '',
    ogrn: '309565808600188',
    ...data,
  }),
});

describe('legalDataBody', () => {
  it('takes and gives the LegalData shape of the contract', () => {
    expectTypeOf<LegalDataOutput['data']>().toEqualTypeOf<LegalData>();
    expectTypeOf<LegalData>().toExtend<LegalDataBody['data']>();
    expectTypeOf<Omit<BankAccountOutput, 'supplierId' | 'country'>>().toEqualTypeOf<BankData>();
  });

  it('accepts a RU organisation and normalises the phone', () => {
    const body = output(legalDataBody, ruAo());
    expect(body.legalType).toBe('RU_AO');
    expect(body.data).toEqual({ ...legalData(), phone: '+74955005550' });
  });

  it('RU organisation: head, position, KPP and a 13-digit OGRN are required', () => {
    expect(
      issues(legalDataBody, ruAo({ headsFio: '', headsPosition: ' ', kpp: '', ogrn: '', legalNameFull: '', phone: '', legalAddress: '' })),
    ).toEqual({
      'data.legalNameFull': 'REQUIRED',
      'data.headsFio': 'REQUIRED',
      'data.headsPosition': 'REQUIRED',
      'data.kpp': 'REQUIRED',
      'data.ogrn': 'REQUIRED',
      'data.phone': 'REQUIRED',
      'data.legalAddress': 'REQUIRED',
    });
    expect(issues(legalDataBody, ruAo({ kpp: '7736010A1', ogrn: '1027700132196', inn: '7707083894', phone: 'call me' }))).toEqual({
      'data.kpp': 'KPP_WRONG',
      'data.ogrn': 'OGRN_WRONG',
      'data.inn': 'TIN_WRONG',
      'data.phone': 'PHONE_INVALID',
    });
    expect(issues(legalDataBody, ruAo({ inn: '' }))).toEqual({ 'data.inn': 'TIN_EMPTY' });
    // A fixed length says which (SPEC §5 "wrong length"): KPP 9, OGRN 13.
    expect(issues(legalDataBody, ruAo({ kpp: '77360100', ogrn: '309565808600188' }))).toEqual({
      'data.kpp': { code: 'WRONG_LENGTH', limit: { length: 9 } },
      'data.ogrn': { code: 'WRONG_LENGTH', limit: { length: 13 } },
    });
    expect(issues(legalDataBody, ruAo({ ogrn: '5027700132195' }))).toEqual({ 'data.ogrn': 'OGRN_WRONG' });
    expect(issues(legalDataBody, ruAo({ inn: '005826107187' }))).toEqual({ 'data.inn': 'TIN_LEGAL_TYPE_MISMATCH' });
  });

  it('RU sole trader: own name, 12-digit INN, 15-digit OGRNIP; a leftover KPP or head is dropped', () => {
    expect(output(legalDataBody, ruIp()).data).toMatchObject({ fio: 'Иванов Иван Иванович', kpp: '', ogrn: '309565808600188' });
    const leftover = output(legalDataBody, ruIp({ kpp: '773601001', headsFio: 'Someone', headsPosition: 'Boss' })).data;
    expect(leftover).toMatchObject({ kpp: '', headsFio: '', headsPosition: '' });
    expect(issues(legalDataBody, ruIp({ fio: '', ogrn: '1027700132195', inn: '7707083893' }))).toEqual({
      'data.fio': 'REQUIRED',
      'data.ogrn': { code: 'WRONG_LENGTH', limit: { length: 15 } },
      'data.inn': 'TIN_LEGAL_TYPE_MISMATCH',
    });
  });

  it('checks only the tax-id field of the country; the others come out empty', () => {
    const data = output(legalDataBody, ruAo({ bin: '123', unp: 'x', nif: 'y' })).data;
    expect([data.bin, data.unp, data.nif]).toEqual(['', '', '']);
    expect(issues(legalDataBody, ruAo({ bin: 5 as unknown as string }))).toEqual({ 'data.bin': 'WRONG_TYPE' });
  });

  it('every country and legal type: the tax id is checked, KPP and OGRN only in RU', () => {
    for (const country of ['BY', 'KZ', 'ES'] as const) {
      for (const legalType of LEGAL_TYPES[country]) {
        const individual = legalType.endsWith('_IP') || legalType === 'ES_AUTONOMO';
        const field = TAX_ID_FIELD[country];
        const data = legalData({
          inn: '',
          kpp: '773601001',
          ogrn: '1027700132195',
          fio: individual ? 'Person Name' : '',
          [field]: individual ? TAX_IDS[country].person : TAX_IDS[country].organisation,
        });
        const body = output(legalDataBody, { supplierId, country, legalType, data });
        expect(body.data[field], legalType).toBe(individual ? normalized(TAX_IDS[country].person) : TAX_IDS[country].organisation);
        expect([body.data.kpp, body.data.ogrn, body.data.inn], legalType).toEqual(['', '', '']);
        expect(issues(legalDataBody, { supplierId, country, legalType, data: { ...data, [field]: '' } }), legalType).toEqual({
          [`data.${field}`]: 'TIN_EMPTY',
        });
      }
    }
  });

  it('a sole trader’s number for a company and the other way round is TIN_LEGAL_TYPE_MISMATCH (KZ, ES)', () => {
    const body = (country: Country, legalType: string, taxId: string) => ({
      supplierId,
      country,
      legalType,
      data: legalData({ inn: '', kpp: '', ogrn: '', fio: 'Person Name', [TAX_ID_FIELD[country]]: taxId }),
    });
    expect(issues(legalDataBody, body('KZ', 'KZ_IP', '971240001315'))).toEqual({ 'data.bin': 'TIN_LEGAL_TYPE_MISMATCH' });
    expect(issues(legalDataBody, body('KZ', 'KZ_TOO', '791028302728'))).toEqual({ 'data.bin': 'TIN_LEGAL_TYPE_MISMATCH' });
    expect(issues(legalDataBody, body('ES', 'ES_AUTONOMO', 'A58818501'))).toEqual({ 'data.nif': 'TIN_LEGAL_TYPE_MISMATCH' });
    expect(issues(legalDataBody, body('ES', 'ES_SL', 'X1234567L'))).toEqual({ 'data.nif': 'TIN_LEGAL_TYPE_MISMATCH' });
    expect(issues(legalDataBody, body('ES', 'ES_SL', 'A58818502'))).toEqual({ 'data.nif': 'WRONG_NIF' });
  });

  it('the postal address is required only when it differs, and dropped when it does not', () => {
    expect(issues(legalDataBody, ruAo({ hasCorrespondenceAddress: true }))).toEqual({ 'data.correspondenceAddress': 'REQUIRED' });
    const postal = '101000, г. Москва, а/я 1';
    expect(output(legalDataBody, ruAo({ hasCorrespondenceAddress: true, correspondenceAddress: postal })).data.correspondenceAddress).toBe(
      postal,
    );
    expect(output(legalDataBody, ruAo({ correspondenceAddress: postal })).data.correspondenceAddress).toBe('');
  });

  it('legal type: missing is LEGAL_TYPE_NOT_SET, one of another country LEGAL_TYPE_NOT_FOUND', () => {
    expect(issues(legalDataBody, { ...ruAo(), legalType: undefined })).toEqual({ legalType: 'LEGAL_TYPE_NOT_SET' });
    expect(issues(legalDataBody, { ...ruAo(), legalType: '' })).toEqual({ legalType: 'LEGAL_TYPE_NOT_SET' });
    expect(issues(legalDataBody, { ...ruAo(), legalType: null })).toEqual({ legalType: 'LEGAL_TYPE_NOT_SET' });
    expect(issues(legalDataBody, { ...ruAo(), legalType: 'ES_SL' })).toEqual({ legalType: 'LEGAL_TYPE_NOT_FOUND' });
    expect(issues(legalDataBody, { ...ruAo(), legalType: 'RU_ZAO' })).toEqual({ legalType: 'LEGAL_TYPE_NOT_FOUND' });
    expect(issues(legalDataBody, { ...ruAo(), country: 'DE' })).toEqual({ country: 'UNKNOWN_VALUE' });
    expect(issues(legalDataBody, { ...ruAo(), supplierId: 'x' })).toEqual({ supplierId: 'SUPPLIER_NOT_FOUND' });
    expect(issues(legalDataBody, { ...ruAo(), data: undefined })).toEqual({ data: 'REQUIRED' });
    expect(issues(legalDataBody, { ...ruAo(), data: 'x' })).toEqual({ data: 'WRONG_TYPE' });
  });

  it('the form (abortPipeEarly) sees the same first code per field', () => {
    const input = ruIp({ fio: '', ogrn: '1027700132195', phone: '' });
    expect(issues(legalDataBody, input, { abortPipeEarly: true })).toEqual(issues(legalDataBody, input));
  });
});

/** How a tax id comes out (BY letters in Latin, ES upper-case). */
const normalized = (taxId: string): string => taxId.toUpperCase();

const ruBank = (overrides: Partial<BankData> = {}) => ({
  supplierId,
  country: 'RU',
  ...EMPTY_BANK_DATA,
  checkingAccount: '40702810438000034726',
  bik: '044525225',
  bankName: 'ПАО Сбербанк',
  ...overrides,
});
const esBank = (overrides: Partial<BankData> = {}) => ({
  supplierId,
  country: 'ES',
  ...EMPTY_BANK_DATA,
  iban: 'ES9121000418450200051332',
  swift: 'CAIXESBBXXX',
  bankName: 'CaixaBank, S.A.',
  bankAddress: 'Calle Pintor Sorolla 2-4, Valencia',
  ...overrides,
});
const byBank = (overrides: Partial<BankData> = {}) => ({
  ...esBank(),
  country: 'BY',
  iban: 'BY13NBRB3600900000002Z00AB00',
  swift: 'NBRBBY2X',
  bankName: 'Национальный банк Республики Беларусь',
  bankAddress: 'пр. Независимости, 20, Минск',
  ...overrides,
});
const kzBank = (overrides: Partial<BankData> = {}) => ({
  supplierId,
  country: 'KZ',
  ...EMPTY_BANK_DATA,
  iik: 'KZ86125KZT5004100100',
  kbe: '17',
  bankCode: 'CASPKZKA',
  bankName: 'АО «Kaspi Bank»',
  ...overrides,
});

describe('bankAccountBody', () => {
  it('RU: an account whose key matches the BIK, typed with spaces', () => {
    expect(output(bankAccountBody, ruBank({ checkingAccount: '40702 810 4 3800 0034726', bik: ' 044525225 ' }))).toEqual(ruBank());
  });

  it('RU: codes at the field the form shows', () => {
    expect(issues(bankAccountBody, ruBank({ checkingAccount: '40702810438000034727' }))).toEqual({
      checkingAccount: 'INCORRECT_ACCOUNT_NUMBER',
    });
    expect(issues(bankAccountBody, ruBank({ checkingAccount: '30101810400000000225' }))).toEqual({
      checkingAccount: 'INCORRECT_ACCOUNT_NUMBER',
    });
    expect(issues(bankAccountBody, ruBank({ checkingAccount: '4070281043800003472' }))).toEqual({
      checkingAccount: { code: 'WRONG_LENGTH', limit: { length: 20 } },
    });
    expect(issues(bankAccountBody, ruBank({ checkingAccount: '4070281043800003472A' }))).toEqual({
      checkingAccount: 'INCORRECT_ACCOUNT_NUMBER',
    });
    expect(issues(bankAccountBody, ruBank({ bik: '144525225' }))).toEqual({ bik: 'BIK_WRONG' });
    expect(issues(bankAccountBody, ruBank({ bik: '', checkingAccount: '', bankName: '' }))).toEqual({
      bik: 'REQUIRED',
      checkingAccount: 'REQUIRED',
      bankName: 'REQUIRED',
    });
  });

  it('RU: the fields of other countries come out empty', () => {
    expect(output(bankAccountBody, ruBank({ iban: 'ES9121000418450200051332', swift: 'X', kbe: '17' }))).toEqual(ruBank());
  });

  it('ES and BY: IBAN (mod 97) of the country, SWIFT of the same country, upper-case and compact', () => {
    expect(output(bankAccountBody, esBank({ iban: 'es91 2100 0418 4502 0005 1332', swift: 'caixesbbxxx' }))).toEqual(esBank());
    expect(output(bankAccountBody, byBank({ iban: 'BY13 NBRB 3600 9000 0000 2Z00 AB00' }))).toEqual(byBank());
    expect(issues(bankAccountBody, esBank({ iban: 'ES9121000418450200051333' }))).toEqual({ iban: 'IBAN_WRONG' });
    expect(issues(bankAccountBody, esBank({ iban: 'DE89370400440532013000' }))).toEqual({ iban: 'IBAN_COUNTRY_WRONG' });
    expect(issues(bankAccountBody, esBank({ swift: 'DEUTDEFF' }))).toEqual({ swift: 'SWIFT_IBAN_MISMATCH' });
    expect(issues(bankAccountBody, byBank({ swift: 'CAIXESBBXXX' }))).toEqual({ swift: 'SWIFT_IBAN_MISMATCH' });
    expect(issues(bankAccountBody, esBank({ swift: 'CAIXESB' }))).toEqual({ swift: 'SWIFT_WRONG' });
    expect(issues(bankAccountBody, esBank({ bankAddress: '', bankName: '' }))).toEqual({ bankAddress: 'REQUIRED', bankName: 'REQUIRED' });
  });

  it('ES: a wrong IBAN is reported once, not again as a SWIFT mismatch', () => {
    expect(issues(bankAccountBody, esBank({ iban: 'ES00', swift: 'DEUTDEFF' }))).toEqual({ iban: 'IBAN_WRONG' });
  });

  it('KZ: the IIK is a KZ IBAN, the bank code a Kazakh BIC, the KBE 2 digits', () => {
    expect(output(bankAccountBody, kzBank({ iik: 'kz86 125k zt50 0410 0100' }))).toEqual(kzBank());
    expect(issues(bankAccountBody, kzBank({ iik: 'KZ86125KZT5004100101' }))).toEqual({ iik: 'IBAN_WRONG' });
    expect(issues(bankAccountBody, kzBank({ iik: 'ES9121000418450200051332' }))).toEqual({ iik: 'IBAN_COUNTRY_WRONG' });
    expect(issues(bankAccountBody, kzBank({ bankCode: 'CAIXESBBXXX' }))).toEqual({ bankCode: 'SWIFT_IBAN_MISMATCH' });
    expect(issues(bankAccountBody, kzBank({ bankCode: 'KASPI' }))).toEqual({ bankCode: 'SWIFT_WRONG' });
    expect(issues(bankAccountBody, kzBank({ kbe: '30' }))).toEqual({ kbe: 'KBE_WRONG' });
    expect(issues(bankAccountBody, kzBank({ kbe: '170' }))).toEqual({ kbe: { code: 'WRONG_LENGTH', limit: { length: 2 } } });
    expect(issues(bankAccountBody, kzBank({ kbe: '' }))).toEqual({ kbe: 'REQUIRED' });
  });

  it('country: missing REQUIRED, unknown UNKNOWN_VALUE; the BIK lookup checks only the form', () => {
    expect(issues(bankAccountBody, { ...ruBank(), country: undefined })).toEqual({ country: 'REQUIRED' });
    expect(issues(bankAccountBody, { ...ruBank(), country: 'FR' })).toEqual({ country: 'UNKNOWN_VALUE' });
    expect(output(bikQuery, { bik: '044525225' })).toEqual({ bik: '044525225' });
    expect(issues(bikQuery, { bik: '04452522' })).toEqual({ bik: { code: 'WRONG_LENGTH', limit: { length: 9 } } });
    expect(issues(bikQuery, { bik: '144525225' })).toEqual({ bik: 'BIK_WRONG' });
    expect(issues(bikQuery, {})).toEqual({ bik: 'REQUIRED' });
  });
});

describe('submitBody and rejectBody', () => {
  it('submit names the interface language', () => {
    expect(output(submitBody, { supplierId, language: 'es-ES' })).toEqual({ supplierId, language: 'es-ES' });
    expect(issues(submitBody, { supplierId, language: 'de-DE' })).toEqual({ language: 'UNKNOWN_VALUE' });
  });

  it('a rejection reason is required, up to 1000 characters, lines allowed', () => {
    expect(output(rejectBody, { reason: ' Не совпадает ОГРН.\nПроверьте выписку. ' })).toEqual({
      reason: 'Не совпадает ОГРН.\nПроверьте выписку.',
    });
    expect(issues(rejectBody, { reason: '  ' })).toEqual({ reason: 'REQUIRED' });
    expect(issues(rejectBody, { reason: 'x'.repeat(1001) })).toEqual({ reason: { code: 'TOO_LONG', limit: { max: 1000 } } });
    expect(issues(rejectBody, { reason: 'bad\u0000byte' })).toEqual({ reason: 'WRONG_TYPE' });
  });
});
