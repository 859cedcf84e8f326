import type { Language } from '@contract/enums';
import type { MailDictionary } from '../dictionary';
import { by } from './by';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { kz } from './kz';
import { ru } from './ru';

/** One dictionary per interface language; a missing one is a type error. */
export const MAIL_DICTIONARIES: Record<Language, MailDictionary> = { en, ru, es, fr, kz, by };
