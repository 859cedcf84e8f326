import type { MailDictionary } from '../dictionary';

export const fr: MailDictionary = {
  locale: 'fr',
  minutes: { one: 'minute', many: 'minutes', other: 'minutes' },
  validity: 'Ce code est valable {duration}.',
  signature: 'L’équipe Certdesk',

  registerSubject: 'Votre code de confirmation Certdesk',
  registerGreeting: 'Bonjour {firstName},',
  registerIntro: 'Merci pour votre inscription sur Certdesk. Saisissez ce code pour confirmer votre adresse e-mail :',
  registerLinkIntro: 'Vous pouvez aussi ouvrir ce lien pour choisir votre mot de passe et confirmer votre adresse :',
  registerIgnore:
    'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail : sans le code ou le lien, l’adresse reste non confirmée.',

  resetSubject: 'Code de réinitialisation de votre mot de passe Certdesk',
  resetGreeting: 'Bonjour,',
  resetIntro:
    'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Certdesk. Saisissez ce code pour définir un nouveau mot de passe :',
  resetIgnore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe restera inchangé.',

  companyGreeting: 'Bonjour,',
  companyLinkIntro: 'Ouvrez la société dans Certdesk :',
  companySubmittedSubject: '{companyName} est en modération',
  companySubmittedIntro:
    'Merci : la société {companyName} a été soumise à la modération. Cela prend en général environ un jour ouvré, et nous vous écrirons pour vous donner le résultat.',
  companyApprovedSubject: '{companyName} a passé la modération',
  companyApprovedIntro:
    'Bonne nouvelle : la société {companyName} a passé la modération et elle est désormais active. Vous pouvez émettre et encaisser ses cartes cadeaux.',
  companyRejectedSubject: '{companyName} doit être corrigée',
  companyRejectedIntro: 'Le modérateur a renvoyé la société {companyName} pour correction, pour le motif suivant :',
  companyRejectedNext: 'Corrigez les données et soumettez de nouveau la société à la modération.',
};
