import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, lookupAlerts, mailOutbox, users } from '../../server/db/schema';
import { pinHash } from '../../server/modules/redemption';
import { addCertificate, reportCompany, reportMember, reportProduct } from './support/analytics';
import type { TestApp, TestResponse } from './support/app';
import { createAuthTestApp, expectError, expectInvalid } from './support/auth';
import { expectOk } from './support/companies';

/**
 * Issue 33 item 2, decision 097: failed checks at a till or of a certificate past the company's threshold within a
 * window mail the company's admins once a window, each in their own language, however many requests fail at once; the
 * failures and the alert are in the audit log; the thresholds are the company's; the dashboard shows the alerts to who
 * may follow their link.
 */

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

const SETTINGS = '/api/front/lookup-alerts/settings';
const MINUTE = 60_000;

/** A company of its own: a product (not live: no number format applies), two admins (English, Russian), an accountant, two tills. */
async function alertCompany() {
  const supplierId = await reportCompany(test);
  const productId = await reportProduct(test, supplierId, 'Gift card', 'draft');
  const admin = await reportMember(test, supplierId, ['roleAdmin']);
  const adminRu = await reportMember(test, supplierId, ['roleAdmin']);
  await test.database.db.update(users).set({ preferredLanguage: 'ru-RU' }).where(eq(users.id, adminRu.userId));
  const accountant = await reportMember(test, supplierId, ['roleAccountant']);
  const till = await reportMember(test, supplierId, ['roleRedeemer']);
  const till2 = await reportMember(test, supplierId, ['roleRedeemer']);
  return { supplierId, productId, admin, adminRu, accountant, till, till2 };
}

const check = (token: string, supplierId: string, number: string, pin = '000000') =>
  test.call('POST', '/api/front/redemption/check', { token, body: { supplierId, number, pin } });

const mailsTo = (to: string) => test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const alertsOf = (supplierId: string) => test.database.db.select().from(lookupAlerts).where(eq(lookupAlerts.supplierId, supplierId));
const entriesOf = (supplierId: string, action: string) =>
  test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.supplierId, supplierId), eq(auditLog.action, action)));
const codes = (responses: TestResponse[]) => responses.map((response) => response.body?.error?.code ?? response.body?.data?.status);

let serial = 0;
const unknownNumber = () => `ZZ${String(++serial).padStart(12, '0')}`;

