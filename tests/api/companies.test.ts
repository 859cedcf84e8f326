import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, moderationEvents, suppliers } from '../../server/db/schema';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { ADMIN_SUPPLIERS, draftCompany, expectOk, get, newAdmin, post, SAMPLES, SUPPLIER } from './support/companies';
import { pdfText } from './support/pdf';

/**
 * Issue 10: a company's lifecycle through the API — draft, moderation, rejected
 * with a reason, corrected and resubmitted, active — with its mails, history,
 * audit entries and the accepted offer (decision 50).
 */

let test: TestApp;
let moderator: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  moderator = (await test.login('moderator@demo.test')).accessToken;
});
afterAll(() => test?.close());

const mailsTo = (to: string) => test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
const staff = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  test.call(method, `${ADMIN_SUPPLIERS}${path}`, { token: moderator, body });

describe('the lifecycle of a company', () => {
  it('goes draft → moderation → rejected with a reason → corrected and resubmitted → active, mailing each step', async () => {
    const owner = await newAdmin(test, 'lifecycle', 'en-US');
    const created = expectOk(await post(test, owner.token, '/supplier/create', SAMPLES.RU.company));
    expect(created).toEqual({
      supplierId: expect.any(String),
      name: 'Sber Gifts',
      country: 'RU',
      status: 'draft',
      rejectionReason: null,
      steps: { company: true, legal: false, bank: false },
      editable: true,
      submittable: false,
      cancellable: true,
    });
    const { supplierId } = created;

    // The creator is the company's admin: it is in their list.
    const index = expectOk(await get(test, owner.token, '/supplier/index'));
    expect(index.supplierItems).toEqual([expect.objectContaining({ supplierId, status: 'draft', roles: ['roleAdmin'] })]);

    const legal = expectOk(await post(test, owner.token, '/legal-data/add', { supplierId, ...SAMPLES.RU.legal }));
    expect(legal).toMatchObject({ supplierId, country: 'RU', legalType: 'RU_OOO', data: { inn: '7707083893', kpp: '773601001', fio: '' } });
    const bank = expectOk(await post(test, owner.token, '/bank-account/add', { supplierId, ...SAMPLES.RU.bank }));
    const { country: _country, ...bankFields } = SAMPLES.RU.bank;
    expect(bank).toEqual({ supplierId, ...bankFields, iban: '', swift: '', iik: '', kbe: '', bankCode: '', bankAddress: '' });
    expect(expectOk(await get(test, owner.token, `/supplier/general-info?supplierId=${supplierId}`))).toMatchObject({
      steps: { company: true, legal: true, bank: true },
      submittable: true,
    });

    const submitted = expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'en-US' }));
    expect(submitted).toMatchObject({ status: 'moderation', editable: false, submittable: false, cancellable: false });
    let mails = await mailsTo(owner.email);
    expect(mails.at(-1)!.subject).toBe('Sber Gifts is on moderation');
    expect(mails.at(-1)!.text).toContain(`/companies/supplier/${supplierId}`);

    // On moderation nothing may change.
    const locked = await post(test, owner.token, '/supplier/update', { supplierId, ...SAMPLES.RU.company, name: 'Sber Gifts 2' });
    expectError(locked, 409, 'SUPPLIER_NOT_EDITABLE');

    const queue = expectOk(await staff('GET', '?status=moderation'));
    expect(queue.items).toContainEqual({
      supplierId,
      name: 'Sber Gifts',
      supplierName: 'ООО «Сбер Подарки»',
      country: 'RU',
      tin: '7707083893',
      submittedAt: test.clock.now().toISOString(),
      language: 'en-US',
      // Waiting: no decision yet (the decided list's items carry theirs).
      decision: null,
    });

    const reason = 'The OGRN does not match the register.\nCheck it and submit again.';
    const rejected = expectOk(await staff('POST', `/${supplierId}/reject`, { reason }));
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: reason });
    mails = await mailsTo(owner.email);
    expect(mails.at(-1)!.subject).toBe('Sber Gifts needs corrections');
    expect(mails.at(-1)!.text).toContain('    The OGRN does not match the register.\n    Check it and submit again.');
    expect(expectOk(await staff('GET', '?status=moderation')).items.map((item: { supplierId: string }) => item.supplierId)).not.toContain(
      supplierId,
    );

    // The admin sees "Rejected" and the reason, corrects and resubmits.
    const general = expectOk(await get(test, owner.token, `/supplier/general-info?supplierId=${supplierId}`));
    expect(general).toMatchObject({ status: 'rejected', rejectionReason: reason, editable: true, submittable: true, cancellable: false });
    const corrected = expectOk(
      await post(test, owner.token, '/supplier/update', { supplierId, ...SAMPLES.RU.company, name: 'Sber Gifts Corrected' }),
    );
    expect(corrected).toMatchObject({ name: 'Sber Gifts Corrected', status: 'rejected', steps: { legal: true, bank: true } });
    expectError(await post(test, owner.token, '/supplier/cancel-create', { supplierId }), 409, 'SUPPLIER_NOT_CANCELLABLE');
    test.clock.advance(60_000);
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'en-US' }));

    const approved = expectOk(await staff('POST', `/${supplierId}/approve`));
    expect(approved).toMatchObject({ status: 'active', rejectionReason: null });
    mails = await mailsTo(owner.email);
    expect(mails.at(-1)!.subject).toBe('Sber Gifts Corrected has passed moderation');
    expect(mails.map((mail) => mail.subject).slice(-4)).toEqual([
      'Sber Gifts is on moderation',
      'Sber Gifts needs corrections',
      'Sber Gifts Corrected is on moderation',
      'Sber Gifts Corrected has passed moderation',
    ]);

    const info = expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`));
    expect(info).toMatchObject({
      supplierId,
      country: 'RU',
      name: 'Sber Gifts Corrected',
      supplierName: 'ООО «Сбер Подарки»',
      tin: '7707083893',
      webSite: 'https://sber-gifts.example.test',
      legalType: 'RU_OOO',
      status: 'active',
      rejectionReason: null,
      language: 'en-US',
      parentSupplier: null,
      contractResponse: { acceptedOfferFileName: 'certdesk-offer-7707083893.pdf', acceptedAt: test.clock.now().toISOString() },
      legalDataDataResponse: { inn: '7707083893', legalNameFull: 'ООО «Сбер Подарки»' },
      bankAccountDataResponse: { bik: '044525225', checkingAccount: '40702810438000034726' },
    });
    expect(info.history.map(({ action, reason: why }: { action: string; reason: string | null }) => [action, why])).toEqual([
      ['submitted', null],
      ['rejected', reason],
      ['submitted', null],
      ['approved', null],
    ]);
    expect(info.history.every((event: { language: string }) => event.language === 'en-US')).toBe(true);

    // Each decision is in the audit log, with who made it.
    const audited = await test.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.supplierId, supplierId), inArray(auditLog.action, ['supplier.approve', 'supplier.reject'])))
      .orderBy(asc(auditLog.createdAt));
    expect(audited).toEqual([
      { action: 'supplier.reject', details: { reason } },
      { action: 'supplier.approve', details: null },
    ]);

    // Active: nothing may change, and staff cannot decide again.
    expectError(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'en-US' }), 409, 'SUPPLIER_NOT_EDITABLE');
    expectError(await staff('POST', `/${supplierId}/reject`, { reason: 'late' }), 409, 'SUPPLIER_NOT_ON_MODERATION');
  });

  it('mails the decision in the language the company was submitted in, not the reader’s', async () => {
    const owner = await newAdmin(test, 'russian-reader', 'ru-RU');
    const supplierId = await draftCompany(test, owner.token, 'ES');
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'es-ES' }));
    expect((await mailsTo(owner.email)).at(-1)!.subject).toBe('Regalos Caixa está en moderación');
    expectOk(await staff('POST', `/${supplierId}/reject`, { reason: 'Falta el domicilio fiscal.' }));
    const mail = (await mailsTo(owner.email)).at(-1)!;
    expect(mail.subject).toBe('Regalos Caixa necesita correcciones');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('Falta el domicilio fiscal.');
  });

  it('mails every admin of the company, and no one else', async () => {
    const owner = await newAdmin(test, 'first-admin');
    const supplierId = await draftCompany(test, owner.token, 'KZ');
    const second = await newAdmin(test, 'second-admin');
    const accountant = await newAdmin(test, 'accountant');
    const { memberships, users } = await import('../../server/db/schema');
    for (const [email, roles] of [
      [second.email, ['roleAdmin']],
      [accountant.email, ['roleAccountant']],
    ] as const) {
      const [user] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await test.database.db.insert(memberships).values({ userId: user!.id, supplierId, roles: [...roles] });
    }
    expectOk(await post(test, second.token, '/supplier/submit', { supplierId, language: 'kz-KZ' }));
    expectOk(await staff('POST', `/${supplierId}/approve`));
    for (const admin of [owner, second]) {
      expect((await mailsTo(admin.email)).map((mail) => mail.subject)).toEqual([
        expect.any(String), // the registration code
        'Almaty Gifts компаниясы модерацияда',
        'Almaty Gifts компаниясы модерациядан өтті',
      ]);
    }
    expect(await mailsTo(accountant.email)).toHaveLength(1);
  });
});

describe('the accepted offer', () => {
  let owner: { email: string; token: string };
  let supplierId: string;
  beforeAll(async () => {
    owner = await newAdmin(test, 'offer');
    supplierId = await draftCompany(test, owner.token, 'RU', { company: { name: 'Подарки Пётр', tin: '7709442668' } });
  });

  it('does not exist before the company is submitted', async () => {
    const response = await get(test, owner.token, `/contract/download-accepted-offer?supplierId=${supplierId}`);
    expectError(response, 404, 'OFFER_NOT_FOUND');
    expect(expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`)).contractResponse).toBeNull();
  });

  it('downloads as a PDF in the submitted language with the requisites, the acceptor and the acceptance time', async () => {
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }));
    const response = await test.app.request(`${SUPPLIER}/contract/download-accepted-offer?supplierId=${supplierId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="certdesk-offer-7709442668.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // Compared without white space: lines may break anywhere in a long value (after the hyphen of an e-mail address).
    const text = pdfText(pdf).replace(/\s+/g, '');
    const { ogrn } = expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`)).legalDataDataResponse;
    for (const expected of [
      'Оферта для партнёров',
      'Подарки Пётр',
      'ООО «Сбер Подарки»',
      'ИНН',
      '7709442668',
      '773601001',
      ogrn,
      '044525225',
      '40702810438000034726',
      'ПАО Сбербанк',
      '21 ноября 2026',
      owner.email,
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ''));
    }

    const info = expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`));
    expect(info.contractResponse).toEqual({
      acceptedOfferFileSize: pdf.byteLength,
      acceptedOfferFileName: 'certdesk-offer-7709442668.pdf',
      acceptedAt: test.clock.now().toISOString(),
    });

    // The moderator downloads the same document.
    const forStaff = await test.app.request(`${ADMIN_SUPPLIERS}/${supplierId}/offer`, {
      headers: { authorization: `Bearer ${moderator}` },
    });
    expect(forStaff.status).toBe(200);
    expect(new Uint8Array(await forStaff.arrayBuffer())).toEqual(pdf);
  });

  it('is written in each of the six languages', async () => {
    const titles = {
      'en-US': 'Partner offer of the Certdesk',
      'es-ES': 'Oferta para socios',
      'fr-FR': 'Offre aux partenaires',
      'kz-KZ': 'серіктестеріне арналған оферта',
      'be-BY': 'Афёрта для партнёраў',
    } as const;
    for (const [language, title] of Object.entries(titles)) {
      const admin = await newAdmin(test, `offer-${language.toLowerCase()}`);
      const id = await draftCompany(test, admin.token);
      expectOk(await post(test, admin.token, '/supplier/submit', { supplierId: id, language }));
      const response = await test.app.request(`${SUPPLIER}/contract/download-accepted-offer?supplierId=${id}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(pdfText(new Uint8Array(await response.arrayBuffer())).replace(/\s+/g, ' ')).toContain(title);
    }
  });
});

