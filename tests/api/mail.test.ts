import { createServer, type AddressInfo } from 'node:net';
import { LANGUAGES } from '@contract/enums';
import { asc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { mailAttachments, mailOutbox } from '../../server/db/schema';
import type { Deps } from '../../server/deps';
import { loadKeys } from '../../server/lib/keys';
import { silentLogger, type Logger } from '../../server/lib/log';
import { enqueueMail } from '../../server/mail/outbox';
import { renderMail } from '../../server/mail/render';
import { createMailTransport } from '../../server/mail/transport';
import type { MailRequest } from '../../server/mail/types';
import { backoffMs, createOutboxWorker, MAX_BACKOFF_MS } from '../../server/mail/worker';
import { openTestDatabase } from './support/db';

const FROM = 'Certdesk <no-reply@certdesk.test>';
const LINK = 'http://localhost:8080/confirm-email?email=ann%40example.test&token=a<b>"c"&x=1';

const registerMail = (to: string, code = '123456', language: MailRequest['language'] = 'en'): MailRequest<'registerCode'> => ({
  to,
  template: 'registerCode',
  language,
  params: { code, link: LINK, minutes: 15, firstName: 'Ann' },
});
const resetMail = (to: string, code = '654321', language: MailRequest['language'] = 'en'): MailRequest<'resetCode'> => ({
  to,
  template: 'resetCode',
  language,
  params: { code, minutes: 15 },
});

/** A clock the tests move by hand. */
const manualClock = (start = new Date('2030-01-01T00:00:00.000Z')) => {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
};

interface Received {
  rcpt: string[];
  raw: string;
}

/** Headers as they are, the body with quoted-printable undone, so plain `includes` works. */
const decodeQuotedPrintable = (raw: string): string =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP listener on 127.0.0.1 (plain, no auth) that keeps what it receives. */
async function startSmtp(port = 0): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ rcpt: session.envelope.rcptTo.map((address) => address.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on which nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const captureLog = () => {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const entry =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}) =>
      void lines.push({ level, message, fields });
  const log: Logger = { info: entry('info'), warn: entry('warn'), error: entry('error') };
  return { log, lines };
};

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('mail templates', () => {
  const templates = [registerMail('ann@example.test', '482913'), resetMail('ann@example.test', '482913')];

  for (const language of LANGUAGES) {
    for (const base of templates) {
      it(`${base.template} in ${language} has a subject, the code, no unfilled placeholder`, () => {
        const mail = renderMail({ ...base, language });
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).toContain('482913');
        expect(mail.html).toContain('482913');
        expect(mail.text).toContain('15');
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
        expect(mail.html).toMatch(/^<!doctype html>/);
      });
    }
  }

  it('each language has its own words', () => {
    for (const base of templates) {
      const subjects = new Set(LANGUAGES.map((language) => renderMail({ ...base, language }).subject));
      const texts = new Set(LANGUAGES.map((language) => renderMail({ ...base, language }).text));
      expect(subjects.size).toBe(LANGUAGES.length);
      expect(texts.size).toBe(LANGUAGES.length);
    }
    expect(renderMail(registerMail('a@b.test', '1', 'ru')).subject).toBe('Код подтверждения Certdesk');
    expect(renderMail(registerMail('a@b.test', '1', 'by')).html).toContain('<html lang="be">');
    expect(renderMail(registerMail('a@b.test', '1', 'kz')).html).toContain('<html lang="kk">');
  });

  it('the register mail carries the link and greets by name; the reset mail has no link', () => {
    const register = renderMail(registerMail('ann@example.test'));
    expect(register.text).toContain(LINK);
    expect(register.text).toContain('Hello, Ann!');
    const reset = renderMail(resetMail('ann@example.test'));
    expect(reset.text).not.toContain('http');
    expect(reset.html).not.toContain('<a ');
  });

  describe('the failed-lookup alert (decision 097)', () => {
    const AUDIT_LINK = 'https://portal.example.test/analytics/audit?kind=money&from=2026-11-21&to=2026-11-21';
    const alert = (language: MailRequest['language'], subject: 'user' | 'apiKey' | 'certificate' = 'user'): MailRequest<'lookupAlert'> => ({
      to: 'anna@example.test',
      template: 'lookupAlert',
      language,
      params: {
        companyName: 'Demo <Gifts>',
        subject,
        name: subject === 'certificate' ? '7000000000000013' : 'Redeemerova Rita',
        failures: 11,
        minutes: 60,
        windowStart: '2026-11-21T10:00:00.000Z',
        windowEnd: '2026-11-21T11:00:00.000Z',
        timeZone: 'Europe/Moscow',
        link: AUDIT_LINK,
      },
    });

    for (const language of LANGUAGES) {
      it(`in ${language}: names the company, the till or certificate, the count, the window's start and the link`, () => {
        for (const subject of ['user', 'apiKey', 'certificate'] as const) {
          const mail = renderMail(alert(language, subject));
          expect(mail.subject).toContain('Demo <Gifts>');
          expect(mail.subject).toMatch(/\b11\b/);
          expect(mail.text).toContain(subject === 'certificate' ? '7000000000000013' : 'Redeemerova Rita');
          // 10:00 UTC is 13:00 in Moscow, the company's zone.
          expect(mail.text).toMatch(/\b(13:00|1:00)/);
          expect(mail.text).toContain('Europe/Moscow');
          expect(mail.text).toContain(`${AUDIT_LINK}\n`);
          expect(mail.html).toContain(`href="${AUDIT_LINK.replaceAll('&', '&#38;')}"`);
          expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
        }
      });
    }

    it('each language has its own words, and each subject its own label', () => {
      expect(new Set(LANGUAGES.map((language) => renderMail(alert(language)).subject)).size).toBe(LANGUAGES.length);
      expect(new Set(LANGUAGES.map((language) => renderMail(alert(language)).text)).size).toBe(LANGUAGES.length);
      for (const language of LANGUAGES)
        expect(new Set((['user', 'apiKey', 'certificate'] as const).map((subject) => renderMail(alert(language, subject)).text)).size).toBe(
          3,
        );
      expect(renderMail(alert('ru')).text).toContain('60 минут');
      expect(renderMail(alert('en')).subject).toBe('Demo <Gifts>: 11 failed certificate checks within 60 minutes');
    });
  });

  describe('the mails about a company’s people', () => {
    const INVITE_LINK = 'https://portal.example.test/invitation?token=abc_DEF-123';
    const invited = (language: MailRequest['language'], days = 7): MailRequest<'memberInvited'> => ({
      to: 'olga@example.test',
      template: 'memberInvited',
      language,
      params: { firstName: 'Olga', companyName: 'Demo <Gifts>', link: INVITE_LINK, days },
    });
    const invitedAccount = (language: MailRequest['language']): MailRequest<'memberInvitedAccount'> => ({
      ...invited(language),
      template: 'memberInvitedAccount',
    });

    for (const language of LANGUAGES) {
      it(`in ${language}: the invitation greets by name, names the company, carries the link and its days`, () => {
        const mail = renderMail(invited(language));
        expect(mail.subject).toContain('Demo <Gifts>');
        expect(mail.text).toContain('Olga');
        expect(mail.text).toContain(`${INVITE_LINK}\n`);
        expect(mail.text).toMatch(/\b7\b/);
        expect(mail.html).toContain(`href="${INVITE_LINK}"`);
        expect(mail.html).toContain('Demo &#60;Gifts&#62;');
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
        // An account holder's invitation asks to accept with their own password, not to set one.
        const account = renderMail(invitedAccount(language));
        expect(account.subject).toBe(mail.subject);
        expect(account.text).toContain(`${INVITE_LINK}\n`);
        expect(account.text).not.toBe(mail.text);
        expect(`${account.subject}${account.text}${account.html}`).not.toMatch(/\{\w+\}/);
      });
    }

    it('each language has its own words, and spells the days with its plural rules', () => {
      for (const build of [invited, invitedAccount]) {
        expect(new Set(LANGUAGES.map((language) => renderMail(build(language)).subject)).size).toBe(LANGUAGES.length);
        expect(new Set(LANGUAGES.map((language) => renderMail(build(language)).text)).size).toBe(LANGUAGES.length);
      }
      const days = (language: MailRequest['language'], count: number) => renderMail(invited(language, count)).text;
      expect(days('ru', 7)).toContain('Приглашение действует 7 дней.');
      expect(days('ru', 1)).toContain('Приглашение действует 1 день.');
      expect(days('ru', 3)).toContain('Приглашение действует 3 дня.');
      expect(days('by', 7)).toContain('Запрашэнне дзейнічае 7 дзён.');
      expect(days('by', 2)).toContain('Запрашэнне дзейнічае 2 дні.');
      expect(days('en', 1)).toContain('valid for 1 day.');
      expect(days('en', 7)).toContain('valid for 7 days.');
      expect(days('es', 7)).toContain('válida durante 7 días.');
      expect(days('fr', 7)).toContain('valable 7 jours.');
      expect(days('kz', 7)).toContain('Шақыру 7 күн бойы жарамды.');
    });
  });

  it('escapes parameters in the HTML, not in the text', () => {
    const mail = renderMail({
      ...registerMail('x@example.test'),
      params: { code: '111111', link: LINK, minutes: 15, firstName: '<script>alert(1)</script>' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain(
      'href="http://localhost:8080/confirm-email?email=ann%40example.test&#38;token=a&#60;b&#62;&#34;c&#34;&#38;x=1"',
    );
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  it('spells the minutes with the plural rules of the language', () => {
    const validity = (language: MailRequest['language'], minutes: number) =>
      renderMail({ ...resetMail('a@b.test', '1', language), params: { code: '1', minutes } }).text;
    expect(validity('ru', 15)).toContain('Код действует 15 минут.');
    expect(validity('ru', 1)).toContain('Код действует 1 минуту.');
    expect(validity('ru', 3)).toContain('Код действует 3 минуты.');
    expect(validity('by', 15)).toContain('Код дзейнічае 15 хвілін.');
    expect(validity('by', 2)).toContain('Код дзейнічае 2 хвіліны.');
    expect(validity('en', 1)).toContain('valid for 1 minute.');
    expect(validity('en', 15)).toContain('valid for 15 minutes.');
    expect(validity('es', 15)).toContain('válido durante 15 minutos.');
    expect(validity('fr', 15)).toContain('valable 15 minutes.');
    expect(validity('kz', 15)).toContain('Код 15 минут бойы жарамды.');
  });

  it('backs off exponentially, never more than an hour', () => {
    expect(backoffMs(1, 30_000)).toBe(30_000);
    expect(backoffMs(2, 30_000)).toBe(60_000);
    expect(backoffMs(4, 30_000)).toBe(240_000);
    expect(backoffMs(8, 30_000)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(50, 30_000)).toBe(MAX_BACKOFF_MS);
  });
});

describe('mail outbox', () => {
  let database: Database;
  const rows = () => database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });

  it('enqueue writes a rendered pending message', async () => {
    await enqueueMail(database.db, registerMail('ann@example.test', '246810'));
    const [row, ...rest] = await rows();
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      to: 'ann@example.test',
      subject: 'Your Certdesk confirmation code',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(row?.text).toContain('246810');
    expect(row?.html).toContain('246810');
  });

  it('enqueue inside a transaction that rolls back leaves nothing', async () => {
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, registerMail('ann@example.test'));
        expect(await tx.select().from(mailOutbox)).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await rows()).toHaveLength(0);

    await database.db.transaction(async (tx) => enqueueMail(tx, resetMail('bob@example.test')));
    expect((await rows()).map((row) => row.to)).toEqual(['bob@example.test']);
  });

  it('delivers to a real SMTP listener and marks the message sent', async () => {
    const smtp = await startSmtp();
    const clock = manualClock();
    try {
      await enqueueMail(database.db, registerMail('ann@example.test', '135790'), clock.now());
      const worker = createOutboxWorker({
        db: database.db,
        log: silentLogger,
        transport: createMailTransport(`smtp://127.0.0.1:${smtp.port}`),
        from: FROM,
        pollMs: 1000,
        now: clock.now,
      });
      expect(await worker.processDue()).toEqual({ sent: 1, failed: 0, retried: 0, logged: 0 });

      expect(smtp.received).toHaveLength(1);
      const message = decodeQuotedPrintable(smtp.received[0]?.raw ?? '');
      expect(smtp.received[0]?.rcpt).toEqual(['ann@example.test']);
      expect(message).toMatch(/^Subject: Your Certdesk confirmation code\r?$/m);
      expect(message).toMatch(/^From: Certdesk <no-reply@certdesk\.test>\r?$/m);
      expect(message).toContain('135790');
      expect(message).toContain(LINK);

      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row?.sentAt?.toISOString()).toBe(clock.now().toISOString());
      expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 0, logged: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('keeps the message while SMTP is down and delivers it once the listener is back and the back-off has passed', async () => {
    const port = await closedPort();
    const clock = manualClock();
    const { log, lines } = captureLog();
    const worker = createOutboxWorker({
      db: database.db,
      log,
      transport: createMailTransport(`smtp://127.0.0.1:${port}`),
      from: FROM,
      pollMs: 1000,
      now: clock.now,
      backoffBaseMs: 60_000,
    });
    await enqueueMail(database.db, resetMail('carl@example.test', '975310'), clock.now());

    expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 1, logged: 0 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);
    expect(lines.some((line) => line.level === 'warn')).toBe(true);

    const smtp = await startSmtp(port);
    try {
      clock.advance(59_999);
      expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 0, logged: 0 });
      expect(smtp.received).toHaveLength(0);

      clock.advance(1);
      expect(await worker.processDue()).toEqual({ sent: 1, failed: 0, retried: 0, logged: 0 });
      expect(smtp.received).toHaveLength(1);
      const message = decodeQuotedPrintable(smtp.received[0]?.raw ?? '');
      expect(message).toMatch(/^Subject: Your Certdesk password reset code\r?$/m);
      expect(message).toContain('975310');
      [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it('marks a message failed after maxAttempts and stops trying', async () => {
    const port = await closedPort();
    const clock = manualClock();
    const worker = createOutboxWorker({
      db: database.db,
      log: silentLogger,
      transport: createMailTransport(`smtp://127.0.0.1:${port}`),
      from: FROM,
      pollMs: 1000,
      now: clock.now,
      backoffBaseMs: 1000,
      maxAttempts: 3,
    });
    await enqueueMail(database.db, resetMail('dora@example.test'), clock.now());

    const results = [];
    for (let pass = 0; pass < 4; pass += 1) {
      results.push(await worker.processDue());
      clock.advance(MAX_BACKOFF_MS);
    }
    expect(results).toEqual([
      { sent: 0, failed: 0, retried: 1, logged: 0 },
      { sent: 0, failed: 0, retried: 1, logged: 0 },
      { sent: 0, failed: 1, retried: 0, logged: 0 },
      { sent: 0, failed: 0, retried: 0, logged: 0 },
    ]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row?.lastError).toBeTruthy();
  });

  it('without a transport prints the message to the log and keeps it as logged', async () => {
    const clock = manualClock();
    const { log, lines } = captureLog();
    const worker = createOutboxWorker({ db: database.db, log, from: FROM, pollMs: 1000, now: clock.now });
    await enqueueMail(database.db, registerMail('eve@example.test', '112358'), clock.now());

    expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 0, logged: 1 });
    const printed = lines.filter((line) => line.fields.to === 'eve@example.test');
    expect(printed).toHaveLength(1);
    expect(printed[0]?.fields.subject).toBe('Your Certdesk confirmation code');
    expect(String(printed[0]?.fields.text)).toContain('112358');

    const [row] = await rows();
    expect(row).toMatchObject({ to: 'eve@example.test', status: 'logged', attempts: 1 });
    expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 0, logged: 0 });
  });

  it('does not send messages that are not due yet', async () => {
    const clock = manualClock();
    const later = new Date(clock.now().getTime() + 10_000);
    await enqueueMail(database.db, resetMail('finn@example.test'), later);
    const worker = createOutboxWorker({ db: database.db, log: silentLogger, from: FROM, pollMs: 1000, now: clock.now });
    expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 0, logged: 0 });
    clock.advance(10_000);
    expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 0, logged: 1 });
  });

  it('two workers running at once send every message exactly once', async () => {
    const clock = manualClock();
    const count = 30;
    for (let index = 0; index < count; index += 1) await enqueueMail(database.db, resetMail(`user${index}@example.test`), clock.now());
    const delivered: string[] = [];
    // A real nodemailer transporter whose transport records instead of sending, a little slowly so the workers interleave.
    const recording = nodemailer.createTransport({
      name: 'recording',
      version: '1',
      send(mail, callback) {
        delivered.push(String(mail.data.to));
        setTimeout(() => callback(null, { envelope: mail.message.getEnvelope(), messageId: String(delivered.length) }), 2);
      },
    });
    const make = () =>
      createOutboxWorker({
        db: database.db,
        log: silentLogger,
        transport: recording,
        from: FROM,
        pollMs: 1000,
        now: clock.now,
        batchSize: 4,
      });
    const results = await Promise.all([make().processDue(), make().processDue()]);

    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(count);
    expect(delivered).toHaveLength(count);
    expect(new Set(delivered).size).toBe(count);
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  describe('attachments', () => {
    const report: MailRequest<'reportMailed'> = {
      to: 'acc@example.test',
      template: 'reportMailed',
      language: 'en',
      params: { companyName: 'Demo', report: 'sales', from: '2026-11-01', to: '2026-11-23', rows: 2 },
    };
    const file = {
      filename: 'sales-2026-11-01-2026-11-23.xlsx',
      contentType: 'application/octet-stream',
      content: new Uint8Array([0, 1, 2, 250, 255]),
    };
    const attachmentRows = () => database.db.select().from(mailAttachments);

    it('are written with the mail, inside the caller’s transaction: a rollback leaves neither', async () => {
      const rollback = new Error('rollback');
      await expect(
        database.db.transaction(async (tx) => {
          await enqueueMail(tx, report, undefined, [file]);
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect(await rows()).toHaveLength(0);
      expect(await attachmentRows()).toHaveLength(0);

      await database.db.transaction((tx) => enqueueMail(tx, report, undefined, [file]));
      const [mail] = await rows();
      const [stored, ...more] = await attachmentRows();
      expect(more).toHaveLength(0);
      expect(stored).toMatchObject({ mailId: mail!.id, filename: file.filename, contentType: file.contentType });
      expect([...stored!.content]).toEqual([0, 1, 2, 250, 255]);
      // Removed with their mail.
      await database.db.delete(mailOutbox);
      expect(await attachmentRows()).toHaveLength(0);
    });

    it('reach nodemailer: the worker hands each message its own files', async () => {
      const clock = manualClock();
      await enqueueMail(database.db, report, clock.now(), [
        file,
        { ...file, filename: 'a-second.csv', contentType: 'text/csv', content: new TextEncoder().encode('a,b\r\n') },
      ]);
      await enqueueMail(database.db, resetMail('plain@example.test'), clock.now());
      const sent: { to: string; attachments: { filename: string; contentType: string; content: Buffer }[]; raw: string }[] = [];
      // A real nodemailer transporter whose transport keeps the built message instead of sending it.
      const recording = nodemailer.createTransport({
        name: 'recording',
        version: '1',
        send(mail, callback) {
          mail.message.build((error, raw) => {
            sent.push({ to: String(mail.data.to), attachments: (mail.data.attachments ?? []) as never, raw: raw.toString('utf8') });
            callback(error, { envelope: mail.message.getEnvelope(), messageId: String(sent.length) });
          });
        },
      });
      const worker = createOutboxWorker({
        db: database.db,
        log: silentLogger,
        transport: recording,
        from: FROM,
        pollMs: 1000,
        now: clock.now,
      });
      expect(await worker.processDue()).toEqual({ sent: 2, failed: 0, retried: 0, logged: 0 });

      const withFiles = sent.find((mail) => mail.to === 'acc@example.test')!;
      expect(withFiles.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
        { filename: 'a-second.csv', contentType: 'text/csv' },
        { filename: file.filename, contentType: file.contentType },
      ]);
      expect([...withFiles.attachments[1]!.content]).toEqual([0, 1, 2, 250, 255]);
      expect(withFiles.raw).toContain(`filename=${file.filename}`);
      expect(withFiles.raw).toContain(Buffer.from([0, 1, 2, 250, 255]).toString('base64'));
      expect(withFiles.raw).toMatch(/^Content-Disposition: attachment; filename=a-second\.csv\r?$/m);
      expect(sent.find((mail) => mail.to === 'plain@example.test')!.attachments).toEqual([]);
    });

    it('without a transport, the log says how many files the message has', async () => {
      const clock = manualClock();
      const { log, lines } = captureLog();
      await enqueueMail(database.db, report, clock.now(), [file]);
      const worker = createOutboxWorker({ db: database.db, log, from: FROM, pollMs: 1000, now: clock.now });
      expect(await worker.processDue()).toEqual({ sent: 0, failed: 0, retried: 0, logged: 1 });
      expect(lines.find((line) => line.fields.to === 'acc@example.test')?.fields.attachments).toBe(1);
    });
  });

  it('start() polls until stop(), and stop() waits for the running pass', async () => {
    const { log } = captureLog();
    const worker = createOutboxWorker({ db: database.db, log, from: FROM, pollMs: 50 });
    await enqueueMail(database.db, resetMail('gus@example.test'));
    worker.start();
    await waitFor(async () => (await rows()).every((row) => row.status === 'logged'));
    await enqueueMail(database.db, resetMail('hana@example.test'));
    await waitFor(async () => (await rows()).filter((row) => row.status === 'logged').length === 2);
    await worker.stop();

    await enqueueMail(database.db, resetMail('ivan@example.test'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const statuses = Object.fromEntries((await rows()).map((row) => [row.to, row.status]));
    expect(statuses).toEqual({ 'gus@example.test': 'logged', 'hana@example.test': 'logged', 'ivan@example.test': 'pending' });
  });

  describe('GET /api/dev/outbox', () => {
    /** A request over a socket from loopback, as a browser on this machine sends it. */
    const fromThisMachine = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    /** The whole app, as createApp builds it, on this file's database. */
    const app = async (env: Record<string, string> = {}) => {
      const deps: Deps = {
        db: database.db,
        config: loadConfig({ NODE_ENV: 'test', ...env }),
        log: silentLogger,
        now: () => new Date(),
        keys: await loadKeys(database.db),
      };
      return createApp(deps);
    };
    /** Enqueues the mails one second apart, in order; answers the last one's time. */
    const enqueueApart = async (requests: MailRequest[]): Promise<Date> => {
      const clock = manualClock();
      for (const request of requests) {
        clock.advance(1000);
        await enqueueMail(database.db, request, clock.now());
      }
      return clock.now();
    };

    it('answers the latest messages newest first, in the documented shape', async () => {
      const last = await enqueueApart([
        registerMail('ann@example.test', '100001'),
        resetMail('bob@example.test', '100002'),
        resetMail('Ann@Example.test', '100003'),
      ]);

      const response = await (await app()).request('/api/dev/outbox', {}, fromThisMachine);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { to: string; subject: string; text: string; createdAt: string }[] };
      expect(body.data.map((item) => item.to)).toEqual(['Ann@Example.test', 'bob@example.test', 'ann@example.test']);
      expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(['attachments', 'createdAt', 'subject', 'text', 'to']);
      expect(body.data[0]).toEqual({
        to: 'Ann@Example.test',
        subject: 'Your Certdesk password reset code',
        text: expect.stringContaining('100003'),
        createdAt: last.toISOString(),
        attachments: [],
      });
      expect(body.data[2]?.text).toContain('100001');
    });

    it('filters by recipient, whatever its case', async () => {
      await enqueueApart([
        registerMail('ann@example.test', '200001'),
        resetMail('bob@example.test', '200002'),
        resetMail('ann@example.test', '200003'),
      ]);

      const response = await (await app()).request(`/api/dev/outbox?to=${encodeURIComponent(' ANN@example.test ')}`, {}, fromThisMachine);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { text: string }[] };
      expect(body.data.map((item) => item.text.match(/\d{6}/)?.[0])).toEqual(['200003', '200001']);

      const none = await (await app()).request('/api/dev/outbox?to=nobody%40example.test', {}, fromThisMachine);
      expect(await none.json()).toEqual({ data: [] });
    });

    it('answers at most 50 messages', async () => {
      await enqueueApart(Array.from({ length: 55 }, (_, index) => resetMail(`u${index}@example.test`)));
      const response = await (await app()).request('/api/dev/outbox', {}, fromThisMachine);
      const body = (await response.json()) as { data: { to: string }[] };
      expect(body.data).toHaveLength(50);
      expect(body.data[0]?.to).toBe('u54@example.test');
      expect(body.data[49]?.to).toBe('u5@example.test');
    });

    it('does not exist in production', async () => {
      await enqueueApart([resetMail('ann@example.test', '300001')]);
      const response = await (await app({ NODE_ENV: 'production' })).request('/api/dev/outbox', {}, fromThisMachine);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('300001');
    });

    it('refuses a recipient that is not an e-mail address', async () => {
      const response = await (await app()).request('/api/dev/outbox?to=not-an-address', {}, fromThisMachine);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe('VALIDATION_ERROR');
    });
  });
});