describe('failed checks at one till', () => {
  it('a parallel burst past the threshold writes every failure and mails each admin exactly once, in their language', async () => {
    const company = await alertCompany();
    const burst = await Promise.all(Array.from({ length: 20 }, () => check(company.till.token, company.supplierId, unknownNumber())));
    expect(codes(burst)).toEqual(Array(20).fill('CERTIFICATE_NOT_FOUND'));

    expect(await entriesOf(company.supplierId, 'certificate.unknownNumber')).toHaveLength(20);
    const alerts = await alertsOf(company.supplierId);
    expect(alerts).toHaveLength(1);
    // The request that passes the threshold and the ones after it race to the alert: whichever writes it says its count.
    expect(alerts[0]).toMatchObject({ subjectKind: 'user', subjectId: company.till.userId });
    const failures = alerts[0]!.failures;
    expect(failures).toBeGreaterThanOrEqual(11);
    const [alertEntry, ...more] = await entriesOf(company.supplierId, 'certificate.lookupAlert');
    expect(more).toHaveLength(0);
    expect(alertEntry).toMatchObject({ userId: null, subjectUserId: company.till.userId, details: { failures, windowMinutes: 60 } });

    const [english, ...moreEnglish] = await mailsTo(company.admin.email);
    expect(moreEnglish).toHaveLength(0);
    expect(english!.subject).toContain(`${failures} failed certificate checks within 60 minutes`);
    expect(english!.text).toContain('The till of Reportova Rita');
    const link = new URL(english!.text.match(/https?:\/\/\S+analytics\/audit\S*/)![0]);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      supplierId: company.supplierId,
      from: '2026-11-21',
      to: '2026-11-21',
      kind: 'money',
      userId: company.till.userId,
    });
    const [russian, ...moreRussian] = await mailsTo(company.adminRu.email);
    expect(moreRussian).toHaveLength(0);
    expect(russian!.subject).toContain('неудачных проверок');
    // Nobody but the admins is mailed.
    expect(await mailsTo(company.accountant.email)).toHaveLength(0);
    expect(await mailsTo(company.till.email)).toHaveLength(0);

    // The link's filter shows the failures in the audit log.
    const page = expectOk(
      await test.call('GET', `/api/front/audit?${new URLSearchParams({ ...Object.fromEntries(link.searchParams), pageSize: '200' })}`, {
        token: company.admin.token,
      }),
    );
    expect(page.items.filter((entry: { action: string }) => entry.action === 'certificate.unknownNumber')).toHaveLength(20);
    expect(page.items.every((entry: { actor: { id: string } | null }) => entry.actor?.id === company.till.userId)).toBe(true);

    // The next window gives the next mail, once again.
    test.clock.advance(61 * MINUTE);
    const { accessToken } = await test.login(company.till.email);
    const second = await Promise.all(Array.from({ length: 15 }, () => check(accessToken, company.supplierId, unknownNumber())));
    expect(codes(second)).toEqual(Array(15).fill('CERTIFICATE_NOT_FOUND'));
    expect(await alertsOf(company.supplierId)).toHaveLength(2);
    expect(await mailsTo(company.admin.email)).toHaveLength(2);
    expect(await mailsTo(company.adminRu.email)).toHaveLength(2);
  });

  it('stays quiet up to the threshold, and follows the company’s own threshold', async () => {
    const company = await alertCompany();
    const quiet = await Promise.all(Array.from({ length: 10 }, () => check(company.till.token, company.supplierId, unknownNumber())));
    expect(codes(quiet)).toEqual(Array(10).fill('CERTIFICATE_NOT_FOUND'));
    expect(await alertsOf(company.supplierId)).toHaveLength(0);
    expect(await mailsTo(company.admin.email)).toHaveLength(0);

    expectOk(
      await test.call('POST', SETTINGS, {
        token: company.admin.token,
        body: { supplierId: company.supplierId, tillMax: 2, certificateMax: 5, windowMinutes: 60 },
      }),
    );
    await Promise.all(Array.from({ length: 3 }, () => check(company.till2.token, company.supplierId, unknownNumber())));
    expect(await alertsOf(company.supplierId)).toMatchObject([{ subjectKind: 'user', subjectId: company.till2.userId, failures: 3 }]);
    expect(await mailsTo(company.admin.email)).toHaveLength(1);
  });
});

