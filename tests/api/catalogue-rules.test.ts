import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectInvalid } from './support/auth';
import {
  catalogueAs,
  characteristics,
  fixedDenominations,
  ownCodes,
  productRow,
  providerCodes,
  rangeDenominations,
  receptionPoint,
  terms,
} from './support/catalogue';
import { expectOk } from './support/companies';
import { companyWithAdmin } from './support/users';

/**
 * Every rule of a step (SPEC §3, §5; decision 055), as the server applies it when the step is saved:
 * the contract's schemas at the edge, then the rules it alone can judge (the company's country, the
 * RE2 engine, today's date, the step saved before). A refused step changes nothing.
 */

let test: TestApp;
let owner: { token: string; supplierId: string };
let productId: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  owner = await companyWithAdmin(test, 'RU', 'rules');
  productId = expectOk(await catalogueAs(test, owner.token, owner.supplierId).create()).id;
});
afterAll(() => test?.close());

const save = (step: string, data: unknown) => catalogueAs(test, owner.token, owner.supplierId).save(productId, step, data);

type Case = [name: string, data: unknown, fields: Record<string, string>];

/** One test per case: the step is refused with exactly these per-field codes, and the product is as it was. */
function itRefuses(step: string, cases: Case[]) {
  it.each(cases)(`refuses ${step} with %s`, async (_name, data, fields) => {
    const before = await productRow(test, productId);
    expectInvalid(await save(step, data), fields);
    expect(await productRow(test, productId)).toEqual(before);
  });
}

describe('characteristics', () => {
  it('takes a name of 45 characters', async () => {
    expectOk(await save('characteristics', characteristics({ name: 'N'.repeat(45), nameKz: 'К'.repeat(45) })));
  });

  it('takes a check link with {code} where the code goes', async () => {
    expectOk(await save('characteristics', characteristics({ linkByCode: 'https://shop.example/check?c={code}' })));
  });

  itRefuses('characteristics', [
    ['a name of 46 characters', characteristics({ name: 'N'.repeat(46) }), { 'data.name': 'TOO_LONG' }],
    ['no name', characteristics({ name: '   ' }), { 'data.name': 'REQUIRED' }],
    ['a KZ name of 46 characters', characteristics({ nameKz: 'К'.repeat(46) }), { 'data.nameKz': 'TOO_LONG' }],
    ['an unknown product type', characteristics({ productType: 'weapons' }), { 'data.productType': 'UNKNOWN_VALUE' }],
    ['a city twice', characteristics({ cities: ['Kazan', 'kazan'] }), { 'data.cities': 'DUPLICATE_VALUE' }],
    ['a bad website', characteristics({ website: 'not a site' }), { 'data.website': 'INVALID_WEBSITE' }],
    // The hint asks for {code} where the code goes: a link without it could check nothing (decision 088).
    [
      'a check link without {code}',
      characteristics({ linkByCode: 'https://shop.example/check' }),
      { 'data.linkByCode': 'LINK_CODE_MISSING' },
    ],
    ['a check link that is no URL', characteristics({ linkByCode: 'check {code}' }), { 'data.linkByCode': 'INVALID_WEBSITE' }],
    [
      'a day that does not exist',
      characteristics({ expectedActivationDate: '2027-02-30' }),
      { 'data.expectedActivationDate': 'DATE_INVALID' },
    ],
    [
      'an unknown order parameter',
      characteristics({ requiredOrderParameters: ['shoeSize'] }),
      { 'data.requiredOrderParameters.0': 'UNKNOWN_VALUE' },
    ],
  ]);

  it('needs the KZ name for a company in Kazakhstan, when created and when saved', async () => {
    const kz = await companyWithAdmin(test, 'KZ', 'rules-kz');
    const catalogue = catalogueAs(test, kz.token, kz.supplierId);
    expectInvalid(await catalogue.create(characteristics()), { 'data.nameKz': 'NAME_KZ_REQUIRED' });
    const { id } = expectOk(await catalogue.create(characteristics({ nameKz: 'Спа күні' })));
    expectInvalid(await catalogue.save(id, 'characteristics', characteristics({ nameKz: '' })), { 'data.nameKz': 'NAME_KZ_REQUIRED' });
    expect(expectOk(await catalogue.list()).total).toBe(1);
  });
});

