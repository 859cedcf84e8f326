import { OWN_CODE_DEFAULTS } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, suppliers } from '../../server/db/schema';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError, STRONG_PASSWORD } from './support/auth';
import {
  addImage,
  catalogueAs,
  characteristics,
  completeProduct,
  fixedDenominations,
  ownCodes,
  productAudit,
  productRow,
  providerCodes,
  rangeDenominations,
  receptionPoint,
  staffAs,
  submittedProduct,
  terms,
} from './support/catalogue';
import { expectOk, SUPPLIER } from './support/companies';
import { companyWithAdmin, expectStatuses, supplierIdOf } from './support/users';

/**
 * The company's side of the catalogue (issue 12, decision 055): a product made step by step and
 * resumed, the list, submission and its refusals, an edit of a product on sale that keeps the live
 * copy selling, the code-type reset, and parallel saves.
 */

let test: TestApp;
let owner: { email: string; token: string; supplierId: string };
beforeAll(async () => {
  test = await createAuthTestApp();
  owner = await companyWithAdmin(test, 'RU', 'catalogue');
});
afterAll(() => test?.close());

const catalogue = () => catalogueAs(test, owner.token, owner.supplierId);

/** Moves the clock on and signs the owner in again (access tokens last 15 minutes). */
async function laterOn(ms: number) {
  test.clock.advance(ms);
  owner.token = (await test.login(owner.email, STRONG_PASSWORD)).accessToken;
}

describe('a product made step by step', () => {
  it('starts as a draft with its first step done, the rest empty', async () => {
    const created = expectOk(await catalogue().create(characteristics({ name: '  Spa day  ', cities: ['Moscow'] })));
    expect(created).toMatchObject({
      supplierId: owner.supplierId,
      country: 'RU',
      status: 'draft',
      live: false,
      completedSteps: ['characteristics'],
      data: { denominations: null, information: null, terms: null, images: [] },
      images: [],
      admin: { activity: 'active', sorting: 0, symbolicCode: '', showOnMainPage: false },
      moderationComment: '',
      history: [],
    });
    // Defaults filled in, text trimmed.
    expect(created.data.characteristics).toMatchObject({ name: 'Spa day', nameKz: '', b2b: false, expectedActivationDate: '' });
    expect(await productAudit(test, 'product.created', created.id)).toHaveLength(1);
  });

  it('resumes where it was left: the saved steps are there and marked completed', async () => {
    const { id } = expectOk(await catalogue().create(characteristics({ name: 'Resumed' })));
    expectOk(await catalogue().save(id, 'denominations', rangeDenominations(10_000, 500_000, 5_000)));
    expectOk(await catalogue().save(id, 'information', providerCodes()));
    const info = expectOk(await catalogue().info(id));
    expect(info.completedSteps).toEqual(['characteristics', 'denominations', 'information']);
    expect(info.data.denominations).toEqual({ kind: 'range', min: 10_000, max: 500_000, multiplicity: 5_000, showDescriptionInPdf: true });
    expect(info.data.information).toMatchObject({ codeType: 'provider', codePattern: '[A-Z]{2}[0-9]{6}', sampleCode: 'AB123456' });
    expect(info.data.terms).toBeNull();
  });

  it('saves a step again with new data, out of order too', async () => {
    const { id } = expectOk(await catalogue().create(characteristics({ name: 'Out of order' })));
    expectOk(await catalogue().save(id, 'terms', terms()));
    const saved = expectOk(await catalogue().save(id, 'characteristics', characteristics({ name: 'Renamed' })));
    expect(saved.completedSteps).toEqual(['characteristics', 'terms']);
    expect(saved.data.characteristics.name).toBe('Renamed');
    // Never approved: the name column follows the working copy.
    expect((await productRow(test, id)).name).toBe('Renamed');
  });

  it('shows the images the working copy lists, metadata and addresses only', async () => {
    const { id } = expectOk(await catalogue().create(characteristics({ name: 'Pictured' })));
    const first = await addImage(test, id);
    const second = await addImage(test, id);
    const info = expectOk(await catalogue().info(id));
    expect(info.images).toEqual(
      [first, second].map((imageId) => ({
        id: imageId,
        url: `/api/media/product-images/${imageId}/full`,
        thumbUrl: `/api/media/product-images/${imageId}/thumb`,
        width: 1360,
        height: 620,
        bytes: 3,
      })),
    );
    expect(info.completedSteps).toContain('images');
  });

  it('answers an unknown product as not found', async () => {
    expectError(await catalogue().info(crypto.randomUUID()), 404, 'PRODUCT_NOT_FOUND');
    expectError(await catalogue().save(crypto.randomUUID(), 'terms', terms()), 404, 'PRODUCT_NOT_FOUND');
    expectError(await catalogue().submit(crypto.randomUUID()), 404, 'PRODUCT_NOT_FOUND');
  });
});