describe('failed checks of one certificate', () => {
  it('wrong PINs from two tills past the certificate’s threshold mail once, naming the certificate, linking to it', async () => {
    const company = await alertCompany();
    const certificate = await addCertificate(test, {
      supplierId: company.supplierId,
      productId: company.productId,
      at: '2026-11-01T10:00:00Z',
    });
    await test.database.db
      .update(certificates)
      .set({ pinHash: pinHash(test.deps, certificate.number, '424242') })
      .where(eq(certificates.id, certificate.id));
    expectOk(
      await test.call('POST', SETTINGS, {
        token: company.admin.token,
        body: { supplierId: company.supplierId, tillMax: 10, certificateMax: 3, windowMinutes: 30 },
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        check(index % 2 ? company.till.token : company.till2.token, company.supplierId, certificate.number, String(100_000 + index)),
      ),
    );
    // The certificate locks at its fifth wrong PIN: the rest are refused, not counted.
    expect(codes(answers).filter((code) => code === 'incorrectPin')).toHaveLength(5);
    expect(await entriesOf(company.supplierId, 'certificate.wrongPin')).toHaveLength(5);
    expect(await entriesOf(company.supplierId, 'certificate.locked')).toHaveLength(1);
    const alerts = await alertsOf(company.supplierId);
    expect(alerts).toMatchObject([{ subjectKind: 'certificate', subjectId: certificate.id }]);
    expect(alerts[0]!.failures).toBeGreaterThanOrEqual(4);
    const [alertEntry] = await entriesOf(company.supplierId, 'certificate.lookupAlert');
    expect(alertEntry).toMatchObject({ certificateId: certificate.id, details: { failures: alerts[0]!.failures, windowMinutes: 30 } });

    const [mail, ...more] = await mailsTo(company.admin.email);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain(`Certificate ${certificate.number}`);
    expect(mail!.text).not.toContain('424242');
    const link = new URL(mail!.text.match(/https?:\/\/\S+analytics\/audit\S*/)![0]);
    expect(link.searchParams.get('certificate')).toBe(certificate.number);
    expect(link.searchParams.get('userId')).toBeNull();

    // The audit log's certificate filter: this certificate's entries only.
    const page = expectOk(await test.call('GET', `/api/front/audit?${link.searchParams}`, { token: company.accountant.token }));
    expect(page.items.map((entry: { action: string }) => entry.action).sort()).toEqual(
      ['certificate.locked', 'certificate.lookupAlert', ...Array(5).fill('certificate.wrongPin')].sort(),
    );
    expect(page.items.every((entry: { certificateNumber: string }) => entry.certificateNumber === certificate.number)).toBe(true);
    expectInvalid(
      await test.call('GET', `/api/front/audit?supplierId=${company.supplierId}&certificate=${encodeURIComponent('no such!')}`, {
        token: company.admin.token,
      }),
      { certificate: 'CERTIFICATE_NUMBER_INVALID' },
    );
  });
});

describe('the thresholds', () => {
  it('start at the defaults and are set by whoever manages the company', async () => {
    const company = await alertCompany();
    const read = (token: string, supplierId = company.supplierId) => test.call('GET', `${SETTINGS}?supplierId=${supplierId}`, { token });
    expect(expectOk(await read(company.admin.token))).toEqual({ tillMax: 10, certificateMax: 5, windowMinutes: 60 });
    const body = { supplierId: company.supplierId, tillMax: 25, certificateMax: 4, windowMinutes: 120 };
    expect(expectOk(await test.call('POST', SETTINGS, { token: company.admin.token, body }))).toEqual({
      tillMax: 25,
      certificateMax: 4,
      windowMinutes: 120,
    });
    expect(expectOk(await read(company.adminRu.token))).toEqual({ tillMax: 25, certificateMax: 4, windowMinutes: 120 });
    const [entry] = await entriesOf(company.supplierId, 'supplier.lookupAlertsChanged');
    expect(entry).toMatchObject({ userId: company.admin.userId, details: { tillMax: 25, certificateMax: 4, windowMinutes: 120 } });
  });

  it('refuses bad values with coded fields, never a 500', async () => {
    const company = await alertCompany();
    const set = (values: Record<string, unknown>) =>
      test.call('POST', SETTINGS, {
        token: company.admin.token,
        body: { supplierId: company.supplierId, tillMax: 10, certificateMax: 5, windowMinutes: 60, ...values },
      });
    expectInvalid(await set({ tillMax: 0 }), { tillMax: 'VALUE_TOO_SMALL' });
    expectInvalid(await set({ tillMax: 1001 }), { tillMax: 'VALUE_TOO_LARGE' });
    expectInvalid(await set({ certificateMax: 2.5 }), { certificateMax: 'WRONG_TYPE' });
    expectInvalid(await set({ windowMinutes: '60' }), { windowMinutes: 'WRONG_TYPE' });
    expectInvalid(await set({ windowMinutes: 4 }), { windowMinutes: 'VALUE_TOO_SMALL' });
    expectInvalid(await set({ tillMax: undefined }), { tillMax: 'REQUIRED' });
    expectInvalid(await set({ supplierId: 'nope' }), { supplierId: 'SUPPLIER_NOT_FOUND' });
  });

  it('are nobody else’s: not an accountant’s, a till’s, nor another company’s admin’s', async () => {
    const company = await alertCompany();
    const other = await alertCompany();
    const body = { supplierId: company.supplierId, tillMax: 1, certificateMax: 1, windowMinutes: 5 };
    for (const token of [company.accountant.token, company.till.token, other.admin.token]) {
      expectError(await test.call('POST', SETTINGS, { token, body }), 404, 'SUPPLIER_NOT_FOUND');
      expectError(await test.call('GET', `${SETTINGS}?supplierId=${company.supplierId}`, { token }), 404, 'SUPPLIER_NOT_FOUND');
    }
    expect(expectOk(await test.call('GET', `${SETTINGS}?supplierId=${company.supplierId}`, { token: company.admin.token }))).toEqual({
      tillMax: 10,
      certificateMax: 5,
      windowMinutes: 60,
    });
  });
});

describe('the dashboard', () => {
  it('shows the alert with its audit filter to admins and accountants, not to tills nor to another company', async () => {
    const company = await alertCompany();
    const other = await alertCompany();
    await Promise.all(Array.from({ length: 11 }, () => check(company.till.token, company.supplierId, unknownNumber())));
    const dashboard = (token: string, supplierId = company.supplierId) =>
      test.call('GET', `/api/front/analytics/dashboard?supplierId=${supplierId}`, { token });

    for (const token of [company.admin.token, company.accountant.token]) {
      const { lookupAlerts: alerts } = expectOk(await dashboard(token));
      expect(alerts).toMatchObject({
        timeZone: 'Europe/Moscow',
        items: [
          {
            subject: 'user',
            name: 'Reportova Rita',
            failures: expect.any(Number),
            audit: { from: expect.any(String), to: expect.any(String), kind: 'money', userId: company.till.userId },
          },
        ],
      });
    }
    expect(expectOk(await dashboard(company.till.token)).lookupAlerts).toBeNull();
    expect(expectOk(await dashboard(other.admin.token, other.supplierId)).lookupAlerts).toEqual({ timeZone: 'Europe/Moscow', items: [] });
    expectError(await dashboard(other.admin.token), 404, 'SUPPLIER_NOT_FOUND');

    // A week later it has left the dashboard; the audit log keeps it.
    test.clock.advance(8 * 24 * 60 * MINUTE);
    const { accessToken } = await test.login(company.admin.email);
    expect(expectOk(await dashboard(accessToken)).lookupAlerts.items).toEqual([]);
    expect(await entriesOf(company.supplierId, 'certificate.lookupAlert')).toHaveLength(1);
  });
});

describe('failed checks through a company API key', () => {
  it('count against the key: an alert names it', async () => {
    const company = await alertCompany();
    const created = expectOk(
      await test.call('POST', '/api/front/integrations/keys/create', {
        token: company.admin.token,
        body: { supplierId: company.supplierId, name: 'Register 1', scopes: ['check'] },
      }),
    );
    const key = created.secret;
    await Promise.all(
      Array.from({ length: 11 }, () =>
        test.call('POST', '/api/company/v1/certificates/check', {
          headers: { authorization: `Bearer ${key}` },
          body: { number: unknownNumber(), pin: '1' },
        }),
      ),
    );
    const alerts = await alertsOf(company.supplierId);
    expect(alerts).toMatchObject([{ subjectKind: 'apiKey' }]);
    const [mail] = await mailsTo(company.admin.email);
    expect(mail!.text).toContain('The API key Register 1');
    const failures = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.supplierId, company.supplierId), like(auditLog.action, 'certificate.%')));
    expect(
      failures.filter((entry) => entry.action === 'certificate.unknownNumber' && entry.apiKeyId === alerts[0]!.subjectId),
    ).toHaveLength(11);
  });
});
