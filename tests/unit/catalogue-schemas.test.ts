import {
  adminFields,
  adminProductsQuery,
  adminSaveBody,
  catalogueQuery,
  characteristics,
  day,
  denominations,
  finishModerationBody,
  information,
  orderImagesBody,
  saveStepBody,
  terms,
} from '@contract/schemas/catalogue';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/*
 * The catalogue's step rules as the contract writes them once for the wizard's forms, the admin
 * area and the server (decision 055): each issue's path and code, as the server's `fields` join them.
 */

const id = '0b6f4d1e-4a3c-4f6e-9d7a-2c1e5b8a9f01';

/** Path → code of the first issue there, as `issuesToError` (server) and the forms build them. */
const issues = (schema: v.GenericSchema, input: unknown): Record<string, string> => {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.issues) fields[issue.path?.map((item) => String(item.key)).join('.') ?? ''] ??= issue.message;
  return fields;
};

const output = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input);
  expect(result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`)).toEqual([]);
  return result.output as v.InferOutput<S>;
};

const name = { name: 'Spa day', productType: 'beauty' };
const fixed = (values: number[]) => ({ kind: 'fixed', items: values.map((value) => ({ value })) });
const range = (min: number, max: number, multiplicity: number) => ({ kind: 'range', min, max, multiplicity });
const own = { codeType: 'own', barcodeType: 'qr', pinRequired: true, codeTransfer: 'api', acceptance: 'online', accountingExport: 'code' };
const provider = { ...own, codeType: 'provider', codePattern: '[0-9]{8}', pinPattern: '[0-9]{4}' };
const once = { validity: { kind: 'months', months: 12 }, multiUse: { kind: 'no' }, disposability: 'disposable', delivery: 'no' };

describe('characteristics', () => {
  it('fills in what was left out and trims what was typed', () => {
    expect(output(characteristics, { ...name, name: '  Spa day  ', website: 'spa.example.com' })).toEqual({
      name: 'Spa day',
      nameKz: '',
      website: 'https://spa.example.com',
      detailedTitle: '',
      briefDescription: '',
      adminName: '',
      linkByCode: '',
      venue: '',
      cities: [],
      productType: 'beauty',
      siteDescription: '',
      expectedActivationDate: '',
      restrictionsByProducts: '',
      b2b: false,
      requiredOrderParameters: [],
    });
  });

  it('bounds the name to 45 characters, the KZ name too', () => {
    expect(issues(characteristics, { ...name, name: 'N'.repeat(45), nameKz: 'К'.repeat(45) })).toEqual({});
    expect(issues(characteristics, { ...name, name: 'N'.repeat(46) })).toEqual({ name: 'TOO_LONG' });
    expect(issues(characteristics, { ...name, nameKz: 'К'.repeat(46) })).toEqual({ nameKz: 'TOO_LONG' });
    expect(issues(characteristics, { ...name, name: ' ' })).toEqual({ name: 'REQUIRED' });
  });

  it('wants {code} in the check link, which is a website like any other (decision 088)', () => {
    expect(output(characteristics, { ...name, linkByCode: 'shop.example/check/{code}' }).linkByCode).toBe(
      'https://shop.example/check/{code}',
    );
    expect(issues(characteristics, { ...name, linkByCode: 'https://shop.example/check?c=' })).toEqual({ linkByCode: 'LINK_CODE_MISSING' });
    expect(issues(characteristics, { ...name, linkByCode: 'ftp://shop.example/{code}' })).toEqual({ linkByCode: 'INVALID_WEBSITE' });
    expect(issues(characteristics, { ...name, linkByCode: '' })).toEqual({});
  });

  it('keeps the order parameters in their own order, each once', () => {
    const chosen = output(characteristics, { ...name, requiredOrderParameters: ['greeting', 'recipientName', 'greeting'] });
    expect(chosen.requiredOrderParameters).toEqual(['recipientName', 'greeting']);
  });

  it('refuses a city twice in any case, a day that does not exist, an unknown type', () => {
    expect(issues(characteristics, { ...name, cities: ['Kazan', 'KAZAN'] })).toEqual({ cities: 'DUPLICATE_VALUE' });
    expect(issues(characteristics, { ...name, expectedActivationDate: '2027-02-29' })).toEqual({ expectedActivationDate: 'DATE_INVALID' });
    expect(issues(characteristics, { ...name, productType: 'other' })).toEqual({ productType: 'UNKNOWN_VALUE' });
  });
});

describe('a day', () => {
  it('is a real day as YYYY-MM-DD', () => {
    expect(issues(day, '2028-02-29')).toEqual({});
    for (const wrong of ['2027-02-29', '2027-13-01', '2027-00-10', '2027-1-1', '01.02.2027'])
      expect(issues(day, wrong), wrong).toEqual({ '': 'DATE_INVALID' });
    expect(issues(day, '')).toEqual({ '': 'REQUIRED' });
  });
});

describe('denominations', () => {
  it('takes a fixed list of distinct whole amounts, at most 20', () => {
    expect(output(denominations, fixed([100, 500]))).toEqual({
      kind: 'fixed',
      items: [
        { value: 100, description: '', externalId: '' },
        { value: 500, description: '', externalId: '' },
      ],
      showDescriptionInPdf: false,
    });
    expect(issues(denominations, fixed([]))).toEqual({ items: 'DENOMINATION_REQUIRED' });
    expect(issues(denominations, fixed([100, 100]))).toEqual({ items: 'DENOMINATION_DUPLICATE' });
    expect(issues(denominations, fixed(Array.from({ length: 21 }, (_, index) => index + 1)))).toEqual({ items: 'TOO_MANY' });
    expect(issues(denominations, fixed([0]))).toEqual({ 'items.0.value': 'AMOUNT_TOO_SMALL' });
    expect(issues(denominations, fixed([1.5]))).toEqual({ 'items.0.value': 'AMOUNT_NOT_INTEGER' });
  });

  it('takes a range whose both ends its step reaches', () => {
    expect(issues(denominations, range(10_000, 1_000_000, 10_000))).toEqual({});
    expect(issues(denominations, range(100, 10_000, 9_900))).toEqual({});
    expect(issues(denominations, range(500, 500, 100))).toMatchObject({ max: 'RANGE_INVALID' });
    expect(issues(denominations, range(100, 1_000, 400))).toEqual({ multiplicity: 'MULTIPLICITY_INVALID' });
    expect(issues(denominations, range(100, 1_000, 1_800))).toEqual({ multiplicity: 'MULTIPLICITY_INVALID' });
    expect(issues(denominations, { kind: 'open' })).toEqual({ kind: 'UNKNOWN_VALUE' });
  });
});

describe('technical information', () => {
  it('keeps patterns for provider codes, and a PIN pattern for a PIN', () => {
    expect(issues(information, provider)).toEqual({});
    expect(issues(information, { ...own, codePattern: '[0-9]+' })).toEqual({ codePattern: 'PATTERN_NOT_FOR_OWN_CODES' });
    expect(issues(information, { ...own, pinPattern: '[0-9]+' })).toEqual({ codePattern: 'PATTERN_NOT_FOR_OWN_CODES' });
    expect(issues(information, { ...provider, pinRequired: false })).toEqual({ pinPattern: 'PIN_PATTERN_WITHOUT_PIN' });
    expect(issues(information, { ...provider, codePattern: 'a'.repeat(201) })).toEqual({ codePattern: 'TOO_LONG' });
  });

  it('leaves compiling a pattern to the server (RE2 runs there only)', () => {
    expect(issues(information, { ...provider, codePattern: '(a)\\1' })).toEqual({});
  });
});

describe('terms', () => {
  it('matches disposability with the number of uses', () => {
    expect(issues(terms, once)).toEqual({});
    expect(issues(terms, { ...once, multiUse: { kind: 'unlimited' } })).toEqual({ multiUse: 'MULTI_USE_CONFLICT' });
    expect(issues(terms, { ...once, disposability: 'reusable' })).toEqual({ multiUse: 'MULTI_USE_CONFLICT' });
    expect(issues(terms, { ...once, multiUse: { kind: 'limited', max: 5 }, disposability: 'reusable' })).toEqual({});
    expect(issues(terms, { ...once, multiUse: { kind: 'limited', max: 1 }, disposability: 'reusable' })).toEqual({
      'multiUse.max': 'VALUE_TOO_SMALL',
    });
  });

  it('extends nothing perpetual', () => {
    expect(issues(terms, { ...once, validity: { kind: 'perpetual' }, extensionPossible: true })).toEqual({
      extensionPossible: 'EXTENSION_CONFLICT',
    });
    expect(issues(terms, { ...once, validity: { kind: 'fixedDate', date: '2030-01-01' }, extensionPossible: true })).toEqual({});
  });

  it('checks each reception point and the validity', () => {
    const point = { region: 'Moscow', city: 'Moscow', street: 'Tverskaya', house: '1', postcode: '125009' };
    expect(issues(terms, { ...once, receptionPoints: [point, { ...point, postcode: '1' }] })).toEqual({
      'receptionPoints.1.postcode': 'POSTCODE_INVALID',
    });
    expect(issues(terms, { ...once, validity: { kind: 'months', months: 121 } })).toEqual({ 'validity.months': 'VALUE_TOO_LARGE' });
    expect(issues(terms, { ...once, validity: { kind: 'fixedDate', date: '2030-02-30' } })).toEqual({ 'validity.date': 'DATE_INVALID' });
  });
});

describe('requests', () => {
  it('save a step named in the body, with its own schema', () => {
    const saved = output(saveStepBody, { supplierId: id, productId: id, step: 'information', data: provider });
    expect(saved).toMatchObject({ step: 'information', confirmCodeReset: false, data: { codeType: 'provider' } });
    // Another step's data: the step's own fields are missing (the server answers them as REQUIRED).
    expect(Object.keys(issues(saveStepBody, { supplierId: id, productId: id, step: 'terms', data: provider }))).toEqual([
      'data.validity',
      'data.multiUse',
      'data.disposability',
      'data.delivery',
    ]);
    expect(issues(saveStepBody, { supplierId: id, productId: 'x', step: 'images', data: [] })).toEqual({
      productId: 'PRODUCT_NOT_FOUND',
      step: 'UNKNOWN_VALUE',
    });
  });

  it('let staff save the marketplace fields too', () => {
    const admin = { activity: 'inactive', sorting: 10, symbolicCode: ' spa-day ', showOnMainPage: true };
    expect(output(adminSaveBody, { step: 'admin', data: admin })).toEqual({ step: 'admin', data: { ...admin, symbolicCode: 'spa-day' } });
    expect(issues(adminFields, { ...admin, symbolicCode: 'Spa_Day' })).toEqual({ symbolicCode: 'SYMBOLIC_CODE_INVALID' });
    expect(issues(adminFields, { ...admin, sorting: -1 })).toEqual({ sorting: 'VALUE_TOO_SMALL' });
  });

  it('send a product back only with a comment', () => {
    expect(output(finishModerationBody, { decision: 'approve' })).toEqual({ decision: 'approve', comment: '' });
    expect(issues(finishModerationBody, { decision: 'reject', comment: '  ' })).toEqual({ comment: 'REQUIRED' });
    expect(issues(finishModerationBody, { decision: 'maybe' })).toEqual({ decision: 'UNKNOWN_VALUE' });
  });

  it('read list filters from the query string, empty meaning any', () => {
    expect(output(catalogueQuery, { supplierId: id })).toEqual({ supplierId: id, status: '', search: '', page: 1, pageSize: 20 });
    expect(output(adminProductsQuery, { country: 'KZ', page: '3' })).toMatchObject({
      supplierId: '',
      country: 'KZ',
      productType: '',
      page: 3,
    });
    expect(issues(adminProductsQuery, { status: 'archived', supplierId: 'x' })).toEqual({
      status: 'UNKNOWN_VALUE',
      supplierId: 'SUPPLIER_NOT_FOUND',
    });
  });

  it('order at most 8 images, each once', () => {
    expect(issues(orderImagesBody, { supplierId: id, productId: id, imageIds: [id, id] })).toEqual({ imageIds: 'DUPLICATE_VALUE' });
    expect(
      issues(orderImagesBody, { supplierId: id, productId: id, imageIds: Array.from({ length: 9 }, () => crypto.randomUUID()) }),
    ).toEqual({
      imageIds: 'IMAGE_LIMIT',
    });
  });
});
