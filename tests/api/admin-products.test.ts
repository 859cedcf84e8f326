import { OWN_CODE_DEFAULTS } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../server/db/schema';
import { MAIL_DICTIONARIES } from '../../server/mail/locales';
import { liveColumns } from '../../server/modules/catalogue';
import { reportMember } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError, expectInvalid } from './support/auth';
import {
  catalogueAs,
  characteristics,
  completeProduct,
  fixedDenominations,
  ownCodes,
  productAudit,
  productRow,
  providerCodes,
  staffAs,
  submittedProduct,
} from './support/catalogue';
import { expectOk } from './support/companies';
import { companyWithAdmin, expectStatuses, mailsTo } from './support/users';

/**
 * The staff's side of the catalogue (issue 12, decision 055): the filtered list, edits at any
 * status, approval (the working copy goes live) and sending back, both mailed to the company's
 * admins and audited, reset, the code-type reset, the marketplace fields, and decisions racing.
 */

let test: TestApp;
let staff: ReturnType<typeof staffAs>;
let ru: { email: string; token: string; supplierId: string };
let es: { email: string; token: string; supplierId: string };
beforeAll(async () => {
  test = await createAuthTestApp();
  staff = staffAs(test, (await test.login('moderator@demo.test')).accessToken);
  ru = await companyWithAdmin(test, 'RU', 'ru-boss');
  es = await companyWithAdmin(test, 'ES', 'es-boss');
});
afterAll(() => test?.close());

const names = (data: { items: { name: string }[] }) => data.items.map((item) => item.name);

describe('the list', () => {
  /** A product the company completed, sent to moderation and had sent back: decided, so the marketplace's to see. */
  const sentBack = async (name: string, productType: string) => {
    const id = await completeProduct(test, es.token, es.supplierId, name);
    expectOk(await catalogueAs(test, es.token, es.supplierId).save(id, 'characteristics', characteristics({ name, productType })));
    expectOk(await catalogueAs(test, es.token, es.supplierId).submit(id));
    expectOk(await staff.finish(id, 'reject', 'Add the venue'));
  };

  beforeAll(async () => {
    await submittedProduct(test, ru.token, ru.supplierId, 'Older waiting');
    test.clock.advance(60_000);
    await submittedProduct(test, es.token, es.supplierId, 'Newer waiting');
    test.clock.advance(60_000);
    await sentBack('Madrid tapas', 'food');
    test.clock.advance(60_000);
    await sentBack('Sevilla flamenco', 'experiences');
    // Never sent to moderation: the company's own draft, which the marketplace does not see (issue 35).
    expectOk(await catalogueAs(test, es.token, es.supplierId).create(characteristics({ name: 'Toledo draft', productType: 'food' })));
  });

  it('puts the products waiting for moderation first, the longest waiting first, then the latest changed', async () => {
    const data = expectOk(await staff.list());
    const ours = data.items.filter((item: { supplierId: string }) => [ru.supplierId, es.supplierId].includes(item.supplierId));
    expect(names(data).slice(0, 2)).toEqual(['Older waiting', 'Newer waiting']);
    expect(names({ items: ours })).toEqual(['Older waiting', 'Newer waiting', 'Sevilla flamenco', 'Madrid tapas']);
    expect(data.items[0]).toMatchObject({
      status: 'moderation',
      supplierId: ru.supplierId,
      supplierName: 'Sber Gifts',
      country: 'RU',
      currency: 'RUB',
      activity: 'active',
      submittedAt: expect.any(String),
      minDenomination: 100_000,
      maxDenomination: 300_000,
    });
    expect(data.items[0].tin).toMatch(/^\d{10}$/);
    expect(data.items.find((item: { name: string }) => item.name === 'Madrid tapas')).toMatchObject({
      currency: 'EUR',
      status: 'rejected',
      submittedAt: expect.any(String),
    });
    expect(names(data)).not.toContain('Toledo draft');
    // The seeded products are there too.
    expect(data.total).toBeGreaterThanOrEqual(7);
  });

  it('filters by company, status, country, product type and text', async () => {
    expect(names(expectOk(await staff.list({ supplierId: es.supplierId })))).toEqual(['Newer waiting', 'Sevilla flamenco', 'Madrid tapas']);
    expect(names(expectOk(await staff.list({ status: 'moderation' })))).toEqual(['Older waiting', 'Newer waiting']);
    expect(names(expectOk(await staff.list({ country: 'ES', status: 'rejected' })))).toEqual(['Sevilla flamenco', 'Madrid tapas']);
    expect(names(expectOk(await staff.list({ country: 'ES', status: 'draft' })))).not.toContain('Toledo draft');
    expect(names(expectOk(await staff.list({ productType: 'food' })))).toEqual(['Madrid tapas']);
    expect(names(expectOk(await staff.list({ search: 'FLAMENCO' })))).toEqual(['Sevilla flamenco']);
    // The company's name and tax id are searched too.
    expect(names(expectOk(await staff.list({ search: 'regalos tapas' })))).toEqual(['Madrid tapas']);
    expect(names(expectOk(await staff.list({ search: 'A58818501', productType: 'experiences' })))).toEqual(['Sevilla flamenco']);
    expect(expectOk(await staff.list({ country: 'BY' })).total).toBe(0);
  });

  it('tells a seeded approved product’s history as it happened: submitted, then approved, before any of its sales', async () => {
    const [card] = expectOk(await staff.list({ search: 'Demo Gifts card' })).items;
    const { status, history } = expectOk(await staff.info(card.id));
    expect(status).toBe('active');
    expect(history.map((note: { action: string }) => note.action)).toEqual(['submitted', 'approved']);
    const [submitted, approved] = history.map((note: { at: string }) => Date.parse(note.at));
    expect(submitted).toBeLessThan(approved);
    // The oldest demo certificate was bought 14 months ago.
    expect(approved).toBeLessThan(Date.now() - 14 * 30 * 86_400_000);
  });

  it('pages', async () => {
    const page = expectOk(await staff.list({ supplierId: es.supplierId, page: '2', pageSize: '2' }));
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(names(page)).toEqual(['Madrid tapas']);
  });

  it('shows one product as the company sees it', async () => {
    const [item] = expectOk(await staff.list({ search: 'tapas' })).items;
    const details = expectOk(await staff.info(item.id));
    expect(details).toEqual(expectOk(await catalogueAs(test, es.token, es.supplierId).info(item.id)));
    expectError(await staff.info(crypto.randomUUID()), 404, 'PRODUCT_NOT_FOUND');
  });
});

