import type { Report } from '@contract/analytics';
import type { Language } from '@contract/enums';
import type { LookupAlertSubject } from '@contract/lookup-alerts';
import type { MailTopic } from '@contract/mail';

/** The mails the product sends, with what each one's template needs. */
export interface MailTemplates {
  /** Registration: the 6-digit code, and a link that confirms the address without typing it. */
  registerCode: { code: string; link: string; minutes: number; firstName: string };
  /** Password reset: the 6-digit code. */
  resetCode: { code: string; minutes: number };
  /** Moderation (decision 50): the company was submitted, approved, or sent back with the moderator's reason. */
  companySubmitted: { companyName: string; link: string };
  companyApproved: { companyName: string; link: string };
  companyRejected: { companyName: string; reason: string; link: string };
  /**
   * A company's people (decisions 53, 074): the invitation link, valid `days`, that sets a password for someone new,
   * or that an account holder opens to accept with their own.
   */
  memberInvited: { firstName: string; companyName: string; link: string; days: number };
  memberInvitedAccount: { firstName: string; companyName: string; link: string; days: number };
  /** A product's moderation (decision 055): approved, with the moderator's comment if any; or sent back, with it. */
  productApproved: { companyName: string; productName: string; comment: string; link: string };
  productRejected: { companyName: string; productName: string; comment: string; link: string };
  /** A report sent by e-mail (decision 056): the file is attached; `from` and `to` are its first and last days. */
  reportMailed: { companyName: string; report: Report; from: string; to: string; rows: number };
  /** A webhook endpoint the server disabled after a run of failed deliveries (decision 094): its address, its page. */
  webhookDisabled: { companyName: string; url: string; link: string };
  /**
   * The cardholder's notice after a redemption (decision 096): money in minor units, times as ISO instants shown in
   * the company's time zone, the number by its last digits only, and never the PIN.
   */
  holderBalance: {
    supplierName: string;
    productName: string;
    numberEnd: string;
    amount: number;
    balance: number;
    /** No redemption is left (no balance, or a single-use certificate): the notice says so instead of the balance. */
    fullyUsed: boolean;
    currency: string;
    redeemedAt: string;
    /** Null: the certificate never expires. */
    validUntil: string | null;
    timeZone: string;
  };
  /**
   * A failed-lookup alert (decision 097): `failures` failed checks of one till (a person, an API key) or certificate
   * within `minutes`, from `windowStart` (ISO, shown in `timeZone`); the link opens the filtered audit log.
   */
  lookupAlert: {
    companyName: string;
    subject: LookupAlertSubject;
    name: string;
    failures: number;
    minutes: number;
    windowStart: string;
    windowEnd: string;
    timeZone: string;
    link: string;
  };
}
export type MailTemplateName = keyof MailTemplates;

export interface MailRequest<T extends MailTemplateName = MailTemplateName> {
  to: string;
  template: T;
  language: Language;
  params: MailTemplates[T];
  /** A mail someone sent by hand: its fate is shown to them (decision 082). */
  about?: MailAbout;
}

/** The company, who sent the mail, its topic and what of (a report's name, the invited person's id). */
export interface MailAbout {
  supplierId: string;
  senderId: string | null;
  topic: MailTopic;
  reference: string;
}

/** A file sent with a mail (an e-mailed report), stored beside it in the outbox. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}
