import { TAX_ID_FIELD } from '@contract/company';
import type { Country } from '@contract/enums';
import { expect } from 'vitest';
import type { TestApp, TestResponse } from './app';
import { freshEmail, signUp } from './auth';

export const SUPPLIER = '/api/front/supplier';
export const ADMIN_SUPPLIERS = '/api/admin/suppliers';

/**
 * Valid requisites per country, from published numbers (the same as the rule
 * tests of tests/unit/requisites-rules.test.ts): Sberbank's INN, KPP, OGRN, BIK
 * and an account whose key fits the BIK; a BY UNP with the National Bank's IBAN
 * and BIC; a KZ BIN with the standard KZ IBAN and Kaspi Bank's BIC; CaixaBank's
 * CIF, IBAN and BIC. The demo companies use other (made-up) numbers, so these are free.
 */
export const SAMPLES = {
  RU: {
    company: { tin: '7707083893', name: 'Sber Gifts', country: 'RU', webSite: 'https://sber-gifts.example.test' },
    legal: {
      country: 'RU',
      legalType: 'RU_OOO',
      data: {
        legalNameFull: 'ООО «Сбер Подарки»',
        headsFio: 'Иванов Иван Иванович',
        headsPosition: 'Генеральный директор',
        inn: '7707083893',
        kpp: '773601001',
        ogrn: '1027700132195',
        phone: '+7 495 500-55-50',
        legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
      },
    },
    bank: { country: 'RU', bik: '044525225', checkingAccount: '40702810438000034726', bankName: 'ПАО Сбербанк' },
  },
  BY: {
    company: { tin: '191682495', name: 'Minsk Gifts', country: 'BY', webSite: 'https://minsk-gifts.example.test' },
    legal: {
      country: 'BY',
      legalType: 'BY_OOO',
      data: {
        legalNameFull: 'ООО «Минские подарки»',
        headsFio: 'Петров Пётр Петрович',
        headsPosition: 'Директор',
        unp: '191682495',
        phone: '+375 17 200-00-00',
        legalAddress: '220030, г. Минск, пр. Независимости, д. 1',
      },
    },
    bank: {
      country: 'BY',
      iban: 'BY13NBRB3600900000002Z00AB00',
      swift: 'NBRBBY2X',
      bankName: 'Национальный банк Республики Беларусь',
      bankAddress: '220008, г. Минск, пр. Независимости, 20',
    },
  },
  KZ: {
    company: { tin: '971240001315', name: 'Almaty Gifts', country: 'KZ', webSite: 'https://almaty-gifts.example.test' },
    legal: {
      country: 'KZ',
      legalType: 'KZ_TOO',
      data: {
        legalNameFull: 'ТОО «Алматы Сыйлықтары»',
        headsFio: 'Сейітов Арман Болатұлы',
        headsPosition: 'Директор',
        bin: '971240001315',
        phone: '+7 727 300-00-00',
        legalAddress: '050000, г. Алматы, ул. Абая, д. 2',
      },
    },
    bank: { country: 'KZ', iik: 'KZ86125KZT5004100100', kbe: '17', bankCode: 'CASPKZKA', bankName: 'АО «Kaspi Bank»' },
  },
  ES: {
    company: { tin: 'A58818501', name: 'Regalos Caixa', country: 'ES', webSite: 'https://regalos.example.test' },
    legal: {
      country: 'ES',
      legalType: 'ES_SA',
      data: {
        legalNameFull: 'Regalos Caixa S.A.',
        headsFio: 'María López Ruiz',
        headsPosition: 'Consejera delegada',
        nif: 'A58818501',
        phone: '+34 934 04 60 00',
        legalAddress: 'Calle Pintor Sorolla 2-4, 46002 Valencia',
      },
    },
    bank: {
      country: 'ES',
      iban: 'ES9121000418450200051332',
      swift: 'CAIXESBBXXX',
      bankName: 'CaixaBank, S.A.',
      bankAddress: 'Calle Pintor Sorolla 2-4, 46002 Valencia',
    },
  },
} satisfies Record<Country, unknown>;

/** A new, confirmed user with no company: the admin-to-be. */
export async function newAdmin(test: TestApp, label = 'owner', language: 'ru-RU' | 'en-US' | 'es-ES' = 'ru-RU') {
  const email = freshEmail(label);
  const { accessToken } = await signUp(test, email, { language, region: language === 'es-ES' ? 'es' : 'ru' });
  return { email, token: accessToken };
}

export const expectOk = (response: TestResponse) => {
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};

export const post = (test: TestApp, token: string, path: string, body: unknown) => test.call('POST', `${SUPPLIER}${path}`, { token, body });
export const get = (test: TestApp, token: string, path: string) => test.call('GET', `${SUPPLIER}${path}`, { token });

const INN_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
let innSerial = 0;
/**
 * A valid organisation INN no other company of the test file has: made up (region 77, tax office 99,
 * which the demo data does not use) with its check digit, for tests where the number itself does not matter.
 */
export function freshInn(): string {
  innSerial += 1;
  const body = `7799${String(innSerial).padStart(5, '0')}`;
  const check = ([...body].reduce((sum, digit, i) => sum + Number(digit) * INN_WEIGHTS[i]!, 0) % 11) % 10;
  return `${body}${check}`;
}

let ogrnSerial = 0;
/**
 * A valid organisation OGRN no other company of the test file has (an OGRN is registered once, like a tax id):
 * made up (1, year 99, region 99, which the demo data does not use) with its check digit, the rest modulo 11 of
 * the first 12 digits, modulo 10.
 */
export function freshOgrn(): string {
  ogrnSerial += 1;
  const body = `1999999${String(ogrnSerial).padStart(5, '0')}`;
  return `${body}${Number(BigInt(body) % 11n) % 10}`;
}

/**
 * A company through steps 1–3 (not submitted) in `country`, with the sample's numbers unless told
 * otherwise; a RU company gets a fresh INN (in its legal data too) unless `company.tin` names one, and a fresh OGRN.
 */
export async function draftCompany(
  test: TestApp,
  token: string,
  country: Country = 'RU',
  overrides: { company?: Record<string, unknown>; steps?: 1 | 2 | 3 } = {},
): Promise<string> {
  const sample = SAMPLES[country];
  const company = { ...sample.company, ...(country === 'RU' && { tin: freshInn() }), ...overrides.company };
  const created = expectOk(await post(test, token, '/supplier/create', company));
  const supplierId: string = created.supplierId;
  const legal = {
    ...sample.legal,
    data: { ...sample.legal.data, [TAX_ID_FIELD[country]]: company.tin, ...(country === 'RU' && { ogrn: freshOgrn() }) },
  };
  if ((overrides.steps ?? 3) >= 2) expectOk(await post(test, token, '/legal-data/add', { supplierId, ...legal }));
  if ((overrides.steps ?? 3) >= 3) expectOk(await post(test, token, '/bank-account/add', { supplierId, ...sample.bank }));
  return supplierId;
}

/** A company through the whole wizard, submitted and approved by the demo moderator: active, so it may be a parent. */
export async function activeCompany(test: TestApp, token: string, country: Country = 'RU', company?: Record<string, unknown>) {
  const supplierId = await draftCompany(test, token, country, { company });
  expectOk(await post(test, token, '/supplier/submit', { supplierId, language: 'ru-RU' }));
  const moderator = (await test.login('moderator@demo.test')).accessToken;
  expectOk(await test.call('POST', `${ADMIN_SUPPLIERS}/${supplierId}/approve`, { token: moderator }));
  return supplierId;
}
