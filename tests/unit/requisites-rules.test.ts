import { checkIban, checkKbe, checkSwift, ibanCountry } from '@contract/requisites/bank';
import { compactCode, compactDigits } from '@contract/requisites/normalize';
import { checkBik, checkKpp, checkOgrn, checkRuAccount, checkRuCorrespondentAccount } from '@contract/requisites/russia';
import { checkTaxId, kzCheckDigit, normalizeTaxId } from '@contract/requisites/tax-id';
import { checkWebsite, normalizeWebsite } from '@contract/requisites/website';
import { describe, expect, it } from 'vitest';

/*
 * Samples are real, published numbers (each with where it comes from); a wrong one is a published number with one
 * digit changed. Sources:
 * - Sberbank (ПАО Сбербанк), its published requisites: INN 7707083893, KPP 773601001, OGRN 1027700132195,
 *   BIK 044525225, correspondent account 30101810400000000225.
 * - Yandex LLC (ООО «ЯНДЕКС»): INN 7736207543, OGRN 1027700229193, checking account 40702810438000034726 at
 *   Sberbank (its payment details, also in public code that pays it).
 * - The Moscow treasury's tax account before 2021: 40101810045250010041 at ГУ Банка России по ЦФО, BIK 044525000.
 * - python-stdnum's tests (github.com/arthurdejong/python-stdnum): INN 005826107187 and 7709442668
 *   (tests/test_ru_inn.doctest, "found online"), OGRN 1022500001325 / 1022500001328 and OGRNIP 385768585948949
 *   (stdnum/ru/ogrn.py), UNP 591705582, 191682495, МА1953684 (tests/test_by_unp.doctest), BIN 940140000385 (Halyk
 *   Bank) and 990140004654 (stdnum/kz/bin.py).
 * - OGRNIPs 309565808600188 and 319631300041247: real sole traders' numbers in public validators' tests.
 * - Belarusbank's UNP 100325912; Kaspi Bank's BIN 971240001315 and BIC CASPKZKA; CaixaBank's BIC CAIXESBBXXX;
 *   the National Bank of Belarus's BIC NBRBBY2X; Deutsche Bank's DEUTDEFF.
 * - IIN 791028302728: the example of py-kz-validators (github.com/tlgtaa/py-kz-validators).
 * - IBANs: the examples of the SWIFT IBAN registry (ES9121000418450200051332, BY13NBRB3600900000002Z00AB00,
 *   KZ86125KZT5004100100, DE89370400440532013000).
 * - ES: CIF A58818501 and DNI 12345678Z (the examples of stdnum and of the Agencia Tributaria's check-letter
 *   table), NIE X1234567L.
 */

/** Every variant of `value` with one digit at `position` changed (all nine other digits). */
const oneDigitChanged = (value: string, position: number): string[] =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
    (step) => value.slice(0, position) + String((Number(value[position]) + step) % 10) + value.slice(position + 1),
  );
const lastDigitChanged = (value: string): string => oneDigitChanged(value, value.length - 1)[0]!;

describe('RU INN', () => {
  it('accepts organisations (10 digits) and people (12 digits)', () => {
    for (const inn of ['7707083893', '7736207543', '7709442668', '005826107187']) expect(checkTaxId('RU', inn), inn).toBeNull();
  });

  it('codes each way an INN is wrong (SPEC §8)', () => {
    expect(checkTaxId('RU', '')).toBe('TIN_EMPTY');
    expect(checkTaxId('RU', '77070838-3')).toBe('TIN_DIGITS_ONLY');
    expect(checkTaxId('RU', '7707 083893')).toBe('TIN_DIGITS_ONLY');
    expect(checkTaxId('RU', '770708389')).toBe('TIN_LENGTH');
    expect(checkTaxId('RU', '77070838930')).toBe('TIN_LENGTH');
    expect(checkTaxId('RU', '7707083894')).toBe('TIN_WRONG');
    expect(checkTaxId('RU', '005826107188')).toBe('TIN_WRONG');
    // A placeholder passes the check digits but was never issued.
    expect(checkTaxId('RU', '0000000000')).toBe('TIN_WRONG');
  });

  it('fits the legal type: 10 digits for OOO and AO, 12 for a sole trader', () => {
    expect(checkTaxId('RU', '7707083893', 'RU_AO')).toBeNull();
    expect(checkTaxId('RU', '7707083893', 'RU_IP')).toBe('TIN_LEGAL_TYPE_MISMATCH');
    expect(checkTaxId('RU', '005826107187', 'RU_IP')).toBeNull();
    expect(checkTaxId('RU', '005826107187', 'RU_OOO')).toBe('TIN_LEGAL_TYPE_MISMATCH');
  });

  it('keeps an INN as typed but trimmed', () => {
    expect(normalizeTaxId('RU', ' 7707083893 ')).toBe('7707083893');
  });
});

