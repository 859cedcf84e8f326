import { readFileSync } from 'node:fs';
import { LANGUAGES, LOCALE_LANGUAGE, LOCALES, type Language } from '@contract/enums';
import { fieldError, type FieldError } from '@contract/errors';
import { intlTag } from '@contract/locale-choice';
import { characteristics } from '@contract/schemas/catalogue';
import { bikQuery, createCompanyBody } from '@contract/schemas/company';
import { createIntl } from 'react-intl';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/form';
import { fieldErrorText } from '@/lib/i18n';
import { issuesToError } from '../../server/http/validate';

/**
 * Issue 30, finding 6 (decision 078): a length error carries its limit, the same on the form (the shared schema run
 * in the browser) and from the server (the same schema at the edge: `fields` and `limits`), and every language says
 * the number.
 */

const company = { tin: '7707083893', name: 'Sber Gifts', country: 'RU', webSite: 'https://sber.example.test' };
/** The server's answer to a body, as the PWA reads it back into field errors. */
const fromServer = async (schema: v.GenericSchema, input: unknown): Promise<Record<string, FieldError>> => {
  const result = await v.safeParseAsync(schema, input);
  if (result.success) return {};
  const { error } = issuesToError(result.issues).toBody();
  return Object.fromEntries(Object.entries(error.fields ?? {}).map(([name, code]) => [name, fieldError(code, error.limits?.[name])]));
};
const fromForm = async (schema: v.GenericSchema, input: unknown) => {
  const checked = await validate(schema, input);
  return checked.success ? {} : checked.errors;
};

describe('a length error’s limit', () => {
  it('is the same on the form and from the server', async () => {
    for (const [schema, input, expected] of [
      [createCompanyBody, { ...company, name: 'N'.repeat(101) }, { name: { code: 'TOO_LONG', limit: { max: 100 } } }],
      [characteristics, { name: 'N'.repeat(46), productType: 'goods' }, { name: { code: 'TOO_LONG', limit: { max: 45 } } }],
      [bikQuery, { bik: '0445 2522' }, { bik: { code: 'WRONG_LENGTH', limit: { length: 9 } } }],
      // A code that names no limit stays a bare code.
      [createCompanyBody, { ...company, name: ' ' }, { name: 'REQUIRED' }],
    ] as const) {
      expect(await fromForm(schema, input)).toEqual(expected);
      expect(await fromServer(schema, input)).toEqual(expected);
    }
  });

  it('is only sent for codes that name one', () => {
    const result = v.safeParse(createCompanyBody, { ...company, name: 'N'.repeat(101), webSite: '' });
    expect(result.success ? null : issuesToError(result.issues).toBody().error).toMatchObject({
      fields: { name: 'TOO_LONG', webSite: 'REQUIRED' },
      limits: { name: { max: 100 } },
    });
    const none = v.safeParse(createCompanyBody, { ...company, webSite: '' });
    expect(none.success ? null : issuesToError(none.issues).toBody().error).not.toHaveProperty('limits');
  });
});

describe('the messages of limits', () => {
  const intlOf = (language: Language) =>
    createIntl({
      locale: intlTag(LOCALES.find((locale) => LOCALE_LANGUAGE[locale] === language)!),
      messages: JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>,
    });

  it('say the number in every language', () => {
    const errors: FieldError[] = [
      { code: 'TOO_SHORT', limit: { min: 8 } },
      { code: 'TOO_LONG', limit: { max: 45 } },
      { code: 'WRONG_LENGTH', limit: { length: 9 } },
      { code: 'TOO_MANY', limit: { max: 20 } },
    ];
    for (const language of LANGUAGES) {
      const intl = intlOf(language);
      const texts = errors.map((error) => fieldErrorText(intl, error));
      texts.forEach((text, index) => expect(text, `${language} ${index}`).toContain(['8', '45', '9', '20'][index]!));
      expect(new Set(texts).size, language).toBe(errors.length);
    }
    expect(errors.map((error) => fieldErrorText(intlOf('en'), error))).toEqual([
      'Minimum length 8',
      'Maximum length 45',
      'Wrong length: must be 9',
      'At most 20',
    ]);
    expect(fieldErrorText(intlOf('ru'), { code: 'TOO_LONG', limit: { max: 45 } })).toBe('Максимальная длина 45');
  });

  it('fall back to the generic error for a limit code that came without its limit, and leave other codes as they are', () => {
    const intl = intlOf('en');
    expect(fieldErrorText(intl, 'TOO_LONG')).toBe(intl.formatMessage({ id: 'error.generic' }));
    expect(fieldErrorText(intl, 'REQUIRED')).toBe('Fill in the field');
  });
});