describe('the list', () => {
  let lister: { token: string; supplierId: string };
  const list = (params: Record<string, string | number> = {}) => catalogueAs(test, lister.token, lister.supplierId).list(params);

  beforeAll(async () => {
    lister = await companyWithAdmin(test, 'KZ', 'lister');
    const kz = catalogueAs(test, lister.token, lister.supplierId);
    const names = ['Almaty spa', 'Mountain tour', 'Tea ceremony'];
    for (const name of names) {
      expectOk(
        await kz.create(characteristics({ name, nameKz: `${name} KZ`, productType: name === 'Mountain tour' ? 'travel' : 'beauty' })),
      );
      test.clock.advance(1000);
    }
    const [tour] = expectOk(await list({ search: 'tour' })).items;
    expectOk(await kz.save(tour.id, 'denominations', fixedDenominations([500_000, 200_000, 900_000])));
    await addImage(test, tour.id);
  });

  it('lists the company’s products, the latest changed first, with the company’s currency', async () => {
    const data = expectOk(await list());
    expect(data).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(data.items.map((item: { name: string }) => item.name)).toEqual(['Mountain tour', 'Tea ceremony', 'Almaty spa']);
    const [tour, tea] = data.items;
    expect(tour).toMatchObject({
      status: 'draft',
      live: false,
      productType: 'travel',
      currency: 'KZT',
      minDenomination: 200_000,
      maxDenomination: 900_000,
      // A fixed list is listed as it is, in its order (not as the range between its ends).
      fixedDenominations: [500_000, 200_000, 900_000],
    });
    expect(tour.coverThumbUrl).toMatch(/^\/api\/media\/product-images\/[0-9a-f-]{36}\/thumb$/);
    expect(tea).toMatchObject({ minDenomination: null, maxDenomination: null, fixedDenominations: null, coverThumbUrl: null });
  });

  it('searches by every word, in any case, in the names', async () => {
    expect(expectOk(await list({ search: 'SPA almaty' })).items.map((item: { name: string }) => item.name)).toEqual(['Almaty spa']);
    expect(expectOk(await list({ search: 'ceremony kz' })).total).toBe(1);
    expect(expectOk(await list({ search: '100%_' })).total).toBe(0);
  });

  it('filters by status and pages', async () => {
    expect(expectOk(await list({ status: 'moderation' })).total).toBe(0);
    expect(expectOk(await list({ status: 'draft' })).total).toBe(3);
    const second = expectOk(await list({ page: 2, pageSize: 2 }));
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.items.map((item: { name: string }) => item.name)).toEqual(['Almaty spa']);
  });
});

