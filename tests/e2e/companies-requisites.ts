/**
 * Valid requisites made afresh for each company a browser test creates: a tax id
 * may be registered once, and the server of one test run serves every repeat
 * (`--repeat-each`). The check digits follow the national rules that
 * src/contract/requisites checks (tests/unit/requisites-rules.test.ts holds
 * the published samples); the bank data are real published ones.
 */
const digits = (count: number, first = ''): string => {
  let value = first;
  while (value.length < count) value += String(Math.floor(Math.random() * 10));
  return value;
};

/** A RU organisation's INN: 10 digits, the last Σ digit × weight mod 11 mod 10; a region (01–99) first. */
export function ruOrganisationInn(): string {
  const region = String(10 + Math.floor(Math.random() * 89));
  const first9 = digits(9, region);
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(first9[index]), 0);
  return first9 + String((sum % 11) % 10);
}

/** A RU organisation's OGRN: 13 digits starting with 1, the last the rest modulo 11 of the first 12, modulo 10. */
export function ruOgrn(): string {
  const first12 = digits(12, '1');
  return first12 + String(Number(BigInt(first12) % 11n) % 10);
}

/** A Spanish company's CIF (an S.L.: letter B), 7 digits and the control digit of the Agencia Tributaria's rule. */
export function esCif(): string {
  const body = digits(7);
  let sum = 0;
  for (let index = 0; index < 7; index++) {
    const digit = Number(body[index]);
    if (index % 2 === 1) sum += digit;
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  return `B${body}${(10 - (sum % 10)) % 10}`;
}

/** Sberbank's requisites (BIK in the shipped directory sample) and a published checking account opened there. */
export const RU_BANK = { bik: '044525225', checkingAccount: '40702810438000034726', kpp: '773601001' };
/** The SWIFT registry's Spanish IBAN example and CaixaBank's BIC; a German BIC that does not match it. */
export const ES_BANK = { iban: 'ES9121000418450200051332', swift: 'CAIXESBBXXX', otherSwift: 'DEUTDEFF' };
