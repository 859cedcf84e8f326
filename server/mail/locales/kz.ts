import type { MailDictionary } from '../dictionary';

/** Kazakh (Cyrillic script); the product's language code is kz, the BCP 47 tag is kk. */
export const kz: MailDictionary = {
  locale: 'kk',
  minutes: { one: 'минут', other: 'минут' },
  validity: 'Код {duration} бойы жарамды.',
  signature: 'Certdesk командасы',

  registerSubject: 'Certdesk растау коды',
  registerGreeting: 'Сәлеметсіз бе, {firstName}!',
  registerIntro: 'Certdesk-те тіркелгеніңізге рахмет. Электрондық пошта мекенжайыңызды растау үшін осы кодты енгізіңіз:',
  registerLinkIntro: 'Немесе құпиясөзді орнатып, мекенжайды растау үшін мына сілтемені ашыңыз:',
  registerIgnore: 'Егер сіз Certdesk-те тіркелмеген болсаңыз, бұл хатты елемеңіз: код немесе сілтемесіз мекенжай расталмайды.',

  resetSubject: 'Certdesk құпиясөзін қалпына келтіру коды',
  resetGreeting: 'Сәлеметсіз бе!',
  resetIntro: 'Certdesk тіркелгіңіздің құпиясөзін қалпына келтіру туралы сұрау алдық. Жаңа құпиясөз орнату үшін осы кодты енгізіңіз:',
  resetIgnore: 'Егер сіз құпиясөзді қалпына келтіруді сұрамаған болсаңыз, бұл хатты елемеңіз — құпиясөзіңіз өзгермейді.',
};
