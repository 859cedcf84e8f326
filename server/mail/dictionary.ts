/**
 * Everything one language says in the mails. `{name}` marks a parameter;
 * `{duration}` is the code's lifetime, spelled with the `minutes` plural forms.
 */
export interface MailDictionary {
  /** BCP 47 tag for the html lang attribute and the plural rules (kz → kk, by → be). */
  locale: string;
  /** Forms of "minute" as the validity sentence needs them, by Intl.PluralRules category. */
  minutes: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
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
}
