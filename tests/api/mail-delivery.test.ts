import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../server/db/schema';
import { silentLogger } from '../../server/lib/log';
import { createMailTransport } from '../../server/mail/transport';
import { createOutboxWorker } from '../../server/mail/worker';
import { ANALYTICS, reportSetup, setClock } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError, freshEmail, register } from './support/auth';
import { invitingCompany, person, usersAs } from './support/users';

/**
 * Mail as it leaves for real mail servers (decision 082): links under PUBLIC_URL's path, a refusal for good (5xx)
 * recorded with the server's reply and shown to whoever sent the mail, temporary failures tried again and recorded at
 * the end, and addresses in any script (an .рф domain, a Cyrillic local part) accepted, stored in one form and delivered.
 */

const PUBLIC_URL = 'https://portal.example.test/cabinet';
/** The es site's own address (decision 090): its people's mails link there, everyone else's to PUBLIC_URL. */
const PUBLIC_URL_ES = 'https://es.portal.example.test/portal';

interface Received {
  from: string;
  rcpt: string[];
  smtpUtf8: boolean;
}

/** A real SMTP server: `gone@…` is refused for good (550), `busy@…` for now (451); the rest are taken and kept. */
async function startSmtp() {
  const received: Received[] = [];
  const refusal = (address: SMTPServerAddress) => {
    const [code, text] = address.address.startsWith('gone@')
      ? [550, '5.1.1 Recipient address rejected: User unknown']
      : address.address.startsWith('busy@')
        ? [451, '4.7.1 Greylisted, try again later']
        : [];
    return code ? Object.assign(new Error(text), { responseCode: code }) : null;
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refusal(address) ?? undefined);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcpt: session.envelope.rcptTo.map((address) => address.address),
          smtpUtf8: Boolean(session.envelope.mailFrom && (session.envelope.mailFrom.args as Record<string, unknown>).SMTPUTF8),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let test: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof createOutboxWorker>;
beforeAll(async () => {
  test = await createAuthTestApp({ PUBLIC_URL, PUBLIC_URL_ES });
  setClock(test, '2026-11-21T10:00:00Z');
  smtp = await startSmtp();
  worker = createOutboxWorker({
    db: test.database.db,
    log: silentLogger,
    transport: createMailTransport(`smtp://127.0.0.1:${smtp.port}`),
    from: 'Certdesk <no-reply@certdesk.test>',
    pollMs: 60_000,
    now: test.deps.now,
    backoffBaseMs: 60_000,
    maxAttempts: 3,
  });
});
afterAll(async () => {
  await smtp?.close();
  await test?.close();
});

const outboxRow = async (to: string) =>
  (await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).sort((a, b) => +b.createdAt - +a.createdAt)[0];

describe('links', () => {
  it('keep the path of PUBLIC_URL: the registration link and the invitation link lead under /cabinet', async () => {
    const email = freshEmail('path');
    expect((await register(test, email)).status).toBe(200);
    expect((await test.latestMail(email))?.text).toMatch(/https:\/\/portal\.example\.test\/cabinet\/auth-correction\?email=/);

    const company = await invitingCompany(test, 'RU', 'path');
    const invited = freshEmail('invited');
    expect((await usersAs(test, company.token).add(person(company.supplierId, { email: invited }))).status).toBe(200);
    expect((await test.latestMail(invited))?.text).toMatch(/https:\/\/portal\.example\.test\/cabinet\/invitation\?token=[\w-]+/);
  });

  it('lead an es person to the es site: the registration code and the invitation link under PUBLIC_URL_ES', async () => {
    const email = freshEmail('es-register');
    const registered = await register(test, email, { region: 'es', language: 'es-ES' });
    expect(registered.status, registered.text).toBe(200);
    const codeMail = (await test.latestMail(email))?.text ?? '';
    expect(codeMail).toMatch(/https:\/\/es\.portal\.example\.test\/portal\/auth-correction\?email=/);
    expect(codeMail).not.toContain('https://portal.example.test/cabinet');

    const company = await invitingCompany(test, 'ES', 'es-path');
    const invited = freshEmail('es-invited');
    expect((await usersAs(test, company.token).add(person(company.supplierId, { email: invited }))).status).toBe(200);
    const invitation = (await test.latestMail(invited))?.text ?? '';
    expect(invitation).toMatch(/https:\/\/es\.portal\.example\.test\/portal\/invitation\?token=[\w-]+/);
    expect(invitation).not.toContain('https://portal.example.test/cabinet');
  });
});

describe('refusals', () => {
  it('a 550 is not tried again: the mail is failed after one try with the reply, and the report page shows it', async () => {
    const shop = await reportSetup(test, 'RU');
    await shop.certificate({ at: '2026-11-10T10:00:00Z' });
    const mailed = await test.call('POST', `${ANALYTICS}/sales/email`, {
      token: shop.admin.token,
      body: { supplierId: shop.supplierId, email: 'gone@example.test' },
    });
    expect(mailed.status, mailed.text).toBe(200);
    await worker.processDue();

    const row = await outboxRow('gone@example.test');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, topic: 'report', reference: 'sales', senderId: shop.admin.userId });
    expect(row?.lastError).toMatch(/^550 5\.1\.1 Recipient address rejected/);
    expect(smtp.received.flatMap((mail) => mail.rcpt)).not.toContain('gone@example.test');

    const shown = await test.call('GET', `${ANALYTICS}/sales/mails?supplierId=${shop.supplierId}`, { token: shop.admin.token });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.data).toEqual([
      { to: 'gone@example.test', queuedAt: '2026-11-21T10:00:00.000Z', status: 'failed', error: expect.stringMatching(/^550 /) },
    ]);
    // The redemption report's page has its own mails; another person sees none of this one's.
    expect(
      (await test.call('GET', `${ANALYTICS}/redemption/mails?supplierId=${shop.supplierId}`, { token: shop.admin.token })).body.data,
    ).toEqual([]);
    const other = await reportSetup(test, 'RU');
    expectError(
      await test.call('GET', `${ANALYTICS}/sales/mails?supplierId=${shop.supplierId}`, { token: other.admin.token }),
      404,
      'SUPPLIER_NOT_FOUND',
    );
  });

  it('an invitation refused for good shows on the invited person’s page, with the reply', async () => {
    const company = await invitingCompany(test, 'RU', 'refused');
    const added = await usersAs(test, company.token).add(person(company.supplierId, { email: 'gone@refused.example.test' }));
    expect(added.status, added.text).toBe(200);
    await worker.processDue();
    const [invited] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'gone@refused.example.test'));
    const page = await usersAs(test, company.token).info(company.supplierId, invited!.id);
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.invitation.mail).toEqual({
      to: 'gone@refused.example.test',
      queuedAt: expect.any(String),
      status: 'failed',
      error: expect.stringMatching(/^550 5\.1\.1/),
    });
  });

  it('a 451 is tried again with back-off, shown as not delivered yet, and ends failed and recorded after the last try', async () => {
    const shop = await reportSetup(test, 'RU');
    const send = () =>
      test.call('POST', `${ANALYTICS}/redemption/email`, {
        token: shop.admin.token,
        body: { supplierId: shop.supplierId, email: 'busy@example.test' },
      });
    expect((await send()).status).toBe(200);
    await worker.processDue();
    let row = await outboxRow('busy@example.test');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/^451 4\.7\.1/);
    expect(row!.nextAttemptAt.getTime()).toBe(test.deps.now().getTime() + 60_000);
    const shown = async () =>
      (await test.call('GET', `${ANALYTICS}/redemption/mails?supplierId=${shop.supplierId}`, { token: shop.admin.token })).body.data[0];
    expect(await shown()).toMatchObject({ status: 'pending', error: expect.stringMatching(/^451 /) });

    for (const wait of [60_000, 120_000]) {
      test.clock.advance(wait);
      await worker.processDue();
    }
    row = await outboxRow('busy@example.test');
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await shown()).toMatchObject({ status: 'failed', error: expect.stringMatching(/^451 /) });
  });
});

