import { localDate } from './analytics';
import { personName } from './users';

/**
 * Failed-lookup alerts (issue 33, decision 097): when one till (a person or a company API key) or one certificate
 * gathers more failed checks than its threshold within the window, the company's admins get one mail per window,
 * and the dashboard shows the alert with a link to the audit log filtered to it.
 */

/** What an alert is about: the person at a till, a company API key (a register), or a certificate. */
export const LOOKUP_ALERT_SUBJECTS = ['user', 'apiKey', 'certificate'] as const;
export type LookupAlertSubject = (typeof LOOKUP_ALERT_SUBJECTS)[number];

/** A company's thresholds: an alert when a till or a certificate has MORE failures than these within `windowMinutes`. */
export interface LookupAlertSettings {
  tillMax: number;
  certificateMax: number;
  windowMinutes: number;
}

/**
 * The defaults (decision 097): a cashier mistypes a few times an hour, eleven failures is card testing or a broken
 * scanner, still well below the till's throttle (30 in 10 minutes); a certificate locks at its 5th wrong PIN, so a
 * sixth failure within the hour means someone came back after the lock.
 */
export const LOOKUP_ALERT_DEFAULTS: LookupAlertSettings = { tillMax: 10, certificateMax: 5, windowMinutes: 60 };

/** The bounds the form and the server keep. */
export const LOOKUP_ALERT_LIMITS: Record<keyof LookupAlertSettings, { min: number; max: number }> = {
  tillMax: { min: 1, max: 1000 },
  certificateMax: { min: 1, max: 100 },
  windowMinutes: { min: 5, max: 1440 },
};

/** How far back the dashboard shows alerts. */
export const LOOKUP_ALERT_RECENT_DAYS = 7;
/** At most this many on the dashboard, newest first. */
export const LOOKUP_ALERT_RECENT_MAX = 10;

/** One alert as the dashboard shows it; `audit` is the audit log's filter that shows its failures. */
export interface LookupAlertView {
  id: string;
  subject: LookupAlertSubject;
  /** The person's name, the key's name, or the certificate's number. */
  name: string;
  failures: number;
  windowStart: string;
  windowEnd: string;
  audit: LookupAlertAuditFilter;
}

/** The audit log's URL search params for an alert: the window's days, the money kind, the person or the certificate. */
export interface LookupAlertAuditFilter {
  from: string;
  to: string;
  kind: 'money';
  userId?: string;
  certificate?: string;
}

/**
 * The audit log's filter that shows an alert's failures: the window's days in the company's zone, the money kind, and
 * the person or the certificate it is about. The mail's link and the dashboard's are the same.
 */
export const lookupAlertAuditFilter = (
  alert: { subject: LookupAlertSubject; subjectId: string; certificateNumber: string | null; windowStart: Date; windowEnd: Date },
  timeZone: string,
): LookupAlertAuditFilter => ({
  from: localDate(alert.windowStart, timeZone),
  to: localDate(alert.windowEnd, timeZone),
  kind: 'money',
  ...(alert.subject === 'user' && { userId: alert.subjectId }),
  ...(alert.subject === 'certificate' && alert.certificateNumber !== null && { certificate: alert.certificateNumber }),
});

/** How the mail and the dashboard name an alert's subject: the person, the key with its prefix, or the certificate's number. */
export function lookupAlertSubjectName(
  subject: LookupAlertSubject,
  found: {
    person: { firstName: string; secondName: string } | null;
    key: { name: string; prefix: string } | null;
    number: string | null;
  },
): string {
  if (subject === 'user') return found.person ? personName(found.person) : '';
  if (subject === 'apiKey') return found.key ? `${found.key.name} (${found.key.prefix})` : '';
  return found.number ?? '';
}
