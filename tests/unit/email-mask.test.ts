import { maskEmail } from '@contract/email-address';
import { describe, expect, it } from 'vitest';

describe('an address as staff see it (decision 096)', () => {
  it.each([
    ['ivan.petrov@example.com', 'i•••v@e•••e.com'],
    ['ab@mail.ru', 'a•••@m•••l.ru'],
    ['a@x.io', 'a•••@x•••.io'],
    ['ёлка@пример.рф', 'ё•••а@п•••р.рф'],
    ['first@mail.example.co.uk', 'f•••t@m•••o.uk'],
  ])('%s → %s', (address, masked) => {
    expect(maskEmail(address)).toBe(masked);
  });

  it('never shows more than two characters of the name or the domain before its last label', () => {
    const masked = maskEmail('someone.private@corporation-name.org');
    expect(masked).not.toContain('someone');
    expect(masked).not.toContain('corporation');
    expect(masked.endsWith('.org')).toBe(true);
  });

  it('keeps a character beyond the basic plane whole', () => {
    expect(maskEmail('😀abc😀@example.com')).toBe('😀•••😀@e•••e.com');
  });
});