describe('RU KPP, OGRN and OGRNIP', () => {
  it('KPP: 4 digits, 2 digits or capital Latin letters, 3 digits', () => {
    expect(checkKpp('773601001')).toBeNull();
    // Reason codes with letters exist since 2013 (Order ММВ-7-6/435@); a format rule, there is no check digit.
    expect(checkKpp('7736AB001')).toBeNull();
    for (const wrong of ['77360100', '7736010011', '7736ab001', '77A601001', '773601A01', 'КПП773601', ''])
      expect(checkKpp(wrong), wrong).toBe('KPP_WRONG');
  });

  it('OGRN: 13 digits, the last the rest of the others mod 11 (last digit)', () => {
    for (const ogrn of ['1027700132195', '1027700229193', '1022500001325']) expect(checkOgrn(ogrn, false), ogrn).toBeNull();
    expect(checkOgrn('1022500001328', false)).toBe('OGRN_WRONG');
    expect(checkOgrn(lastDigitChanged('1027700132195'), false)).toBe('OGRN_WRONG');
    expect(checkOgrn('102770013219', false)).toBe('OGRN_WRONG');
    expect(checkOgrn('10277001321950', false)).toBe('OGRN_WRONG');
    // A sole trader's OGRNIP is not an organisation's OGRN, and the other way round.
    expect(checkOgrn('309565808600188', false)).toBe('OGRN_WRONG');
    expect(checkOgrn('1027700132195', true)).toBe('OGRN_WRONG');
  });

  it('OGRNIP: 15 digits starting with 3, the last the rest of the others mod 13 (last digit)', () => {
    for (const ogrnip of ['309565808600188', '319631300041247', '385768585948949']) expect(checkOgrn(ogrnip, true), ogrnip).toBeNull();
    expect(checkOgrn(lastDigitChanged('309565808600188'), true)).toBe('OGRN_WRONG');
    expect(checkOgrn('30956580860018', true)).toBe('OGRN_WRONG');
    expect(checkOgrn('30956580860018a', true)).toBe('OGRN_WRONG');
  });

  it('register-record numbers (ГРН, first digit 2, 4, 6–9) are not OGRNs even with a matching check digit', () => {
    // Sberbank's OGRN with the first digit 2 and the check digit recomputed: 202770013219 mod 11 = 4.
    expect(checkOgrn('2027700132194', false)).toBe('OGRN_WRONG');
  });
});

