import type { Role } from '@contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMember, stranger } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { rangeDenominations } from './support/catalogue';
import { expectOk } from './support/companies';
import { saleProduct, setActivity, widgetCompany, widgetsAs } from './support/widgets';

/**
 * Issue 14: a company's admin makes sales widgets for its approved certificates, edits, disables and enables them
 * (decision 58). The public pages are in widgets-embed.test.ts.
 */

let test: TestApp;
let company: Awaited<ReturnType<typeof widgetCompany>>;
beforeAll(async () => {
  test = await createAuthTestApp();
  company = await widgetCompany(test);
});
afterAll(() => test?.close());

describe('a widget', () => {
  it('is created for a certificate on sale and answered with its product, amounts, colour, language and zero counts', async () => {
    const created = expectOk(await company.api.add(company.settings({ denominations: [300_000, 100_000, 300_000], colour: '#BE123C' })));
    expect(created).toEqual({
      id: expect.any(String),
      // None given: the portal names it by its product (decision 088).
      name: '',
      productId: company.productId,
      productName: 'Spa day',
      currency: 'RUB',
      denominations: [100_000, 300_000],
      colour: '#be123c',
      language: 'en',
      status: 'active',
      views: 0,
      clicks: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(expectOk(await company.api.info(company.supplierId, created.id))).toEqual(created);
  });

  it('is edited: amounts, colour and language change, the counts stay', async () => {
    const { id } = expectOk(await company.api.add(company.settings()));
    const edited = expectOk(
      await company.api.edit({ ...company.settings({ denominations: [300_000], colour: '#1d4ed8', language: 'kz' }), widgetId: id }),
    );
    expect(edited).toMatchObject({ id, denominations: [300_000], colour: '#1d4ed8', language: 'kz', status: 'active', views: 0 });
  });

  it('has a name of its own, trimmed, which an edit changes', async () => {
    const { id, name } = expectOk(await company.api.add({ ...company.settings(), name: '  Spa on the home page ' }));
    expect(name).toBe('Spa on the home page');
    expect(expectOk(await company.api.edit({ ...company.settings(), name: 'Footer', widgetId: id })).name).toBe('Footer');
    expect(expectOk(await company.api.info(company.supplierId, id)).name).toBe('Footer');
  });

  it('is disabled and enabled again', async () => {
    const { id } = expectOk(await company.api.add(company.settings()));
    expect(expectOk(await company.api.status(company.supplierId, id, 'disabled')).status).toBe('disabled');
    expect(expectOk(await company.api.info(company.supplierId, id)).status).toBe('disabled');
    expect(expectOk(await company.api.status(company.supplierId, id, 'active')).status).toBe('active');
  });

  it('is listed newest first, a page at a time', async () => {
    const own = await widgetCompany(test);
    const first = expectOk(await own.api.add(own.settings()));
    test.clock.advance(1000);
    const second = expectOk(await own.api.add(own.settings({ language: 'ru' })));
    const list = expectOk(await own.api.list(own.supplierId, '&pageSize=1'));
    expect(list).toEqual({ items: [second], page: 1, pageSize: 1, total: 2 });
    expect(expectOk(await own.api.list(own.supplierId, '&page=2&pageSize=1')).items).toEqual([first]);
  });
});

describe('only approved certificates', () => {
  it('the form is offered the products on sale only, with their amounts (a range as a few amounts at its step)', async () => {
    const own = await widgetCompany(test);
    await saleProduct(test, own.supplierId, { name: 'Never approved', live: false });
    const off = await saleProduct(test, own.supplierId, { name: 'Switched off' });
    await setActivity(test, off, 'inactive');
    const range = await saleProduct(test, own.supplierId, {
      name: 'Any amount',
      denominations: rangeDenominations(10_000, 1_000_000, 10_000) as never,
    });
    const offered = expectOk(await own.api.products(own.supplierId));
    expect(offered).toEqual([
      {
        id: range,
        name: 'Any amount',
        currency: 'RUB',
        denominations: [10_000, 210_000, 410_000, 610_000, 810_000, 1_000_000],
        coverThumbUrl: null,
      },
      { id: own.productId, name: 'Spa day', currency: 'RUB', denominations: [100_000, 300_000], coverThumbUrl: null },
    ]);
    // Any amount of the range at its step is allowed, not only the ones offered.
    expect(expectOk(await own.api.add(own.settings({ productId: range, denominations: [50_000] }))).denominations).toEqual([50_000]);
  });

  it('refuses a product never approved, one switched off, and another company’s', async () => {
    const draft = await saleProduct(test, company.supplierId, { name: 'Draft', live: false });
    expectError(await company.api.add(company.settings({ productId: draft })), 422, 'PRODUCT_NOT_ON_SALE', {
      productId: 'PRODUCT_NOT_ON_SALE',
    });
    const off = await saleProduct(test, company.supplierId, { name: 'Off' });
    await setActivity(test, off, 'inactive');
    expectError(await company.api.add(company.settings({ productId: off })), 422, 'PRODUCT_NOT_ON_SALE', {
      productId: 'PRODUCT_NOT_ON_SALE',
    });
    const other = await widgetCompany(test);
    expectError(await company.api.add(company.settings({ productId: other.productId })), 404, 'PRODUCT_NOT_FOUND', {
      productId: 'PRODUCT_NOT_FOUND',
    });
  });

  it('refuses amounts the product does not sell, also on edit', async () => {
    expectError(await company.api.add(company.settings({ denominations: [100_000, 200_000] })), 422, 'DENOMINATION_NOT_ALLOWED', {
      denominations: 'DENOMINATION_NOT_ALLOWED',
    });
    const { id } = expectOk(await company.api.add(company.settings()));
    expectError(await company.api.edit({ ...company.settings({ denominations: [5] }), widgetId: id }), 422, 'DENOMINATION_NOT_ALLOWED', {
      denominations: 'DENOMINATION_NOT_ALLOWED',
    });
  });
});

describe('bad input', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no amounts', { denominations: [] }, { denominations: 'DENOMINATION_REQUIRED' }],
    ['an amount that is not whole', { denominations: [100.5] }, { 'denominations.0': 'AMOUNT_NOT_INTEGER' }],
    ['a colour that is not #RRGGBB', { colour: 'red' }, { colour: 'COLOR_INVALID' }],
    ['an unknown language', { language: 'de' }, { language: 'UNKNOWN_VALUE' }],
    ['no product', { productId: undefined }, { productId: 'REQUIRED' }],
    ['a name of 61 characters', { name: 'N'.repeat(61) }, { name: 'TOO_LONG' }],
    ['a name that is not text', { name: 5 }, { name: 'WRONG_TYPE' }],
    ['a product id that is no id', { productId: 'x' }, { productId: 'PRODUCT_NOT_FOUND' }],
  ])('refuses %s with the field’s code', async (_name, change, fields) => {
    expectError(await company.api.add({ ...company.settings(), ...change } as never), 422, 'VALIDATION_ERROR', fields);
  });
});