describe('denominations', () => {
  it('takes a fixed list or a range whose ends its step reaches', async () => {
    expectOk(await save('denominations', fixedDenominations([1, 100_000_000])));
    expectOk(await save('denominations', rangeDenominations(10_000, 1_000_000, 10_000)));
    expectOk(await save('denominations', rangeDenominations(100, 200, 100)));
  });

  itRefuses('denominations', [
    ['an empty fixed list', fixedDenominations([]), { 'data.items': 'DENOMINATION_REQUIRED' }],
    ['a value twice', fixedDenominations([100_000, 100_000]), { 'data.items': 'DENOMINATION_DUPLICATE' }],
    ['21 values', fixedDenominations(Array.from({ length: 21 }, (_, index) => (index + 1) * 100)), { 'data.items': 'TOO_MANY' }],
    ['a zero value', fixedDenominations([0]), { 'data.items.0.value': 'AMOUNT_TOO_SMALL' }],
    ['a fraction of a minor unit', fixedDenominations([100.5]), { 'data.items.0.value': 'AMOUNT_NOT_INTEGER' }],
    ['a value over the limit', fixedDenominations([100_000_001]), { 'data.items.0.value': 'VALUE_TOO_LARGE' }],
    [
      'a range whose largest is the smallest',
      rangeDenominations(10_000, 10_000, 100),
      { 'data.max': 'RANGE_INVALID', 'data.multiplicity': 'MULTIPLICITY_INVALID' },
    ],
    [
      'a range upside down',
      rangeDenominations(10_000, 5_000, 1_000),
      { 'data.max': 'RANGE_INVALID', 'data.multiplicity': 'MULTIPLICITY_INVALID' },
    ],
    ['a step that does not divide the range', rangeDenominations(10_000, 100_000, 7_000), { 'data.multiplicity': 'MULTIPLICITY_INVALID' }],
    ['a step wider than the range', rangeDenominations(10_000, 20_000, 20_000), { 'data.multiplicity': 'MULTIPLICITY_INVALID' }],
    ['a range without a step', { ...rangeDenominations(), multiplicity: undefined }, { 'data.multiplicity': 'REQUIRED' }],
    ['an unknown kind', { kind: 'free', showDescriptionInPdf: false }, { 'data.kind': 'UNKNOWN_VALUE' }],
  ]);
});

describe('technical information', () => {
  it('takes provider codes with RE2 patterns their samples match', async () => {
    expectOk(await save('information', providerCodes()));
    expectOk(
      await save(
        'information',
        providerCodes({ codePattern: '(a+)+$', sampleCode: 'aaa', pinRequired: false, pinPattern: '', samplePin: '' }),
      ),
    );
    expectOk(await save('information', providerCodes({ sampleCode: '', samplePin: '' })));
  });

  itRefuses('information', [
    ['a pattern with own codes', ownCodes({ codePattern: '[0-9]+' }), { 'data.codePattern': 'PATTERN_NOT_FOR_OWN_CODES' }],
    ['a PIN pattern without a PIN', providerCodes({ pinRequired: false, samplePin: '' }), { 'data.pinPattern': 'PIN_PATTERN_WITHOUT_PIN' }],
    ['a pattern that does not compile', providerCodes({ codePattern: '[0-9' }), { 'data.codePattern': 'PATTERN_INVALID' }],
    ['a back-reference', providerCodes({ codePattern: '(a)\\1', sampleCode: '' }), { 'data.codePattern': 'PATTERN_INVALID' }],
    ['a look-ahead', providerCodes({ pinPattern: '(?=1)[0-9]{4}', samplePin: '' }), { 'data.pinPattern': 'PATTERN_INVALID' }],
    ['a pattern escaping its anchors', providerCodes({ codePattern: 'a)|(b', sampleCode: '' }), { 'data.codePattern': 'PATTERN_INVALID' }],
    ['a pattern of 201 characters', providerCodes({ codePattern: 'a'.repeat(201), sampleCode: '' }), { 'data.codePattern': 'TOO_LONG' }],
    ['a sample code the pattern refuses', providerCodes({ sampleCode: 'AB12345' }), { 'data.sampleCode': 'SAMPLE_MISMATCH' }],
    ['a sample matching only part of the pattern', providerCodes({ sampleCode: 'xAB123456' }), { 'data.sampleCode': 'SAMPLE_MISMATCH' }],
    ['a sample PIN the pattern refuses', providerCodes({ samplePin: '12a4' }), { 'data.samplePin': 'SAMPLE_MISMATCH' }],
    ['an unknown barcode', ownCodes({ barcodeType: 'ean13' }), { 'data.barcodeType': 'UNKNOWN_VALUE' }],
    ['no acceptance', ownCodes({ acceptance: undefined }), { 'data.acceptance': 'REQUIRED' }],
  ]);
});

