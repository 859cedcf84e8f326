import type { Language } from '@contract/enums';
import type { OfferText } from '../text';
import { by } from './by';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { kz } from './kz';
import { ru } from './ru';

/** One text per interface language; a missing one is a type error. */
export const OFFER_TEXTS: Record<Language, OfferText> = { en, ru, es, fr, kz, by };