describe('submitting', () => {
  it('refuses a product with steps missing, naming them', async () => {
    const { id } = expectOk(await catalogue().create(characteristics({ name: 'Half done' })));
    expectError(await catalogue().submit(id), 422, 'PRODUCT_INCOMPLETE', {
      denominations: 'REQUIRED',
      information: 'REQUIRED',
      terms: 'REQUIRED',
    });
    expectOk(await catalogue().save(id, 'denominations', fixedDenominations()));
    expectOk(await catalogue().save(id, 'information', ownCodes()));
    expectError(await catalogue().submit(id), 422, 'PRODUCT_INCOMPLETE', { terms: 'REQUIRED' });
    expectOk(await catalogue().save(id, 'terms', terms()));
    expectError(await catalogue().submit(id), 422, 'IMAGE_REQUIRED', { images: 'IMAGE_REQUIRED' });
    expect((await productRow(test, id)).status).toBe('draft');
  });

  it('sends a complete product to moderation with a history note and an audit entry', async () => {
    const id = await completeProduct(test, owner.token, owner.supplierId, 'Ready');
    const submitted = expectOk(await catalogue().submit(id));
    expect(submitted).toMatchObject({
      status: 'moderation',
      live: false,
      completedSteps: ['characteristics', 'denominations', 'information', 'terms', 'images'],
      history: [{ action: 'submitted', comment: '', at: test.clock.now().toISOString() }],
    });
    expect((await productRow(test, id)).submittedAt).toEqual(test.clock.now());
    expect(await productAudit(test, 'product.submitted', id)).toHaveLength(1);
  });

  it('refuses any change while the product is on moderation', async () => {
    const id = await submittedProduct(test, owner.token, owner.supplierId, 'Waiting');
    const before = await productRow(test, id);
    expectError(await catalogue().save(id, 'denominations', fixedDenominations([5_000])), 409, 'PRODUCT_NOT_EDITABLE');
    expectError(await catalogue().save(id, 'characteristics', characteristics({ name: 'Sneaky' })), 409, 'PRODUCT_NOT_EDITABLE');
    expectError(await catalogue().submit(id), 409, 'PRODUCT_NOT_EDITABLE');
    expect(await productRow(test, id)).toEqual(before);
  });

  it('refuses a fixed expiry date that has passed while the product waited', async () => {
    const id = await completeProduct(test, owner.token, owner.supplierId, 'Dated');
    expectOk(await catalogue().save(id, 'terms', terms({ validity: { kind: 'fixedDate', date: '2026-11-22' } })));
    await laterOn(86_400_000);
    expectError(await catalogue().submit(id), 422, 'VALIDITY_DATE_PAST', { 'terms.validity.date': 'VALIDITY_DATE_PAST' });
  });

  it('refuses offline acceptance without a reception point, when the terms were saved before the change', async () => {
    const id = await completeProduct(test, owner.token, owner.supplierId, 'Offline');
    expectOk(await catalogue().save(id, 'information', ownCodes({ acceptance: 'offline' })));
    expectError(await catalogue().submit(id), 422, 'RECEPTION_POINT_REQUIRED', { 'terms.receptionPoints': 'RECEPTION_POINT_REQUIRED' });
    expectOk(await catalogue().save(id, 'terms', terms({ receptionPoints: [receptionPoint()] })));
    expectOk(await catalogue().submit(id));
  });

  it('refuses a product of a company now in Kazakhstan without its KZ name', async () => {
    const id = await completeProduct(test, owner.token, owner.supplierId, 'Moved');
    await test.database.db.update(suppliers).set({ country: 'KZ' }).where(eq(suppliers.id, owner.supplierId));
    try {
      expectError(await catalogue().submit(id), 422, 'NAME_KZ_REQUIRED', { 'characteristics.nameKz': 'NAME_KZ_REQUIRED' });
      expectOk(await catalogue().save(id, 'characteristics', characteristics({ name: 'Moved', nameKz: 'Көшті' })));
      expectOk(await catalogue().submit(id));
    } finally {
      await test.database.db.update(suppliers).set({ country: 'RU' }).where(eq(suppliers.id, owner.supplierId));
    }
  });
});

