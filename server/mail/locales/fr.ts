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
};
