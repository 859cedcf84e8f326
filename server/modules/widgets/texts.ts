import type { Language } from '@contract/enums';

/** What a widget page says, in the widget's language (the few words of decision 58; mails keep their own dictionary). */
export interface WidgetTexts {
  /** BCP 47 tag for the lang attribute and number formats (kz → kk, by → be). */
  locale: string;
  giftCertificate: string;
  chooseAmount: string;
  buy: string;
  unavailableTitle: string;
  unavailableText: string;
}

export const WIDGET_TEXTS: Record<Language, WidgetTexts> = {
  en: {
    locale: 'en',
    giftCertificate: 'Gift certificate',
    chooseAmount: 'Choose an amount',
    buy: 'Buy',
    unavailableTitle: 'Not available',
    unavailableText: 'This gift certificate cannot be bought here right now.',
  },
  ru: {
    locale: 'ru',
    giftCertificate: 'Подарочный сертификат',
    chooseAmount: 'Выберите номинал',
    buy: 'Купить',
    unavailableTitle: 'Недоступно',
    unavailableText: 'Этот подарочный сертификат сейчас нельзя купить здесь.',
  },
  es: {
    locale: 'es',
    giftCertificate: 'Certificado de regalo',
    chooseAmount: 'Elija un importe',
    buy: 'Comprar',
    unavailableTitle: 'No disponible',
    unavailableText: 'Este certificado de regalo no se puede comprar aquí en este momento.',
  },
  fr: {
    locale: 'fr',
    giftCertificate: 'Carte cadeau',
    chooseAmount: 'Choisissez un montant',
    buy: 'Acheter',
    unavailableTitle: 'Indisponible',
    unavailableText: 'Cette carte cadeau ne peut pas être achetée ici pour le moment.',
  },
  kz: {
    locale: 'kk',
    giftCertificate: 'Сыйлық сертификаты',
    chooseAmount: 'Номиналды таңдаңыз',
    buy: 'Сатып алу',
    unavailableTitle: 'Қолжетімсіз',
    unavailableText: 'Бұл сыйлық сертификатын қазір мұнда сатып алу мүмкін емес.',
  },
  by: {
    locale: 'be',
    giftCertificate: 'Падарункавы сертыфікат',
    chooseAmount: 'Выберыце намінал',
    buy: 'Купіць',
    unavailableTitle: 'Недаступна',
    unavailableText: 'Гэты падарункавы сертыфікат зараз нельга купіць тут.',
  },
};