describe('RU BIK and the account key', () => {
  it('BIK: 9 digits starting with 04 (its existence is the directory’s)', () => {
    expect(checkBik('044525225')).toBeNull();
    expect(checkBik('044525000')).toBeNull();
    for (const wrong of ['04452522', '0445252250', '144525225', '04452522a', '']) expect(checkBik(wrong), wrong).toBe('BIK_WRONG');
  });

  it('a checking account at a bank: key over the BIK’s last 3 digits and the account', () => {
    expect(checkRuAccount('40702810438000034726', '044525225')).toBeNull();
  });

  it('flags a change of any one digit of the account', () => {
    const account = '40702810438000034726';
    for (let position = 0; position < 20; position++)
      for (const typo of oneDigitChanged(account, position))
        expect(checkRuAccount(typo, '044525225'), typo).toBe('INCORRECT_ACCOUNT_NUMBER');
  });

  it('flags an account whose key belongs to another bank', () => {
    // Alfa-Bank's BIK: the same account is not one of its accounts.
    expect(checkRuAccount('40702810438000034726', '044525593')).toBe('INCORRECT_ACCOUNT_NUMBER');
  });

  it('an account at a Bank of Russia unit (BIK ending 000–002): key over "0" and the BIK’s digits 5–6', () => {
    expect(checkRuAccount('40101810045250010041', '044525000')).toBeNull();
    expect(checkRuAccount(lastDigitChanged('40101810045250010041'), '044525000')).toBe('INCORRECT_ACCOUNT_NUMBER');
  });

  it('a bank’s correspondent account is keyed at the Bank of Russia unit, so it is no checking account there', () => {
    expect(checkRuCorrespondentAccount('30101810400000000225', '044525225')).toBeNull();
    expect(checkRuCorrespondentAccount(lastDigitChanged('30101810400000000225'), '044525225')).toBe('INCORRECT_ACCOUNT_NUMBER');
    expect(checkRuCorrespondentAccount('40702810438000034726', '044525225')).toBe('INCORRECT_ACCOUNT_NUMBER');
    expect(checkRuAccount('30101810400000000225', '044525225')).toBe('INCORRECT_ACCOUNT_NUMBER');
  });

  it('wants 20 digits; with a malformed BIK only the BIK is reported', () => {
    expect(checkRuAccount('4070281043800003472', '044525225')).toBe('INCORRECT_ACCOUNT_NUMBER');
    expect(checkRuAccount('4070281043800003472a', '044525225')).toBe('INCORRECT_ACCOUNT_NUMBER');
    expect(checkRuAccount('40702810438000034727', '0445')).toBeNull();
  });
});

describe('BY UNP', () => {
  it('accepts published UNPs, with letters for some sole traders', () => {
    for (const unp of ['591705582', '191682495', '100325912', 'MA1953684']) expect(checkTaxId('BY', unp), unp).toBeNull();
  });

  it('flags a wrong check digit, a wrong region, letters out of place and a wrong length', () => {
    expect(checkTaxId('BY', '')).toBe('TIN_EMPTY');
    expect(checkTaxId('BY', '591705583')).toBe('UNP_WRONG');
    expect(checkTaxId('BY', lastDigitChanged('100325912'))).toBe('UNP_WRONG');
    expect(checkTaxId('BY', '991705588')).toBe('UNP_WRONG'); // region 9 does not exist (python-stdnum)
    expect(checkTaxId('BY', '5917DDD82')).toBe('UNP_WRONG');
    expect(checkTaxId('BY', 'M01953684')).toBe('UNP_WRONG');
    expect(checkTaxId('BY', '7A1953689')).toBe('UNP_WRONG');
    expect(checkTaxId('BY', '59170558')).toBe('UNP_WRONG');
    expect(checkTaxId('BY', '5917055820')).toBe('UNP_WRONG');
  });

  it('stores Cyrillic look-alike letters in Latin, without spaces', () => {
    expect(normalizeTaxId('BY', ' ма 1953684')).toBe('MA1953684');
    expect(checkTaxId('BY', normalizeTaxId('BY', 'МА1953684'))).toBeNull();
    expect(normalizeTaxId('BY', '591 705 582')).toBe('591705582');
  });
});

