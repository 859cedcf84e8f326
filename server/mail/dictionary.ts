/**
 * Everything one language says in the mails. `{name}` marks a parameter;
 * `{duration}` is a lifetime, spelled with the `minutes` or `days` plural forms.
 */
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface MailDictionary {
  /** BCP 47 tag for the html lang attribute, the plural rules and the dates in figures (kz → kk, by → be). */
  locale: string;
  /** Forms of "minute" as the validity sentence needs them, by Intl.PluralRules category. */
  minutes: PluralForms;
  /** Forms of "day", for the invitation's lifetime. */
  days: PluralForms;
  /** Forms of "row", for the size of an e-mailed report. */
  rows: PluralForms;
  validity: string;
  signature: string;

  registerSubject: string;
  registerGreeting: string;
  registerIntro: string;
  registerLinkIntro: string;
  registerIgnore: string;

  resetSubject: string;
  resetGreeting: string;
  resetIntro: string;
  resetIgnore: string;

  /** Moderation mails: `{companyName}` is the company's short name. */
  companyGreeting: string;
  companyLinkIntro: string;
  companySubmittedSubject: string;
  companySubmittedIntro: string;
  companyApprovedSubject: string;
  companyApprovedIntro: string;
  companyRejectedSubject: string;
  /** Followed by the moderator's reason, set apart. */
  companyRejectedIntro: string;
  companyRejectedNext: string;

  /** A company's people (decision 53): an invitation to set a password, and "you were added" for an existing account. */
  memberInvitedSubject: string;
  memberInvitedGreeting: string;
  memberInvitedIntro: string;
  memberInvitedLinkIntro: string;
  memberInvitedValidity: string;
  memberInvitedIgnore: string;
  memberInvitedAccountLinkIntro: string;
  memberInvitedAccountIgnore: string;

  /** A product's moderation: `{productName}` is the certificate's name, `{companyName}` the company's. */
  productLinkIntro: string;
  productApprovedSubject: string;
  productApprovedIntro: string;
  /** Added to the intro when the moderator left a comment, which follows, set apart. */
  productApprovedComment: string;
  productRejectedSubject: string;
  /** Followed by the moderator's comment, set apart. */
  productRejectedIntro: string;
  productRejectedNext: string;

  /** An e-mailed report: `{report}` is its name, `{from}` and `{to}` its days, `{rows}` its size ("1234 rows"). */
  reportSales: string;
  reportRedemption: string;
  reportLiability: string;
  reportMailedSubject: string;
  reportMailedIntro: string;
  /** The liability, a picture of one day rather than a period: `{to}` is its day. */
  reportMailedAsOfSubject: string;
  reportMailedAsOfIntro: string;
  reportMailedNote: string;

  /** A disabled webhook endpoint: `{companyName}`; the endpoint's address follows the intro, set apart. */
  webhookDisabledSubject: string;
  webhookDisabledIntro: string;
  webhookDisabledNext: string;
  webhookDisabledLinkIntro: string;

  /**
   * The cardholder's balance notice: `{supplierName}`, `{productName}`, `{numberEnd}` (the number's last digits),
   * `{amount}` and `{balance}` with their currency, `{date}` the redemption's date and time, `{validUntil}` a day.
   */
  holderSubject: string;
  holderIntro: string;
  holderBalance: string;
  holderSpent: string;
  holderValidity: string;
  holderWhy: string;

  /**
   * A failed-lookup alert: `{companyName}`, `{failures}` (a figure), `{duration}` ("60 minutes"), `{from}` (date and
   * time) and `{timeZone}`; the till or certificate follows the intro, set apart, as `{name}` after its label.
   */
  lookupAlertSubject: string;
  lookupAlertIntro: string;
  lookupAlertUser: string;
  lookupAlertApiKey: string;
  lookupAlertCertificate: string;
  lookupAlertNext: string;
  lookupAlertLinkIntro: string;
}
