/** Σ digit × weight, the weights repeating when the digits outrun them (the national check-digit schemes). */
export const weightedSum = (digits: string, weights: readonly number[]): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i % weights.length] ?? 0);
  return sum;
};

/** The remainder of a long decimal number, digit by digit: OGRN (13 digits) and OGRNIP (15) outgrow safe integers. */
export const decimalRemainder = (digits: string, modulus: number): number => {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % modulus;
  return rest;
};

export const isDigits = (value: string, length?: number): boolean =>
  /^\d+$/.test(value) && (length === undefined || value.length === length);
