import { formatMoney } from '@contract/money';
import type { MailDictionary } from './dictionary';
import { MAIL_DICTIONARIES } from './locales';
import type { MailRequest, MailTemplateName, MailTemplates, RenderedMail } from './types';

/** What a mail is made of, already in the reader's language; the layout turns it into text and HTML. */
interface MailContent {
  subject: string;
  greeting: string;
  intro: string;
  /** Set apart after the intro: a code (large) or someone's words (quoted, line breaks kept). */
  highlight?: { text: string; kind: 'code' | 'quote' };
  /** Paragraphs after the highlight. */
  notes: string[];
  link?: { intro: string; url: string };
  ignore?: string;
}

type Values = Record<string, string | number>;

/** Replaces `{name}` with its value; an unknown name is left as it is, so a typo shows instead of vanishing. */
const fill = (template: string, values: Values): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** A number with its noun in the right plural form: "15 minutes", "1 234 rows". */
const counted = (dictionary: MailDictionary, unit: 'minutes' | 'days' | 'rows', count: number): string => {
  const forms = dictionary[unit];
  return `${new Intl.NumberFormat(dictionary.locale).format(count)} ${forms[new Intl.PluralRules(dictionary.locale).select(count)] ?? forms.other}`;
};

/** The moderation mails: one greeting, the company's (or its product's) name in subject and intro, a link. */
const companyMail = (
  d: MailDictionary,
  p: Values & { link: string },
  subject: string,
  intro: string,
  linkIntro = d.companyLinkIntro,
): MailContent => ({
  subject: fill(subject, p),
  greeting: d.companyGreeting,
  intro: fill(intro, p),
  notes: [],
  link: { intro: linkIntro, url: p.link },
});

/** An invitation to a company: someone new sets a password by the link, an account holder accepts with theirs. */
const invitationMail = (d: MailDictionary, p: MailTemplates['memberInvited'], linkIntro: string, ignore: string): MailContent => ({
  subject: fill(d.memberInvitedSubject, p),
  greeting: fill(d.memberInvitedGreeting, p),
  intro: fill(d.memberInvitedIntro, p),
  notes: [fill(d.memberInvitedValidity, { duration: counted(d, 'days', p.days) })],
  link: { intro: linkIntro, url: p.link },
  ignore,
});

