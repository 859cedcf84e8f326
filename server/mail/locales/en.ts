import type { MailDictionary } from '../dictionary';

export const en: MailDictionary = {
  locale: 'en',
  minutes: { one: 'minute', other: 'minutes' },
  days: { one: 'day', other: 'days' },
  rows: { one: 'row', other: 'rows' },
  validity: 'The code is valid for {duration}.',
  signature: 'The Certdesk team',

  registerSubject: 'Your Certdesk confirmation code',
  registerGreeting: 'Hello, {firstName}!',
  registerIntro: 'Thank you for registering with Certdesk. Enter this code to confirm your e-mail address:',
  registerLinkIntro: 'Or open this link to set your password and confirm your address:',
  registerIgnore:
    'If you did not register with Certdesk, simply ignore this e-mail: without the code or the link the address stays unconfirmed.',

  resetSubject: 'Your Certdesk password reset code',
  resetGreeting: 'Hello!',
  resetIntro: 'We received a request to reset the password of your Certdesk account. Enter this code to set a new password:',
  resetIgnore: 'If you did not ask to reset your password, ignore this e-mail: your password stays the same.',

  companyGreeting: 'Hello!',
  companyLinkIntro: 'Open the company in Certdesk:',
  companySubmittedSubject: '{companyName} is on moderation',
  companySubmittedIntro:
    'Thank you: the company {companyName} has been sent for moderation. It usually takes about one business day, and we will write to you with the result.',
  companyApprovedSubject: '{companyName} has passed moderation',
  companyApprovedIntro:
    'Good news: the company {companyName} has passed moderation and is now active. You can issue and redeem its certificates.',
  companyRejectedSubject: '{companyName} needs corrections',
  companyRejectedIntro: 'The moderator has returned the company {companyName} for corrections, for this reason:',
  companyRejectedNext: 'Correct the data and submit the company for moderation again.',

  memberInvitedSubject: 'You are invited to {companyName} on Certdesk',
  memberInvitedGreeting: 'Hello, {firstName}!',
  memberInvitedIntro:
    'You have been invited to work with the company {companyName} on Certdesk, the back office for its gift certificates.',
  memberInvitedValidity: 'The invitation is valid for {duration}.',
  memberInvitedLinkIntro: 'Open this link to set your password and sign in:',
  memberInvitedIgnore: 'If you did not expect this invitation, ignore this e-mail: no account is used without the link.',
  memberInvitedAccountLinkIntro: 'Open this link and sign in with your password to accept, or accept it on the home page of Certdesk:',
  memberInvitedAccountIgnore: 'If you do not want to join, ignore this e-mail: nothing changes until you accept.',

  productLinkIntro: 'Open the certificate in Certdesk:',
  productApprovedSubject: 'The certificate {productName} has passed moderation',
  productApprovedIntro:
    'Good news: the certificate {productName} of {companyName} has passed moderation. This version is now the one on sale.',
  productApprovedComment: 'The moderator added a comment:',
  productRejectedSubject: 'The certificate {productName} needs corrections',
  productRejectedIntro: 'The moderator has returned the certificate {productName} of {companyName} for corrections, with this comment:',
  productRejectedNext:
    'Correct the certificate and submit it for moderation again. If an earlier version is on sale, it stays on sale meanwhile.',

  reportSales: 'Sales report',
  reportRedemption: 'Redemption report',
  reportLiability: 'Liability report',
  reportMailedSubject: '{report}: {companyName}, {from} – {to}',
  reportMailedIntro: 'Attached to this e-mail is the “{report}” of {companyName} for {from} – {to} as an XLSX file: {rows}.',
  reportMailedAsOfSubject: '{report}: {companyName}, as of {to}',
  reportMailedAsOfIntro: 'Attached to this e-mail is the “{report}” of {companyName} as of {to} as an XLSX file: {rows}.',
  reportMailedNote: 'The file opens in Excel, LibreOffice Calc or Google Sheets. Dates and times are given in the company’s time zone.',

  webhookDisabledSubject: 'Webhooks of {companyName} are paused: an endpoint stopped answering',
  webhookDisabledIntro: 'We could not deliver events of {companyName} to this webhook endpoint for a day, so we have disabled it:',
  webhookDisabledNext:
    'Events that were waiting are kept. Check that the address answers with a 2xx status, then enable the endpoint again: the waiting events are sent in order.',
  webhookDisabledLinkIntro: 'Open the endpoint and its delivery log in Certdesk:',

  holderSubject: '{supplierName}: {balance} left on your gift certificate',
  holderIntro: 'Your gift certificate “{productName}” from {supplierName} (number ending in {numberEnd}) was used on {date} for {amount}.',
  holderBalance: 'Remaining balance: {balance}.',
  holderSpent: 'The certificate is now fully used.',
  holderValidity: 'The certificate is valid until {validUntil}.',
  holderWhy:
    'You receive this e-mail because your address was given when the certificate was bought. We never send the PIN: do not tell it to anyone who calls or writes to you.',

  lookupAlertSubject: '{companyName}: {failures} failed certificate checks within {duration}',
  lookupAlertIntro:
    'At {companyName}, {failures} certificate checks failed within {duration} (unknown numbers or wrong PINs), the first at {from} ({timeZone}). They came from:',
  lookupAlertUser: 'The till of {name}',
  lookupAlertApiKey: 'The API key {name}',
  lookupAlertCertificate: 'Certificate {name}',
  lookupAlertNext:
    'This may be someone trying numbers or PINs. You get one such mail per window; further failures are written to the audit log. The thresholds can be changed on the company’s page.',
  lookupAlertLinkIntro: 'Open the failed checks in the audit log:',
};
