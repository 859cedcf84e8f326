import type { Country } from '@contract/enums';
import type { FieldLimit } from '@contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { expectOk, freshInn, get, newAdmin, post, SAMPLES } from './support/companies';

/**
 * Issue 10 "Done when": for each country, valid and invalid samples of every rule
 * of the requisites, through the API (the same contract schemas the form runs,
 * decision 49), each refusal a 422 with exactly the field's code. The samples are
 * published numbers (see tests/unit/requisites-rules.test.ts).
 */

let test: TestApp;
let token: string;
/** One draft per country, to add legal and bank data to. */
const drafts = {} as Record<Country, string>;
beforeAll(async () => {
  test = await createAuthTestApp();
  token = (await newAdmin(test, 'rules')).token;
  for (const country of ['RU', 'BY', 'KZ', 'ES'] as const) {
    drafts[country] = expectOk(await post(test, token, '/supplier/create', SAMPLES[country].company)).supplierId;
  }
});
afterAll(() => test?.close());

type Case = [name: string, change: Record<string, unknown>, fields: Record<string, string>, limits?: Record<string, FieldLimit>];

/** Each case: a 422 with exactly these field codes, and exactly these limits (none when no code names one). */
const refuses = (path: string, body: () => Record<string, unknown>, cases: Case[]) =>
  it.each(cases)('refuses %s', async (_name, change, fields, limits) => {
    const response = await post(test, token, path, { ...body(), ...change });
    expectError(response, 422, 'VALIDATION_ERROR', fields);
    expect(response.body.error.limits).toEqual(limits);
  });

describe('step 1: the company', () => {
  const company = (country: Country) => () => ({ ...SAMPLES[country].company, tin: country === 'RU' ? freshInn() : 'overridden' });
  describe('RU: the INN', () => {
    refuses('/supplier/create', company('RU'), [
      ['an empty INN', { tin: '' }, { tin: 'TIN_EMPTY' }],
      ['a missing INN', { tin: undefined }, { tin: 'TIN_EMPTY' }],
      ['letters in the INN', { tin: '77O7083893' }, { tin: 'TIN_DIGITS_ONLY' }],
      ['an INN of 9 digits', { tin: '770708389' }, { tin: 'TIN_LENGTH' }],
      ['an INN of 11 digits', { tin: '77070838930' }, { tin: 'TIN_LENGTH' }],
      ['a wrong check digit', { tin: '7707083894' }, { tin: 'TIN_WRONG' }],
      ['a wrong check digit of a 12-digit INN', { tin: '500100732250' }, { tin: 'TIN_WRONG' }],
    ]);
  });
  describe('BY: the UNP', () => {
    refuses('/supplier/create', company('BY'), [
      ['a wrong check digit', { tin: '591705583' }, { tin: 'UNP_WRONG' }],
      ['8 characters', { tin: '59170558' }, { tin: 'UNP_WRONG' }],
      ['letters in the wrong place', { tin: '5917DDD82' }, { tin: 'UNP_WRONG' }],
    ]);
  });
  describe('KZ: the BIN', () => {
    refuses('/supplier/create', company('KZ'), [
      ['a wrong check digit', { tin: '940140000386' }, { tin: 'BIN_WRONG' }],
      ['11 digits', { tin: '97124000131' }, { tin: 'BIN_WRONG' }],
      ['a letter', { tin: '97124000131X' }, { tin: 'TIN_DIGITS_ONLY' }],
    ]);
  });
  describe('ES: the NIF', () => {
    refuses('/supplier/create', company('ES'), [
      ['a CIF with a wrong control digit', { tin: 'A58818502' }, { tin: 'WRONG_NIF' }],
      ['a DNI with a wrong letter', { tin: '12345678A' }, { tin: 'WRONG_NIF' }],
      ['an NIE with a wrong letter', { tin: 'X1234567A' }, { tin: 'WRONG_NIF' }],
    ]);
  });
  describe('everywhere', () => {
    refuses('/supplier/create', company('RU'), [
      ['a website that is not a URL', { webSite: 'not a url' }, { webSite: 'INVALID_WEBSITE' }],
      ['an ftp website', { webSite: 'ftp://gifts.example.test' }, { webSite: 'INVALID_WEBSITE' }],
      ['a website without a dot', { webSite: 'http://localhost' }, { webSite: 'INVALID_WEBSITE' }],
      ['no website', { webSite: '' }, { webSite: 'REQUIRED' }],
      ['no name', { name: '  ' }, { name: 'REQUIRED' }],
      ['a name of 101 characters', { name: ` ${'N'.repeat(101)} ` }, { name: 'TOO_LONG' }, { name: { max: 100 } }],
      [
        'a name and a website too long',
        { name: 'N'.repeat(500), webSite: `https://${'w'.repeat(300)}.test` },
        { name: 'TOO_LONG', webSite: 'TOO_LONG' },
        { name: { max: 100 }, webSite: { max: 255 } },
      ],
      ['an unknown country', { country: 'US' }, { country: 'UNKNOWN_VALUE' }],
    ]);
    it('takes a bare host as an https website', async () => {
      const created = expectOk(
        await post(test, token, '/supplier/create', { ...SAMPLES.RU.company, tin: freshInn(), webSite: 'www.gifts.example.test' }),
      );
      const info = expectOk(await get(test, token, `/supplier/info?supplierId=${created.supplierId}`));
      expect(info.webSite).toBe('https://www.gifts.example.test');
    });
    it('takes a tax id as people type it, and keeps it normalised', async () => {
      const created = expectOk(await post(test, token, '/supplier/create', { ...SAMPLES.ES.company, tin: ' x-1234567-l ' }));
      expect(expectOk(await get(test, token, `/supplier/info?supplierId=${created.supplierId}`)).tin).toBe('X1234567L');
    });
  });
});

