import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from '../../server/http/accept-language';

/** Which language a prerendered page is served in (decision 099); the built pages themselves: tests/e2e/prerendered-files.spec.ts. */
describe('acceptedLanguages', () => {
  it('orders by weight and drops what is not wanted', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0, es;q=0.95')).toEqual(['fr-CH', 'es', 'fr', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