describe('an edit of a product on sale', () => {
  let admin: string;
  let staff: string;
  let mainId: string;

  beforeAll(async () => {
    admin = (await test.login('admin@demo.test')).accessToken;
    staff = (await test.login('moderator@demo.test')).accessToken;
    mainId = await supplierIdOf(test, 'Demo Gifts');
  });

  it('makes a new draft while the approved copy and its till rules stay on sale', async () => {
    const main = catalogueAs(test, admin, mainId);
    const id = await submittedProduct(test, admin, mainId, 'On sale');
    expectOk(await staffAs(test, staff).finish(id, 'approve'));
    const approved = await productRow(test, id);

    const edited = expectOk(await main.save(id, 'denominations', fixedDenominations([700_000])));
    expect(edited).toMatchObject({ status: 'draft', live: true });
    const row = await productRow(test, id);
    expect(row.data.denominations).toEqual(fixedDenominations([700_000]));
    const { live, name, pinRequired, codePattern, pinPattern, redemptionLimit } = approved;
    expect(row).toMatchObject({ live, name, pinRequired, codePattern, pinPattern, redemptionLimit });

    // Renaming the draft does not rename what is on sale.
    expectOk(await main.save(id, 'characteristics', characteristics({ name: 'On sale, renamed' })));
    expect((await productRow(test, id)).name).toBe('On sale');
    const listed = expectOk(await test.call('GET', `${SUPPLIER}/products?supplierId=${mainId}`, { token: admin }));
    expect(listed.items).toContainEqual(expect.objectContaining({ id, name: 'On sale' }));
  });

  it('may be submitted again and stays on sale meanwhile', async () => {
    const id = await submittedProduct(test, admin, mainId, 'Second round');
    expectOk(await staffAs(test, staff).finish(id, 'approve'));
    expectOk(await catalogueAs(test, admin, mainId).save(id, 'denominations', fixedDenominations([50_000])));
    const again = expectOk(await catalogueAs(test, admin, mainId).submit(id));
    expect(again).toMatchObject({ status: 'moderation', live: true });
    expect(again.history.map((note: { action: string }) => note.action)).toEqual(['submitted', 'approved', 'submitted']);
    expect((await productRow(test, id)).live?.denominations).toEqual(fixedDenominations());
  });
});

describe('deleting a draft (issue 35)', () => {
  it('deletes a product never on sale, its images with it, and writes who did it; staff never saw it', async () => {
    const staff = staffAs(test, (await test.login('moderator@demo.test')).accessToken);
    const id = await completeProduct(test, owner.token, owner.supplierId, 'Never sold');
    // Never sent to moderation: the supplier's own, not the marketplace's to see.
    expect(expectOk(await staff.list({ supplierId: owner.supplierId })).items).not.toContainEqual(expect.objectContaining({ id }));
    expectError(await staff.info(id), 404, 'PRODUCT_NOT_FOUND');

    expect(expectOk(await catalogue().remove(id))).toEqual({ productId: id });
    expectError(await catalogue().info(id), 404, 'PRODUCT_NOT_FOUND');
    expect(await test.database.db.select().from(productImages).where(eq(productImages.productId, id))).toEqual([]);
    expect(await productAudit(test, 'product.deleted', id)).toEqual([
      expect.objectContaining({ supplierId: owner.supplierId, details: { productId: id, name: 'Never sold' } }),
    ]);
    expectError(await catalogue().remove(id), 404, 'PRODUCT_NOT_FOUND');
  });

  it('refuses a product on moderation and one that has been on sale; a sent-back one is deleted', async () => {
    const admin = (await test.login('admin@demo.test')).accessToken;
    const staff = staffAs(test, (await test.login('moderator@demo.test')).accessToken);
    const mainId = await supplierIdOf(test, 'Demo Gifts');
    const main = catalogueAs(test, admin, mainId);
    const waiting = await submittedProduct(test, admin, mainId, 'Waiting');
    // Submitted once: staff see it from then on.
    expect(expectOk(await staff.list({ supplierId: mainId })).items).toContainEqual(expect.objectContaining({ id: waiting }));
    expectError(await main.remove(waiting), 409, 'PRODUCT_NOT_EDITABLE');
    expectOk(await staff.finish(waiting, 'approve'));
    expectError(await main.remove(waiting), 409, 'PRODUCT_NOT_DELETABLE');
    // An approved product edited again is a draft with a live copy: still not deletable.
    expectOk(await main.save(waiting, 'denominations', fixedDenominations([700_000])));
    expectError(await main.remove(waiting), 409, 'PRODUCT_NOT_DELETABLE');
    expect(await productRow(test, waiting)).toBeDefined();

    const sentBack = await submittedProduct(test, admin, mainId, 'Sent back');
    expectOk(await staff.finish(sentBack, 'reject', 'Wrong pictures'));
    expectOk(await main.remove(sentBack));
  });

  it('is for the company’s admins, and for its own products only', async () => {
    const id = await completeProduct(test, owner.token, owner.supplierId, 'Mine');
    const admin = (await test.login('admin@demo.test')).accessToken;
    const mainId = await supplierIdOf(test, 'Demo Gifts');
    // Another company's product is not found through one's own company.
    expectError(await catalogueAs(test, admin, mainId).remove(id), 404, 'PRODUCT_NOT_FOUND');
    const accountant = (await test.login('accountant@demo.test')).accessToken;
    expectError(await catalogueAs(test, accountant, mainId).remove(id), 403, 'FORBIDDEN');
    expect(await productRow(test, id)).toBeDefined();
  });
});