describe('who may', () => {
  it.each<[Role[]]>([[['roleAccountant']], [['roleRedeemer']]])('%j of the company may not list, read, add or change', async (roles) => {
    const member = await reportMember(test, company.supplierId, roles);
    const api = widgetsAs(test, member.token);
    const { id } = expectOk(await company.api.add(company.settings()));
    expectError(await api.list(company.supplierId), 403, 'FORBIDDEN');
    expectError(await api.info(company.supplierId, id), 403, 'FORBIDDEN');
    expectError(await api.products(company.supplierId), 403, 'FORBIDDEN');
    expectError(await api.add(company.settings()), 403, 'FORBIDDEN');
    expectError(await api.edit({ ...company.settings(), widgetId: id }), 403, 'FORBIDDEN');
    expectError(await api.status(company.supplierId, id, 'disabled'), 403, 'FORBIDDEN');
  });

  it('nobody signed out; a stranger’s company is "not found"', async () => {
    expectError(await widgetsAs(test, '').list(company.supplierId), 401, 'UNAUTHORIZED');
    const outsider = await stranger(test);
    expectError(await widgetsAs(test, outsider.token).list(company.supplierId), 404, 'SUPPLIER_NOT_FOUND');
  });

  it('another company’s widget is "not found" to an admin, even naming their own company', async () => {
    const other = await widgetCompany(test);
    const { id } = expectOk(await other.api.add(other.settings()));
    expectError(await company.api.info(company.supplierId, id), 404, 'ITEM_NOT_FOUND');
    expectError(await company.api.edit({ ...company.settings(), widgetId: id }), 404, 'ITEM_NOT_FOUND');
    expectError(await company.api.status(company.supplierId, id, 'disabled'), 404, 'ITEM_NOT_FOUND');
    expect(expectOk(await company.api.list(company.supplierId)).items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect(expectOk(await other.api.info(other.supplierId, id)).status).toBe('active');
  });
});