describe('a decision', () => {
  it('approves a product after the moderator edits a denomination: the edit goes live, mailed and audited', async () => {
    // Members of a draft company (it invites nobody before moderation: decision 074), written straight in.
    const second = await reportMember(test, ru.supplierId, ['roleAdmin', 'roleAccountant']);
    await test.database.db.update(users).set({ preferredLanguage: 'ru-RU' }).where(eq(users.id, second.userId));
    const redeemer = await reportMember(test, ru.supplierId, ['roleRedeemer']);
    const id = await submittedProduct(test, ru.token, ru.supplierId, 'To approve');
    const edited = expectOk(await staff.save(id, 'denominations', fixedDenominations([100_000, 250_000])));
    expect(edited).toMatchObject({ status: 'moderation', live: false });

    const approved = expectOk(await staff.finish(id, 'approve', 'Looks fine.\nWelcome!'));
    expect(approved).toMatchObject({
      status: 'active',
      live: true,
      moderationComment: 'Looks fine.\nWelcome!',
      history: [
        { action: 'submitted', comment: '' },
        { action: 'approved', comment: 'Looks fine.\nWelcome!', at: test.clock.now().toISOString() },
      ],
    });
    const row = await productRow(test, id);
    expect(row.live).toEqual(row.data);
    expect(row.live?.denominations).toEqual(fixedDenominations([100_000, 250_000]));
    expect(row).toMatchObject(liveColumns(row.data));
    expect(await productAudit(test, 'product.approved', id)).toEqual([
      expect.objectContaining({ supplierId: ru.supplierId, details: { productId: id, comment: 'Looks fine.\nWelcome!' } }),
    ]);
    expect(await productAudit(test, 'product.edited', id)).toEqual([
      expect.objectContaining({ details: { productId: id, step: 'denominations' } }),
    ]);

    const subject = MAIL_DICTIONARIES.ru.productApprovedSubject.replace('{productName}', 'To approve');
    for (const email of [ru.email, second.email]) {
      const mail = (await mailsTo(test, email)).findLast((candidate) => candidate.subject === subject);
      expect(mail?.text).toContain('Sber Gifts');
      expect(mail?.text).toContain('    Looks fine.\n    Welcome!');
      expect(mail?.text).toContain(`/certificates/${id}`);
    }
    expect(await mailsTo(test, redeemer.email)).not.toContainEqual(expect.objectContaining({ subject }));
  });

  it('approves without a comment, then mails no quote', async () => {
    const id = await submittedProduct(test, es.token, es.supplierId, 'Plain approval');
    expectOk(await staff.finish(id, 'approve'));
    const subject = MAIL_DICTIONARIES.ru.productApprovedSubject.replace('{productName}', 'Plain approval');
    const mail = (await mailsTo(test, es.email)).findLast((candidate) => candidate.subject === subject);
    expect(mail?.text).not.toContain(MAIL_DICTIONARIES.ru.productApprovedComment);
  });

  it('sends a product back only with a comment, which it mails', async () => {
    const id = await submittedProduct(test, ru.token, ru.supplierId, 'To reject');
    expectInvalid(await staff.finish(id, 'reject'), { comment: 'REQUIRED' });
    expectInvalid(await staff.finish(id, 'reject', '   '), { comment: 'REQUIRED' });
    expect((await productRow(test, id)).status).toBe('moderation');

    const rejected = expectOk(await staff.finish(id, 'reject', 'The photo is blurry.'));
    expect(rejected).toMatchObject({ status: 'rejected', live: false, moderationComment: 'The photo is blurry.' });
    expect((await productRow(test, id)).live).toBeNull();
    expect(await productAudit(test, 'product.rejected', id)).toHaveLength(1);
    const subject = MAIL_DICTIONARIES.ru.productRejectedSubject.replace('{productName}', 'To reject');
    const mail = (await mailsTo(test, ru.email)).findLast((candidate) => candidate.subject === subject);
    expect(mail?.text).toContain('    The photo is blurry.');
    expect(mail?.html).toContain(`/certificates/${id}`);

    // The company corrects it and submits again.
    expectOk(await catalogueAs(test, ru.token, ru.supplierId).save(id, 'denominations', fixedDenominations([50_000])));
    expect(expectOk(await catalogueAs(test, ru.token, ru.supplierId).submit(id)).status).toBe('moderation');
  });

  it('is taken only for a product on moderation', async () => {
    const draft = await completeProduct(test, ru.token, ru.supplierId, 'Not submitted');
    expectError(await staff.finish(draft, 'approve'), 409, 'PRODUCT_NOT_ON_MODERATION');
    expectError(await staff.finish(crypto.randomUUID(), 'approve'), 404, 'PRODUCT_NOT_FOUND');
    expect((await productRow(test, draft)).status).toBe('draft');
  });

  it('refuses to approve what may not go on sale: an expiry date passed while it waited', async () => {
    const id = await completeProduct(test, ru.token, ru.supplierId, 'Expired waiting');
    const { data } = await productRow(test, id);
    const terms = { ...data.terms!, validity: { kind: 'fixedDate' as const, date: '2026-01-01' } };
    await test.database.db
      .update(products)
      .set({ status: 'moderation', data: { ...data, terms } })
      .where(eq(products.id, id));
    expectError(await staff.finish(id, 'approve'), 422, 'VALIDITY_DATE_PAST', { 'terms.validity.date': 'VALIDITY_DATE_PAST' });
    expectOk(await staff.finish(id, 'reject', 'The expiry date has passed.'));
  });

  it('taken twice at once: one wins, the other finds it decided', async () => {
    const id = await submittedProduct(test, ru.token, ru.supplierId, 'Raced');
    const answers = await Promise.all([staff.finish(id, 'approve'), staff.finish(id, 'reject', 'No.')]);
    expectStatuses(answers, [200, 409]);
    expectError(
      answers.find((answer) => answer.status === 409)!,
      409,
      'PRODUCT_NOT_ON_MODERATION',
    );
    const row = await productRow(test, id);
    expect(row.history.map((note) => note.action)).toHaveLength(2);
  });
});