describe('KZ BIN and IIN', () => {
  it('accepts published BINs and an IIN', () => {
    for (const bin of ['971240001315', '940140000385', '990140004654', '791028302728']) expect(checkTaxId('KZ', bin), bin).toBeNull();
  });

  it('flags a wrong check digit, a wrong length and letters', () => {
    expect(checkTaxId('KZ', '')).toBe('TIN_EMPTY');
    expect(checkTaxId('KZ', '940140000386')).toBe('BIN_WRONG');
    expect(checkTaxId('KZ', lastDigitChanged('971240001315'))).toBe('BIN_WRONG');
    expect(checkTaxId('KZ', lastDigitChanged('791028302728'))).toBe('BIN_WRONG');
    expect(checkTaxId('KZ', '97124000131')).toBe('BIN_WRONG');
    expect(checkTaxId('KZ', '9712400013150')).toBe('BIN_WRONG');
    expect(checkTaxId('KZ', '97124000131X')).toBe('TIN_DIGITS_ONLY');
  });

  it('takes the groups of three a BIN is printed in', () => {
    expect(normalizeTaxId('KZ', '990 140 004 654')).toBe('990140004654');
  });

  it('computes the check digit in two passes; a second 10 is never issued', () => {
    // Halyk Bank: 9·1+4·2+0·3+1·4+4·5+0·6+0·7+0·8+0·9+3·10+8·11 = 159, 159 mod 11 = 5.
    expect(kzCheckDigit('94014000038')).toBe(5);
    // Built to reach the second pass (no such number is published with its arithmetic): 94140000041 weighs 87 with
    // 1…11 (87 mod 11 = 10), 78 with 3…11,1,2 (78 mod 11 = 1); 94140000040 weighs 76 both ways (10 twice).
    expect(kzCheckDigit('94140000041')).toBe(1);
    expect(kzCheckDigit('94140000040')).toBeNull();
    for (let digit = 0; digit < 10; digit++) expect(checkTaxId('KZ', `94140000040${digit}`)).toBe('BIN_WRONG');
  });

  it('an organisation has a BIN (fifth digit 4 or 5), a sole trader an IIN', () => {
    expect(checkTaxId('KZ', '971240001315', 'KZ_TOO')).toBeNull();
    expect(checkTaxId('KZ', '971240001315', 'KZ_IP')).toBe('TIN_LEGAL_TYPE_MISMATCH');
    expect(checkTaxId('KZ', '791028302728', 'KZ_IP')).toBeNull();
    expect(checkTaxId('KZ', '791028302728', 'KZ_AO')).toBe('TIN_LEGAL_TYPE_MISMATCH');
  });
});

describe('ES NIF', () => {
  it('accepts a CIF, a DNI and a NIE with their control characters', () => {
    for (const nif of ['A58818501', '12345678Z', 'X1234567L']) expect(checkTaxId('ES', nif), nif).toBeNull();
  });

  it('flags a wrong control character (WRONG_NIF)', () => {
    expect(checkTaxId('ES', '')).toBe('TIN_EMPTY');
    for (const wrong of ['A58818502', '12345678A', 'X1234567A', '1234567Z', 'A5881850', 'Z58818501'])
      expect(checkTaxId('ES', wrong), wrong).toBe('WRONG_NIF');
  });

  it('a company (SL, SA) files under a CIF, an autónomo under a DNI or NIE', () => {
    expect(checkTaxId('ES', 'A58818501', 'ES_SA')).toBeNull();
    expect(checkTaxId('ES', 'A58818501', 'ES_AUTONOMO')).toBe('TIN_LEGAL_TYPE_MISMATCH');
    expect(checkTaxId('ES', '12345678Z', 'ES_AUTONOMO')).toBeNull();
    expect(checkTaxId('ES', 'X1234567L', 'ES_AUTONOMO')).toBeNull();
    expect(checkTaxId('ES', '12345678Z', 'ES_SL')).toBe('TIN_LEGAL_TYPE_MISMATCH');
  });

  it('stores it upper-case, without the dashes, dots and spaces people type', () => {
    expect(normalizeTaxId('ES', ' 12.345.678-z ')).toBe('12345678Z');
    expect(normalizeTaxId('ES', 'a-58818501')).toBe('A58818501');
  });
});

