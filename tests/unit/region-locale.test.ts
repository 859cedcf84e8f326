import { intlTag, localeFromTag, resolveLocale } from '@contract/locale-choice';
import { DEFAULT_REGION_HOSTS, parseRegionHosts, resolveRegion } from '@contract/region-hosts';
import { describe, expect, it, vi } from 'vitest';
import { formatTag } from '@/lib/locale';

describe('region from the host (SPEC §1)', () => {
  it.each([
    ['es.localhost', 'es'],
    ['by.localhost', 'by'],
    ['kz.localhost', 'kz'],
    ['ru.localhost', 'ru'],
    ['partners.certdesk.es', 'es'],
    ['by.dev.certdesk.example', 'by'],
    ['kz.dev.certdesk.example', 'kz'],
    ['ES.LOCALHOST', 'es'],
    ['es.localhost.', 'es'],
    ['localhost', 'ru'],
    ['example.org', 'ru'],
    ['', 'ru'],
  ])('%s → %s', (host, region) => {
    expect(resolveRegion(host)).toBe(region);
  });

  it('takes a configured map', () => {
    const map = { ...DEFAULT_REGION_HOSTS, ...parseRegionHosts('shop.example.es=es, minsk.example=by,bad=xx,=ru') };
    expect(resolveRegion('shop.example.es', map)).toBe('es');
    expect(resolveRegion('minsk.example', map)).toBe('by');
    expect(resolveRegion('bad', map)).toBe('ru');
    expect(parseRegionHosts(undefined)).toEqual({});
  });
});

describe('locale resolution (SPEC §1)', () => {
  it('keeps a supported saved locale', () => {
    expect(resolveLocale('fr-FR', ['en-US'])).toBe('fr-FR');
    expect(resolveLocale('kz-KZ', [])).toBe('kz-KZ');
  });

  it('falls back to the first supported browser language', () => {
    expect(resolveLocale('xx-XX', ['de-DE', 'es-MX', 'en-US'])).toBe('es-ES');
    expect(resolveLocale(null, ['be'])).toBe('be-BY');
    expect(resolveLocale(undefined, ['kk-KZ'])).toBe('kz-KZ');
    expect(resolveLocale(null, ['en-GB'])).toBe('en-US');
  });

  it('falls back to ru-RU when nothing is supported', () => {
    expect(resolveLocale(null, [])).toBe('ru-RU');
    expect(resolveLocale('de-DE', ['de-DE', 'it'])).toBe('ru-RU');
  });

  it('maps tags and gives Intl a real language code', () => {
    expect(localeFromTag('ru')).toBe('ru-RU');
    expect(localeFromTag('fr_CA')).toBe('fr-FR');
    expect(localeFromTag('')).toBeNull();
    expect(intlTag('kz-KZ')).toBe('kk-KZ');
    expect(intlTag('be-BY')).toBe('be-BY');
  });

  it('writes dates in Russian where the browser has no Kazakh or Belarusian months, as Chromium has not', () => {
    // Node has full ICU: both languages write their own dates.
    expect(formatTag('kz-KZ')).toBe('kk-KZ');
    expect(formatTag('be-BY')).toBe('be-BY');
    const supported = vi
      .spyOn(Intl.DateTimeFormat, 'supportedLocalesOf')
      .mockImplementation((tags) => (String(tags).startsWith('be') ? [] : [String(tags)]));
    try {
      expect(formatTag('be-BY')).toBe('ru-BY');
      expect(formatTag('kz-KZ')).toBe('kk-KZ');
      expect(formatTag('es-ES')).toBe('es-ES');
    } finally {
      supported.mockRestore();
    }
  });
});