/** A calendar day (YYYY-MM-DD) as the reader's language writes it in figures: 04.11.2026 in Russian, 11/04/2026 in English. */
const day = (dictionary: MailDictionary, iso: string): string =>
  new Intl.DateTimeFormat(dictionary.locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** An instant's calendar day in a time zone, written in figures as `day` writes a day. */
const moment = (dictionary: MailDictionary, instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat(dictionary.locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(new Date(instant));

/** A moment as the reader's language writes it, in the company's zone: 27.11.2026, 14:05 in Russian. */
const dateTime = (dictionary: MailDictionary, iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat(dictionary.locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));

const validity = (dictionary: MailDictionary, minutes: number): string =>
  fill(dictionary.validity, { duration: counted(dictionary, 'minutes', minutes) });

const TEMPLATES: { [T in MailTemplateName]: (dictionary: MailDictionary, params: MailTemplates[T]) => MailContent } = {
  registerCode: (d, p) => ({
    subject: d.registerSubject,
    greeting: fill(d.registerGreeting, { firstName: p.firstName }),
    intro: d.registerIntro,
    highlight: { text: p.code, kind: 'code' },
    notes: [validity(d, p.minutes)],
    link: { intro: d.registerLinkIntro, url: p.link },
    ignore: d.registerIgnore,
  }),
  resetCode: (d, p) => ({
    subject: d.resetSubject,
    greeting: d.resetGreeting,
    intro: d.resetIntro,
    highlight: { text: p.code, kind: 'code' },
    notes: [validity(d, p.minutes)],
    ignore: d.resetIgnore,
  }),
  companySubmitted: (d, p) => companyMail(d, p, d.companySubmittedSubject, d.companySubmittedIntro),
  companyApproved: (d, p) => companyMail(d, p, d.companyApprovedSubject, d.companyApprovedIntro),
  companyRejected: (d, p) => ({
    ...companyMail(d, p, d.companyRejectedSubject, d.companyRejectedIntro),
    highlight: { text: p.reason, kind: 'quote' },
    notes: [d.companyRejectedNext],
  }),
  memberInvited: (d, p) => invitationMail(d, p, d.memberInvitedLinkIntro, d.memberInvitedIgnore),
  memberInvitedAccount: (d, p) => invitationMail(d, p, d.memberInvitedAccountLinkIntro, d.memberInvitedAccountIgnore),
  productApproved: (d, p) => {
    const mail = companyMail(d, p, d.productApprovedSubject, d.productApprovedIntro, d.productLinkIntro);
    return p.comment
      ? { ...mail, intro: `${mail.intro} ${d.productApprovedComment}`, highlight: { text: p.comment, kind: 'quote' } }
      : mail;
  },
  productRejected: (d, p) => ({
    ...companyMail(d, p, d.productRejectedSubject, d.productRejectedIntro, d.productLinkIntro),
    highlight: { text: p.comment, kind: 'quote' },
    notes: [d.productRejectedNext],
  }),
  webhookDisabled: (d, p) => ({
    ...companyMail(d, p, d.webhookDisabledSubject, d.webhookDisabledIntro, d.webhookDisabledLinkIntro),
    highlight: { text: p.url, kind: 'quote' },
    notes: [d.webhookDisabledNext],
  }),
  holderBalance: (d, { fullyUsed, ...p }) => {
    const money = (minor: number) => formatMoney(minor, p.currency, d.locale);
    const values = {
      ...p,
      amount: money(p.amount),
      balance: money(p.balance),
      date: dateTime(d, p.redeemedAt, p.timeZone),
      validUntil: p.validUntil ? moment(d, p.validUntil, p.timeZone) : '',
    };
    return {
      subject: fill(d.holderSubject, values),
      greeting: d.companyGreeting,
      intro: fill(d.holderIntro, values),
      notes: [
        ...(fullyUsed ? [d.holderSpent] : [fill(d.holderBalance, values), ...(p.validUntil ? [fill(d.holderValidity, values)] : [])]),
        d.holderWhy,
      ],
    };
  },
  lookupAlert: (d, p) => {
    const values = {
      companyName: p.companyName,
      failures: new Intl.NumberFormat(d.locale).format(p.failures),
      duration: counted(d, 'minutes', p.minutes),
      from: dateTime(d, p.windowStart, p.timeZone),
      timeZone: p.timeZone,
    };
    const label = { user: d.lookupAlertUser, apiKey: d.lookupAlertApiKey, certificate: d.lookupAlertCertificate }[p.subject];
    return {
      subject: fill(d.lookupAlertSubject, values),
      greeting: d.companyGreeting,
      intro: fill(d.lookupAlertIntro, values),
      highlight: { text: fill(label, { name: p.name }), kind: 'quote' },
      notes: [d.lookupAlertNext],
      link: { intro: d.lookupAlertLinkIntro, url: p.link },
    };
  },
  reportMailed: (d, p) => {
    const values = {
      ...p,
      report: { sales: d.reportSales, redemption: d.reportRedemption, liability: d.reportLiability }[p.report],
      from: day(d, p.from),
      to: day(d, p.to),
      rows: counted(d, 'rows', p.rows),
    };
    const asOf = p.report === 'liability';
    return {
      subject: fill(asOf ? d.reportMailedAsOfSubject : d.reportMailedSubject, values),
      greeting: d.companyGreeting,
      intro: fill(asOf ? d.reportMailedAsOfIntro : d.reportMailedIntro, values),
      notes: [d.reportMailedNote],
    };
  },
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const indent = (text: string): string =>
  text
    .split(/\r?\n/)
    .map((line) => `    ${line}`)
    .join('\n');

const toText = (mail: MailContent, signature: string): string =>
  [
    mail.greeting,
    '',
    mail.intro,
    '',
    ...(mail.highlight ? [indent(mail.highlight.text), ''] : []),
    ...mail.notes.flatMap((note) => [note, '']),
    ...(mail.link ? [mail.link.intro, mail.link.url, ''] : []),
    ...(mail.ignore ? [mail.ignore, ''] : []),
    '-- ',
    signature,
    '',
  ].join('\n');

/** A paragraph of markup that is already safe. */
const block = (html: string, style = 'margin:0 0 16px'): string => `<p style="${style}">${html}</p>`;
const paragraph = (text: string): string => block(escapeHtml(text));

const HIGHLIGHT_STYLE = {
  code: 'margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px',
  quote: 'margin:0 0 16px;padding:8px 16px;border-left:4px solid #b3b3b3;white-space:pre-wrap',
};

const toHtml = (mail: MailContent, signature: string, locale: string): string => {
  const url = mail.link && escapeHtml(mail.link.url);
  const link = mail.link ? block(`${escapeHtml(mail.link.intro)}<br><a href="${url}">${url}</a>`) : '';
  return [
    `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    paragraph(mail.greeting),
    paragraph(mail.intro),
    mail.highlight ? block(escapeHtml(mail.highlight.text), HIGHLIGHT_STYLE[mail.highlight.kind]) : '',
    ...mail.notes.map(paragraph),
    link,
    mail.ignore ? paragraph(mail.ignore) : '',
    block(escapeHtml(signature), 'margin:24px 0 0;color:#666'),
    '</body></html>',
  ].join('\n');
};

/** Renders a mail in the request's language: subject, plain text and simple HTML (parameters escaped). */
export function renderMail(request: MailRequest): RenderedMail {
  // Types rule out other languages; data from outside may not, and Russian is the product's default.
  const dictionary = MAIL_DICTIONARIES[request.language] ?? MAIL_DICTIONARIES.ru;
  // The union of requests is not narrowed by `template`, so the pairing is asserted once, here.
  const build = TEMPLATES[request.template] as (d: MailDictionary, p: MailRequest['params']) => MailContent;
  const mail = build(dictionary, request.params);
  return {
    subject: mail.subject,
    text: toText(mail, dictionary.signature),
    html: toHtml(mail, dictionary.signature, dictionary.locale),
  };
}