describe('step 2: legal data', () => {
  const legal = (country: Country) => () => ({ supplierId: drafts[country], ...SAMPLES[country].legal });
  const data = (country: Country, change: Record<string, unknown>) => ({ data: { ...SAMPLES[country].legal.data, ...change } });

  describe('RU organisation', () => {
    refuses('/legal-data/add', legal('RU'), [
      ['no legal type', { legalType: undefined }, { legalType: 'LEGAL_TYPE_NOT_SET' }],
      ['a legal type of another country', { legalType: 'KZ_TOO' }, { legalType: 'LEGAL_TYPE_NOT_FOUND' }],
      ['a KPP of 8 digits', data('RU', { kpp: '77360100' }), { 'data.kpp': 'WRONG_LENGTH' }, { 'data.kpp': { length: 9 } }],
      ['a KPP with a letter among the first four', data('RU', { kpp: '77A601001' }), { 'data.kpp': 'KPP_WRONG' }],
      ['an OGRN with a wrong check digit', data('RU', { ogrn: '1027700132194' }), { 'data.ogrn': 'OGRN_WRONG' }],
      [
        'an OGRNIP where an OGRN goes',
        data('RU', { ogrn: '309565808600188' }),
        { 'data.ogrn': 'WRONG_LENGTH' },
        { 'data.ogrn': { length: 13 } },
      ],
      ['an OGRN starting with 3', data('RU', { ogrn: '3027700132195' }), { 'data.ogrn': 'OGRN_WRONG' }],
      [
        'a full name of 301 characters',
        data('RU', { legalNameFull: 'Я'.repeat(301) }),
        { 'data.legalNameFull': 'TOO_LONG' },
        { 'data.legalNameFull': { max: 300 } },
      ],
      ['no head', data('RU', { headsFio: '' }), { 'data.headsFio': 'REQUIRED' }],
      ['no head position', data('RU', { headsPosition: undefined }), { 'data.headsPosition': 'REQUIRED' }],
      ['no full name', data('RU', { legalNameFull: ' ' }), { 'data.legalNameFull': 'REQUIRED' }],
      ['no legal address', data('RU', { legalAddress: '' }), { 'data.legalAddress': 'REQUIRED' }],
      ['a wrong phone', data('RU', { phone: 'call me' }), { 'data.phone': 'PHONE_INVALID' }],
      [
        'a separate postal address left empty',
        data('RU', { hasCorrespondenceAddress: true, correspondenceAddress: '' }),
        { 'data.correspondenceAddress': 'REQUIRED' },
      ],
      [
        'an INN of another kind than the legal type',
        { legalType: 'RU_IP', ...data('RU', { fio: 'Иванов И. И.', ogrn: '309565808600188' }) },
        { 'data.inn': 'TIN_LEGAL_TYPE_MISMATCH' },
      ],
      ['no data at all', { data: undefined }, { data: 'REQUIRED' }],
    ]);
  });

  describe('KZ and ES: the tax id fits the legal type', () => {
    refuses('/legal-data/add', legal('KZ'), [
      [
        'a BIN for a sole trader',
        { legalType: 'KZ_IP', ...data('KZ', { fio: 'Сейітов А. Б.' }) },
        { 'data.bin': 'TIN_LEGAL_TYPE_MISMATCH' },
      ],
    ]);
    refuses('/legal-data/add', legal('ES'), [
      [
        'a CIF for an autónomo',
        { legalType: 'ES_AUTONOMO', ...data('ES', { fio: 'María López' }) },
        { 'data.nif': 'TIN_LEGAL_TYPE_MISMATCH' },
      ],
      ['no head for a company', data('ES', { headsFio: '' }), { 'data.headsFio': 'REQUIRED' }],
    ]);
  });

  it('takes each country’s sample, dropping the fields the legal type does not use', async () => {
    for (const country of ['RU', 'BY', 'KZ', 'ES'] as const) {
      const saved = expectOk(
        await post(test, token, '/legal-data/add', {
          supplierId: drafts[country],
          ...SAMPLES[country].legal,
          data: { ...SAMPLES[country].legal.data, fio: 'Ignored' },
        }),
      );
      expect(saved.data.fio).toBe('');
      expect(saved.data.kpp).toBe(country === 'RU' ? '773601001' : '');
    }
  });

  it('takes a RU sole trader with a 12-digit INN and a 15-digit OGRNIP, and a KZ sole trader with an IIN', async () => {
    for (const [country, tin, legalType, extra] of [
      ['RU', '773612345650', 'RU_IP', { inn: '773612345650', ogrn: '309565808600188', kpp: '' }],
      ['KZ', '791028302728', 'KZ_IP', { bin: '791028302728' }],
      ['ES', '12345678Z', 'ES_AUTONOMO', { nif: '12345678Z' }],
    ] as const) {
      const { supplierId } = expectOk(await post(test, token, '/supplier/create', { ...SAMPLES[country].company, tin }));
      const body = {
        supplierId,
        country,
        legalType,
        data: { ...SAMPLES[country].legal.data, headsFio: '', headsPosition: '', fio: 'Sole Trader', ...extra },
      };
      const saved = expectOk(await post(test, token, '/legal-data/add', body));
      expect(saved).toMatchObject({ legalType, data: { fio: 'Sole Trader', headsFio: '' } });
    }
  });
});

