import type { ErrorCode } from '../errors';

/**
 * The address as stored: people type "example.com" or "www.example.com" far more often than the scheme, so a bare
 * host gets "https://" in front. Anything with a scheme is left as typed (and judged by `checkWebsite`).
 */
export const normalizeWebsite = (value: string): string => {
  const trimmed = value.trim();
  return trimmed === '' || /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

// Not URL.canParse: Safari before 17 lacks it, and the form runs this too.
const parseUrl = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/**
 * A website (SPEC §5): an http(s) URL whose host has a dot and no empty label (`example.com`, not `localhost`,
 * `https://` or `http://.com`), with no user name or password in it.
 */
export const checkWebsite = (value: string): ErrorCode | null => {
  const url = parseUrl(value);
  if (!url) return 'INVALID_WEBSITE';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'INVALID_WEBSITE';
  if (url.username !== '' || url.password !== '') return 'INVALID_WEBSITE';
  const labels = url.hostname.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return 'INVALID_WEBSITE';
  // The top-level label is letters (or an IDN's punycode): "1.2.3.4" is an address, not a site's name.
  return /^([a-z]{2,63}|xn--[a-z\d-]+)$/.test(labels.at(-1) ?? '') ? null : 'INVALID_WEBSITE';
};