describe('reset', () => {
  it('puts an approved product back on moderation, the live copy still on sale, without a mail', async () => {
    const id = await submittedProduct(test, ru.token, ru.supplierId, 'To reset');
    expectOk(await staff.finish(id, 'approve'));
    const approved = await productRow(test, id);
    const mails = (await mailsTo(test, ru.email)).length;
    test.clock.advance(60_000);

    const reset = expectOk(await staff.reset(id));
    expect(reset).toMatchObject({ status: 'moderation', live: true });
    expect(reset.history.map((note: { action: string }) => note.action)).toEqual(['submitted', 'approved', 'reset']);
    const row = await productRow(test, id);
    expect(row.submittedAt).toEqual(test.clock.now());
    expect(row.live).toEqual(approved.live);
    expect(await productAudit(test, 'product.reset', id)).toHaveLength(1);
    expect(await mailsTo(test, ru.email)).toHaveLength(mails);

    // Already on moderation: nothing to do.
    expect(expectOk(await staff.reset(id)).history).toHaveLength(3);
  });

  it('puts a sent-back product back on moderation; not a draft', async () => {
    const id = await submittedProduct(test, ru.token, ru.supplierId, 'Rejected, reset');
    expectOk(await staff.finish(id, 'reject', 'Wrong.'));
    expect(expectOk(await staff.reset(id)).status).toBe('moderation');
    const draft = await completeProduct(test, ru.token, ru.supplierId, 'Draft, no reset');
    expectError(await staff.reset(draft), 409, 'PRODUCT_NOT_ON_MODERATION');
  });
});