describe('IBAN, SWIFT and KBE', () => {
  it('accepts the IBAN registry’s examples in their own country', () => {
    expect(checkIban('ES9121000418450200051332', 'ES')).toBeNull();
    expect(checkIban('BY13NBRB3600900000002Z00AB00', 'BY')).toBeNull();
    expect(checkIban('KZ86125KZT5004100100', 'KZ')).toBeNull();
  });

  it('flags a wrong check digit, a wrong length and the Spanish national check digits', () => {
    expect(checkIban('ES9121000418450200051333', 'ES')).toBe('IBAN_WRONG');
    expect(checkIban('ES9221000418450200051332', 'ES')).toBe('IBAN_WRONG');
    expect(checkIban('ES912100041845020005133', 'ES')).toBe('IBAN_WRONG');
    expect(checkIban('BY13NBRB3600900000002Z00AB01', 'BY')).toBe('IBAN_WRONG');
    expect(checkIban('KZ86125KZT5004100101', 'KZ')).toBe('IBAN_WRONG');
    expect(checkIban('', 'ES')).toBe('IBAN_WRONG');
    // Any one digit changed fails mod 97 (or the BBAN's own check digits).
    const iban = 'ES9121000418450200051332';
    for (let position = 4; position < iban.length; position++)
      for (const typo of oneDigitChanged(iban, position)) expect(checkIban(typo, 'ES'), typo).toBe('IBAN_WRONG');
  });

  it('wants the IBAN of the company’s country', () => {
    expect(checkIban('DE89370400440532013000', 'ES')).toBe('IBAN_COUNTRY_WRONG');
    expect(checkIban('ES9121000418450200051332', 'BY')).toBe('IBAN_COUNTRY_WRONG');
    expect(ibanCountry('DE89370400440532013000')).toBe('DE');
    expect(ibanCountry('ES9121000418450200051333')).toBeUndefined();
  });

  it('SWIFT: 8 or 11 characters, its country the IBAN’s', () => {
    for (const bic of ['CAIXESBBXXX', 'CAIXESBB', 'NBRBBY2X', 'CASPKZKA']) expect(checkSwift(bic), bic).toBeNull();
    for (const wrong of ['CAIXESB', 'CAIXESBBXX', 'CAIX1SBB', 'CAIXQQBB', '']) expect(checkSwift(wrong), wrong).toBe('SWIFT_WRONG');
    expect(checkSwift('CAIXESBBXXX', 'ES')).toBeNull();
    expect(checkSwift('NBRBBY2X', 'BY')).toBeNull();
    expect(checkSwift('DEUTDEFF', 'ES')).toBe('SWIFT_IBAN_MISMATCH');
    expect(checkSwift('CAIXESBBXXX', 'BY')).toBe('SWIFT_IBAN_MISMATCH');
  });

  it('KBE: residency 1 or 2, then the sector 1–9', () => {
    for (const kbe of ['17', '19', '21', '27']) expect(checkKbe(kbe), kbe).toBeNull();
    for (const wrong of ['10', '37', '1', '170', '1A', '']) expect(checkKbe(wrong), wrong).toBe('KBE_WRONG');
  });

  it('codes and accounts lose the spaces and dashes of print, and codes take capitals', () => {
    expect(compactCode(' es91 2100 0418 4502 0005 1332 ')).toBe('ES9121000418450200051332');
    expect(compactCode('caix-es-bb')).toBe('CAIXESBB');
    expect(compactDigits('40702 810 4 3800 0034726')).toBe('40702810438000034726');
  });
});

describe('website', () => {
  it('accepts http(s) addresses with a dotted host, and bare hosts as https', () => {
    for (const site of ['https://www.sberbank.ru', 'http://caixabank.es/particular', 'https://kaspi.kz/?q=1#top', 'https://пример.рф'])
      expect(checkWebsite(site), site).toBeNull();
    expect(normalizeWebsite(' kaspi.kz ')).toBe('https://kaspi.kz');
    expect(normalizeWebsite('www.belarusbank.by/ru')).toBe('https://www.belarusbank.by/ru');
    expect(normalizeWebsite('http://caixabank.es')).toBe('http://caixabank.es');
  });

  it('refuses other schemes, hosts without a dot, addresses, credentials and junk (INVALID_WEBSITE)', () => {
    for (const wrong of [
      'ftp://example.com',
      'javascript:alert(1)',
      'mailto:info@example.com',
      'https://localhost',
      'https://example.',
      'https://.com',
      'https://a..com',
      'https://192.168.0.1',
      'https://user:secret@example.com',
      'https://exa mple.com',
      'https://',
      'not a url',
    ])
      expect(checkWebsite(normalizeWebsite(wrong)), wrong).toBe('INVALID_WEBSITE');
  });
});
