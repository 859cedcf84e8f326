/**
 * Certificate numbers the platform issues end in a Luhn check digit, so a
 * mistyped number is caught in the browser before any request.
 */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export const isLuhnValid = (number: string): boolean =>
  /^\d{2,}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));

export const withLuhnDigit = (body: string): string => body + luhnCheckDigit(body);