describe('staff edits', () => {
  it('of an approved product go live at once and keep it approved', async () => {
    const id = await submittedProduct(test, ru.token, ru.supplierId, 'Live edit');
    expectOk(await staff.finish(id, 'approve'));
    const edited = expectOk(await staff.save(id, 'characteristics', characteristics({ name: 'Live edit, renamed' })));
    expect(edited).toMatchObject({ status: 'active', live: true });
    const row = await productRow(test, id);
    expect(row.live?.characteristics.name).toBe('Live edit, renamed');
    expect(row.name).toBe('Live edit, renamed');
  });

  it('switch provider codes to own codes only when confirmed, resetting the code settings', async () => {
    const id = await submittedProduct(test, ru.token, ru.supplierId, 'Staff codes');
    expectOk(await staff.save(id, 'information', providerCodes()));
    expectError(await staff.save(id, 'information', ownCodes({ barcodeType: 'none' })), 409, 'CODE_RESET_CONFIRMATION_REQUIRED');
    expect((await productRow(test, id)).data.information?.codeType).toBe('provider');
    const saved = expectOk(await staff.save(id, 'information', ownCodes({ barcodeType: 'none' }), { confirmCodeReset: true }));
    expect(saved.data.information).toMatchObject({ codeType: 'own', ...OWN_CODE_DEFAULTS });
    expect(await productAudit(test, 'product.codeReset', id)).toHaveLength(1);
  });

  it('set the marketplace fields; a symbolic code belongs to one product', async () => {
    const first = await completeProduct(test, ru.token, ru.supplierId, 'Coded one');
    const second = await completeProduct(test, es.token, es.supplierId, 'Coded two');
    const admin = { activity: 'inactive', sorting: 500, symbolicCode: 'spa-day', showOnMainPage: true };
    expect(expectOk(await staff.save(first, 'admin', admin)).admin).toEqual(admin);
    expect(await productRow(test, first)).toMatchObject({
      activity: 'inactive',
      sorting: 500,
      symbolicCode: 'spa-day',
      showOnMainPage: true,
    });
    // The company's own status is the company's: a staff edit of a draft leaves it a draft.
    expect((await productRow(test, first)).status).toBe('draft');

    expectError(await staff.save(second, 'admin', { ...admin, symbolicCode: 'spa-day' }), 409, 'SYMBOLIC_CODE_TAKEN', {
      'data.symbolicCode': 'SYMBOLIC_CODE_TAKEN',
    });
    expectInvalid(await staff.save(second, 'admin', { ...admin, symbolicCode: 'Spa Day' }), {
      'data.symbolicCode': 'SYMBOLIC_CODE_INVALID',
    });
    // No code is no claim: any number of products have none.
    expectOk(await staff.save(first, 'admin', { ...admin, symbolicCode: '' }));
    expectOk(await staff.save(second, 'admin', { ...admin, symbolicCode: '' }));
    expect((await productRow(test, first)).symbolicCode).toBeNull();
    // Claimed at once by two: one gets it.
    const answers = await Promise.all([
      staff.save(first, 'admin', { ...admin, symbolicCode: 'raced' }),
      staff.save(second, 'admin', { ...admin, symbolicCode: 'raced' }),
    ]);
    expectStatuses(answers, [200, 409]);
  });
});
