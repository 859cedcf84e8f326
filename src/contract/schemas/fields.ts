import * as v from 'valibot';
import { normalizeEmail } from '../email-address';
import type { ErrorCode } from '../errors';

/**
 * Field rules of SPEC §5, written once. Every message is an error code from the
 * catalogue; the PWA localises it, the server sends it back per field.
 */
const missingOr =
  (wrong: ErrorCode) =>
  (issue: { input: unknown }): ErrorCode =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'REQUIRED' : wrong;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/**
 * No control character (C0, DEL, C1), written so that the OpenAPI document's pattern compiles in any regex dialect
 * (Python's re, Go's RE2, ECMA-262 without `u`): `\P{Cc}` is understood only by JavaScript's `u` regexes (decision 082).
 */
/* eslint-disable no-control-regex -- naming the control characters is the point */
export const NO_CONTROL_CHARS = /^[^\x00-\x1F\x7F-\x9F]*$/;
/** The same, line breaks and tabs allowed (a text of several lines). */
const NO_CONTROL_CHARS_BUT_LINES = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$/;
/* eslint-enable no-control-regex */

/**
 * A required single-line text, trimmed. Its one bound is after trimming, so that a refusal names the real limit
 * (decision 078); the body limit already bounds what is trimmed.
 */
export const requiredText = (max: number) =>
  v.pipe(
    v.string(missingOr('WRONG_TYPE')),
    v.trim(),
    v.nonEmpty('REQUIRED'),
    v.maxLength(max, 'TOO_LONG'),
    // Control characters have no place in a name, and PostgreSQL refuses NUL in text (a 500 otherwise).
    v.regex(NO_CONTROL_CHARS, 'WRONG_TYPE'),
  );

// People type e-mails in any case and any script; we store and compare one form of each (decision 082).
export const email = v.pipe(
  v.string(missingOr('WRONG_TYPE')),
  v.trim(),
  v.nonEmpty('REQUIRED'),
  v.maxLength(EMAIL_MAX, 'TOO_LONG'),
  v.check((value) => normalizeEmail(value) !== null, 'EMAIL_INVALID'),
  v.transform((value) => normalizeEmail(value)!),
  v.metadata({ format: 'idn-email' }),
);

// E.164 allows 15 digits; people type spaces, dashes and brackets, which we drop.
export const phone = v.pipe(
  v.string(missingOr('WRONG_TYPE')),
  v.maxLength(40, 'TOO_LONG'),
  v.trim(),
  v.nonEmpty('REQUIRED'),
  v.regex(/^\+?[\d\s()-]+$/, 'PHONE_INVALID'),
  v.transform((value) => (value.startsWith('+') ? '+' : '') + value.replace(/\D/g, '')),
  v.regex(/^\+?\d{7,15}$/, 'PHONE_INVALID'),
);

export const password = v.pipe(
  v.string(missingOr('WRONG_TYPE')),
  v.nonEmpty('REQUIRED'),
  v.minLength(PASSWORD_MIN, 'PASSWORD_TOO_SHORT'),
  v.maxLength(PASSWORD_MAX, 'TOO_LONG'),
  // Control characters (C0, DEL, C1) are invisible and cannot be typed again at the next sign-in.
  v.regex(NO_CONTROL_CHARS, 'PASSWORD_CONTROL_CHARS'),
  v.regex(/[a-zа-яё]/, 'PASSWORD_WEAK'),
  v.regex(/[A-ZА-ЯЁ]/, 'PASSWORD_WEAK'),
  v.regex(/\d/, 'PASSWORD_WEAK'),
);

/** The password typed at sign-in: only bounded, never judged (old passwords stay valid). */
export const currentPassword = v.pipe(v.string(missingOr('WRONG_TYPE')), v.nonEmpty('REQUIRED'), v.maxLength(PASSWORD_MAX, 'TOO_LONG'));

export const verifyCode = v.pipe(v.string(missingOr('WRONG_TYPE')), v.trim(), v.nonEmpty('REQUIRED'), v.regex(/^\d{6}$/, 'CODE_FORMAT'));

/** The id of a company's own row (a webhook endpoint, a delivery, a schedule): not one is not found, not malformed. */
export const itemId = v.pipe(v.string(missingOr('WRONG_TYPE')), v.uuid('ITEM_NOT_FOUND'));

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => v.picklist(values, missingOr('UNKNOWN_VALUE'));

export const color = v.pipe(v.string(missingOr('WRONG_TYPE')), v.regex(/^#[0-9a-fA-F]{6}$/, 'COLOR_INVALID'));

/** A text of several lines (a reason): trimmed and bounded; line breaks kept, other control characters refused (PostgreSQL keeps no NUL). */
export const textLines = (max: number) =>
  v.pipe(v.string(missingOr('WRONG_TYPE')), v.trim(), v.maxLength(max, 'TOO_LONG'), v.regex(NO_CONTROL_CHARS_BUT_LINES, 'WRONG_TYPE'));

/** An opaque token from a link or a previous answer. */
export const token = v.pipe(v.string(missingOr('WRONG_TYPE')), v.nonEmpty('REQUIRED'), v.maxLength(512, 'TOO_LONG'));

/** YYYY-MM-DD that names a real day (the schemas' check, and the date field's, src/ui/date-text.ts). */
export const isDay = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  // An impossible month (2027-13-01) is an Invalid Date, whose toISOString throws.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