describe('internationalised addresses', () => {
  it('registers ёлка@пример.рф, stores one form of it whichever way it is typed, and delivers the code with SMTPUTF8', async () => {
    expect((await register(test, 'ЁЛКА@ПРИМЕР.РФ')).status).toBe(200);
    const confirmed = await test.call('POST', '/api/front/auth/register-confirm', {
      body: { email: 'Ёлка@Пример.рф', verifyCode: await test.codeFromMail('ёлка@пример.рф'), region: 'ru' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const [stored] = await test.database.db.select({ email: users.email }).from(users).where(eq(users.email, 'ёлка@пример.рф'));
    expect(stored?.email).toBe('ёлка@пример.рф');
    // The same address in its ASCII form is the same account.
    expectError(
      await test.call('POST', '/api/front/auth/login', { body: { email: 'ёлка@xn--e1afmkfd.xn--p1ai', password: 'wrong' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(
      (await test.call('POST', '/api/front/auth/login', { body: { email: 'Ёлка@xn--e1afmkfd.xn--P1AI', password: 'Strong1234' } })).status,
    ).toBe(200);

    await worker.processDue();
    const delivered = smtp.received.find((mail) => mail.rcpt.includes('ёлка@пример.рф'));
    expect(delivered).toMatchObject({ smtpUtf8: true });
    expect(await outboxRow('ёлка@пример.рф')).toMatchObject({ status: 'sent' });
  });

  it('invites an ASCII name at an .рф domain: it goes out with the domain in its ASCII form, without SMTPUTF8', async () => {
    const company = await invitingCompany(test, 'RU', 'idn');
    expect((await usersAs(test, company.token).add(person(company.supplierId, { email: 'Olga@Пример.рф' }))).status).toBe(200);
    await worker.processDue();
    expect(await outboxRow('olga@пример.рф')).toMatchObject({ status: 'sent' });
    // Sent as olga@xn--e1afmkfd.xn--p1ai, which needs no SMTPUTF8; smtp-server shows the domain decoded.
    expect(smtp.received.find((mail) => mail.rcpt.includes('olga@пример.рф'))).toMatchObject({ smtpUtf8: false });
  });

  it('still refuses what is no address', async () => {
    for (const email of ['ёлка@рф', 'ёлка@пример', 'ёл ка@пример.рф', 'a..b@пример.рф', 'a@-пример.рф', 'a@пример.рф.'])
      expectError(await register(test, email), 422, 'VALIDATION_ERROR', { email: 'EMAIL_INVALID' });
  });
});