describe('step 3: bank data', () => {
  const bank = (country: Country) => () => ({ supplierId: drafts[country], ...SAMPLES[country].bank });
  describe('RU', () => {
    refuses('/bank-account/add', bank('RU'), [
      [
        'an account whose key does not fit the BIK',
        { checkingAccount: '40702810438000034727' },
        { checkingAccount: 'INCORRECT_ACCOUNT_NUMBER' },
      ],
      [
        'an account of 19 digits',
        { checkingAccount: '4070281043800003472' },
        { checkingAccount: 'WRONG_LENGTH' },
        { checkingAccount: { length: 20 } },
      ],
      ['a BIK of 8 digits', { bik: '04452522' }, { bik: 'WRONG_LENGTH' }, { bik: { length: 9 } }],
      ['a BIK of another country', { bik: '144525225' }, { bik: 'BIK_WRONG' }],
      ['a BIK no bank has', { bik: '044525999', checkingAccount: '40702810900000001111' }, { bik: 'BIK_NOT_FOUND' }],
      ['no bank name', { bankName: '' }, { bankName: 'REQUIRED' }],
    ]);
  });
  describe('BY', () => {
    refuses('/bank-account/add', bank('BY'), [
      ['an IBAN with a wrong check', { iban: 'BY13NBRB3600900000002Z00AB01' }, { iban: 'IBAN_WRONG' }],
      ['an IBAN of another country', { iban: 'ES9121000418450200051332', swift: 'CAIXESBBXXX' }, { iban: 'IBAN_COUNTRY_WRONG' }],
      ['a SWIFT of another country than the IBAN', { swift: 'CAIXESBBXXX' }, { swift: 'SWIFT_IBAN_MISMATCH' }],
      ['a SWIFT of 7 characters', { swift: 'NBRBBY2' }, { swift: 'SWIFT_WRONG' }],
      ['no bank address', { bankAddress: '' }, { bankAddress: 'REQUIRED' }],
    ]);
  });
  describe('KZ', () => {
    refuses('/bank-account/add', bank('KZ'), [
      ['an IIK with a wrong check', { iik: 'KZ86125KZT5004100101' }, { iik: 'IBAN_WRONG' }],
      ['an IIK that is not a KZ IBAN', { iik: 'BY13NBRB3600900000002Z00AB00' }, { iik: 'IBAN_COUNTRY_WRONG' }],
      ['a KBE of 3 digits', { kbe: '170' }, { kbe: 'WRONG_LENGTH' }, { kbe: { length: 2 } }],
      ['a KBE starting with 3', { kbe: '37' }, { kbe: 'KBE_WRONG' }],
      ['a bank code of another country', { bankCode: 'CAIXESBB' }, { bankCode: 'SWIFT_IBAN_MISMATCH' }],
    ]);
  });
  describe('ES', () => {
    refuses('/bank-account/add', bank('ES'), [
      ['an IBAN failing mod 97', { iban: 'ES9121000418450200051333' }, { iban: 'IBAN_WRONG' }],
      ['an IBAN of 23 characters', { iban: 'ES912100041845020005133' }, { iban: 'IBAN_WRONG' }],
      ['a SWIFT that does not match the IBAN', { swift: 'DEUTDEFF' }, { swift: 'SWIFT_IBAN_MISMATCH' }],
      ['no SWIFT', { swift: '' }, { swift: 'REQUIRED' }],
    ]);
  });

  it('takes each country’s sample as people type it, and the company can then be submitted', async () => {
    const typed: Record<Country, Record<string, string>> = {
      RU: { checkingAccount: '40702 810 4 3800 0034726', bik: '044 525 225' },
      BY: { iban: 'by13 nbrb 3600 9000 0000 2z00 ab00', swift: 'nbrb by2x' },
      KZ: { iik: 'kz86 125k zt50 0410 0100', kbe: ' 17 ' },
      ES: { iban: 'ES91 2100 0418 4502 0005 1332', swift: 'caix-es-bb-xxx' },
    };
    for (const country of ['RU', 'BY', 'KZ', 'ES'] as const) {
      const saved = expectOk(
        await post(test, token, '/bank-account/add', { supplierId: drafts[country], ...SAMPLES[country].bank, ...typed[country] }),
      );
      const { country: _country, ...expected } = SAMPLES[country].bank;
      expect(saved).toMatchObject(expected);
      const submitted = expectOk(await post(test, token, '/supplier/submit', { supplierId: drafts[country], language: 'en-US' }));
      expect(submitted.status).toBe('moderation');
    }
  });
});
