/**
 * How typed requisites are cleaned before they are checked and stored. People
 * copy an IBAN or an account from a statement in groups ("ES91 2100 0418 …"),
 * and SWIFT codes in lower case: we keep the one compact upper-case form.
 */
export const compactCode = (value: string): string => value.replace(/[\s\u00a0-]+/g, '').toUpperCase();

/** Account numbers and codes that are digits only: spaces and dashes between the groups go. */
export const compactDigits = (value: string): string => value.replace(/[\s\u00a0-]+/g, '');
