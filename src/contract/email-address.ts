/**
 * Internationalised e-mail addresses (decision 082, RFC 6531): a domain in any script (ёлка@пример.рф; .рф is
 * Russia's national domain) and a local part with letters beyond ASCII. One address has one stored form, whichever
 * way it was typed: the local part in NFC and lower case, the domain as IDNA maps it (the URL parser's ToASCII, which
 * also lower-cases and folds width) and then written back in Unicode, so `ЁЛКА@ПРИМЕР.РФ`, `ёлка@пример.рф` and
 * `ёлка@xn--e1afmkfd.xn--p1ai` are one account. The mail transport turns the domain into its ASCII form itself.
 */

/** RFC 5321's atext, and any character beyond ASCII but controls, spaces and the separators. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u00A0-\uFFFF-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u00A0-\uFFFF-]+)*$/;
const UNICODE_SPACE_OR_CONTROL = /[\s\u0080-\u009F\u2028\u2029\uFEFF]/;
/** A domain's ASCII form: letters, digits and inner hyphens per label; a top-level label that is not all digits. */
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const LOCAL_PART_MAX_BYTES = 64;

/** The domain's ASCII form as the URL parser's IDNA processing gives it, or null where it is no host name. */
function asciiDomain(domain: string): string | null {
  if (!domain || /[/?#@:\\[\]%\s]/.test(domain)) return null;
  try {
    const host = new URL(`http://${domain}/`).hostname;
    return ASCII_DOMAIN.test(host) && host.length <= 253 ? host : null;
  } catch {
    return null;
  }
}

/** RFC 3492's decoding of one label's Punycode (the part after `xn--`). */
function decodePunycode(input: string): string {
  const base = 36;
  let n = 128;
  let bias = 72;
  let index = 0;
  const basic = input.lastIndexOf('-');
  const output = basic > 0 ? [...input.slice(0, basic)].map((char) => char.codePointAt(0)!) : [];
  const digit = (char: number) => (char - 48 < 10 ? char - 22 : char - 65 < 26 ? char - 65 : char - 97 < 26 ? char - 97 : base);
  for (let position = basic > 0 ? basic + 1 : 0; position < input.length;) {
    const oldIndex = index;
    for (let weight = 1, k = base; ; k += base) {
      const value = digit(input.charCodeAt(position++));
      index += value * weight;
      const threshold = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (value < threshold) break;
      weight *= base - threshold;
    }
    const length = output.length + 1;
    let delta = oldIndex === 0 ? Math.floor((index - oldIndex) / 700) : (index - oldIndex) >> 1;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > 455; k += base) delta = Math.floor(delta / 35);
    bias = Math.floor(k + (36 * delta) / (delta + 38));
    n += Math.floor(index / length);
    index %= length;
    output.splice(index++, 0, n);
  }
  return String.fromCodePoint(...output);
}

const unicodeDomain = (ascii: string) =>
  ascii
    .split('.')
    .map((label) => (label.startsWith('xn--') ? decodePunycode(label.slice(4)) : label))
    .join('.');

/** The address's one stored form, or null where it is not an address mail can be sent to. */
export function normalizeEmail(address: string): string | null {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).normalize('NFC').toLowerCase();
  if (at < 1 || !LOCAL_PART.test(local) || UNICODE_SPACE_OR_CONTROL.test(local)) return null;
  if (new TextEncoder().encode(local).length > LOCAL_PART_MAX_BYTES) return null;
  const domain = asciiDomain(address.slice(at + 1));
  if (!domain) return null;
  try {
    const unicode = unicodeDomain(domain);
    // IDNA's hyphen rule, which the URL parser does not apply: no label starts or ends with one.
    return unicode.split('.').some((label) => label.startsWith('-') || label.endsWith('-')) ? null : `${local}@${unicode}`;
  } catch {
    return null;
  }
}

/** A part's first and last characters around a mask (only the first for one or two): enough to recognise, not to write to. */
const maskPart = (part: string): string => {
  const chars = [...part];
  return chars.length <= 2 ? `${chars[0] ?? ''}•••` : `${chars[0]}•••${chars.at(-1)}`;
};

/**
 * An address as staff see it (decision 096): `i•••v@e•••e.com` for `ivan@example.com`. The cardholder recognises
 * it when asked; the cashier cannot write to it. The top-level domain stays whole, and so does nothing else.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return `${maskPart(address.slice(0, at))}@${maskPart(domain.slice(0, dot))}${domain.slice(dot)}`;
}
