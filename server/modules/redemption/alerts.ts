import { lookupAlertAuditFilter, lookupAlertSubjectName, type LookupAlertSubject } from '@contract/lookup-alerts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys, lookupAlerts, suppliers, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { mailLink } from '../../lib/links';
import { hitLimit, type WindowState } from '../../lib/rate-limit';
import { enqueueMail } from '../../mail/outbox';
import { companyOf } from '../analytics';
import { companyAdmins, lookupAlertSettingsOf } from '../supplier';
import { auditedActor, type Actor } from './actor';

/**
 * Failed-lookup alerts (issue 33, decision 097). Each failed check that the till's throttle let through (an unknown
 * number, a wrong PIN) is an audit entry of its own, and counts on the company's alert counters of the till (the person
 * or the API key) and of the certificate: rate-limit counters of their own, whose window starts at the first failure.
 * The failure that passes a threshold, and every one after it in the window, tries to write the window's alert row;
 * the unique key lets exactly one of them, however many run at once, write the alert's audit entry and the admins' mails
 * in the same transaction.
 */

interface Subject {
  kind: LookupAlertSubject;
  id: string;
  /** The certificate's number (the audit log's filter), for a certificate. */
  number: string | null;
}

export interface FailedLookup {
  actor: Actor;
  supplierId: string;
  /** The certificate whose PIN was wrong; none for a number the company has not issued. */
  certificate: { id: string; number: string } | null;
  /** The number as the till sent it (normalised). */
  number: string;
}

const counterKey = (supplierId: string, subject: Subject) => `lookup-alert:${supplierId}:${subject.kind}:${subject.id}`;

/** Writes the failure's audit entry, counts it for its till and its certificate, and raises an alert past a threshold. */
export async function recordFailedLookup(deps: Deps, failure: FailedLookup, now: Date): Promise<void> {
  const { actor, supplierId, certificate } = failure;
  await audit(
    deps.db,
    certificate
      ? { action: 'certificate.wrongPin', ...auditedActor(actor), supplierId, certificateId: certificate.id }
      : { action: 'certificate.unknownNumber', ...auditedActor(actor), supplierId, details: { number: failure.number } },
    now,
  );
  const settings = await lookupAlertSettingsOf(deps.db, supplierId);
  if (!settings) return;
  const windowMs = settings.windowMinutes * 60_000;
  const till: Subject =
    actor.userId !== null ? { kind: 'user', id: actor.userId, number: null } : { kind: 'apiKey', id: actor.apiKeyId, number: null };
  const subjects: [Subject, number][] = [[till, settings.tillMax]];
  if (certificate) subjects.push([{ kind: 'certificate', id: certificate.id, number: certificate.number }, settings.certificateMax]);
  // One counter a statement: neither waits for the other while holding its own.
  for (const [subject, max] of subjects) {
    const state = await hitLimit(deps.db, counterKey(supplierId, subject), { max, windowMs }, now);
    if (state.exceeded) await raiseAlert(deps, supplierId, subject, state, windowMs, now);
  }
}

/** The subject's name in the mail: the person's, the key's, or the certificate's number. */
async function subjectName(db: Executor, subject: Subject): Promise<string> {
  const [key] =
    subject.kind === 'apiKey'
      ? await db.select({ name: apiKeys.name, prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.id, subject.id))
      : [];
  const [person] =
    subject.kind === 'user'
      ? await db.select({ firstName: users.firstName, secondName: users.secondName }).from(users).where(eq(users.id, subject.id))
      : [];
  return lookupAlertSubjectName(subject.kind, { person: person ?? null, key: key ?? null, number: subject.number });
}

/** The window's alert, once: its row, its audit entry and a mail to each admin in their own language, or nothing. */
async function raiseAlert(
  deps: Deps,
  supplierId: string,
  subject: Subject,
  state: WindowState,
  windowMs: number,
  now: Date,
): Promise<void> {
  const windowEnd = state.expiresAt;
  const windowStart = new Date(windowEnd.getTime() - windowMs);
  const company = await companyOf(deps, supplierId, []);
  await deps.db.transaction(async (tx) => {
    const [raised] = await tx
      .insert(lookupAlerts)
      .values({
        supplierId,
        subjectKind: subject.kind,
        subjectId: subject.id,
        windowStart,
        windowEnd,
        failures: state.count,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: lookupAlerts.id });
    if (!raised) return;
    const minutes = Math.round(windowMs / 60_000);
    await audit(
      tx,
      {
        action: 'certificate.lookupAlert',
        supplierId,
        ...(subject.kind === 'user' && { subjectUserId: subject.id }),
        ...(subject.kind === 'apiKey' && { apiKeyId: subject.id }),
        ...(subject.kind === 'certificate' && { certificateId: subject.id }),
        details: { failures: state.count, windowMinutes: minutes },
      },
      now,
    );
    const [short] = await tx.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, supplierId));
    const filter = lookupAlertAuditFilter(
      { subject: subject.kind, subjectId: subject.id, certificateNumber: subject.number, windowStart, windowEnd },
      company.timeZone,
    );
    const name = await subjectName(tx, subject);
    // Each admin in their own language: the alert is about the till, not about what the company submitted.
    for (const { email, language, region } of await companyAdmins(tx, { id: supplierId, language: null })) {
      const link = mailLink(deps.config, region, 'analytics/audit', { supplierId, ...filter });
      await enqueueMail(
        tx,
        {
          to: email,
          language,
          template: 'lookupAlert',
          params: {
            companyName: short?.name ?? company.name,
            subject: subject.kind,
            name,
            failures: state.count,
            minutes,
            windowStart: windowStart.toISOString(),
            windowEnd: windowEnd.toISOString(),
            timeZone: company.timeZone,
            link,
          },
        },
        now,
      );
    }
  });
}
