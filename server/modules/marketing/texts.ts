import type { Language } from '@contract/enums';

/** The poster's own words, per language; amounts and names come from the certificate. */
interface PosterText {
  /** BCP 47 tag for amounts. */
  intlTag: string;
  kicker: string;
  callToAction: string;
  amounts: string;
  /** A range of amounts: `{min}` and `{max}` are filled in. */
  range: string;
  orVisit: string;
}

export const POSTER_TEXTS: Record<Language, PosterText> = {
  en: {
    intlTag: 'en',
    kicker: 'Gift certificate',
    callToAction: 'Scan the code to buy it online in a minute',
    amounts: 'Amounts',
    range: 'from {min} to {max}',
    orVisit: 'or open',
  },
  ru: {
    intlTag: 'ru',
    kicker: 'Подарочный сертификат',
    callToAction: 'Наведите камеру на код и купите сертификат онлайн за минуту',
    amounts: 'Номиналы',
    range: 'от {min} до {max}',
    orVisit: 'или откройте',
  },
  es: {
    intlTag: 'es',
    kicker: 'Tarjeta regalo',
    callToAction: 'Escanea el código y cómprala online en un minuto',
    amounts: 'Importes',
    range: 'de {min} a {max}',
    orVisit: 'o visita',
  },
  fr: {
    intlTag: 'fr',
    kicker: 'Carte cadeau',
    callToAction: 'Scannez le code et achetez-la en ligne en une minute',
    amounts: 'Valeurs',
    range: 'de {min} à {max}',
    orVisit: 'ou ouvrez',
  },
  kz: {
    intlTag: 'kk',
    kicker: 'Сыйлық сертификаты',
    callToAction: 'Кодты камерамен сканерлеп, сертификатты бір минутта онлайн сатып алыңыз',
    amounts: 'Номиналдар',
    range: '{min} бастап {max} дейін',
    orVisit: 'немесе ашыңыз',
  },
  by: {
    intlTag: 'be',
    kicker: 'Падарункавы сертыфікат',
    callToAction: 'Навядзіце камеру на код і купіце сертыфікат анлайн за хвіліну',
    amounts: 'Наміналы',
    range: 'ад {min} да {max}',
    orVisit: 'або адкрыйце',
  },
};