describe('cancel-create', () => {
  it('deletes a draft never submitted, with its memberships', async () => {
    const owner = await newAdmin(test, 'cancel');
    const supplierId = await draftCompany(test, owner.token, 'RU', { company: { tin: '7736207543', name: 'Cancelled' }, steps: 1 });
    expect(expectOk(await post(test, owner.token, '/supplier/cancel-create', { supplierId }))).toEqual({ supplierId });
    expect(await test.database.db.select().from(suppliers).where(eq(suppliers.id, supplierId))).toEqual([]);
    expectError(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`), 404, 'SUPPLIER_NOT_FOUND');
    // The tax id is free again.
    expectOk(await post(test, owner.token, '/supplier/create', { ...SAMPLES.RU.company, tin: '7736207543' }));
  });

  it('refuses a company on moderation', async () => {
    const owner = await newAdmin(test, 'cancel-moderation');
    const supplierId = await draftCompany(test, owner.token, 'ES', { company: { tin: '12345678Z' }, steps: 1 });
    await post(test, owner.token, '/legal-data/add', {
      supplierId,
      ...SAMPLES.ES.legal,
      legalType: 'ES_AUTONOMO',
      data: { ...SAMPLES.ES.legal.data, nif: '12345678Z', fio: 'Juan Español' },
    });
    expectOk(await post(test, owner.token, '/bank-account/add', { supplierId, ...SAMPLES.ES.bank }));
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'es-ES' }));
    expectError(await post(test, owner.token, '/supplier/cancel-create', { supplierId }), 409, 'SUPPLIER_NOT_CANCELLABLE');
    const events = await test.database.db.select().from(moderationEvents).where(eq(moderationEvents.supplierId, supplierId));
    expect(events.map((event) => event.action)).toEqual(['submitted']);
  });
});
