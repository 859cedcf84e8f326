import type { MailDictionary } from '../dictionary';

export const fr: MailDictionary = {
  locale: 'fr',
  minutes: { one: 'minute', many: 'minutes', other: 'minutes' },
  days: { one: 'jour', many: 'jours', other: 'jours' },
  rows: { one: 'ligne', other: 'lignes' },
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

  memberInvitedSubject: 'Invitation à rejoindre {companyName} sur Certdesk',
  memberInvitedGreeting: 'Bonjour {firstName},',
  memberInvitedIntro:
    'Vous êtes invité à travailler avec la société {companyName} sur Certdesk, l’espace de gestion de ses cartes cadeaux.',
  memberInvitedValidity: 'L’invitation est valable {duration}.',
  memberInvitedLinkIntro: 'Ouvrez ce lien pour choisir votre mot de passe et vous connecter :',
  memberInvitedIgnore: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail : sans le lien, le compte n’est pas utilisé.',
  memberInvitedAccountLinkIntro:
    'Ouvrez ce lien et connectez-vous avec votre mot de passe pour accepter, ou acceptez-la sur la page d’accueil de Certdesk :',
  memberInvitedAccountIgnore:
    'Si vous ne souhaitez pas rejoindre l’entreprise, ignorez cet e-mail : rien ne change tant que vous n’acceptez pas.',

  productLinkIntro: 'Ouvrez la carte cadeau dans Certdesk :',
  productApprovedSubject: 'La carte cadeau {productName} a passé la modération',
  productApprovedIntro:
    'Bonne nouvelle : la carte cadeau {productName} de {companyName} a passé la modération. C’est désormais cette version qui est en vente.',
  productApprovedComment: 'Le modérateur a ajouté un commentaire :',
  productRejectedSubject: 'La carte cadeau {productName} doit être corrigée',
  productRejectedIntro: 'Le modérateur a renvoyé la carte cadeau {productName} de {companyName} pour correction, avec ce commentaire :',
  productRejectedNext:
    'Corrigez la carte cadeau et soumettez-la de nouveau à la modération. Si une version précédente est en vente, elle le reste en attendant.',

  reportSales: 'Rapport des ventes',
  reportRedemption: 'Rapport des utilisations',
  reportLiability: 'Rapport d’encours',
  reportMailedSubject: '{report} : {companyName}, du {from} au {to}',
  reportMailedIntro: 'Vous trouverez en pièce jointe le « {report} » de {companyName} du {from} au {to}, dans un fichier XLSX : {rows}.',
  reportMailedAsOfSubject: '{report} : {companyName}, au {to}',
  reportMailedAsOfIntro: 'Vous trouverez en pièce jointe le « {report} » de {companyName} au {to}, dans un fichier XLSX : {rows}.',
  reportMailedNote:
    'Le fichier s’ouvre dans Excel, LibreOffice Calc ou Google Sheets. Les dates et heures sont celles du fuseau horaire de l’entreprise.',

  webhookDisabledSubject: 'Webhooks de {companyName} suspendus : un point de terminaison ne répond plus',
  webhookDisabledIntro:
    'Pendant une journée, nous n’avons pas pu livrer les événements de {companyName} à ce point de terminaison ; nous l’avons donc désactivé :',
  webhookDisabledNext:
    'Les événements en attente sont conservés. Vérifiez que l’adresse répond par un statut 2xx, puis réactivez le point de terminaison : les événements en attente seront envoyés dans l’ordre.',
  webhookDisabledLinkIntro: 'Ouvrez le point de terminaison et son journal de livraisons dans Certdesk :',

  holderSubject: '{supplierName} : il reste {balance} sur votre carte cadeau',
  holderIntro:
    'Votre carte cadeau « {productName} » de {supplierName} (numéro se terminant par {numberEnd}) a été utilisée le {date} pour {amount}.',
  holderBalance: 'Solde restant : {balance}.',
  holderSpent: 'La carte cadeau est maintenant entièrement utilisée.',
  holderValidity: 'La carte cadeau est valable jusqu’au {validUntil}.',
  holderWhy:
    'Vous recevez cet e-mail parce que votre adresse a été indiquée lors de l’achat de la carte cadeau. Nous n’envoyons jamais le code PIN : ne le communiquez à personne qui vous appelle ou vous écrit.',

  lookupAlertSubject: '{companyName} : {failures} vérifications de certificats échouées en {duration}',
  lookupAlertIntro:
    'Chez {companyName}, {failures} vérifications de certificats ont échoué en {duration} (numéros inconnus ou codes PIN erronés), la première le {from} ({timeZone}). Elles viennent de :',
  lookupAlertUser: 'La caisse de {name}',
  lookupAlertApiKey: 'La clé API {name}',
  lookupAlertCertificate: 'Certificat {name}',
  lookupAlertNext:
    'Quelqu’un essaie peut-être des numéros ou des codes PIN. Vous recevez un seul e-mail de ce type par fenêtre ; les échecs suivants sont inscrits au journal d’activité. Les seuils se modifient sur la page de l’entreprise.',
  lookupAlertLinkIntro: 'Ouvrez les vérifications échouées dans le journal d’activité :',
};