describe('terms', () => {
  it('takes each validity and each use', async () => {
    expectOk(await save('terms', terms({ validity: { kind: 'fixedDate', date: '2026-11-22' }, extensionPossible: true })));
    expectOk(await save('terms', terms({ validity: { kind: 'perpetual' }, multiUse: { kind: 'unlimited' }, disposability: 'reusable' })));
    expectOk(
      await save(
        'terms',
        terms({ validity: { kind: 'months', months: 120 }, multiUse: { kind: 'limited', max: 1000 }, disposability: 'reusable' }),
      ),
    );
  });

  itRefuses('terms', [
    ['disposable but used several times', terms({ multiUse: { kind: 'limited', max: 3 } }), { 'data.multiUse': 'MULTI_USE_CONFLICT' }],
    ['reusable but used once', terms({ disposability: 'reusable' }), { 'data.multiUse': 'MULTI_USE_CONFLICT' }],
    [
      'a perpetual one extended',
      terms({ validity: { kind: 'perpetual' }, extensionPossible: true }),
      { 'data.extensionPossible': 'EXTENSION_CONFLICT' },
    ],
    [
      'an expiry date in the past',
      terms({ validity: { kind: 'fixedDate', date: '2026-11-20' } }),
      { 'data.validity.date': 'VALIDITY_DATE_PAST' },
    ],
    [
      'an expiry date of today',
      terms({ validity: { kind: 'fixedDate', date: '2026-11-21' } }),
      { 'data.validity.date': 'VALIDITY_DATE_PAST' },
    ],
    [
      'an expiry date that is no day',
      terms({ validity: { kind: 'fixedDate', date: '2027-13-01' } }),
      { 'data.validity.date': 'DATE_INVALID' },
    ],
    ['no months', terms({ validity: { kind: 'months', months: 0 } }), { 'data.validity.months': 'VALUE_TOO_SMALL' }],
    ['121 months', terms({ validity: { kind: 'months', months: 121 } }), { 'data.validity.months': 'VALUE_TOO_LARGE' }],
    [
      'a limit of one use',
      terms({ multiUse: { kind: 'limited', max: 1 }, disposability: 'reusable' }),
      { 'data.multiUse.max': 'VALUE_TOO_SMALL' },
    ],
    [
      'a bad postcode',
      terms({ receptionPoints: [receptionPoint({ postcode: '№1' })] }),
      { 'data.receptionPoints.0.postcode': 'POSTCODE_INVALID' },
    ],
    [
      'a reception point without a street',
      terms({ receptionPoints: [receptionPoint({ street: '' })] }),
      { 'data.receptionPoints.0.street': 'REQUIRED' },
    ],
    [
      '51 reception points',
      terms({ receptionPoints: Array.from({ length: 51 }, () => receptionPoint()) }),
      { 'data.receptionPoints': 'TOO_MANY' },
    ],
  ]);

  it('needs a reception point when codes are accepted offline', async () => {
    for (const acceptance of ['offline', 'both']) {
      expectOk(await save('information', providerCodes({ acceptance })));
      expectInvalid(await save('terms', terms()), { 'data.receptionPoints': 'RECEPTION_POINT_REQUIRED' });
      expectOk(await save('terms', terms({ receptionPoints: [receptionPoint()] })));
    }
    expectOk(await save('information', providerCodes({ acceptance: 'online' })));
    expectOk(await save('terms', terms()));
  });
});

it('refuses a step it does not know', async () => {
  expectInvalid(await save('images', []), { step: 'UNKNOWN_VALUE' });
  expectInvalid(await save('admin', { activity: 'active', sorting: 0, symbolicCode: '', showOnMainPage: false }), {
    step: 'UNKNOWN_VALUE',
  });
});