describe('switching from provider codes to own codes', () => {
  it('needs a confirmation, then resets the code settings whatever the body said', async () => {
    const { id } = expectOk(await catalogue().create(characteristics({ name: 'Codes' })));
    expectOk(await catalogue().save(id, 'information', providerCodes()));
    const own = ownCodes({
      barcodeType: 'i25',
      codeTransfer: 'email',
      exampleNumber: '123',
      codeBlocking: true,
      sampleCode: 'X1',
      samplePin: '9',
    });

    expectError(await catalogue().save(id, 'information', own), 409, 'CODE_RESET_CONFIRMATION_REQUIRED');
    expectError(await catalogue().save(id, 'information', own, { confirmCodeReset: false }), 409, 'CODE_RESET_CONFIRMATION_REQUIRED');
    expect((await productRow(test, id)).data.information?.codeType).toBe('provider');
    expect(await productAudit(test, 'product.codeReset', id)).toHaveLength(0);

    const saved = expectOk(await catalogue().save(id, 'information', own, { confirmCodeReset: true }));
    expect(saved.data.information).toEqual({ ...own, ...OWN_CODE_DEFAULTS, assignedDenomination: false, delivery: false });
    expect(await productAudit(test, 'product.codeReset', id)).toHaveLength(1);

    // Own to own, or a first save with own codes, resets nothing and needs nothing.
    expectOk(await catalogue().save(id, 'information', ownCodes({ barcodeType: 'none' })));
    expect((await productRow(test, id)).data.information?.barcodeType).toBe('none');
  });
});

describe('parallel saves', () => {
  it('of different steps both land: the row lock makes them take turns', async () => {
    const { id } = expectOk(await catalogue().create(characteristics({ name: 'Parallel' })));
    const answers = await Promise.all([
      catalogue().save(id, 'denominations', fixedDenominations([123_000])),
      catalogue().save(id, 'terms', terms({ validity: { kind: 'perpetual' } })),
      catalogue().save(id, 'information', ownCodes({ pinRequired: false })),
    ]);
    expectStatuses(answers, [200, 200, 200]);
    const row = await productRow(test, id);
    expect(row.completedSteps).toEqual(['characteristics', 'denominations', 'information', 'terms']);
    expect(row.data.denominations).toEqual(fixedDenominations([123_000]));
    expect(row.data.terms?.validity).toEqual({ kind: 'perpetual' });
    expect(row.data.information?.pinRequired).toBe(false);
  });

  it('and a submit: the submit sees the saves before it, or the saves are refused after it', async () => {
    const id = await completeProduct(test, owner.token, owner.supplierId, 'Racing');
    const [save, submit] = await Promise.all([catalogue().save(id, 'denominations', fixedDenominations([1_000])), catalogue().submit(id)]);
    expect(submit.status).toBe(200);
    const row = await productRow(test, id);
    if (save.status === 200) expect(row.data.denominations).toEqual(fixedDenominations([1_000]));
    else expectError(save, 409, 'PRODUCT_NOT_EDITABLE');
    expect(row.status).toBe('moderation');
  });
});
